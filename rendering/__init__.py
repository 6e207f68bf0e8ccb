"""Board pictures. ``render(slug, view)`` turns an engine *view* into PNG bytes.

Each game's spec names its renderer (:class:`engines.spec.GameSpec`, usually a module of
this package), ``render(view, names, highlight, *, outcome=None, marks=None) -> bytes``.
Renderers see only a view, never the state, so a picture can show no more than its viewer
may know.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import engines
from engines.view import Common
from rendering import words
from rendering.palettes import picture_module
from speech import Text


def render(slug: str, view: Mapping[str, Any], highlight: Sequence[str] | None = None,
           names: Sequence[str] | None = None, *, outcome: str | Text | None = None,
           marks: Mapping[int, Sequence[str]] | None = None, language: object = None
           ) -> bytes:
    """PNG of ``view``.

    ``highlight`` overrides the positions of ``view["last"]`` (the last move, outlined in
    the highlight colour). ``outcome`` is the match's result in a line ("Ana wins -
    reached 50 points"): shown on a banner, with every seat's score, instead of who is to
    act. ``marks`` maps a seat to the positions
    of its moves since the viewer's last turn, each outlined in that seat's colour (the
    last-move outline is then left out). ``language``: whose language its words are in
    (a Discord locale or a catalogue's tag; None: English), the outcome's too.
    """
    draw = engines.spec(slug).render()
    marked = list(highlight if highlight is not None else Common.of(view).last)
    with words.speaking(language):
        return draw(view, names=list(names or []), highlight=marked,
                    outcome=words.said(outcome),
                    marks=None if marks is None else {int(s): list(p)
                                                      for s, p in marks.items()})


def seat_colour(slug: str, seat: int) -> tuple[int, int, int]:
    """The colour of ``seat`` in the game's pictures (its renderer's ``seat_colour`` when it
    has its own, else the kit's): the tint of the post that shows it."""
    own = getattr(picture_module(slug), "seat_colour", None)
    if callable(own):
        return tuple(own(seat))  # type: ignore[return-value]
    from rendering import kit

    return kit.seat_colour(seat)
