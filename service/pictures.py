"""Pictures: a match's board as a PNG, for everyone or for one seat, drawn off the event
loop (in the process pool when the service offloads there)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

import rendering
import rendering.alt
from db import FINISHED, RUNNING, MatchRecord
from engines.base import Game, Result, State
from service import pool
from service.core import outcome_of
from service.model import Renderer


@dataclass(eq=False)
class Pictures:
    """The renderer, and where it runs (``offload``: ``process`` or ``thread``)."""

    render: Renderer
    offload: str

    def draw(self, match: MatchRecord, game: Game, state: State, seat: int | None = None,
             marks: dict[int, list[str]] | None = None) -> bytes:
        """The PNG of ``seat``'s view (None: the public view); a finished match's picture
        says who won and why, in the words of its text (one result, shown everywhere).
        ``marks``: each seat's moves to outline (see :func:`service.recent.recent`)."""
        return self.render(game.slug, game.view(state, seat), names=match.names,
                           outcome=outcome_of(match), marks=marks)

    async def picture(self, match: MatchRecord, game: Game, state: State,
                      seat: int | None, marks: dict[int, list[str]] | None = None) -> bytes:
        """:meth:`draw` off the event loop (a PNG takes tens of milliseconds): in the
        process pool when the service offloads there and draws with the real renderer."""
        if self.offload == "process" and self.render is rendering.render:
            png: bytes = await pool.run(pool.picture, game.slug, game.view(state, seat),
                                        list(match.names), outcome_of(match), marks)
            return png
        return await asyncio.to_thread(self.draw, match, game, state, seat, marks)

    def alt(self, match: MatchRecord, game: Game, state: State, seat: int | None = None,
            marks: dict[int, list[str]] | None = None) -> str:
        """The alt text of :meth:`draw`'s picture, from the same view, names, marks and
        outcome (at most 1,024 characters)."""
        return rendering.alt.alt_text(game.slug, game.view(state, seat), match.names,
                                      marks=marks, outcome=outcome_of(match))

    @staticmethod
    def accent(match: MatchRecord, game: Game, state: State) -> int | None:
        """The colour of the post's frame: the seat to act's, a finished match's winner's
        (None: neutral, for a draw or an aborted match)."""
        seats: list[int] = game.to_act(state)[:1] if match.status == RUNNING else []
        if match.status == FINISHED and match.result:
            first = Result(**match.result).ranking[:1]
            seats = list(first[0]) if first and len(first[0]) == 1 else []
        if not seats:
            return None
        red, green, blue = rendering.seat_colour(game.slug, seats[0])
        return red << 16 | green << 8 | blue
