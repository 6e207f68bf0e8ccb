"""Each game's fixed PNG palette, kept beside its picture's module (``rendering/<module>.py``
→ ``rendering/<module>.palette.json``, made by ``python -m bench.palettes``, see there):
the named colours come first and are kept exact. A game without one (a game added in
tests) gets an adaptive palette."""

from __future__ import annotations

import json
import sys
from functools import cache
from pathlib import Path
from types import ModuleType

import engines

RGB = tuple[int, int, int]


def picture_module(slug: str) -> ModuleType:
    """The module of the game's renderer: its own ``seat_colour``, the colours it names,
    its palette beside it."""
    return sys.modules[engines.spec(slug).render().__module__]


def path_for(slug: str) -> Path:
    """Where the palette of ``slug``'s pictures is kept: beside its renderer's module."""
    return Path(str(picture_module(slug).__file__)).with_suffix(".palette.json")


@cache
def palette(slug: str) -> tuple[RGB, ...] | None:
    """The fixed palette of ``slug``'s pictures, or None when it has none."""
    path = path_for(slug)
    if not path.exists():
        return None
    return tuple((int(r), int(g), int(b)) for r, g, b in json.loads(path.read_text()))
