"""The PostgreSQL backend (asyncpg): a pool of connections to one database.

Several processes (shards) may share the database. Each write is one transaction on one
pooled connection (READ COMMITTED); the optimistic ``WHERE version = ?`` check makes a
lost race :class:`db.StaleVersion`, and read-then-write transactions lock the match row
with ``SELECT … FOR UPDATE`` (lobby capacity, undo consent, rating settlement) or take a
transaction-scoped advisory lock (a leaderboard, a user's vacations). Reads that take more
than one query (``reading(consistent=True)``) run in one REPEATABLE READ, read-only
transaction, so they see one moment.

JSON columns are JSONB: written as JSON text, returned as text by asyncpg's default codec
and decoded by the queries, exactly as on SQLite.
"""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import asyncpg

from db.challenges import ChallengeQueries
from db.clocks import ClockQueries
from db.hints import HintQueries
from db.languages import LanguageQueries
from db.lifecycle import Lifecycle
from db.matches import MatchQueries
from db.notify import NotifyQueries
from db.posts import PostQueries
from db.privacy import PrivacyQueries
from db.schema import migrations
from db.servers import ServerQueries
from db.social import SocialQueries
from db.state import StateQueries
from db.targets import is_postgres_url
from db.tournaments import TournamentQueries

log = logging.getLogger(__name__)

__all__ = ["PostgresStore", "is_postgres_url"]

MIGRATION_LOCK = 0x50414E54  # "PANT": one process migrates at a time


@functools.lru_cache(maxsize=512)
def numbered(sql: str) -> str:
    """``?`` placeholders as PostgreSQL's ``$1, $2…`` (the queries put no ``?`` in text)."""
    count = iter(range(1, 10_000))
    return re.sub(r"\?", lambda _: f"${next(count)}", sql)


class PostgresTx:
    """An asyncpg connection as the queries see it (see :class:`db.base.Tx`)."""

    for_update = " FOR UPDATE"
    skip_locked = " FOR UPDATE OF c SKIP LOCKED"

    def __init__(self, conn: asyncpg.Connection) -> None:
        self.conn = conn

    async def fetch(self, sql: str, *args: Any) -> list[asyncpg.Record]:
        rows: list[asyncpg.Record] = await self.conn.fetch(numbered(sql), *args)
        return rows

    async def fetchrow(self, sql: str, *args: Any) -> asyncpg.Record | None:
        return await self.conn.fetchrow(numbered(sql), *args)

    async def execute(self, sql: str, *args: Any) -> int:
        status = await self.conn.execute(numbered(sql), *args)  # e.g. "UPDATE 1"
        last = status.rsplit(" ", 1)[-1]
        return int(last) if last.isdigit() else 0

    async def insert(self, sql: str, *args: Any) -> int:
        new_id: int = await self.conn.fetchval(numbered(sql) + " RETURNING id", *args)
        return new_id

    async def lock(self, key: str) -> None:
        await self.conn.execute("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", key)


class _Connection(asyncpg.Connection):  # type: ignore[misc]  # asyncpg has no type hints
    def get_reset_query(self) -> str:
        """Nothing to reset when the pool takes a connection back: the store sets no
        session state (its advisory locks end with their transactions), and skipping the
        reset saves a round trip per call."""
        return ""


class PostgresStore(Lifecycle[asyncpg.Pool], MatchQueries, ClockQueries, SocialQueries,
                    ChallengeQueries, StateQueries, NotifyQueries, TournamentQueries,
                    PrivacyQueries, ServerQueries, PostQueries, HintQueries,
                    LanguageQueries):
    """The PostgreSQL store at ``url`` (``postgresql://user:password@host:port/db``)."""

    backend = "postgres"

    def __init__(self, url: str, *, min_size: int = 1, max_size: int = 10) -> None:
        self.url = url
        self._sizes = (min_size, max_size)

    # --- life cycle (open and close: db.lifecycle) -------------------------------------
    async def _connect(self) -> asyncpg.Pool:
        return await asyncpg.create_pool(
            self.url, min_size=self._sizes[0], max_size=self._sizes[1],
            connection_class=_Connection)

    @property
    def pool(self) -> asyncpg.Pool:
        return self._opened()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[PostgresTx]:
        async with self.pool.acquire() as conn, conn.transaction():
            yield PostgresTx(conn)

    @asynccontextmanager
    async def reading(self, consistent: bool = False) -> AsyncIterator[PostgresTx]:
        async with self.pool.acquire() as conn:
            if not consistent:  # one statement sees one moment anyway
                yield PostgresTx(conn)
                return
            async with conn.transaction(isolation="repeatable_read", readonly=True):
                yield PostgresTx(conn)

    async def _migrate(self) -> None:
        async with self.pool.acquire() as conn:
            await conn.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK)
            try:
                await conn.execute(
                    "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
                applied = {row[0] for row in
                           await conn.fetch("SELECT version FROM schema_version")}
                for number, sql in migrations("postgres"):
                    if number in applied:  # a gap (a number merged later) is filled
                        continue
                    log.info("applying migration %03d", number)
                    async with conn.transaction():
                        await conn.execute(sql)
                        await conn.execute("INSERT INTO schema_version (version) VALUES ($1)",
                                           number)
            finally:
                await conn.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK)
