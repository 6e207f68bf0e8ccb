"""Undo: a player takes back their own last move (and every move after it).

At once when the last move in the log is theirs and it revealed nothing (no die, no draw,
no secret: :meth:`engines.base.GameBase.reveals`). Otherwise every human opponent must
consent: the request is a row (``undo_requests``) tied to the match's version, so it
survives a restart and lapses when the match changes or anyone refuses. Computer seats,
and seats whose player resigned, consent. Taking back deletes the moves and stores the
snapshot rebuilt by replaying the rest of the log, in one transaction with the version
check: the log stays the source of truth. The clocks give no time back and none extra:
a time bank returns to what it was when the move was made (its increment goes), and a
deadline per turn has the time the move's turn had run already spent.

No Discord here; :mod:`bot.match.social` is the front end.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta

from db import RUNNING, MatchRecord, MoveRecord, StaleVersion, Store
from db.records import stamp
from db.social import UndoRequest
from engines.base import Game, State
from service.common import boundary
from service.common.model import STALE, Actor, ServiceError, Update
from service.match.core import Matches, Now
from service.match.play import Play

log = logging.getLogger(__name__)

LAPSED = "This undo request has lapsed: the match has changed since it was made."


@dataclass
class Asked:
    """An undo request waiting for ``waiting`` (user ids) to accept."""

    match: MatchRecord
    request: UndoRequest
    waiting: list[int]
    text: str


@dataclass
class Outcome:
    """What a call did: an undo done (``update``), a request still open (``asked``), or a
    refusal (``text`` only)."""

    text: str
    update: Update | None = None
    asked: Asked | None = None


@boundary.guarded
@dataclass(eq=False)
class Undo:
    store: Store
    matches: Matches
    play: Play
    now: Now

    async def ask(self, match_id: int, actor: Actor) -> Outcome:
        """The actor asks to take back their last move."""
        match = await self.matches.match(match_id, actor)
        seat = self._player_seat(match, actor)
        moves = await self.store.moves(match.id)
        index = next((i for i in range(len(moves) - 1, -1, -1) if moves[i].seat == seat), None)
        if index is None:
            raise ServiceError("You have no move to take back in this match.")
        game, before = self._replay(match, moves[:index])
        taken = moves[index:]
        humans = opponents(match, actor.user_id)
        immediate = len(taken) == 1 and not game.reveals(before, seat, taken[0].notation)
        if immediate or not humans:
            return await self._take_back(match, actor, moves, index)
        pending = await self.store.undo_request(match.id)
        if pending is not None and pending.version == match.version:
            raise ServiceError("An undo request is already waiting for answers in this match.")
        try:
            request = await self.store.open_undo_request(
                match.id, version=match.version, user_id=actor.user_id, from_seq=taken[0].seq)
        except StaleVersion:
            raise ServiceError(STALE) from None
        text = self.request_text(match, game, before, actor, taken, humans)
        log.info("match %s: undo requested by %s from move %s", match.id, actor.user_id,
                 taken[0].seq)
        return Outcome(text, asked=Asked(match, request, humans, text))

    async def answer(self, match_id: int, version: int, actor: Actor,
                     accept: bool) -> Outcome:
        """An opponent accepts or refuses the request made at ``version``."""
        match = await self.matches.match(match_id, actor)
        request = await self.store.undo_request(match.id)
        if (match.status != RUNNING or request is None or request.version != version
                or match.version != version):
            raise ServiceError(LAPSED)
        asker = match.seat_of(request.user_id)
        asker_name = self.matches.name(asker, "The player")
        if actor.user_id == request.user_id:
            raise ServiceError("This is your own request: your opponents answer it.")
        humans = opponents(match, request.user_id)
        if actor.user_id not in humans:
            raise ServiceError("Only the opponents in this match can answer this request.")
        name = self._actor_name(actor, "An opponent")
        if not accept:
            await self.store.drop_undo_requests(match.id)
            return Outcome(f"{name} refused {asker_name}'s request to take back a move.")
        request = await self.store.consent_undo(match.id, version, actor.user_id)
        if request is None:
            raise ServiceError(LAPSED)
        waiting = [u for u in humans if u not in request.consents]
        if waiting:
            names = ", ".join(self._name(match, u) for u in waiting)
            return Outcome(f"{name} accepted; still waiting for {names}.")
        moves = await self.store.moves(match.id)
        index = next((i for i, m in enumerate(moves) if m.seq == request.from_seq), None)
        if index is None:
            raise ServiceError(LAPSED)
        requester = Actor(request.user_id, asker.display_name if asker else "", match.guild_id)
        try:
            done = await self._take_back(match, requester, moves, index)
        except ServiceError:
            raise ServiceError(LAPSED) from None
        done.text = f"{name} accepted. {done.text}"
        return done

    def request_text(self, match: MatchRecord, game: Game, before: State,
                     actor: Actor, taken: list[MoveRecord], humans: list[int]) -> str:
        """The public request: the move in its public words (a private move stays private)."""
        first = taken[0]
        said = self.matches.describe(match, game, before, first.seat, first.notation, viewer=None)
        later = len(taken) - 1
        tail = f", and the {later} move{'s' if later != 1 else ''} after it" if later else ""
        names = ", ".join(self._name(match, u) for u in humans)
        return (f"{self._actor_name(actor)} asks to take back move {first.seq} "
                f"({str(said).rstrip('.')}){tail}. {names}: accept or refuse.")

    async def _take_back(self, match: MatchRecord, actor: Actor,
                         moves: list[MoveRecord], index: int) -> Outcome:
        game, state = self._replay(match, moves[:index])
        _, current = self.matches.state_of(match)
        began = await self._turn_began(match, moves[index])
        try:
            await self.store.take_back(match.id, version=match.version,
                                          from_seq=moves[index].seq, snapshot=game.dump(state),
                                          turn_began=began)
        except StaleVersion:
            raise ServiceError(STALE) from None
        match = await self.matches.match(match.id)
        count = len(moves) - index
        log.info("match %s: %s took back %s move(s) from %s", match.id, actor.user_id, count,
                 moves[index].seq)
        taken = "their last move" if count == 1 else f"{count} moves (from move {moves[index].seq})"
        line = f"{self._actor_name(actor)} took back {taken}."
        update = await self.play.after(match, game, state, [line], previous=current)
        return Outcome(line, update=update)

    async def _turn_began(self, match: MatchRecord, first: MoveRecord) -> str | None:
        """When the turn after a take-back counts as begun. With a deadline per turn, the
        time the taken-back move's turn had run stays spent: the turn is as far along as
        when that move was made (else a move and its undo would reset any deadline). Without
        one, now (a time bank keeps what the turn spent in the bank itself)."""
        clock = await self.store.clock(match.id)
        if not clock.deadline or clock.bank or first.turn_began is None:
            return None
        spent = datetime.fromisoformat(first.created_at) - datetime.fromisoformat(first.turn_began)
        return stamp(self.now() - max(spent, timedelta(0)))

    def _replay(self, match: MatchRecord, moves: list[MoveRecord]
                ) -> tuple[Game, State]:
        """The state after ``moves`` from the match's set-up: the log is the truth."""
        *_, state = self.matches.positions(match, moves)
        return self.matches.game_of(match.game), state

    def _player_seat(self, match: MatchRecord, actor: Actor) -> int:
        if match.status != RUNNING:
            raise ServiceError("This match has not started yet." if match.snapshot is None
                               else "This match is over: moves can no longer be taken back.")
        seated = self.matches.player(match, actor)
        if seated.resigned:
            raise ServiceError("You have resigned from this match.")
        return seated.number

    def _name(self, match: MatchRecord, user_id: int) -> str:
        return self.matches.name(match.seat_of(user_id))

    def _actor_name(self, actor: Actor, default: str = "A player") -> str:
        return self.matches.actor_name(actor, default)


def opponents(match: MatchRecord, user_id: int) -> list[int]:
    """The humans whose consent an undo needs: every other seat that is neither a
    computer nor resigned (the bot plays those, and they consent)."""
    return [s.user_id for s in match.by_seat()
            if s.user_id != user_id and not s.is_ai and not s.resigned]
