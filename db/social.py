"""Store queries for undo, the "your turn" overview and ratings (migration 004).

:class:`SocialStore` is a mixin of :class:`db.store.SqliteStore`: it uses the store's
connection, lock and transactions, and knows no rules. Undo requests and ratings are
rows, so a restart loses neither; each write is one transaction.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import asyncio
    from contextlib import AbstractAsyncContextManager

    import aiosqlite

    from db.store import MatchRecord, SeatRecord

Rating = tuple[float, float]
"""(mu, sigma)."""


@dataclass
class UndoRequest:
    """A player's request to take back moves from ``from_seq`` on, at ``version``."""

    match_id: int
    version: int
    user_id: int
    from_seq: int
    consents: list[int] = field(default_factory=list)
    created_at: str = ""


@dataclass
class Standing:
    """One line of a leaderboard."""

    user_id: int
    mu: float
    sigma: float
    games: int

    @property
    def ordinal(self) -> float:
        """The conservative rating shown to players: mu − 3σ."""
        return self.mu - 3 * self.sigma


@dataclass
class RatingChange:
    user_id: int
    before: Rating
    after: Rating


RatingRule = Callable[["MatchRecord", bool, dict[int, Rating]],
                      dict[int, tuple[Rating, Rating]]]
"""Given a finished match, whether its host left it rated, and the current ratings of its
players (absent: never rated), each player's rating before and after (empty: the match is
not rated)."""


class SocialStore:
    """Mixed into :class:`db.store.SqliteStore`."""

    if TYPE_CHECKING:
        _lock: asyncio.Lock

        @property
        def db(self) -> aiosqlite.Connection: ...

        def transaction(self) -> AbstractAsyncContextManager[aiosqlite.Connection]: ...

        async def _seats(self, match_id: int) -> list[SeatRecord]: ...

        async def _update(self, db: aiosqlite.Connection, match_id: int, version: int, *,
                          status: str | None = None, snapshot: dict | None = None,
                          result: dict | None = None) -> None: ...

    # --- "your turn" ----------------------------------------------------------------
    async def running_for_user(self, user_id: int, limit: int = 200) -> list[MatchRecord]:
        """Running matches in every guild where the user holds a seat they have not
        resigned, longest unchanged first (one query, then their seats)."""
        from db.store import RUNNING, _match

        async with self._lock:
            async with self.db.execute(
                    "SELECT m.* FROM matches m JOIN seats s ON s.match_id = m.id "
                    "WHERE s.user_id = ? AND s.resigned = 0 AND m.status = ? "
                    "ORDER BY m.updated_at, m.id LIMIT ?", (user_id, RUNNING, limit)) as cur:
                matches = [_match(row) for row in await cur.fetchall()]
            for match in matches:
                match.seats = await self._seats(match.id)
        return matches

    # --- undo -----------------------------------------------------------------------
    async def undo_request(self, match_id: int) -> UndoRequest | None:
        """The newest undo request of a match, if any."""
        async with self._lock, self.db.execute(
                "SELECT * FROM undo_requests WHERE match_id = ? ORDER BY version DESC LIMIT 1",
                (match_id,)) as cur:
            row = await cur.fetchone()
        return _undo(row) if row else None

    async def open_undo_request(self, match_id: int, *, version: int, user_id: int,
                                from_seq: int) -> UndoRequest:
        """Store a request for this version of the match, replacing older ones."""
        from db.store import StaleVersion, now

        async with self.transaction() as db:
            async with db.execute("SELECT version FROM matches WHERE id = ?",
                                  (match_id,)) as cur:
                row = await cur.fetchone()
            if row is None or row[0] != version:
                raise StaleVersion("the board changed; look again and retry")
            await db.execute("DELETE FROM undo_requests WHERE match_id = ?", (match_id,))
            stamp = now()
            await db.execute(
                "INSERT INTO undo_requests (match_id, version, user_id, from_seq, consents, "
                "created_at) VALUES (?, ?, ?, ?, '[]', ?)",
                (match_id, version, user_id, from_seq, stamp))
        return UndoRequest(match_id, version, user_id, from_seq, [], stamp)

    async def consent_undo(self, match_id: int, version: int, user_id: int) -> UndoRequest | None:
        """Add a consent to the request at ``version``; None if there is none."""
        async with self.transaction() as db:
            async with db.execute(
                    "SELECT * FROM undo_requests WHERE match_id = ? AND version = ?",
                    (match_id, version)) as cur:
                row = await cur.fetchone()
            if row is None:
                return None
            request = _undo(row)
            if user_id not in request.consents:
                request.consents.append(user_id)
            await db.execute(
                "UPDATE undo_requests SET consents = ? WHERE match_id = ? AND version = ?",
                (json.dumps(request.consents), match_id, version))
        return request

    async def drop_undo_requests(self, match_id: int) -> None:
        async with self.transaction() as db:
            await db.execute("DELETE FROM undo_requests WHERE match_id = ?", (match_id,))

    async def take_back(self, match_id: int, *, version: int, from_seq: int,
                        snapshot: dict) -> int:
        """Delete moves ``from_seq`` onwards and store the snapshot rebuilt from the rest of
        the log, in one transaction with the version check; returns the new version."""
        async with self.transaction() as db:
            await self._update(db, match_id, version, snapshot=snapshot)
            await db.execute("DELETE FROM moves WHERE match_id = ? AND seq >= ?",
                             (match_id, from_seq))
            await db.execute("DELETE FROM undo_requests WHERE match_id = ?", (match_id,))
        return version + 1

    # --- ratings --------------------------------------------------------------------
    async def set_rated(self, match_id: int, rated: bool) -> None:
        async with self.transaction() as db:
            await db.execute("UPDATE matches SET rated = ? WHERE id = ?", (int(rated), match_id))

    async def is_rated(self, match_id: int) -> bool:
        async with self._lock, self.db.execute("SELECT rated FROM matches WHERE id = ?",
                                               (match_id,)) as cur:
            row = await cur.fetchone()
        return bool(row and row[0])

    async def unsettled_finishes(self, limit: int = 100) -> list[int]:
        """Finished matches whose rating is not settled yet, oldest finish first."""
        from db.store import FINISHED

        async with self._lock, self.db.execute(
                "SELECT id FROM matches WHERE status = ? AND rating_applied = 0 "
                "ORDER BY updated_at, id LIMIT ?", (FINISHED, limit)) as cur:
            return [row[0] for row in await cur.fetchall()]

    async def settle_rating(self, match_id: int, rule: RatingRule) -> list[RatingChange] | None:
        """Rate a finished match exactly once: read, compute and write in one transaction
        that also sets the match's ``rating_applied`` flag. None if it was settled before
        (or is not finished); an empty list if it is not rated."""
        from db.store import FINISHED, _match

        async with self.transaction() as db:
            async with db.execute("SELECT * FROM matches WHERE id = ?", (match_id,)) as cur:
                row = await cur.fetchone()
            if row is None or row["status"] != FINISHED or row["rating_applied"]:
                return None
            match = _match(row)
            match.seats = await self._seats(match_id)
            users = [s.user_id for s in match.by_seat()]
            current = await self._ratings(db, match.guild_id, match.game, users)
            new = rule(match, bool(row["rated"]), current) if match.guild_id is not None else {}
            changes = []
            for user_id, (old, (mu, sigma)) in new.items():
                await db.execute(
                    "INSERT INTO ratings (guild_id, game, user_id, mu, sigma, games, updated_at) "
                    "VALUES (?, ?, ?, ?, ?, 1, ?) ON CONFLICT (guild_id, game, user_id) DO "
                    "UPDATE SET mu = excluded.mu, sigma = excluded.sigma, "
                    "games = ratings.games + 1, updated_at = excluded.updated_at",
                    (match.guild_id, match.game, user_id, mu, sigma, match.updated_at))
                await db.execute(
                    "INSERT INTO rating_changes (match_id, user_id, before_mu, before_sigma, "
                    "after_mu, after_sigma) VALUES (?, ?, ?, ?, ?, ?)",
                    (match_id, user_id, old[0], old[1], mu, sigma))
                changes.append(RatingChange(user_id, old, (mu, sigma)))
            await db.execute("UPDATE matches SET rating_applied = 1 WHERE id = ?", (match_id,))
        return changes

    async def _ratings(self, db: aiosqlite.Connection, guild_id: int | None, game: str,
                       users: list[int]) -> dict[int, Rating]:
        if guild_id is None or not users:
            return {}
        marks = ", ".join("?" for _ in users)
        async with db.execute(
                f"SELECT user_id, mu, sigma FROM ratings WHERE guild_id = ? AND game = ? "
                f"AND user_id IN ({marks})", (guild_id, game, *users)) as cur:
            return {r[0]: (r[1], r[2]) for r in await cur.fetchall()}

    async def rating_changes(self, match_id: int) -> list[RatingChange]:
        async with self._lock, self.db.execute(
                "SELECT * FROM rating_changes WHERE match_id = ? ORDER BY rowid",
                (match_id,)) as cur:
            rows = await cur.fetchall()
        return [RatingChange(r["user_id"], (r["before_mu"], r["before_sigma"]),
                             (r["after_mu"], r["after_sigma"])) for r in rows]

    async def standings(self, guild_id: int, game: str) -> list[Standing]:
        """Every rated player of a game in a guild, best conservative rating first."""
        async with self._lock, self.db.execute(
                "SELECT user_id, mu, sigma, games FROM ratings WHERE guild_id = ? AND game = ? "
                "ORDER BY mu - 3 * sigma DESC, games DESC, user_id", (guild_id, game)) as cur:
            rows = await cur.fetchall()
        return [Standing(r[0], r[1], r[2], r[3]) for r in rows]

    async def display_names(self, user_ids: list[int], guild_id: int) -> dict[int, str]:
        """Each user's most recent display name in a guild's matches."""
        if not user_ids:
            return {}
        marks = ", ".join("?" for _ in user_ids)
        async with self._lock, self.db.execute(
                f"SELECT s.user_id, s.display_name FROM seats s JOIN matches m "
                f"ON m.id = s.match_id WHERE s.user_id IN ({marks}) AND m.guild_id = ? "
                f"ORDER BY s.joined_at", (*user_ids, guild_id)) as cur:
            return {r[0]: r[1] for r in await cur.fetchall()}


def _undo(row: aiosqlite.Row) -> UndoRequest:
    return UndoRequest(match_id=row["match_id"], version=row["version"], user_id=row["user_id"],
                       from_seq=row["from_seq"], consents=list(json.loads(row["consents"])),
                       created_at=row["created_at"])
