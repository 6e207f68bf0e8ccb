"""Pictures: a match's board as a PNG, for everyone or for one seat, and its replay GIF,
drawn off the event loop (in the process pool when the service offloads there)."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import rendering
import rendering.alt
from db import FINISHED, RUNNING, MatchRecord
from engines.base import Game, Result, State
from rendering import replay as replay_gif
from service.common import pool
from service.common.model import Renderer
from service.match.core import outcome_of


@dataclass(eq=False)
class Pictures:
    """The renderer, and where it runs (``offload``: ``process`` or ``thread``).

    Every picture costs 6-10 ms of CPU in every game, far above what sending it to the
    pool costs (``pool.INLINE_MS``; ``python -m bench.offload``), so with ``process``
    every one goes there, the players' private ones included: drawn in a thread, a
    picture holds the interpreter the event loop needs (RELIABILITY.md, issue 30: with
    50 matches moving, the loop's lag p99 was several times that in the pool)."""

    render: Renderer
    offload: str

    def draw(self, match: MatchRecord, game: Game, state: State, seat: int | None = None,
             marks: dict[int, list[str]] | None = None, language: str | None = None) -> bytes:
        """The PNG of ``seat``'s view (None: the public view); a finished match's picture
        says who won and why, in the words of its text (one result, shown everywhere).
        ``marks``: each seat's moves to outline (see :func:`service.match.recent.recent`);
        ``language``: its words' (None: English; a front end asks for its reader's)."""
        extra = {"language": language} if language is not None else {}
        return self.render(game.slug, game.view(state, seat), names=match.names,
                           outcome=outcome_of(match), marks=marks, **extra)

    @property
    def in_pool(self) -> bool:
        """Whether pictures go to the process pool: offloading there, with the real
        renderer (a test's renderer stays in this process)."""
        return self.offload == "process" and self.render is rendering.render

    async def picture(self, match: MatchRecord, game: Game, state: State,
                      seat: int | None, marks: dict[int, list[str]] | None = None,
                      language: str | None = None) -> bytes:
        """:meth:`draw` off the event loop: in the process pool when :attr:`in_pool`."""
        if self.in_pool:
            png: bytes = await pool.run(pool.picture, game.slug, game.view(state, seat),
                                        list(match.names), outcome_of(match), marks,
                                        language)
            return png
        return await asyncio.to_thread(self.draw, match, game, state, seat, marks, language)

    def later(self, match: MatchRecord, game: Game, state: State, seat: int | None,
              marks: dict[int, list[str]] | None = None) -> Later:
        """A picture to draw when it is delivered (a private board, after the public
        one is out)."""
        return Later(self, match, game, state, seat, marks)

    async def replay(self, slug: str, views: Sequence[dict[str, Any]],
                     names: Sequence[str]) -> bytes:
        """The replay GIF of ``views`` (seconds of drawing), off the event loop."""
        if self.in_pool:
            data: bytes = await pool.run(pool.replay, slug, list(views), list(names))
            return data
        return await asyncio.to_thread(replay_gif.gif, slug, views, names, render=self.render)


    def alt(self, match: MatchRecord, game: Game, state: State, seat: int | None = None,
            marks: dict[int, list[str]] | None = None, language: str | None = None) -> str:
        """The alt text of :meth:`draw`'s picture, from the same view, names, marks and
        outcome (at most 1,024 characters), in ``language``."""
        return rendering.alt.alt_text(game.slug, game.view(state, seat), match.names,
                                      marks=marks, outcome=outcome_of(match),
                                      language=language)

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


@dataclass(frozen=True, eq=False)
class Later:
    """A picture not drawn yet, or to draw again in another language
    (:class:`service.common.model.Pending`): called, it is drawn here and now (the
    console); :meth:`drawn` draws it where the service draws pictures
    (:meth:`Pictures.picture`); :meth:`alt` is its alt text."""

    pictures: Pictures
    match: MatchRecord
    game: Game
    state: State
    seat: int | None
    marks: dict[int, list[str]] | None

    def __call__(self, language: str | None = None) -> bytes:
        return self.pictures.draw(self.match, self.game, self.state, self.seat, self.marks,
                                  language)

    async def drawn(self, language: str | None = None) -> bytes:
        return await self.pictures.picture(self.match, self.game, self.state, self.seat,
                                           self.marks, language)

    def alt(self, language: str | None = None) -> str:
        return self.pictures.alt(self.match, self.game, self.state, self.seat, self.marks,
                                 language)
