"""Positions to draw: each game at its start, in the middle and at the end of a seeded
random match, with 2 and the most players, seen publicly and by seat 0. Shared by the
rendering tests and ``bench/pictures.py``."""

from __future__ import annotations

import io
import random
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

import engines

NAMES = ["Ana", "Bartholomew the Magnificent", "Chen", "Dee", "Eve", "Fitz"]
SLUGS = tuple(g.slug for g in engines.all())
"""Every registered game (at import: a game a test registers later is not among them)."""
MAX_MOVES = 4000


def rgb_pixels(png: bytes) -> list[tuple[int, int, int]]:
    """Every pixel of a PNG as RGB, row by row (Pillow 12.1's ``get_flattened_data``
    where there is one: ``getdata`` goes in Pillow 14)."""
    from PIL import Image

    image = Image.open(io.BytesIO(png)).convert("RGB")
    flat = getattr(image, "get_flattened_data", None)
    return list(flat() if flat is not None else image.getdata())


@dataclass(frozen=True)
class Case:
    slug: str
    players: int
    stage: str  # start, middle, end
    viewer: int | None
    view: dict
    highlight: tuple[str, ...] | None = None

    @property
    def name(self) -> str:
        who = "public" if self.viewer is None else f"seat{self.viewer}"
        return f"{self.slug}-{self.players}p-{self.stage}-{who}"


@cache
def states(slug: str, players: int, seed: int = 3) -> tuple:
    """(start, middle, end) states of a seeded random match."""
    game = engines.get(slug)
    rng = random.Random(seed)
    state = game.setup(players, seed, {})
    history = [state]
    for _ in range(MAX_MOVES):
        acting = game.to_act(state)
        if not acting or game.result(state) is not None:
            break
        seat = acting[0]
        state = game.play(state, seat, rng.choice(game.legal_moves(state, seat)))
        history.append(state)
    return history[0], history[len(history) // 2], history[-1]


def cases(slugs=SLUGS, viewers=(None, 0)) -> Iterator[Case]:
    for slug in slugs:
        game = engines.get(slug)
        for players in sorted({game.min_players, game.max_players}):
            for stage, state in zip(("start", "middle", "end"), states(slug, players),
                                    strict=True):
                for viewer in viewers:
                    yield Case(slug, players, stage, viewer, game.view(state, viewer))


def smallest_text(chosen) -> dict[str, tuple[float, int, str]]:
    """Each game's smallest text over ``chosen`` cases: the inked height of its digits
    and capitals in px with the picture shown ``kit.PHONE`` px wide (a phone client's
    width, measured by bench/phone_width.py), its font size, and the text."""
    import io

    from PIL import Image

    import rendering
    from rendering import kit

    out: dict[str, tuple[float, int, str]] = {}
    for case in chosen:
        with kit.recording() as seen:
            png = rendering.render(case.slug, case.view, names=NAMES[: case.players])
        width = Image.open(io.BytesIO(png)).width
        size, text = min(seen)
        height = kit.inked(size) * kit.PHONE / width
        if case.slug not in out or height < out[case.slug][0]:
            out[case.slug] = (height, size, text)
    return out
