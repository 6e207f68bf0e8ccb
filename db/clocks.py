"""The queries of turn reminders, clocks and vacations (migrations 002 and 003)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from db.base import Queries, clock_of, marks, matches_with_seats, recheck
from db.records import RUNNING, ClockRecord, MatchRecord, TurnReminder, stamp


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
            await tx.execute(
                "INSERT INTO match_clocks (match_id, remind_after_hours, remind_every_hours, "
                "deadline_hours, on_timeout) VALUES (?, ?, ?, ?, ?) ON CONFLICT (match_id) "
                "DO UPDATE SET remind_after_hours = excluded.remind_after_hours, "
                "remind_every_hours = excluded.remind_every_hours, "
                "deadline_hours = excluded.deadline_hours, on_timeout = excluded.on_timeout",
                match_id, clock.remind_after, clock.remind_every, clock.deadline,
                clock.on_timeout)

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
                "SELECT m.*, c.remind_after_hours, c.remind_every_hours, c.deadline_hours, "
                "c.on_timeout, c.nudged_at, c.match_id AS clock_id FROM matches m "
                "LEFT JOIN match_clocks c ON c.match_id = m.id "
                "WHERE m.status = ? AND (c.match_id IS NULL "
                "OR c.checked_version <> m.version OR c.next_check_at <= ?) "
                "ORDER BY m.updated_at, m.id LIMIT ?", RUNNING, stamp(at), limit)
            matches = await matches_with_seats(tx, rows)
        return [(match, clock_of(row) if row["clock_id"] is not None else ClockRecord())
                for match, row in zip(matches, rows, strict=True)]

    async def checked(self, match_id: int, version: int, next_check: datetime | None) -> None:
        """This turn was examined: look again at ``next_check`` (never, if None) or when
        the match changes."""
        async with self.transaction() as tx:
            await tx.execute(
                "INSERT INTO match_clocks (match_id, checked_version, next_check_at) "
                "VALUES (?, ?, ?) ON CONFLICT (match_id) DO UPDATE SET "
                "checked_version = excluded.checked_version, "
                "next_check_at = excluded.next_check_at",
                match_id, version, stamp(next_check) if next_check else None)

    async def recheck_user(self, user_id: int) -> None:
        """Examine the user's matches again (their clocks may now fall due sooner)."""
        async with self.transaction() as tx:
            await recheck(tx, user_id)

    async def turn_reminders(self, match_id: int) -> dict[int, TurnReminder]:
        async with self.reading() as tx:
            rows = await tx.fetch("SELECT user_id, version, slot, warned FROM turn_reminders "
                                  "WHERE match_id = ?", match_id)
        return {r[0]: TurnReminder(r[1], r[2], bool(r[3])) for r in rows}

    async def mark_turn_reminded(self, match_id: int, user_id: int,
                                 sent: TurnReminder) -> None:
        async with self.transaction() as tx:
            await tx.execute(
                "INSERT INTO turn_reminders (match_id, user_id, version, slot, warned) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT (match_id, user_id) DO UPDATE SET "
                "version = excluded.version, slot = excluded.slot, warned = excluded.warned",
                match_id, user_id, sent.version, sent.slot, int(sent.warned))

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
