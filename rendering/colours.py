"""The colours a game's pictures name: what its fixed PNG palette must keep exact."""

from __future__ import annotations

from rendering import paint
from rendering.palettes import picture_module

RGB = tuple[int, int, int]


def _is_rgb(value: object) -> bool:
    return (isinstance(value, tuple) and len(value) == 3
            and all(isinstance(c, int) and 0 <= c <= 255 for c in value))


def named_colours(slug: str) -> list[RGB]:
    """Every RGB constant of the kit (:mod:`rendering.paint`) and of the module of the
    game's renderer (alone, or in a tuple or a dict of them), first seen first."""
    found: list[RGB] = []
    for source in (paint, picture_module(slug)):
        for value in vars(source).values():
            if _is_rgb(value):
                found.append(value)
            elif isinstance(value, (tuple, dict)):
                items = value.values() if isinstance(value, dict) else value
                found += [v for v in items if _is_rgb(v)]
    return list(dict.fromkeys(found))
