"""The coach: ``/hint`` (the computer's choice for the asker's move, in unrated matches)
and ``/review`` (the moments a finished match turned for the asker).

Both look at positions only from the asker's seat (:mod:`engines.ai.analysis` searches
determinisations for that seat), off the event loop: in the process pool with
``offload="process"``, else in a thread. A hint given is counted once per position and
seat (:meth:`db.hints.HintQueries.take_hint`), and the record says how many each took.
"""

from __future__ import annotations

import asyncio
import dataclasses
import random
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import rendering
import rendering.alt
from db import RUNNING, MatchRecord, Store
from engines.ai.analysis import LOOKS, Analysis, Look, analyse
from engines.base import Game, State
from service.common import boundary, pool
from service.common.model import Actor, ServiceError
from service.learning import lessons
from service.match.core import Matches
from service.match.pictures import Pictures
from service.match.ratings import is_rated
from service.records.export import OVER
from speech import Text

Progress = Callable[[int, int], Awaitable[None]]
"""Told (positions looked at, positions to look at) as a review goes."""

HINT_LEVEL = "normal"
"""How hard the coach looks for a hint (a player waits for it)."""
REVIEW_LEVEL = "hard"
REVIEW_SECONDS = 30.0
"""A review's bound, whole: the search, the pictures and the post. Past it, the moments
among the positions looked at are told, and the answer says it was shortened."""
SHOWING_SECONDS = 6.0
"""What the bound keeps for drawing the moments and posting them: the search stops this
long before it (five pictures in the pool and five posts take well under this at rest,
and a few seconds on a loaded machine; ``python -m bench.review``)."""
POSTING_SECONDS = 2.0
"""Of that, what the post keeps: a picture not drawn by then is left out."""
REVIEW_POSITIONS = 24
"""Up to this many positions of the asker each get the review level's whole look; a
longer match's get a share of it (:meth:`Look.scaled`), so a review's work is bounded."""
MOMENTS = (3, 5)
"""A review names at least three moments (if there are that many) and at most five."""
TURNED = 0.03
"""A swing in the estimate below this is no turning point (kept only to reach three)."""


@dataclass(frozen=True)
class Hint:
    text: Text
    taken: int
    """How many hints the asker has taken in this match, this one included."""
    move: str | None = None
    """The move suggested (None where the text names none)."""


@dataclass(frozen=True)
class Moment:
    """A turning point: the text, the picture marking both moves, and its alt text."""

    text: Text
    png: bytes | None
    """None: the review's bound came before its picture was drawn."""
    alt: Text
    """The picture's alt text: the board's (English until the pictures speak), then the
    two moves marked; a front end clips it to Discord's 1,024 characters."""


@dataclass(frozen=True)
class Review:
    heading: Text
    moments: list[Moment] = field(default_factory=list)
    looked: int = 0
    positions: int = 0


def look_at(slug: str, dump: dict[str, Any], seat: int, seed: int, look: Look,
            played: str | None = None) -> Analysis:
    """The pool's job: :func:`engines.ai.analysis.analyse` of a dumped state."""
    import engines

    game = engines.get(slug)
    return analyse(game, game.load(dump), seat, seed, look, played)


async def hint_texts(store: Store, matches: Matches, match: MatchRecord) -> list[Text]:
    """"Ana took 2 hints." for each seat that took any (a record, a final post)."""
    taken = await store.hints(match.id)
    return [Text("hints-taken", {"name": matches.name(seated),
                                 "count": taken[seated.number]})
            for seated in match.by_seat() if taken.get(seated.number)]


async def hint_lines(store: Store, matches: Matches, match: MatchRecord) -> list[str]:
    """:func:`hint_texts` in English, for the match room's posts that are English still."""
    return [str(text) for text in await hint_texts(store, matches, match)]


def marks_of(game: Game, state: State, seat: int, move: str) -> list[str]:
    """The places ``move`` marks when ``seat`` plays it in ``state`` (its public view's
    last move)."""
    return list(game.view(game.play(state, seat, move), None).get("last") or [])


@boundary.guarded
@dataclass(eq=False)
class Coach:
    """Hints and reviews (see the module). ``looks``: the look at each level (tests give
    small ones); ``review_seconds``: a review's deadline (None: none)."""

    store: Store
    matches: Matches
    pictures: Pictures
    offload: str
    looks: dict[str, Look] = field(default_factory=lambda: dict(LOOKS))
    review_seconds: float | None = field(default_factory=lambda: REVIEW_SECONDS)

    async def _analyse(self, game: Game, state: State, seat: int, seed: int, look: Look,
                       played: str | None = None) -> Analysis:
        if self.offload == "process":
            found: Analysis = await pool.run(look_at, game.slug, game.dump(state), seat,
                                             seed, look, played)
            return found
        return await asyncio.to_thread(analyse, game, state, seat, seed, look, played)

    # --- /hint ------------------------------------------------------------------------
    async def hint(self, match_id: int, actor: Actor) -> Hint:
        """The computer's choice for the actor's move and why, in an unrated match that
        is not a tournament's; counted once for this position. In a lesson's steps, the
        step's own move and the step's words instead (:func:`lessons.step_hint`): the
        computer's choice is often a move the step refuses (issue 57)."""
        match = await self.matches.readable(match_id, actor)
        seated = match.seat_of(actor.user_id)
        if seated is None or seated.is_ai or seated.seat is None:
            raise ServiceError(Text("hint-not-a-player"))
        if seated.resigned:
            raise ServiceError(Text("hint-resigned"))
        if await self.store.tournament_of_match(match.id) is not None:
            raise ServiceError(Text("hint-tournament"))
        if is_rated(match, await self.store.is_rated(match.id)):
            raise ServiceError(Text("hint-rated"))
        if match.status != RUNNING:
            raise ServiceError(Text("hint-not-running"))
        game, state = self.matches.state_of(match)
        seat = seated.number
        if seat not in game.to_act(state) or not game.legal_moves(state, seat):
            raise ServiceError(Text("hint-not-your-turn"))
        step = (await lessons.step_hint(self.store, match, game, state, seat)
                if match.lesson else None)
        said: Text | str
        if step is not None:
            move, said = step.move, step.text
        else:
            seed = random.Random(f"{match.seed}:hint:{match.version}:{seat}").getrandbits(62)
            found = await self._analyse(game, state, seat, seed, self.looks[HINT_LEVEL])
            move, said = found.best, self.matches.named(match, found.reason)
        await self.store.take_hint(match.id, seat, match.version)
        taken = (await self.store.hints(match.id)).get(seat, 0)
        text = Text("hint-given", {"name": self.matches.name(seated), "count": taken,
                                   "hint": said})
        return Hint(text, taken, move)

    # --- /review ----------------------------------------------------------------------
    async def review(self, match_id: int, actor: Actor, progress: Progress | None = None
                     ) -> Review:
        """The three to five moments a finished match turned for the actor (a player of
        it): each move played, the move the computer prefers, the swing in its estimate
        and a picture marking both; ``progress`` is told how far it got."""
        match = await self.matches.readable(match_id, actor)
        seated = match.seat_of(actor.user_id)
        if seated is None or seated.is_ai or seated.seat is None:
            raise ServiceError(Text("review-not-a-player"))
        if match.status not in OVER:
            raise ServiceError(Text("review-not-over"))
        game = self.matches.game_of(match.game)
        moves = await self.store.moves(match.id)
        states = list(self.matches.positions(match, moves))
        seat = seated.number
        mine = [i for i, m in enumerate(moves) if m.seat == seat
                and len(game.legal_moves(states[i], seat)) > 1]
        if not mine:
            return Review(Text("review-no-choice", {"game": game.title, "match": match.id}))
        base = self.looks[REVIEW_LEVEL]
        look = base.scaled(REVIEW_POSITIONS / len(mine))
        seconds = self.review_seconds
        bound = time.monotonic() + seconds if seconds is not None else None
        found = await self._review(match, game, states, moves, seat, mine, look, progress,
                                   None if seconds is None else seconds - SHOWING_SECONDS)
        moments = await self._moments(match, game, states, moves, seat, found, bound)
        heading = Text("review-heading", {
            "game": game.title, "match": match.id, "name": self.matches.name(seated),
            "decisions": len(mine), "moments": len(moments), "looked": len(found),
            "cut": "search" if len(found) < len(mine) else "none",
            "pictures": "cut" if any(m.png is None for m in moments) else "all"})
        return Review(heading, moments, len(found), len(mine))

    async def _review(self, match: MatchRecord, game: Game, states: list[State],
                      moves: list[Any], seat: int, mine: list[int], look: Look,
                      progress: Progress | None, seconds: float | None
                      ) -> dict[int, Analysis]:
        """Each of ``mine`` analysed, as many at once as the pool has workers, for
        ``seconds`` at most (None: no bound); ``progress`` told after each."""
        if seconds is not None:
            seconds = max(0.0, seconds)
        deadline = time.monotonic() + seconds if seconds is not None else None
        width = pool.size() if self.offload == "process" else 1
        if seconds is not None:  # a safety cap per position too: the time shared out
            look = Look(look.worlds, look.candidates, look.scan, look.replies, look.plies,
                        max(0.2, seconds * width / len(mine)))
        found: dict[int, Analysis] = {}
        lanes = asyncio.Semaphore(width)

        async def one(i: int) -> None:
            async with lanes:
                if deadline is not None and time.monotonic() > deadline:
                    return
                seed = random.Random(f"{match.seed}:review:{i}").getrandbits(62)
                found[i] = await self._analyse(game, states[i], seat, seed, look,
                                               moves[i].notation)
            if progress is not None:
                await progress(len(found), len(mine))

        tasks = [asyncio.ensure_future(one(i)) for i in mine]
        try:
            if deadline is None:
                await asyncio.gather(*tasks)
            else:
                await asyncio.wait(tasks, timeout=max(0.0, deadline - time.monotonic()))
        finally:
            for task in tasks:
                task.cancel()
        return found

    async def _moments(self, match: MatchRecord, game: Game, states: list[State],
                       moves: list[Any], seat: int, found: dict[int, Analysis],
                       bound: float | None) -> list[Moment]:
        """The chosen moments, their pictures drawn at once; a picture not drawn before
        what the review's bound keeps for posting is left out (the moment is words)."""
        least, most = MOMENTS
        ranked = sorted(found, key=lambda i: (-found[i].swing, i))
        chosen = [i for i in ranked[:most] if found[i].swing >= TURNED]
        chosen += [i for i in ranked if i not in chosen][:max(0, least - len(chosen))]
        views = {i: game.view(states[i], seat) for i in chosen}
        moments = [self._moment(match, game, views[i], moves[i].seq, found[i])
                   for i in sorted(chosen)]
        drawing = [asyncio.ensure_future(self._picture(match, game, states[i], views[i], seat,
                                                       found[i]))
                   for i in sorted(chosen)]
        if drawing:
            left = None if bound is None else max(0.0, bound - POSTING_SECONDS
                                                  - time.monotonic())
            await asyncio.wait(drawing, timeout=left)
        out = []
        for moment, picture in zip(moments, drawing, strict=True):
            if picture.done():  # drawn (a picture that failed raises, as before)
                out.append(dataclasses.replace(moment, png=picture.result()))
            else:
                picture.cancel()
                out.append(moment)
        return out

    async def _picture(self, match: MatchRecord, game: Game, state: State,
                       view: dict[str, Any], seat: int, found: Analysis) -> bytes:
        """The position (``view``, the seat's) with the move played and the computer's move
        marked."""
        assert found.played is not None
        marks = {seat: marks_of(game, state, seat, found.played)}
        if found.played != found.best:
            marks[-1] = marks_of(game, state, seat, found.best)
        if self.pictures.in_pool:
            png: bytes = await pool.run(pool.picture, game.slug, view, list(match.names),
                                        None, marks)
            return png
        return await asyncio.to_thread(self.pictures.render, game.slug, view,
                                       names=match.names, outcome=None, marks=marks)

    def _moment(self, match: MatchRecord, game: Game, view: dict[str, Any], seq: int,
                found: Analysis) -> Moment:
        """A moment's words, its picture to come (:meth:`_picture`)."""
        assert found.played is not None and found.played_value is not None
        reason = self.matches.named(match, found.reason)
        facts: dict[str, str | int | float | Text] = {
            "move": seq, "played": found.played, "best": found.best, "reason": reason,
            "chances": found.best_value, "yours": found.played_value,
            "swing": round(100 * found.swing)}
        text = Text("review-moment-same" if found.played == found.best
                    else "review-moment-other", facts)
        # The picture outlines the two moves, not the last one: the alt text says so.
        alt = rendering.alt.alt_text(game.slug, {**view, "last": []}, match.names)
        marked = Text("review-marked-same" if found.played == found.best
                      else "review-marked-other",
                      {"board": alt, "played": found.played, "best": found.best})
        return Moment(text, None, marked)

