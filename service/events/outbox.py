"""Draining the tournaments' outbox (:mod:`db.tournament_outbox`): the posts a step
queued in its own transaction, claimed by whichever process drains them first, turned
into an :class:`~service.common.model.EventNews` for the front end to post. The front end marks
each post sent once it went out (:meth:`EventOutbox.sent`); a post claimed by a process
that died is claimed again when the claim lapses, and sent with the same nonce, which
Discord drops if the first send did go out.

A step (:mod:`service.events.tournaments`) runs inside :func:`stepping`: steps it sets off (a
match that ends as it starts begins the next round) queue their posts and leave the
draining to the outermost one, which also hands over the first update of each match
started in it (a match started by a process that died is announced from its current
position).
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from db import ABORTED, LOBBY, Store, TournamentRecord
from db.tournament_outbox import FINAL, MATCH, PAIRINGS, STANDINGS, OutboxPost
from service.common.model import EventNews, Post, Update
from service.events.texts import EventText
from service.match.core import Matches, Now
from service.match.lobby import Lobby

log = logging.getLogger(__name__)

LEASE = timedelta(minutes=2)
"""How long a claimed post is another process's to send (then it is claimed again)."""


@dataclass
class Step:
    """What the steps running in one call left to hand over: the first update of each
    match they started (by match id), and other updates by tournament (a withdrawal's
    resignation)."""

    started: dict[int, Update] = field(default_factory=dict)
    other: dict[int, list[Update]] = field(default_factory=dict)


_STEP: ContextVar[Step | None] = ContextVar("tournament_step", default=None)


def current() -> Step | None:
    """The step this call runs in, if any."""
    return _STEP.get()


@asynccontextmanager
async def stepping() -> AsyncIterator[Step | None]:
    """Run a tournament step: yields a :class:`Step` to drain after it when this is the
    outermost step, else None (the outer step drains)."""
    if _STEP.get() is not None:
        yield None
        return
    step = Step()
    token = _STEP.set(step)
    try:
        yield step
    finally:
        _STEP.reset(token)


@dataclass(eq=False)
class EventOutbox:
    store: Store
    matches: Matches
    lobby: Lobby
    text: EventText
    now: Now
    worker: str
    lease: timedelta = LEASE

    async def drain(self, step: Step, tournament_id: int | None = None,
                    at: datetime | None = None) -> dict[int, EventNews]:
        """Claim the unsent posts (of one tournament, or all) at ``at`` (default now) and
        make them news, by tournament; a tournament named, or with other updates, has
        news even if empty."""
        claimed = await self.store.claim_posts(self.worker, at or self.now(), self.lease,
                                               tournament_id=tournament_id, limit=200)
        named = {p.tournament_id for p in claimed} | set(step.other)
        if tournament_id is not None:
            named.add(tournament_id)
        out: dict[int, EventNews] = {}
        for number in sorted(named):
            record = await self.store.get_tournament(number)
            if record is None:
                continue
            out[number] = EventNews(record)
        last = dict(out)  # each tournament's news being filled: a chain, in queue order
        for post in claimed:
            news = last.get(post.tournament_id)
            if news is None:
                continue
            if post.kind != MATCH and news.started:  # a post after matches: next link
                news.then.append(EventNews(news.tournament))
                news = last[post.tournament_id] = news.then[0]
            try:
                await self._add(news, post, step)
            except Exception:  # claimed again when the claim lapses
                log.exception("tournament %s: post %s not made", post.tournament_id, post.id)
        for number, news in last.items():  # a withdrawal's resignation, last
            other = step.other.get(number, [])
            news.started += other
            news.started_ids += [None] * len(other)
        return out

    async def sent(self, post_id: int) -> None:
        """The post went out: no process sends it again."""
        await self.store.post_sent(post_id, self.now())

    async def _add(self, news: EventNews, post: OutboxPost, step: Step) -> None:
        if post.kind == MATCH:
            update = await self._first_update(post.match_id, step)
            if update is None:  # aborted before it was shown (a cancel): nothing to show
                await self.sent(post.id)
                return
            news.started.append(update)
            news.started_ids.append(post.id)
            return
        news.posts.append(await self._post(news.tournament, post))
        news.post_ids.append(post.id)
        if post.reclaimed:
            news.resent[post.id] = datetime.fromisoformat(post.queued_at)

    async def _post(self, record: TournamentRecord, post: OutboxPost) -> Post:
        if post.kind == PAIRINGS:
            return self.text.pairings(record, post.round)
        if post.kind == STANDINGS:
            return await self.text.standings_post(record, post.round)
        if post.kind == FINAL:
            return await self.text.final(record)
        notice = self.text.notice(record, self.text.filled(record, post.words or "",
                                                           post.actor))
        notice.mentions = list(post.mentions)
        return notice

    async def _first_update(self, match_id: int | None, step: Step) -> Update | None:
        """The match's first update as its starter built it, or (its starter died) its
        position now."""
        if match_id is None:
            return None
        if match_id in step.started:
            return step.started[match_id]
        match = await self.store.get_match(match_id)
        if match is None or match.status in (ABORTED, LOBBY):
            return None
        game, state = self.matches.state_of(match)
        played = await self.store.moves(match.id)
        return await self.lobby.play.posts(match, game, state, await self.lobby.begins(match),
                                           None, played, 0)
