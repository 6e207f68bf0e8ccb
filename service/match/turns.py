"""Turns: the legal moves of whoever must act, submitting a move, resigning (or
forfeiting on a deadline) and aborting a match."""

from __future__ import annotations

import logging
from dataclasses import dataclass

import engines
from db import ABORTED, FINISHED, LOBBY, RUNNING, MatchRecord, SeatRecord, StaleVersion, Store
from engines.base import Game, IllegalMove, Result, State, seat_name
from service.common import boundary
from service.common.model import STALE, Actor, Changed, Choices, Post, ServiceError, Update
from service.common.names import sentence
from service.learning import lessons
from service.match.core import Matches
from service.match.pictures import Pictures
from service.match.play import Play
from service.match.suggest import did_you_mean

log = logging.getLogger(__name__)

MAX_MOVE_LENGTH = 200


@boundary.guarded
@dataclass(eq=False)
class Turns:
    store: Store
    matches: Matches
    play: Play
    pictures: Pictures

    async def legal_moves(self, match_id: int, actor: Actor) -> list[str]:
        """The actor's legal moves now (empty when it is not their turn)."""
        match = await self.matches.match(match_id, actor)
        if match.status != RUNNING:
            return []
        game, state = self.matches.state_of(match)
        moves: list[str] = []
        for seat in self.matches.my_seats(match, actor, game, state):
            moves.extend(game.legal_moves(state, seat))
        return moves

    async def waiting(self, match_id: int) -> dict[int, list[str]]:
        """The legal moves of each human who must act now, by user id."""
        match = await self.matches.match(match_id)
        if match.status != RUNNING:
            return {}
        game, state = self.matches.state_of(match)
        out: dict[int, list[str]] = {}
        for seat in game.to_act(state):
            seated = self.matches.seat_at(match, seat)
            if not (seated.is_ai or seated.resigned):
                out.setdefault(seated.user_id, []).extend(game.legal_moves(state, seat))
        return out

    async def choices(self, match_id: int) -> Choices | None:
        """The moves of the one human who must act now (None when nobody or several do,
        or the match is not running), and whether everyone may see them: the rules say
        so (:meth:`~engines.base.Game.moves_are_public`) and none of them is private."""
        match = await self.matches.match(match_id)
        if match.status != RUNNING:
            return None
        game, state = self.matches.state_of(match)
        return self.matches.choices_of(match, game, state)

    async def button_moves(self, match_id: int, actor: Actor, version: int) -> list[str]:
        """The actor's legal moves, asked from a button drawn at ``version``: empty when
        it is not their turn; the refusal when the match is over, has changed since, or
        is not theirs."""
        match = await self.matches.match(match_id, actor)
        if match.status != RUNNING:
            raise ServiceError("This match is over.")
        if match.version != version:
            raise Changed(STALE)
        game, state = self.matches.state_of(match)
        moves = [move for seat in self.matches.my_seats(match, actor, game, state)
                 for move in game.legal_moves(state, seat)]
        if not moves:
            self.matches.player(match, actor)
        return moves

    async def submit(self, match_id: int, actor: Actor, move: str,
                     expect_version: int | None = None) -> Update:
        """Play ``move`` for the actor; raises :class:`ServiceError` with the reason.

        ``expect_version`` (from a button) refuses the move if the match has changed
        since the button was drawn.
        """
        move = move.strip()
        if not move:
            raise ServiceError("Write a move, e.g. pick one from the list.")
        if len(move) > MAX_MOVE_LENGTH:
            raise ServiceError("That move is far too long to be a move.")
        match = await self.matches.match(match_id, actor)
        self.matches.require_running(match)
        if expect_version is not None and match.version != expect_version:
            raise ServiceError(STALE)
        game, state = self.matches.state_of(match)
        seated = self.matches.player(match, actor)
        if seated.resigned:
            raise ServiceError("You have resigned from this match.")
        seat = seated.number
        if seat not in game.to_act(state):
            waiting = self.matches.waiting_text(match, game, state)
            raise ServiceError(f"It is not your turn: waiting for {waiting}.")
        try:
            after = game.play(state, seat, move)
        except IllegalMove as exc:
            why = sentence(f"Illegal move: {self.matches.named(match, str(exc))}")
            raise ServiceError(why + rule_pointer(match.game, exc)
                               + did_you_mean(move, game.legal_moves(state, seat))) from None
        if match.lesson and (wrong := await lessons.refusal(self.store, match, game, state,
                                                             seat, move)):
            raise ServiceError(sentence(self.matches.named(match, wrong)))
        said = game.describe(state, seat, move, None)
        private_line = (self.matches.describe(match, game, state, seat, move, viewer=seat)
                        if game.is_private(move) else None)
        line = self.matches.named(match, said)
        match = await self.play.record(match, game, state, after, seat, move, said)
        log.debug("match %s: seat %s played %r", match.id, seat, move)
        update = await self.play.after(match, game, after, [line], previous=state, moved=1)
        if private_line is not None:
            confirm = update.private.setdefault(actor.user_id, Post(text=""))
            confirm.text = (private_line + "\n" + confirm.text).strip()
        return update

    async def resign(self, match_id: int, actor: Actor) -> Update:
        match = await self.matches.match(match_id, actor)
        seated = self.may_resign(match, actor)
        game, state = self.matches.state_of(match)
        return await self.forfeit(match, game, state, seated,
                                  f"{seat_name(seated.number)} resigned")

    def may_resign(self, match: MatchRecord, actor: Actor) -> SeatRecord:
        """The actor's seat if they may resign from ``match`` now; else the refusal (the
        front end asks before showing a confirmation that would fail)."""
        if match.status == LOBBY:
            raise ServiceError("This match has not started yet; the host can abort it.")
        self.matches.require_running(match)
        seated = self.matches.player(match, actor)
        if seated.resigned:
            raise ServiceError("You have already resigned.")
        return seated

    async def forfeit(self, match: MatchRecord, game: Game, state: State, seated: SeatRecord,
                      reason: str, lead: str | None = None) -> Update:
        """``seated`` gives up (resigns, or runs out of time with ``forfeit``): with one
        opponent left the match ends; else the bot plays their seat and they rank last.
        ``reason`` names seats with markers, as engines do (it becomes the result's reason);
        ``lead``, a line said first, is written with names."""
        others = [s.number for s in match.by_seat() if s.seat != seated.seat and not s.resigned]
        try:
            if len(others) <= 1:
                earlier = [s.number for s in match.by_seat() if s.resigned]
                ranking = [g for g in (others, [seated.number], earlier) if g]
                scores = game.view(state, None).get("scores") or [0] * len(match.seats)
                result = Result(list(scores), ranking, reason)
                await self.store.finish(match.id, version=match.version, status=FINISHED,
                                        result=result.to_dict(), resigned_user=seated.user_id)
                match = await self.matches.match(match.id)
                text = "\n".join([*([f"{lead}."] if lead else []),
                                  *await self.play.final_lines(match, game, state)])
                png = await self.pictures.picture(match, game, state, None)
                return Update(match, Post(text, png,
                                          table=self.matches.table(match, game, state),
                                          alt=self.pictures.alt(match, game, state),
                                          pending=self.pictures.later(match, game, state,
                                                                      None),
                                          accent=self.pictures.accent(match, game, state)),
                              news=await self.play.ended(match))
            await self.store.mark_resigned(match.id, version=match.version,
                                           user_id=seated.user_id)
        except StaleVersion:
            raise ServiceError("The board changed; try again.") from None
        match = await self.matches.match(match.id)
        said = lead or self.matches.named(match, reason)
        lines = [f"{said}; the bot plays their seat from now on and they rank last."]
        return await self.play.after(match, game, state, lines, previous=state)

    async def abort(self, match_id: int, actor: Actor) -> Update:
        match = await self.matches.match(match_id, actor)
        if match.status not in (LOBBY, RUNNING):
            raise ServiceError("This match is already over.")
        if actor.user_id != match.host_id and not actor.is_admin:
            raise ServiceError("Only the host or a member with Manage Server can abort a match.")
        try:
            await self.store.finish(match.id, version=match.version, status=ABORTED, result=None)
        except StaleVersion:
            raise ServiceError("The board changed; try again.") from None
        match = await self.matches.match(match.id)
        who = self.matches.actor_name(actor, "the host")
        return Update(match, Post(f"Match #{match.id} was aborted by {who}."),
                      news=await self.play.ended(match))

    async def abort_server(self, guild_id: int) -> list[int]:
        """Abort every lobby and running match of a server the bot was removed from, so
        their clocks, reminders and computer turns stop (a re-invite starts afresh: the
        threads may be gone, and nobody can move meanwhile). The ids aborted."""
        aborted: list[int] = []
        while matches := await self.store.find_matches(guild_id=guild_id,
                                                       statuses=(LOBBY, RUNNING), limit=100):
            for match in matches:
                if await self.abort_now(match):
                    aborted.append(match.id)
        return aborted

    async def abort_now(self, match: MatchRecord) -> bool:
        """Abort a lobby or running match whoever asks (the server is gone, a round's
        deadline passed): False if it ended meanwhile."""
        for _ in range(5):  # a move landing meanwhile: read the match again
            try:
                await self.store.finish(match.id, version=match.version, status=ABORTED,
                                        result=None)
                return True
            except StaleVersion:
                again = await self.store.get_match(match.id)
                if again is None or again.status not in (LOBBY, RUNNING):
                    return False
                match = again
        raise RuntimeError(f"match {match.id} kept changing; not aborted")


def rule_pointer(slug: str, error: IllegalMove) -> str:
    """`` See "A turn" in the rules.`` (with a leading space) when the refusal names a
    section of the game's rules text (``/rules game: section:``, the console's ``rules
    A turn``), else ``""``."""
    if error.rule is None or engines.rules_section(slug, error.rule) is None:
        return ""
    return f' See "{error.rule}" in the rules.'
