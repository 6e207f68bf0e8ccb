"""The queries of undo requests, the "your turn" overview and ratings (migration 004).

Undo requests and ratings are rows, so a restart loses neither; each write is one
transaction, and the read-then-write ones lock what they read (``tx.for_update``).
"""

from __future__ import annotations

from typing import Any

import db.records as records
from db.base import (
    STALE,
    Queries,
    Row,
    Tx,
    dumps,
    loads,
    marks,
    match_of,
    matches_with_seats,
    seats_of,
    update,
)
from db.privacy import is_deleted
from db.records import (
    FINISHED,
    RUNNING,
    MatchRecord,
    Rating,
    RatingChange,
    RatingRule,
    StaleVersion,
    Standing,
    UndoRequest,
)

# Names callers import from here today.
__all__ = ["Rating", "RatingChange", "RatingRule", "SocialQueries", "Standing", "UndoRequest"]


class SocialQueries(Queries):
    # --- "your turn" ----------------------------------------------------------------
    async def running_for_user(self, user_id: int, limit: int = 200) -> list[MatchRecord]:
        """Running matches in every guild where the user holds a seat they have not
        resigned, longest unchanged first (one query, then their seats). Read from the
        user's seats (seats_by_user_match), not from every running match of the store."""
        async with self.reading(consistent=True) as tx:
            rows = await tx.fetch(
                "SELECT m.* FROM seats s CROSS JOIN matches m WHERE m.id = s.match_id "
                "AND s.user_id = ? AND s.resigned = 0 AND m.status = ? "
                "ORDER BY m.updated_at, m.id LIMIT ?", user_id, RUNNING, limit)
            return await matches_with_seats(tx, rows)

    # --- undo -----------------------------------------------------------------------
    async def undo_request(self, match_id: int) -> UndoRequest | None:
        """The newest undo request of a match, if any."""
        async with self.reading() as tx:
            row = await tx.fetchrow("SELECT * FROM undo_requests WHERE match_id = ? "
                                    "ORDER BY version DESC LIMIT 1", match_id)
        return undo_of(row) if row else None

    async def open_undo_request(self, match_id: int, *, version: int, user_id: int,
                                from_seq: int) -> UndoRequest:
        """Store a request for this version of the match, replacing older ones."""
        async with self.transaction() as tx:
            row = await tx.fetchrow(
                f"SELECT version FROM matches WHERE id = ?{tx.for_update}", match_id)
            if row is None or row[0] != version:
                raise StaleVersion(STALE)
            await tx.execute("DELETE FROM undo_requests WHERE match_id = ?", match_id)
            at = records.now()
            await tx.execute(
                "INSERT INTO undo_requests (match_id, version, user_id, from_seq, consents, "
                "created_at) VALUES (?, ?, ?, ?, '[]', ?)",
                match_id, version, user_id, from_seq, at)
        return UndoRequest(match_id, version, user_id, from_seq, [], at)

    async def consent_undo(self, match_id: int, version: int, user_id: int) -> UndoRequest | None:
        """Add a consent to the request at ``version``; None if there is none."""
        async with self.transaction() as tx:
            row = await tx.fetchrow(
                f"SELECT * FROM undo_requests WHERE match_id = ? AND version = ?"
                f"{tx.for_update}", match_id, version)
            if row is None:
                return None
            request = undo_of(row)
            if user_id not in request.consents:
                request.consents.append(user_id)
            await tx.execute(
                "UPDATE undo_requests SET consents = ? WHERE match_id = ? AND version = ?",
                dumps(request.consents), match_id, version)
        return request

    async def drop_undo_requests(self, match_id: int) -> None:
        async with self.transaction() as tx:
            await tx.execute("DELETE FROM undo_requests WHERE match_id = ?", match_id)

    async def take_back(self, match_id: int, *, version: int, from_seq: int,
                        snapshot: dict[str, Any], turn_began: str | None = None) -> int:
        """Delete moves ``from_seq`` onwards and store the snapshot rebuilt from the rest of
        the log, in one transaction with the version check; returns the new version.
        The time banks go back to what they were when move ``from_seq`` was made: the
        time its turn took stays spent, the increment it earned goes (the turn that
        follows starts afresh, so no time is given back either). ``turn_began``: when
        the turn that follows counts as begun (default now)."""
        async with self.transaction() as tx:
            await update(tx, match_id, version, snapshot=snapshot, turn_began=turn_began)
            rows = await tx.fetch("SELECT banks FROM moves WHERE match_id = ? AND seq >= ? "
                                  "ORDER BY seq DESC", match_id, from_seq)
            restored: dict[str, int | None] = {}
            for row in rows:  # the latest first, so the taken-back move's own values win
                banks = loads(row["banks"]) if row["banks"] is not None else {}
                restored.update(banks.get("before", {}))
            if rows and rows[-1]["banks"] is not None:
                restored.update(loads(rows[-1]["banks"])["spent"])
            for seat, seconds in restored.items():
                await tx.execute("UPDATE seats SET bank_seconds = ? WHERE match_id = ? "
                                 "AND seat = ?", seconds, match_id, int(seat))
            await tx.execute("DELETE FROM moves WHERE match_id = ? AND seq >= ?",
                             match_id, from_seq)
            await tx.execute("DELETE FROM undo_requests WHERE match_id = ?", match_id)
        return version + 1

    # --- ratings --------------------------------------------------------------------
    async def set_rated(self, match_id: int, rated: bool) -> None:
        async with self.transaction() as tx:
            await tx.execute("UPDATE matches SET rated = ? WHERE id = ?", int(rated), match_id)

    async def set_lesson(self, match_id: int) -> None:
        """Mark a match as its game's lesson (before it starts)."""
        async with self.transaction() as tx:
            await tx.execute("UPDATE matches SET lesson = 1 WHERE id = ?", match_id)

    async def is_rated(self, match_id: int) -> bool:
        async with self.reading() as tx:
            row = await tx.fetchrow("SELECT rated FROM matches WHERE id = ?", match_id)
        return bool(row and row[0])

    async def unsettled_finishes(self, limit: int = 100) -> list[int]:
        """Finished matches whose rating is not settled yet, oldest finish first."""
        async with self.reading() as tx:
            rows = await tx.fetch("SELECT id FROM matches WHERE status = ? AND "
                                  "rating_applied = 0 ORDER BY updated_at, id LIMIT ?",
                                  FINISHED, limit)
        return [row[0] for row in rows]

    async def settle_rating(self, match_id: int, rule: RatingRule) -> list[RatingChange] | None:
        """Rate a finished match exactly once: read, compute and write in one transaction
        that also sets the match's ``rating_applied`` flag. None if it was settled before
        (or is not finished); an empty list if it is not rated."""
        async with self.transaction() as tx:
            row = await tx.fetchrow(f"SELECT * FROM matches WHERE id = ?{tx.for_update}",
                                    match_id)
            if row is None or row["status"] != FINISHED or row["rating_applied"]:
                return None
            match = match_of(row)
            match.seats = await seats_of(tx, match_id)
            users = [s.user_id for s in match.by_seat()]
            if match.guild_id is not None:  # one settlement at a time per leaderboard
                await tx.lock(f"ratings:{match.guild_id}:{match.game}")
            current = await ratings_of(tx, match.guild_id, match.game, users)
            new = rule(match, bool(row["rated"]), current) if match.guild_id is not None else {}
            changes = []
            for user_id, (old, (mu, sigma)) in new.items():
                if is_deleted(user_id):  # who deleted their data keeps no rating
                    continue
                await tx.execute(
                    "INSERT INTO ratings (guild_id, game, user_id, mu, sigma, games, updated_at) "
                    "VALUES (?, ?, ?, ?, ?, 1, ?) ON CONFLICT (guild_id, game, user_id) DO "
                    "UPDATE SET mu = excluded.mu, sigma = excluded.sigma, "
                    "games = ratings.games + 1, updated_at = excluded.updated_at",
                    match.guild_id, match.game, user_id, mu, sigma, match.updated_at)
                await tx.execute(
                    "INSERT INTO rating_changes (match_id, user_id, before_mu, before_sigma, "
                    "after_mu, after_sigma) VALUES (?, ?, ?, ?, ?, ?)",
                    match_id, user_id, old[0], old[1], mu, sigma)
                changes.append(RatingChange(user_id, old, (mu, sigma)))
            await tx.execute("UPDATE matches SET rating_applied = 1 WHERE id = ?", match_id)
        return changes

    async def rating_changes(self, match_id: int) -> list[RatingChange]:
        async with self.reading() as tx:
            rows = await tx.fetch("SELECT * FROM rating_changes WHERE match_id = ? "
                                  "ORDER BY rowid", match_id)
        return [RatingChange(r["user_id"], (r["before_mu"], r["before_sigma"]),
                             (r["after_mu"], r["after_sigma"])) for r in rows]

    async def standings(self, guild_id: int, game: str) -> list[Standing]:
        """Every rated player of a game in a guild, best conservative rating first."""
        async with self.reading() as tx:
            rows = await tx.fetch(
                "SELECT user_id, mu, sigma, games FROM ratings WHERE guild_id = ? AND game = ? "
                "ORDER BY mu - 3 * sigma DESC, games DESC, user_id", guild_id, game)
        return [Standing(r[0], r[1], r[2], r[3]) for r in rows]

    async def display_names(self, user_ids: list[int], guild_id: int) -> dict[int, str]:
        """Each user's most recent display name in a guild's matches."""
        if not user_ids:
            return {}
        names = {}
        async with self.reading() as tx:
            for user_id in dict.fromkeys(user_ids):  # one seat each (seats_by_user_joined)
                row = await tx.fetchrow(
                    "SELECT s.display_name FROM seats s CROSS JOIN matches m "
                    "WHERE m.id = s.match_id AND s.user_id = ? AND m.guild_id = ? "
                    "ORDER BY s.joined_at DESC, s.rowid DESC LIMIT 1", user_id, guild_id)
                if row is not None:
                    names[user_id] = row[0]
        return names


async def ratings_of(tx: Tx, guild_id: int | None, game: str,
                     users: list[int]) -> dict[int, Rating]:
    if guild_id is None or not users:
        return {}
    rows = await tx.fetch(f"SELECT user_id, mu, sigma FROM ratings WHERE guild_id = ? "
                          f"AND game = ? AND user_id IN ({marks(users)})", guild_id, game, *users)
    return {r[0]: (r[1], r[2]) for r in rows}


def undo_of(row: Row) -> UndoRequest:
    return UndoRequest(match_id=row["match_id"], version=row["version"], user_id=row["user_id"],
                       from_seq=row["from_seq"], consents=list(loads(row["consents"])),
                       created_at=row["created_at"])
