"""The SQLite backend (aiosqlite): one file, one connection, WAL.

Transactions are serialised by a lock and ``BEGIN IMMEDIATE``; reads take the lock too,
since on one connection a read could otherwise see the uncommitted writes of a
transaction in flight. Every cursor is closed as soon as its rows are read: an open
cursor (even of a PRAGMA) keeps a statement in progress, and SQLite then refuses to
COMMIT ("cannot commit transaction - SQL statements in progress").
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import aiosqlite

from db.challenges import ChallengeQueries
from db.clocks import ClockQueries
from db.hints import HintQueries
from db.languages import LanguageQueries
from db.lifecycle import Lifecycle
from db.matches import MatchQueries
from db.notify import NotifyQueries
from db.posts import PostQueries
from db.privacy import PrivacyQueries
from db.schema import migrations, statements
from db.servers import ServerQueries
from db.social import SocialQueries
from db.state import StateQueries
from db.tournaments import TournamentQueries

log = logging.getLogger(__name__)

PRAGMAS = ("journal_mode=WAL", "synchronous=NORMAL", "foreign_keys=ON", "busy_timeout=5000")


class SqliteTx:
    """An aiosqlite connection as the queries see it (see :class:`db.base.Tx`)."""

    for_update = ""  # BEGIN IMMEDIATE holds the write lock for the whole transaction
    skip_locked = ""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self.db = db

    async def fetch(self, sql: str, *args: Any) -> list[aiosqlite.Row]:
        # One trip to the connection's thread (a cursor of our own took three: execute,
        # fetch, close); the cursor there ends with the call, its rows all read.
        return list(await self.db.execute_fetchall(sql, args))

    async def fetchrow(self, sql: str, *args: Any) -> aiosqlite.Row | None:
        """The first row (the queries asking for one find at most one: a key's row, an
        aggregate), in one trip as :meth:`fetch`."""
        rows = await self.fetch(sql, *args)
        return rows[0] if rows else None

    async def execute(self, sql: str, *args: Any) -> int:
        async with self.db.execute(sql, args) as cur:
            return cur.rowcount

    async def insert(self, sql: str, *args: Any) -> int:
        async with self.db.execute(sql, args) as cur:
            assert cur.lastrowid is not None
            return cur.lastrowid

    async def lock(self, key: str) -> None:
        """Nothing to do: one writer at a time already."""


class SqliteStore(Lifecycle[aiosqlite.Connection], MatchQueries, ClockQueries,
                  SocialQueries, ChallengeQueries, StateQueries, NotifyQueries,
                  TournamentQueries, PrivacyQueries, ServerQueries, PostQueries,
                  HintQueries, LanguageQueries):
    """The SQLite store over the file at ``path``."""

    backend = "sqlite"

    def __init__(self, path: str) -> None:
        self.path = path
        self._lock = asyncio.Lock()

    # --- life cycle (open and close: db.lifecycle) -------------------------------------
    async def _connect(self) -> aiosqlite.Connection:
        db = await aiosqlite.connect(self.path, isolation_level=None)
        db.row_factory = aiosqlite.Row
        return db

    async def _prepare(self) -> None:
        tx = SqliteTx(self.db)
        for pragma in PRAGMAS:
            await tx.fetch(f"PRAGMA {pragma}")  # fetched and closed: no open statement

    @property
    def db(self) -> aiosqlite.Connection:
        return self._opened()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[SqliteTx]:
        tx = SqliteTx(self.db)
        async with self._lock:
            await tx.fetch("BEGIN IMMEDIATE")  # fetch: one trip to the thread, not two
            try:
                yield tx
            except BaseException:
                await tx.fetch("ROLLBACK")
                raise
            await tx.fetch("COMMIT")

    @asynccontextmanager
    async def reading(self, consistent: bool = False) -> AsyncIterator[SqliteTx]:
        """Reads hold the lock, so even a read of several queries sees one moment."""
        async with self._lock:
            yield SqliteTx(self.db)

    async def _migrate(self) -> None:
        tx = SqliteTx(self.db)
        await tx.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        applied = {row[0] for row in await tx.fetch("SELECT version FROM schema_version")}
        for number, sql in migrations("sqlite"):
            if number in applied:  # a gap (a number merged later) is filled, in order
                continue
            log.info("applying migration %03d", number)
            async with self.transaction() as tx:
                for statement in statements(sql):
                    await tx.execute(statement)
                await tx.execute("INSERT INTO schema_version (version) VALUES (?)", number)
