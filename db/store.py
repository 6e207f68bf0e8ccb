"""Persistence of matches: an aiosqlite store behind one small async interface.

The store knows no rules. A match is a row with a snapshot (JSON of the engine state)
and a version; its moves are a log. Every write is one transaction, and writes that
depend on what the caller read carry the version they read (``WHERE version = ?``):
a caller that lost a race gets :class:`StaleVersion`, never a half-written match.

The SQL is kept portable (no SQLite-only syntax beyond the PRAGMAs at connect) so a
PostgreSQL implementation can sit beside this one.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from importlib import resources

import aiosqlite

from db.social import SocialStore

log = logging.getLogger(__name__)

LOBBY, RUNNING, FINISHED, ABORTED = "lobby", "running", "finished", "aborted"
OPEN_STATUSES = (LOBBY, RUNNING)


class StaleVersion(Exception):
    """The match changed since the caller read it."""


class Full(Exception):
    """The lobby has no free seat."""


@dataclass
class SeatRecord:
    user_id: int
    display_name: str
    seat: int | None = None
    is_ai: bool = False
    resigned: bool = False


@dataclass
class MoveRecord:
    seq: int
    seat: int
    notation: str
    created_at: str


@dataclass
class MatchRecord:
    id: int
    guild_id: int | None
    channel_id: int | None
    thread_id: int | None
    lobby_message_id: int | None
    game: str
    options: dict
    seed: int
    status: str
    host_id: int
    version: int
    snapshot: dict | None
    result: dict | None
    created_at: str
    updated_at: str
    seats: list[SeatRecord] = field(default_factory=list)

    def seat_of(self, user_id: int) -> SeatRecord | None:
        return next((s for s in self.seats if s.user_id == user_id), None)

    def by_seat(self) -> list[SeatRecord]:
        """Seated players ordered by seat number (after the start)."""
        return sorted((s for s in self.seats if s.seat is not None), key=lambda s: s.seat)

    @property
    def names(self) -> list[str]:
        return [s.display_name for s in self.by_seat()]


@dataclass
class ClockRecord:
    """A match's clock settings (hours; 0 = off) and when it was last nudged."""

    remind_after: int = 24
    remind_every: int = 24
    deadline: int = 0
    on_timeout: str = "skip"
    nudged_at: str | None = None


@dataclass
class TurnReminder:
    """The latest reminder a player got in a match: for which turn (version), which one."""

    version: int = -1
    slot: int = -1
    warned: bool = False


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def stamp(moment: datetime) -> str:
    """A datetime as the store writes times (UTC ISO, milliseconds): they sort as text."""
    return moment.astimezone(UTC).isoformat(timespec="milliseconds")


class SqliteStore(SocialStore):
    """The SQLite store. One connection; transactions are serialised by a lock.
    Undo, overview and rating queries are in :mod:`db.social`."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._db: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()

    # --- life cycle ---------------------------------------------------------------------
    async def open(self) -> SqliteStore:
        self._db = await aiosqlite.connect(self.path, isolation_level=None)
        self._db.row_factory = aiosqlite.Row
        await self._db.execute("PRAGMA journal_mode=WAL")
        await self._db.execute("PRAGMA synchronous=NORMAL")
        await self._db.execute("PRAGMA foreign_keys=ON")
        await self._db.execute("PRAGMA busy_timeout=5000")
        await self._migrate()
        return self

    async def close(self) -> None:
        if self._db is not None:
            await self._db.close()
            self._db = None

    @property
    def db(self) -> aiosqlite.Connection:
        if self._db is None:
            raise RuntimeError("the store is not open")
        return self._db

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._lock:
            await self.db.execute("BEGIN IMMEDIATE")
            try:
                yield self.db
            except BaseException:
                await self.db.execute("ROLLBACK")
                raise
            await self.db.execute("COMMIT")

    async def _migrate(self) -> None:
        await self.db.execute(
            "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        async with self.db.execute("SELECT MAX(version) FROM schema_version") as cur:
            row = await cur.fetchone()
        current = row[0] or 0
        for number, sql in migrations():
            if number <= current:
                continue
            log.info("applying migration %03d", number)
            async with self.transaction() as db:
                for statement in _statements(sql):
                    await db.execute(statement)
                await db.execute("INSERT INTO schema_version (version) VALUES (?)", (number,))

    async def schema_version(self) -> int:
        async with self.db.execute("SELECT MAX(version) FROM schema_version") as cur:
            row = await cur.fetchone()
        return row[0] or 0

    # --- matches ------------------------------------------------------------------------
    async def create_match(self, *, guild_id: int | None, channel_id: int | None, game: str,
                           options: dict, seed: int, host_id: int,
                           host_name: str, seat_host: bool = True) -> MatchRecord:
        stamp = now()
        async with self.transaction() as db:
            cur = await db.execute(
                "INSERT INTO matches (guild_id, channel_id, game, options, seed, status, "
                "host_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (guild_id, channel_id, game, json.dumps(options), seed, LOBBY, host_id,
                 stamp, stamp))
            match_id = cur.lastrowid
            if seat_host:
                await db.execute(
                    "INSERT INTO seats (match_id, user_id, display_name, joined_at) "
                    "VALUES (?, ?, ?, ?)", (match_id, host_id, host_name, stamp))
        match = await self.get_match(match_id)
        assert match is not None
        return match

    async def get_match(self, match_id: int) -> MatchRecord | None:
        # Reads take the lock too: on one connection a read could otherwise see the
        # uncommitted writes of a transaction in flight.
        async with self._lock:
            async with self.db.execute("SELECT * FROM matches WHERE id = ?",
                                       (match_id,)) as cur:
                row = await cur.fetchone()
            if row is None:
                return None
            match = _match(row)
            match.seats = await self._seats(match_id)
        return match

    async def _seats(self, match_id: int) -> list[SeatRecord]:
        async with self.db.execute(
                "SELECT * FROM seats WHERE match_id = ? ORDER BY joined_at, rowid",
                (match_id,)) as cur:
            rows = await cur.fetchall()
        return [SeatRecord(user_id=r["user_id"], display_name=r["display_name"], seat=r["seat"],
                           is_ai=bool(r["is_ai"]), resigned=bool(r["resigned"])) for r in rows]

    async def find_matches(self, *, guild_id: int | None = None, channel_id: int | None = None,
                           thread_id: int | None = None, user_id: int | None = None,
                           statuses: Sequence[str] = OPEN_STATUSES,
                           limit: int = 50) -> list[MatchRecord]:
        """Matches by guild, channel (or thread) and/or seated user, newest first."""
        where, args = [f"m.status IN ({', '.join('?' for _ in statuses)})"], list(statuses)
        for column, value in (("m.guild_id", guild_id), ("m.channel_id", channel_id),
                              ("m.thread_id", thread_id)):
            if value is not None:
                where.append(f"{column} = ?")
                args.append(value)
        if user_id is not None:
            where.append("EXISTS (SELECT 1 FROM seats s WHERE s.match_id = m.id "
                         "AND s.user_id = ?)")
            args.append(user_id)
        sql = (f"SELECT m.* FROM matches m WHERE {' AND '.join(where)} "
               "ORDER BY m.id DESC LIMIT ?")
        async with self._lock:
            async with self.db.execute(sql, (*args, limit)) as cur:
                rows = await cur.fetchall()
            matches = [_match(r) for r in rows]
            for match in matches:
                match.seats = await self._seats(match.id)
        return matches

    async def set_places(self, match_id: int, *, thread_id: int | None = None,
                         lobby_message_id: int | None = None) -> None:
        """Remember where the match lives in Discord (no version bump: not game state)."""
        async with self.transaction() as db:
            if thread_id is not None:
                await db.execute("UPDATE matches SET thread_id = ? WHERE id = ?",
                                 (thread_id, match_id))
            if lobby_message_id is not None:
                await db.execute("UPDATE matches SET lobby_message_id = ? WHERE id = ?",
                                 (lobby_message_id, match_id))

    # --- lobby --------------------------------------------------------------------------
    async def add_seat(self, match_id: int, *, user_id: int, display_name: str,
                       capacity: int, is_ai: bool = False) -> MatchRecord:
        """Seat a user in a lobby; raises :class:`Full` past ``capacity``."""
        async with self.transaction() as db:
            status, _ = await self._status(db, match_id)
            if status != LOBBY:
                raise StaleVersion("the match is no longer in its lobby")
            async with db.execute("SELECT COUNT(*) FROM seats WHERE match_id = ?",
                                  (match_id,)) as cur:
                (count,) = await cur.fetchone()
            if count >= capacity:
                raise Full(f"the match is full ({capacity} players)")
            await db.execute(
                "INSERT INTO seats (match_id, user_id, display_name, is_ai, joined_at) "
                "VALUES (?, ?, ?, ?, ?)", (match_id, user_id, display_name, int(is_ai), now()))
            await self._bump(db, match_id)
        return await self._must(match_id)

    async def remove_seat(self, match_id: int, user_id: int) -> MatchRecord:
        async with self.transaction() as db:
            status, _ = await self._status(db, match_id)
            if status != LOBBY:
                raise StaleVersion("the match is no longer in its lobby")
            await db.execute("DELETE FROM seats WHERE match_id = ? AND user_id = ?",
                             (match_id, user_id))
            await self._bump(db, match_id)
        return await self._must(match_id)

    async def start_match(self, match_id: int, *, version: int, order: Sequence[int],
                          snapshot: dict) -> MatchRecord:
        """Give seats 0..n-1 to ``order`` (user ids) and store the first snapshot."""
        async with self.transaction() as db:
            for seat, user_id in enumerate(order):
                await db.execute("UPDATE seats SET seat = ? WHERE match_id = ? AND user_id = ?",
                                 (seat, match_id, user_id))
            await self._update(db, match_id, version, status=RUNNING, snapshot=snapshot)
        return await self._must(match_id)

    # --- play ---------------------------------------------------------------------------
    async def record_move(self, match_id: int, *, version: int, seat: int, notation: str,
                          snapshot: dict, status: str = RUNNING,
                          result: dict | None = None) -> int:
        """Append a move and its snapshot in one transaction; returns the new version."""
        async with self.transaction() as db:
            async with db.execute("SELECT COALESCE(MAX(seq), 0) FROM moves WHERE match_id = ?",
                                  (match_id,)) as cur:
                (last_seq,) = await cur.fetchone()
            await self._update(db, match_id, version, status=status, snapshot=snapshot,
                               result=result)
            await db.execute(
                "INSERT INTO moves (match_id, seq, seat, notation, created_at) "
                "VALUES (?, ?, ?, ?, ?)", (match_id, last_seq + 1, seat, notation, now()))
        return version + 1

    async def finish(self, match_id: int, *, version: int, status: str,
                     result: dict | None, resigned_user: int | None = None) -> int:
        """End a match (resignation, abort) without a move; returns the new version."""
        async with self.transaction() as db:
            await self._update(db, match_id, version, status=status, result=result)
            if resigned_user is not None:
                await db.execute("UPDATE seats SET resigned = 1 WHERE match_id = ? "
                                 "AND user_id = ?", (match_id, resigned_user))
        return version + 1

    async def mark_resigned(self, match_id: int, *, version: int, user_id: int) -> int:
        async with self.transaction() as db:
            await self._update(db, match_id, version)
            await db.execute("UPDATE seats SET resigned = 1 WHERE match_id = ? AND user_id = ?",
                             (match_id, user_id))
        return version + 1

    async def moves(self, match_id: int) -> list[MoveRecord]:
        async with self._lock, self.db.execute(
                "SELECT seq, seat, notation, created_at FROM moves WHERE match_id = ? "
                "ORDER BY seq", (match_id,)) as cur:
            rows = await cur.fetchall()
        return [MoveRecord(r["seq"], r["seat"], r["notation"], r["created_at"]) for r in rows]

    # --- reminders ----------------------------------------------------------------------
    async def set_remind_after(self, user_id: int, hours: int) -> None:
        async with self.transaction() as db:
            await db.execute(
                "INSERT INTO user_settings (user_id, remind_after_hours) VALUES (?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET remind_after_hours = excluded."
                "remind_after_hours", (user_id, hours))

    async def remind_after(self, user_ids: Sequence[int]) -> dict[int, int]:
        """The users' reminder delays in hours (users who never set one are left out)."""
        if not user_ids:
            return {}
        marks = ", ".join("?" for _ in user_ids)
        async with self._lock, self.db.execute(
                f"SELECT user_id, remind_after_hours FROM user_settings "
                f"WHERE user_id IN ({marks})", tuple(user_ids)) as cur:
            return {row[0]: row[1] for row in await cur.fetchall()}

    # --- clocks -------------------------------------------------------------------------
    async def set_clock(self, match_id: int, clock: ClockRecord) -> None:
        async with self.transaction() as db:
            await db.execute(
                "INSERT INTO match_clocks (match_id, remind_after_hours, remind_every_hours, "
                "deadline_hours, on_timeout) VALUES (?, ?, ?, ?, ?) ON CONFLICT (match_id) "
                "DO UPDATE SET remind_after_hours = excluded.remind_after_hours, "
                "remind_every_hours = excluded.remind_every_hours, "
                "deadline_hours = excluded.deadline_hours, on_timeout = excluded.on_timeout",
                (match_id, clock.remind_after, clock.remind_every, clock.deadline,
                 clock.on_timeout))

    async def clock(self, match_id: int) -> ClockRecord:
        """The match's clock (the default one if it has no row)."""
        async with self._lock, self.db.execute(
                "SELECT * FROM match_clocks WHERE match_id = ?", (match_id,)) as cur:
            row = await cur.fetchone()
        return _clock(row) if row is not None else ClockRecord()

    async def clocks_to_check(self, at: datetime, limit: int = 500
                              ) -> list[tuple[MatchRecord, ClockRecord]]:
        """Running matches whose turn was not examined yet, or whose next reminder or
        deadline is due by ``at``; with their clocks."""
        async with self._lock:
            async with self.db.execute(
                    "SELECT m.*, c.remind_after_hours, c.remind_every_hours, c.deadline_hours, "
                    "c.on_timeout, c.nudged_at, c.match_id AS clock_id FROM matches m "
                    "LEFT JOIN match_clocks c ON c.match_id = m.id "
                    "WHERE m.status = ? AND (c.match_id IS NULL "
                    "OR c.checked_version <> m.version OR c.next_check_at <= ?) "
                    "ORDER BY m.updated_at LIMIT ?", (RUNNING, stamp(at), limit)) as cur:
                rows = await cur.fetchall()
            out = []
            for row in rows:
                match = _match(row)
                match.seats = await self._seats(match.id)
                out.append((match, _clock(row) if row["clock_id"] is not None
                            else ClockRecord()))
        return out

    async def checked(self, match_id: int, version: int, next_check: datetime | None) -> None:
        """This turn was examined: look again at ``next_check`` (never, if None) or when
        the match changes."""
        async with self.transaction() as db:
            await db.execute(
                "INSERT INTO match_clocks (match_id, checked_version, next_check_at) "
                "VALUES (?, ?, ?) ON CONFLICT (match_id) DO UPDATE SET "
                "checked_version = excluded.checked_version, "
                "next_check_at = excluded.next_check_at",
                (match_id, version, stamp(next_check) if next_check else None))

    async def recheck_user(self, user_id: int) -> None:
        """Examine the user's matches again (their clocks may now fall due sooner)."""
        async with self.transaction() as db:
            await db.execute(
                "UPDATE match_clocks SET checked_version = -1 WHERE match_id IN "
                "(SELECT match_id FROM seats WHERE user_id = ?)", (user_id,))

    async def turn_reminders(self, match_id: int) -> dict[int, TurnReminder]:
        async with self._lock, self.db.execute(
                "SELECT user_id, version, slot, warned FROM turn_reminders WHERE match_id = ?",
                (match_id,)) as cur:
            rows = await cur.fetchall()
        return {r[0]: TurnReminder(r[1], r[2], bool(r[3])) for r in rows}

    async def mark_turn_reminded(self, match_id: int, user_id: int,
                                 sent: TurnReminder) -> None:
        async with self.transaction() as db:
            await db.execute(
                "INSERT INTO turn_reminders (match_id, user_id, version, slot, warned) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT (match_id, user_id) DO UPDATE SET "
                "version = excluded.version, slot = excluded.slot, warned = excluded.warned",
                (match_id, user_id, sent.version, sent.slot, int(sent.warned)))

    async def nudge(self, match_id: int, at: datetime, last_before: datetime) -> bool:
        """Record a nudge at ``at`` unless the match was nudged after ``last_before``;
        True if recorded (one check-and-set, so two nudges at once count once)."""
        async with self.transaction() as db:
            cur = await db.execute(
                "INSERT INTO match_clocks (match_id, nudged_at) VALUES (?, ?) "
                "ON CONFLICT (match_id) DO UPDATE SET nudged_at = excluded.nudged_at "
                "WHERE match_clocks.nudged_at IS NULL OR match_clocks.nudged_at <= ?",
                (match_id, stamp(at), stamp(last_before)))
            return cur.rowcount == 1

    # --- vacations ----------------------------------------------------------------------
    async def vacations(self, user_ids: Sequence[int], ending_after: datetime
                        ) -> dict[int, list[tuple[datetime, datetime]]]:
        """The users' vacations that end after ``ending_after``, by user, oldest first."""
        out: dict[int, list[tuple[datetime, datetime]]] = {u: [] for u in user_ids}
        if not user_ids:
            return out
        marks = ", ".join("?" for _ in user_ids)
        async with self._lock, self.db.execute(
                f"SELECT user_id, starts_at, ends_at FROM vacations WHERE user_id IN ({marks}) "
                f"AND ends_at > ? ORDER BY starts_at", (*user_ids, stamp(ending_after))) as cur:
            for row in await cur.fetchall():
                out[row[0]].append((datetime.fromisoformat(row[1]),
                                    datetime.fromisoformat(row[2])))
        return out

    async def start_vacation(self, user_id: int, starts: datetime, ends: datetime) -> bool:
        """Add a vacation unless one is under way at ``starts``; True if added."""
        async with self.transaction() as db:
            cur = await db.execute(
                "INSERT INTO vacations (user_id, starts_at, ends_at) SELECT ?, ?, ? "
                "WHERE NOT EXISTS (SELECT 1 FROM vacations WHERE user_id = ? "
                "AND starts_at <= ? AND ends_at > ?)",
                (user_id, stamp(starts), stamp(ends), user_id, stamp(starts), stamp(starts)))
            return cur.rowcount == 1

    async def end_vacation(self, user_id: int, at: datetime) -> None:
        """End the user's vacation under way at ``at``, now; their clocks run again."""
        async with self.transaction() as db:
            await db.execute(
                "UPDATE vacations SET ends_at = ? WHERE user_id = ? AND starts_at <= ? "
                "AND ends_at > ?", (stamp(at), user_id, stamp(at), stamp(at)))
            await db.execute(
                "UPDATE match_clocks SET checked_version = -1 WHERE match_id IN "
                "(SELECT match_id FROM seats WHERE user_id = ?)", (user_id,))

    # --- internals ----------------------------------------------------------------------
    async def _must(self, match_id: int) -> MatchRecord:
        match = await self.get_match(match_id)
        if match is None:
            raise KeyError(match_id)
        return match

    async def _status(self, db: aiosqlite.Connection, match_id: int) -> tuple[str, int]:
        async with db.execute("SELECT status, version FROM matches WHERE id = ?",
                              (match_id,)) as cur:
            row = await cur.fetchone()
        if row is None:
            raise KeyError(match_id)
        return row[0], row[1]

    async def _bump(self, db: aiosqlite.Connection, match_id: int) -> None:
        await db.execute("UPDATE matches SET version = version + 1, updated_at = ? WHERE id = ?",
                         (now(), match_id))

    async def _update(self, db: aiosqlite.Connection, match_id: int, version: int, *,
                      status: str | None = None, snapshot: dict | None = None,
                      result: dict | None = None) -> None:
        sets, args = ["version = version + 1", "updated_at = ?"], [now()]
        if status is not None:
            sets.append("status = ?")
            args.append(status)
        if snapshot is not None:
            sets.append("snapshot = ?")
            args.append(json.dumps(snapshot, separators=(",", ":")))
        if result is not None:
            sets.append("result = ?")
            args.append(json.dumps(result))
        cur = await db.execute(
            f"UPDATE matches SET {', '.join(sets)} WHERE id = ? AND version = ?",
            (*args, match_id, version))
        if cur.rowcount != 1:
            raise StaleVersion("the board changed; look again and retry")


def migrations() -> list[tuple[int, str]]:
    """The numbered ``db/migrations/NNN_name.sql`` files, in order."""
    folder = resources.files(__package__).joinpath("migrations")
    found = [(int(f.name.split("_", 1)[0]), f.read_text("utf-8"))
             for f in folder.iterdir() if f.name.endswith(".sql")]
    return sorted(found)


def _statements(sql: str) -> list[str]:
    lines = [line for line in sql.splitlines() if not line.strip().startswith("--")]
    return [s.strip() for s in "\n".join(lines).split(";") if s.strip()]


def _clock(row: aiosqlite.Row) -> ClockRecord:
    return ClockRecord(remind_after=row["remind_after_hours"],
                       remind_every=row["remind_every_hours"], deadline=row["deadline_hours"],
                       on_timeout=row["on_timeout"], nudged_at=row["nudged_at"])


def _match(row: aiosqlite.Row) -> MatchRecord:
    return MatchRecord(
        id=row["id"], guild_id=row["guild_id"], channel_id=row["channel_id"],
        thread_id=row["thread_id"], lobby_message_id=row["lobby_message_id"],
        game=row["game"], options=json.loads(row["options"]), seed=row["seed"],
        status=row["status"], host_id=row["host_id"], version=row["version"],
        snapshot=json.loads(row["snapshot"]) if row["snapshot"] else None,
        result=json.loads(row["result"]) if row["result"] else None,
        created_at=row["created_at"], updated_at=row["updated_at"])
