"""The service's tournament calls (a part of the facade :class:`service.Service`, kept
apart so that each module stays small): creating, finding and acting on tournaments,
their outbox's posts, and what members meet of them."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from db import Store, TournamentRecord
from service.common import boundary
from service.common.model import Actor, EventNews, Post
from service.community.server_settings import Servers
from service.events.entry_terms import EventTerms
from service.events.members import EventMembers
from service.events.tournaments import Tournaments
from service.match.terms import MatchTerms


@boundary.guarded
class TournamentDesk:
    """Tournament calls of the facade, checked at the same boundary as the rest."""

    store: Store
    servers: Servers
    tournaments: Tournaments
    event_members: EventMembers

    async def create_tournament(self, actor: Actor, game_slug: str, event: EventTerms,
                                options: dict[str, str] | None = None,
                                channel_id: int | None = None,
                                terms: MatchTerms | None = None) -> TournamentRecord:
        """A tournament of ``game_slug`` run on ``event``; its matches' ``options`` and
        ``terms``, posted in ``channel_id``."""
        await self.servers.govern(actor, game_slug, channel_id, None, "tournament")
        return await self.tournaments.create(actor, game_slug, event, options=options,
                                             channel_id=channel_id, terms=terms)

    async def tournament(self, tournament_id: int | None, actor: Actor | None = None
                         ) -> TournamentRecord:
        return await self.tournaments.find(tournament_id, actor)

    async def set_tournament_message(self, tournament_id: int, message_id: int) -> None:
        await self.store.set_tournament_message(tournament_id, message_id)

    async def tournament_act(self, action: str, tournament_id: int, actor: Actor,
                             level: str | None = None) -> EventNews:
        return await self.tournaments.act(action, tournament_id, actor, level)

    async def tournament_pass(self, now: datetime | None = None) -> list[EventNews]:
        return await self.tournaments.sweep(now)

    async def tournament_posted(self, post_id: int) -> None:
        """A tournament's queued post (``EventNews.post_ids``/``started_ids``) went out."""
        await self.tournaments.posted(post_id)

    async def tournament_post(self, record: TournamentRecord, what: str) -> Post:
        """entry, info, standings, or export (the event as a JSON file)."""
        return await self.tournaments.text.post(record, what)

    async def joinable_tournaments(self, guild_id: int | None) -> list[TournamentRecord]:
        return await self.event_members.joinable(guild_id)

    async def join_tournament(self, tournament_id: int | None, actor: Actor) -> EventNews:
        return await self.event_members.join(tournament_id, actor)

    async def event_mentions(self, user_ids: Iterable[int], now: datetime | None = None
                             ) -> list[int]:
        """Whom a tournament post may ping now (``/notify`` choices, quiet hours)."""
        return await self.event_members.mentions(user_ids, now)

    async def tournament_entrants(self) -> dict[int, set[int]]:
        return await self.event_members.entrants()

    async def member_left(self, guild_id: int, user_id: int) -> list[EventNews]:
        return await self.event_members.member_left(guild_id, user_id)
