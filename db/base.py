"""What every backend's queries stand on: the :class:`Tx` a backend hands out, the
:class:`Queries` base and the row helpers the query mixins share.

The queries are written once for both backends (:mod:`db.matches`, :mod:`db.clocks`,
:mod:`db.social`). A backend (:mod:`db.sqlite`, :mod:`db.postgres`) only opens connections
and hands out :class:`Tx` objects: ``transaction()`` for one atomic write, ``reading()``
to read (``consistent=True`` when a read takes several queries). Queries use ``?``
placeholders; the PostgreSQL backend numbers them. JSON columns are written as text and
read with :func:`loads` (SQLite gives text, PostgreSQL's JSONB gives decoded values).

Every write is one transaction, and writes that depend on what the caller read carry the
version they read (``WHERE version = ?``): a caller that lost a race gets
:class:`StaleVersion`, never a half-written match. Where a transaction reads and then
writes (a lobby's free seats, undo consents, ratings), it reads with ``tx.for_update``
(``FOR UPDATE`` on PostgreSQL; SQLite's ``BEGIN IMMEDIATE`` already serialises writers).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

import db.records as records
from db.records import ClockRecord, MatchRecord, SeatRecord, StaleVersion

Row = Mapping[str, Any]

class Tx(Protocol):
    """One connection inside a transaction (or a read), as the queries see it."""

    for_update: str
    """``" FOR UPDATE"`` where row locks exist, else ``""``."""

    skip_locked: str
    """``" FOR UPDATE OF c SKIP LOCKED"`` (PostgreSQL: a claim passes over the clock rows
    another process is claiming), else ``""`` (SQLite: one writer at a time already)."""

    async def fetch(self, sql: str, *args: Any) -> list[Any]: ...

    async def fetchrow(self, sql: str, *args: Any) -> Any | None: ...

    async def execute(self, sql: str, *args: Any) -> int:
        """Run a statement; the number of rows it changed."""

    async def insert(self, sql: str, *args: Any) -> int:
        """Run an INSERT into a table with an ``id`` column; the new id."""

    async def lock(self, key: str) -> None:
        """Serialise with every other transaction locking ``key`` until this one ends."""


def dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


def loads(value: Any) -> Any:
    """JSON as a backend returns it: text (SQLite) or already decoded (JSONB)."""
    return json.loads(value) if isinstance(value, str | bytes) else value


STALE = "the board changed; look again and retry"


class Queries:
    """The base of the query mixins. A backend provides :meth:`transaction` and
    :meth:`reading`."""

    def transaction(self) -> AbstractAsyncContextManager[Tx]:
        raise NotImplementedError

    def reading(self, consistent: bool = False) -> AbstractAsyncContextManager[Tx]:
        """A connection to read with; ``consistent``: its queries all see one moment."""
        raise NotImplementedError

    # --- raw SQL, for tools and tests ----------------------------------------------------
    async def query(self, sql: str, *args: Any) -> list[tuple[Any, ...]]:
        """Rows of a raw query (``?`` placeholders), as tuples."""
        async with self.reading() as tx:
            return [tuple(row) for row in await tx.fetch(sql, *args)]

    async def execute(self, sql: str, *args: Any) -> int:
        """Run one raw statement in its own transaction; rows changed."""
        async with self.transaction() as tx:
            return await tx.execute(sql, *args)

    async def schema_version(self) -> int:
        async with self.reading() as tx:
            version = await scalar(tx, "SELECT MAX(version) FROM schema_version")
        return int(version or 0)


# --- helpers the query mixins share ---------------------------------------------------------
def marks(values: Sequence[Any]) -> str:
    return ", ".join("?" for _ in values)


async def seats_of(tx: Tx, match_id: int) -> list[SeatRecord]:
    rows = await tx.fetch("SELECT * FROM seats WHERE match_id = ? ORDER BY joined_at, rowid",
                          match_id)
    return [seat_of(r) for r in rows]


async def seats_of_many(tx: Tx, match_ids: Sequence[int]) -> dict[int, list[SeatRecord]]:
    """The seats of several matches in one query, by match."""
    out: dict[int, list[SeatRecord]] = {}
    rows = await tx.fetch(f"SELECT * FROM seats WHERE match_id IN ({marks(match_ids)}) "
                          "ORDER BY match_id, joined_at, rowid", *match_ids)
    for r in rows:
        out.setdefault(r["match_id"], []).append(seat_of(r))
    return out


def seat_of(r: Row) -> SeatRecord:
    return SeatRecord(user_id=r["user_id"], display_name=r["display_name"], seat=r["seat"],
                      is_ai=bool(r["is_ai"]), resigned=bool(r["resigned"]),
                      bank=r["bank_seconds"])


async def matches_with_seats(tx: Tx, rows: Sequence[Row]) -> list[MatchRecord]:
    matches = [match_of(row) for row in rows]
    for match in matches:
        match.seats = await seats_of(tx, match.id)
    return matches


async def status_of(tx: Tx, match_id: int) -> str:
    """The match's status, its row locked for the rest of the transaction."""
    row = await tx.fetchrow(f"SELECT status FROM matches WHERE id = ?{tx.for_update}", match_id)
    if row is None:
        raise KeyError(match_id)
    return str(row[0])


async def scalar(tx: Tx, sql: str, *args: Any) -> Any:
    """The one value of a query that always returns one row (a COUNT, a MAX)."""
    row = await tx.fetchrow(sql, *args)
    if row is None:
        raise LookupError(f"no row: {sql}")
    return row[0]


async def bump(tx: Tx, match_id: int) -> None:
    await tx.execute("UPDATE matches SET version = version + 1, updated_at = ? WHERE id = ?",
                     records.now(), match_id)


async def update(tx: Tx, match_id: int, version: int, *, status: str | None = None,
                 snapshot: dict[str, Any] | None = None, result: dict[str, Any] | None = None,
                 turn_changed: bool = True, turn_began: str | None = None) -> None:
    """Bump the match's version if it still is ``version``; else :class:`StaleVersion`.
    ``updated_at`` is when the current turn began (the clocks count from it): now, or
    ``turn_began`` if given; a change that leaves the turn where it was
    (``turn_changed=False``) keeps it."""
    sets, args = ["version = version + 1"], []
    if turn_changed:
        sets.append("updated_at = ?")
        args.append(turn_began or records.now())
    if status is not None:
        sets.append("status = ?")
        args.append(status)
    if snapshot is not None:
        sets.append("snapshot = ?")
        args.append(dumps(snapshot))
    if result is not None:
        sets.append("result = ?")
        args.append(dumps(result))
    changed = await tx.execute(
        f"UPDATE matches SET {', '.join(sets)} WHERE id = ? AND version = ?",
        *args, match_id, version)
    if changed != 1:
        raise StaleVersion(STALE)


async def set_given(tx: Tx, table: str, row_id: int, **values: int | None) -> None:
    """Set the columns given a value (not None) of one row of ``table``; the names are
    the caller's own constants, never input."""
    for column, value in values.items():
        if value is not None:
            await tx.execute(f"UPDATE {table} SET {column} = ? WHERE id = ?", value, row_id)


async def recheck(tx: Tx, user_id: int) -> None:
    await tx.execute("UPDATE match_clocks SET checked_version = -1 WHERE match_id IN "
                     "(SELECT match_id FROM seats WHERE user_id = ?)", user_id)


def clock_of(row: Row) -> ClockRecord:
    return ClockRecord(remind_after=row["remind_after_hours"],
                       remind_every=row["remind_every_hours"], deadline=row["deadline_hours"],
                       on_timeout=row["on_timeout"], nudged_at=row["nudged_at"],
                       post_failures=row["post_failures"],
                       post_failing_since=row["post_failing_since"],
                       posts_stopped_at=row["posts_stopped_at"],

                       bank=row["bank_hours"], bank_add=row["bank_add_hours"],
                       bank_max=row["bank_max_hours"], weekend_pause=bool(row["weekend_pause"]))


def match_of(row: Row) -> MatchRecord:
    return MatchRecord(
        id=row["id"], guild_id=row["guild_id"], channel_id=row["channel_id"],
        thread_id=row["thread_id"], lobby_message_id=row["lobby_message_id"],
        game=row["game"], options=loads(row["options"]), seed=row["seed"],
        status=row["status"], host_id=row["host_id"], version=row["version"],
        snapshot=loads(row["snapshot"]) if row["snapshot"] is not None else None,
        result=loads(row["result"]) if row["result"] is not None else None,
        created_at=row["created_at"], updated_at=row["updated_at"],
        lesson=bool(row["lesson"]), hosted=bool(row["hosted"]))
