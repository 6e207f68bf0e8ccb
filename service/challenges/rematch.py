"""Rematch: under a finished match every player may ask for a rematch; once every human
player has asked, the same game starts again with the same players, options, clock and
rating choice, the seats rotated by one (seat 1 becomes seat 0, …, seat 0 the last) and
the computer seats kept at their levels.

The presses are rows (:mod:`db.challenges`), so a restart loses none; the rematch is
claimed by one row, so a finished match gets exactly one rematch, however many press at
once.
"""

from __future__ import annotations

import dataclasses
import logging
from dataclasses import dataclass, field

from db import ABORTED, FINISHED, MatchRecord, SeatRecord, Store
from service.common import boundary
from service.common.model import Actor, ServiceError, Update
from service.match import gate
from service.match.computer import Computer
from service.match.core import Matches
from service.match.lobby import Lobby
from service.match.terms import MatchTerms

log = logging.getLogger(__name__)


@dataclass
class RematchNews:
    """What a press of Rematch changed: the text to post (who asked, who is awaited or
    the new match), whom to ping, and the new match's first update once it started."""

    match: MatchRecord
    text: str
    mentions: list[int] = field(default_factory=list)
    update: Update | None = None


@boundary.guarded
@dataclass(eq=False)
class Rematches:
    store: Store
    matches: Matches
    lobby: Lobby
    computer: Computer

    async def rematch(self, match_id: int, actor: Actor) -> RematchNews:
        """The actor asks for a rematch of a finished match; the last to ask starts it."""
        match = await self.matches.match(match_id, actor)
        if match.status == ABORTED:
            raise ServiceError("This match was aborted: start a new one with /match start.")
        if match.status != FINISHED:
            raise ServiceError("A rematch is for a match that is over.")
        humans = [s for s in match.by_seat() if not s.is_ai]
        if actor.user_id not in {s.user_id for s in humans}:
            raise ServiceError(f"Only the players of match #{match.id} can ask for its rematch.")
        state = await self.store.rematch_state(match.id)
        if state.claimed:
            raise ServiceError(self._made(match, state.new_match_id))
        voted = await self.store.vote_rematch(match.id, actor.user_id)
        votes = (await self.store.rematch_state(match.id)).votes
        waiting = [s for s in humans if s.user_id not in votes]
        if not voted and waiting:  # everyone asked and it failed: asking again retries
            raise ServiceError("You have already asked for the rematch; waiting for "
                               f"{self._names(waiting)}.")
        asked = [s for s in humans if s.user_id in votes]
        if waiting:
            return RematchNews(
                match, f"{self._names(asked)} asked for a rematch of #{match.id}; waiting for "
                f"{self._names(waiting)} (press **Rematch** under the final board).",
                [s.user_id for s in waiting])
        if not await self.store.claim_rematch(match.id):
            raise ServiceError(self._made(match, None))
        try:
            update = await self._replay_match(match)
        except BaseException:
            await self.store.set_rematch(match.id, None)  # let a later press try again
            raise
        await self.store.set_rematch(match.id, update.match.id)
        log.info("match %s: rematch %s", match.id, update.match.id)
        return RematchNews(match, f"Everyone asked for a rematch of #{match.id}: match "
                           f"#{update.match.id} begins, seats rotated.", update=update)

    async def _replay_match(self, match: MatchRecord) -> Update:
        """The new match: same game, options, clock and rating; seats rotated by one. A
        match without a thread's is one too, where it was played (:data:`gate.HOSTED`)."""
        seats = match.by_seat()
        humans = [s for s in seats if not s.is_ai]
        first = next((s for s in humans if s.user_id == match.host_id), humans[0])
        host = Actor(first.user_id, first.display_name, match.guild_id)
        new = await self.lobby.create(host, match.game,
                                      {k: str(v) for k, v in match.options.items()},
                                      channel_id=match.channel_id,
                                      terms=MatchTerms(rated=await self.store.is_rated(match.id)),
                                      kind=gate.HOSTED if match.hosted else gate.REMATCH)
        made = new.id
        try:
            clock = await self.store.clock(match.id)
            await self.store.set_clock(new.id, dataclasses.replace(clock, nudged_at=None))
            for seated in humans:
                if seated.user_id != host.user_id:
                    await self.lobby.join(new.id, Actor(seated.user_id, seated.display_name,
                                                        match.guild_id))
            ids: dict[int, int] = {s.user_id: s.user_id for s in humans}
            for seated in sorted((s for s in seats if s.is_ai), key=lambda s: -s.user_id):
                written = seated.display_name.endswith(")")  # "Computer 2 (hard)"
                level = self.computer.level_of(seated) if written else None
                new = await self.lobby.add_ai(new.id, host, level)
                ids[seated.user_id] = min(s.user_id for s in new.seats)  # the one just added
            order = [ids[seats[(i + 1) % len(seats)].user_id] for i in range(len(seats))]
            return await self.lobby.start(new.id, host, order=order)
        except BaseException:
            await self.lobby.abandon(made)  # nobody left seated in a lobby no one will start
            raise

    def _names(self, seats: list[SeatRecord]) -> str:
        return ", ".join(self.matches.name(s) for s in seats) or "nobody"

    @staticmethod
    def _made(match: MatchRecord, new_match_id: int | None) -> str:
        if new_match_id is None:
            return f"The rematch of #{match.id} is being set up."
        return f"Match #{match.id} already has its rematch: #{new_match_id}."
