"""The queries of turn reminders, clocks, claims and vacations (migrations 002, 003, 007,
009: time banks and weekend pauses).

Claims (migration 007): several processes may run the clock pass over one database.
:meth:`ClockQueries.claim_due` marks a batch of due clock rows as the worker's until a
lease ends, in one transaction (PostgreSQL: ``FOR UPDATE SKIP LOCKED``, so two claims at
once take disjoint rows; SQLite: ``BEGIN IMMEDIATE``, one writer at a time); the worker
does the match's timed work and :meth:`~ClockQueries.checked` or
:meth:`~ClockQueries.release` ends the claim. A worker may claim its own rows again; any
worker may take rows whose lease has run out (a process that died mid-pass).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from db.base import (
    Queries,
    Tx,
    clock_of,
    marks,
    match_of,
    matches_with_seats,
    recheck,
    seats_of_many,
)
from db.records import RUNNING, ClockRecord, MatchRecord, Shards, TurnReminder, stamp

CLOCK_COLUMNS = ("c.remind_after_hours, c.remind_every_hours, c.deadline_hours, "
                 "c.on_timeout, c.nudged_at, c.bank_hours, c.bank_add_hours, c.bank_max_hours, "
                 "c.weekend_pause, c.post_failures, c.post_failing_since, c.posts_stopped_at")


class ClockQueries(Queries):
    # --- reminders ----------------------------------------------------------------------
    async def set_remind_after(self, user_id: int, hours: int) -> None:
        async with self.transaction() as tx:
            await tx.execute(
                "INSERT INTO user_settings (user_id, remind_after_hours) VALUES (?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET remind_after_hours = excluded."
                "remind_after_hours", user_id, hours)

    async def remind_after(self, user_ids: Sequence[int]) -> dict[int, int]:
        """The users' reminder delays in hours (users who never set one are left out)."""
        if not user_ids:
            return {}
        async with self.reading() as tx:
            rows = await tx.fetch(f"SELECT user_id, remind_after_hours FROM user_settings "
                                  f"WHERE user_id IN ({marks(user_ids)})", *user_ids)
        return {row[0]: row[1] for row in rows}

    # --- clocks -------------------------------------------------------------------------
    async def set_clock(self, match_id: int, clock: ClockRecord) -> None:
        async with self.transaction() as tx:
            await write_clock(tx, match_id, clock)

    async def clock(self, match_id: int) -> ClockRecord:
        """The match's clock (the default one if it has no row)."""
        async with self.reading() as tx:
            row = await tx.fetchrow("SELECT * FROM match_clocks WHERE match_id = ?", match_id)
        return clock_of(row) if row is not None else ClockRecord()

    async def clocks_to_check(self, at: datetime, limit: int = 500
                              ) -> list[tuple[MatchRecord, ClockRecord]]:
        """Running matches whose turn was not examined yet, or whose next reminder or
        deadline is due by ``at``; with their clocks."""
        async with self.reading(consistent=True) as tx:
            rows = await tx.fetch(
                f"SELECT m.*, {CLOCK_COLUMNS}, c.match_id AS clock_id FROM matches m "
                "LEFT JOIN match_clocks c ON c.match_id = m.id "
                "WHERE m.status = ? AND (c.match_id IS NULL "
                "OR c.checked_version <> m.version OR c.next_check_at <= ?) "
                "ORDER BY m.updated_at, m.id LIMIT ?", RUNNING, stamp(at), limit)
            matches = await matches_with_seats(tx, rows)
        return [(match, clock_of(row) if row["clock_id"] is not None else ClockRecord())
                for match, row in zip(matches, rows, strict=True)]

    async def claim_due(self, at: datetime, worker: str, *, lease: timedelta,
                        limit: int = 100, after: tuple[str, int] | None = None,
                        shards: Shards | None = None
                        ) -> list[tuple[MatchRecord, ClockRecord]]:
        """Claim for ``worker`` until ``at + lease`` up to ``limit`` running matches whose
        turn was not examined yet or whose next check is due by ``at``, and that no other
        worker holds; with their clocks, oldest update first. ``after`` (the last claimed
        match's ``(updated_at, id)``) continues a pass; ``shards`` (count, ids) keeps to
        the guilds of those Discord shards (``(guild_id >> 22) % count``; no guild:
        shard 0)."""
        where = ["m.status = ?", "(c.checked_version <> m.version OR c.next_check_at <= ?)",
                 "(c.claimed_until IS NULL OR c.claimed_until <= ? OR c.claimed_by = ?)"]
        args: list[Any] = [RUNNING, stamp(at), stamp(at), worker]
        if after is not None:
            where.append("(m.updated_at > ? OR (m.updated_at = ? AND m.id > ?))")
            args += [after[0], after[0], after[1]]
        if shards is not None:
            count, shard_ids = shards
            if not shard_ids:
                return []
            where.append(f"COALESCE((m.guild_id >> 22) % ?, 0) IN ({marks(shard_ids)})")
            args += [count, *shard_ids]
        async with self.transaction() as tx:
            if after is None:  # a running match without a clock row (older data) gets one
                await tx.execute(
                    "INSERT INTO match_clocks (match_id) SELECT m.id FROM matches m "
                    "WHERE m.status = ? AND NOT EXISTS (SELECT 1 FROM match_clocks c "
                    "WHERE c.match_id = m.id) ON CONFLICT (match_id) DO NOTHING", RUNNING)
            claimed = await tx.fetch(
                f"UPDATE match_clocks SET claimed_by = ?, claimed_until = ? "
                f"WHERE match_id IN (SELECT c.match_id FROM match_clocks c "
                f"JOIN matches m ON m.id = c.match_id WHERE {' AND '.join(where)} "
                f"ORDER BY m.updated_at, m.id LIMIT ?{tx.skip_locked}) RETURNING match_id",
                worker, stamp(at + lease), *args, limit)
            ids = [row[0] for row in claimed]
            if not ids:
                return []
            rows = await tx.fetch(
                f"SELECT m.*, {CLOCK_COLUMNS} FROM matches m JOIN match_clocks c "
                f"ON c.match_id = m.id WHERE m.id IN ({marks(ids)}) "
                f"ORDER BY m.updated_at, m.id", *ids)
            seats = await seats_of_many(tx, ids)
        out = []
        for row in rows:
            match = match_of(row)
            match.seats = seats.get(match.id, [])
            out.append((match, clock_of(row)))
        return out

    async def release(self, match_ids: Sequence[int], worker: str) -> None:
        """End ``worker``'s claims on these matches' clocks (their due-ness is unchanged)."""
        if not match_ids:
            return
        async with self.transaction() as tx:
            await tx.execute(
                f"UPDATE match_clocks SET claimed_by = NULL, claimed_until = NULL "
                f"WHERE claimed_by = ? AND match_id IN ({marks(match_ids)})",
                worker, *match_ids)

    async def checked(self, match_id: int, version: int, next_check: datetime | None,
                      worker: str | None = None) -> None:
        """This turn was examined: look again at ``next_check`` (never, if None) or when
        the match changes. Ends ``worker``'s claim (a claim another worker took since,
        after this one's lease ran out, stays)."""
        async with self.transaction() as tx:
            await tx.execute(
                "INSERT INTO match_clocks (match_id, checked_version, next_check_at) "
                "VALUES (?, ?, ?) ON CONFLICT (match_id) DO UPDATE SET "
                "checked_version = excluded.checked_version, "
                "next_check_at = excluded.next_check_at, "
                "claimed_until = CASE WHEN match_clocks.claimed_by = ? THEN NULL "
                "ELSE match_clocks.claimed_until END, "
                "claimed_by = CASE WHEN match_clocks.claimed_by = ? THEN NULL "
                "ELSE match_clocks.claimed_by END",
                match_id, version, stamp(next_check) if next_check else None,
                worker, worker)

    async def set_post_failures(self, match_id: int, failures: int,
                                since: datetime | None, stopped: datetime | None) -> None:
        """Store the match's reminder failures in a row (0, None, None: posted fine)."""
        async with self.transaction() as tx:
            await tx.execute(
                "UPDATE match_clocks SET post_failures = ?, post_failing_since = ?, "
                "posts_stopped_at = ? WHERE match_id = ?", failures,
                stamp(since) if since else None, stamp(stopped) if stopped else None,
                match_id)

    async def recheck_user(self, user_id: int) -> None:
        """Examine the user's matches again (their clocks may now fall due sooner)."""
        async with self.transaction() as tx:
            await recheck(tx, user_id)

    async def turn_reminders(self, match_id: int) -> dict[int, TurnReminder]:
        async with self.reading() as tx:
            rows = await tx.fetch("SELECT user_id, version, slot, warned, unseen "
                                  "FROM turn_reminders WHERE match_id = ?", match_id)
        return {r[0]: TurnReminder(r[1], r[2], bool(r[3]), bool(r[4])) for r in rows}

    async def mark_turn_reminded(self, match_id: int, user_id: int,
                                 sent: TurnReminder) -> None:
        async with self.transaction() as tx:
            await tx.execute(
                "INSERT INTO turn_reminders (match_id, user_id, version, slot, warned, unseen) "
                "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (match_id, user_id) DO UPDATE SET "
                "version = excluded.version, slot = excluded.slot, warned = excluded.warned, "
                "unseen = excluded.unseen",
                match_id, user_id, sent.version, sent.slot, int(sent.warned), int(sent.unseen))

    async def reminders_seen(self, match_id: int, version: int, user_ids: list[int]) -> None:
        """The unseen reminders of the match's turn ``version`` were shown to these
        players (on a board): they are not shown again."""
        async with self.transaction() as tx:
            for user_id in user_ids:
                await tx.execute("UPDATE turn_reminders SET unseen = 0 WHERE match_id = ? "
                                 "AND user_id = ? AND version = ?", match_id, user_id, version)

    async def nudge(self, match_id: int, at: datetime, last_before: datetime) -> bool:
        """Record a nudge at ``at`` unless the match was nudged after ``last_before``;
        True if recorded (one check-and-set, so two nudges at once count once)."""
        async with self.transaction() as tx:
            changed = await tx.execute(
                "INSERT INTO match_clocks (match_id, nudged_at) VALUES (?, ?) "
                "ON CONFLICT (match_id) DO UPDATE SET nudged_at = excluded.nudged_at "
                "WHERE match_clocks.nudged_at IS NULL OR match_clocks.nudged_at <= ?",
                match_id, stamp(at), stamp(last_before))
        return changed == 1

    # --- vacations ----------------------------------------------------------------------
    async def vacations(self, user_ids: Sequence[int], ending_after: datetime
                        ) -> dict[int, list[tuple[datetime, datetime]]]:
        """The users' vacations that end after ``ending_after``, by user, oldest first."""
        out: dict[int, list[tuple[datetime, datetime]]] = {u: [] for u in user_ids}
        if not user_ids:
            return out
        async with self.reading() as tx:
            rows = await tx.fetch(
                f"SELECT user_id, starts_at, ends_at FROM vacations WHERE user_id IN "
                f"({marks(user_ids)}) AND ends_at > ? ORDER BY starts_at, id",
                *user_ids, stamp(ending_after))
        for row in rows:
            out[row[0]].append((datetime.fromisoformat(row[1]), datetime.fromisoformat(row[2])))
        return out

    async def start_vacation(self, user_id: int, starts: datetime, ends: datetime) -> bool:
        """Add a vacation unless one is under way at ``starts``; True if added."""
        async with self.transaction() as tx:
            await tx.lock(f"vacation:{user_id}")
            added = await tx.execute(
                "INSERT INTO vacations (user_id, starts_at, ends_at) "
                "SELECT CAST(? AS BIGINT), CAST(? AS TEXT), CAST(? AS TEXT) "
                "WHERE NOT EXISTS (SELECT 1 FROM vacations WHERE user_id = ? "
                "AND starts_at <= ? AND ends_at > ?)",
                user_id, stamp(starts), stamp(ends), user_id, stamp(starts), stamp(starts))
        return added == 1

    async def end_vacation(self, user_id: int, at: datetime) -> None:
        """End the user's vacation under way at ``at``, now; their clocks run again."""
        async with self.transaction() as tx:
            await tx.lock(f"vacation:{user_id}")
            await tx.execute(
                "UPDATE vacations SET ends_at = ? WHERE user_id = ? AND starts_at <= ? "
                "AND ends_at > ?", stamp(at), user_id, stamp(at), stamp(at))
            await recheck(tx, user_id)


async def write_clock(tx: Tx, match_id: int, clock: ClockRecord) -> None:
    """Set a match's clock inside the caller's transaction (a tournament table's match is
    made, seated and given its clock in one)."""
    await tx.execute(
        "INSERT INTO match_clocks (match_id, remind_after_hours, remind_every_hours, "
        "deadline_hours, on_timeout, bank_hours, bank_add_hours, bank_max_hours, "
        "weekend_pause) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (match_id) "
        "DO UPDATE SET remind_after_hours = excluded.remind_after_hours, "
        "remind_every_hours = excluded.remind_every_hours, "
        "deadline_hours = excluded.deadline_hours, on_timeout = excluded.on_timeout, "
        "bank_hours = excluded.bank_hours, bank_add_hours = excluded.bank_add_hours, "
        "bank_max_hours = excluded.bank_max_hours, "
        "weekend_pause = excluded.weekend_pause",
        match_id, clock.remind_after, clock.remind_every, clock.deadline,
        clock.on_timeout, clock.bank, clock.bank_add, clock.bank_max,
        int(clock.weekend_pause))
