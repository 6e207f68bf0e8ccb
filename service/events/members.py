"""Tournaments as their members meet them: which events a member may still join (late
entry lasts until the stated round begins), whom a tournament post may ping now (each
member's ``/notify`` choice and quiet hours, as a match's board), and a member who left
the server (withdrawn as the README's rule says).

Kept apart from :mod:`service.events.tournaments` (the event's steps): everything here reads a
tournament and calls those steps, never writes a tournament row itself."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from db import EVENT_OPEN, EVENT_RUNNING, RUNNING, Store, TournamentRecord
from service.common import boundary
from service.common.model import Actor, EventNews, ServiceError
from service.events.texts import plain_name, takes_entrants
from service.events.tournaments import Tournaments
from service.match.core import Now
from service.notices.notify import Notify

GONE_NAME = "A member who left"


@boundary.guarded
@dataclass(eq=False)
class EventMembers:
    store: Store
    tournaments: Tournaments
    notify: Notify
    now: Now

    # --- late entry -----------------------------------------------------------------------
    async def joinable(self, guild_id: int | None) -> list[TournamentRecord]:
        """The server's tournaments that take entrants now, newest first: open, or running
        a round before the one late entry closes at."""
        found = await self.store.find_tournaments(guild_id=guild_id, limit=100)
        return [r for r in reversed(found) if takes_entrants(r)]

    async def join(self, tournament_id: int | None, actor: Actor) -> EventNews:
        """Enter the tournament named (None: the server's newest that takes entrants)."""
        if tournament_id is None:
            open_now = await self.joinable(actor.guild_id)
            if not open_now:
                raise ServiceError("No tournament here takes entrants now.")
            tournament_id = open_now[0].id
        return await self.tournaments.act("join", tournament_id, actor)

    # --- pings ----------------------------------------------------------------------------
    async def mentions(self, user_ids: Iterable[int], now: datetime | None = None
                       ) -> list[int]:
        """Of ``user_ids``, those a tournament post may ping now: whose turns reach them by
        a mention and who are not in their quiet hours. The others are told as they
        chose by their match's own board (held until morning, a DM, the digest)."""
        now = now or self.now()
        everyone = await self.notify.settings(user_ids)
        return [u for u, mine in everyone.items()
                if mine.your_turn == "mention" and self.notify.quiet_until(mine, now) is None]

    # --- leaving the server ---------------------------------------------------------------
    async def entrants(self) -> dict[int, set[int]]:
        """Each server's people in its open and running tournaments (not withdrawn, not
        computers): whom the front end checks are still members."""
        out: dict[int, set[int]] = {}
        for record in await self.store.find_tournaments(limit=1000):
            if record.guild_id is None:
                continue
            out.setdefault(record.guild_id, set()).update(
                e.user_id for e in record.entrants
                if e.user_id > 0 and e.withdrawn_round is None)
        return out

    async def member_left(self, guild_id: int, user_id: int) -> list[EventNews]:
        """A member left the server: out of its open tournaments (as Leave), and withdrawn
        from its running ones (as withdraw: the running game resigned, so it is lost and
        its opponents win it, and no later round pairs them); their points stay."""
        out: list[EventNews] = []
        if user_id <= 0:
            return out
        for record in await self.store.find_tournaments(guild_id=guild_id, limit=100):
            me = record.entrant(user_id)
            if me is None or me.withdrawn_round is not None:
                continue
            actor = Actor(user_id, me.display_name, guild_id)
            try:
                if record.status == EVENT_OPEN:
                    news = EventNews(await self.tournaments.leave(record.id, actor))
                    text = f"{self._name(record, user_id)} left the server and the entrants."
                    news.posts.append(self.tournaments.text.notice(news.tournament, text))
                elif record.status == EVENT_RUNNING:
                    opponents = await self._opponents(record, user_id)
                    words = self._withdrawn_words(record, opponents)
                    news = await self.tournaments.withdraw(
                        record.id, actor, words, [u for u in opponents if u > 0])
                else:
                    continue
            except ServiceError:  # another process was first, or it just ended
                continue
            out.append(news)
        return out

    async def _opponents(self, record: TournamentRecord, user_id: int) -> list[int]:
        """The people sharing the player's running game in the current round."""
        for table in self.tournaments.text.round_tables(record, record.round):
            if user_id not in table.players or table.match_id is None:
                continue
            match = await self.store.get_match(table.match_id)
            if match is not None and match.status == RUNNING:
                return [u for u in table.players if u != user_id]
        return []

    def _withdrawn_words(self, record: TournamentRecord, opponents: list[int]) -> str:
        """The notice of a member withdrawn for leaving, queued with people as markers
        (``{actor}``: the member; :meth:`EventText.filled` names them when it is posted)."""
        text = self.tournaments.text
        words = ("{actor} left the server and is withdrawn from "
                 f"round {record.round + 1} on; their points so far stay.")
        if opponents:
            names = ", ".join(text.marker(record, u) for u in opponents)
            words += (f" Their round {record.round} game with {names} is forfeited (a loss "
                      "for them).")
        return words

    def _name(self, record: TournamentRecord, user_id: int) -> str:
        return self.tournaments.matches.escape(plain_name(record, user_id) or GONE_NAME)
