"""The queries of notifications (migration 014): each person's settings, the notices held
during their quiet hours, follows and mutes, and private notes.

A person's digest and held notices go out once across processes, like the clock pass's
work (:mod:`db.clocks`): :meth:`NotifyQueries.claim_notices` marks the due settings rows
as one worker's until a lease ends (PostgreSQL: ``FOR UPDATE SKIP LOCKED``; SQLite:
``BEGIN IMMEDIATE``), and :meth:`NotifyQueries.notices_sent` records what went out and
ends the claim. A process that dies mid-send leaves its claims to others after the lease.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

from db.base import Queries, Row, marks
from db.records import DueNotices, HeldNotice, NotifySettings, stamp

SETTINGS = "user_id, time_zone, quiet_start, quiet_end, your_turn, digest_hour"


def settings_of(row: Row) -> NotifySettings:
    return NotifySettings(row["user_id"], row["time_zone"], row["quiet_start"],
                          row["quiet_end"], row["your_turn"], row["digest_hour"])


def held_of(row: Row) -> HeldNotice:
    return HeldNotice(row["id"], row["user_id"], row["match_id"], row["kind"], row["held_at"])


class NotifyQueries(Queries):
    # --- settings -----------------------------------------------------------------------
    async def notify_settings(self, user_ids: Sequence[int]) -> dict[int, NotifySettings]:
        """The users' settings (users who never set any are left out)."""
        async with self.reading() as tx:
            rows = await tx.fetch(f"SELECT {SETTINGS} FROM notify_settings WHERE user_id "
                                  f"IN ({marks(user_ids)})", *user_ids) if user_ids else []
        return {row["user_id"]: settings_of(row) for row in rows}

    async def save_notify_settings(self, settings: NotifySettings,
                                   digest_at: datetime | None) -> None:
        """Store the user's settings and when their next digest goes (None: none)."""
        async with self.transaction() as tx:
            await tx.execute(
                "INSERT INTO notify_settings (user_id, time_zone, quiet_start, quiet_end, "
                "your_turn, digest_hour, digest_at) VALUES (?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET time_zone = excluded.time_zone, "
                "quiet_start = excluded.quiet_start, quiet_end = excluded.quiet_end, "
                "your_turn = excluded.your_turn, digest_hour = excluded.digest_hour, "
                "digest_at = excluded.digest_at",
                settings.user_id, settings.time_zone, settings.quiet_start,
                settings.quiet_end, settings.your_turn, settings.digest_hour,
                stamp(digest_at) if digest_at else None)

    # --- held notices -------------------------------------------------------------------
    async def hold_notices(self, notices: Sequence[tuple[int, int, str]], at: datetime,
                           until: dict[int, datetime]) -> None:
        """Hold ``(user, match, kind)`` notices from ``at``; each user's are delivered at
        ``until[user]`` (the end of their quiet hours; an earlier time already set
        stays)."""
        if not notices:
            return
        async with self.transaction() as tx:
            for user_id, match_id, kind in notices:
                await tx.execute("INSERT INTO notify_held (user_id, match_id, kind, held_at) "
                                 "VALUES (?, ?, ?, ?)", user_id, match_id, kind, stamp(at))
            for user_id, when in until.items():
                await tx.execute(
                    "UPDATE notify_settings SET summary_at = ? WHERE user_id = ? "
                    "AND (summary_at IS NULL OR summary_at > ?)",
                    stamp(when), user_id, stamp(when))

    async def held_notices(self, user_id: int) -> list[HeldNotice]:
        async with self.reading() as tx:
            rows = await tx.fetch("SELECT * FROM notify_held WHERE user_id = ? ORDER BY id",
                                  user_id)
        return [held_of(row) for row in rows]

    async def claim_notices(self, at: datetime, worker: str, *, lease: timedelta,
                            limit: int = 100) -> list[DueNotices]:
        """Claim for ``worker`` until ``at + lease`` up to ``limit`` people whose digest or
        held notices are due by ``at`` and that no other worker holds; with their held
        notices."""
        now = stamp(at)
        async with self.transaction() as tx:
            claimed = await tx.fetch(
                "UPDATE notify_settings SET claimed_by = ?, claimed_until = ? "
                "WHERE user_id IN (SELECT c.user_id FROM notify_settings c "
                "WHERE (c.digest_at <= ? OR c.summary_at <= ?) "
                "AND (c.claimed_until IS NULL OR c.claimed_until <= ? OR c.claimed_by = ?) "
                f"ORDER BY c.user_id LIMIT ?{tx.skip_locked}) "
                f"RETURNING {SETTINGS}, digest_at, summary_at",
                worker, stamp(at + lease), now, now, now, worker, limit)
            ids = [row["user_id"] for row in claimed]
            held: dict[int, list[HeldNotice]] = {u: [] for u in ids}
            if ids:
                for row in await tx.fetch(f"SELECT * FROM notify_held WHERE user_id IN "
                                          f"({marks(ids)}) ORDER BY id", *ids):
                    held[row["user_id"]].append(held_of(row))
        out = []
        for row in sorted(claimed, key=lambda r: r["user_id"]):
            summary_due = row["summary_at"] is not None and row["summary_at"] <= now
            digest_due = row["digest_at"] is not None and row["digest_at"] <= now
            out.append(DueNotices(settings_of(row), digest_due,
                                  held[row["user_id"]] if summary_due else [],
                                  row["digest_at"]))
        return out

    async def notices_sent(self, user_id: int, worker: str, *, held_upto: int | None,
                           digest_at: datetime | None, digest_sent: bool) -> None:
        """Record what went out: the held notices up to id ``held_upto``, and the digest
        (the next at ``digest_at``) if ``digest_sent``; end ``worker``'s claim."""
        async with self.transaction() as tx:
            if held_upto is not None:
                await tx.execute("DELETE FROM notify_held WHERE user_id = ? AND id <= ?",
                                 user_id, held_upto)
                await tx.execute(
                    "UPDATE notify_settings SET summary_at = NULL WHERE user_id = ? AND NOT "
                    "EXISTS (SELECT 1 FROM notify_held h WHERE h.user_id = ?)",
                    user_id, user_id)
            if digest_sent:
                await tx.execute("UPDATE notify_settings SET digest_at = ? WHERE user_id = ?",
                                 stamp(digest_at) if digest_at else None, user_id)
            await tx.execute(
                "UPDATE notify_settings SET claimed_by = NULL, claimed_until = NULL "
                "WHERE user_id = ? AND claimed_by = ?", user_id, worker)

    # --- follows and mutes --------------------------------------------------------------
    async def set_follow(self, match_id: int, user_id: int, mode: str | None) -> None:
        """Follow a match (``end``, ``moves``), mute it (``mute``) or neither (None)."""
        async with self.transaction() as tx:
            if mode is None:
                await tx.execute("DELETE FROM match_follows WHERE match_id = ? AND "
                                 "user_id = ?", match_id, user_id)
                return
            await tx.execute(
                "INSERT INTO match_follows (match_id, user_id, mode) VALUES (?, ?, ?) "
                "ON CONFLICT (match_id, user_id) DO UPDATE SET mode = excluded.mode",
                match_id, user_id, mode)

    async def follows(self, match_id: int) -> dict[int, str]:
        """Who follows or mutes the match, and how, by user."""
        async with self.reading() as tx:
            rows = await tx.fetch("SELECT user_id, mode FROM match_follows WHERE "
                                  "match_id = ?", match_id)
        return {row[0]: row[1] for row in rows}

    # --- private notes ------------------------------------------------------------------
    async def set_note(self, match_id: int, user_id: int, note: str | None) -> None:
        """Keep the player's note on the match (None or empty: forget it)."""
        async with self.transaction() as tx:
            if not note:
                await tx.execute("DELETE FROM match_notes WHERE match_id = ? AND "
                                 "user_id = ?", match_id, user_id)
                return
            await tx.execute(
                "INSERT INTO match_notes (match_id, user_id, note) VALUES (?, ?, ?) "
                "ON CONFLICT (match_id, user_id) DO UPDATE SET note = excluded.note",
                match_id, user_id, note)

    async def note(self, match_id: int, user_id: int) -> str | None:
        async with self.reading() as tx:
            row = await tx.fetchrow("SELECT note FROM match_notes WHERE match_id = ? AND "
                                    "user_id = ?", match_id, user_id)
        return str(row[0]) if row is not None else None
