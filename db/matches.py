"""The queries of matches: creation, listing, the lobby and the move log."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import db.records as records
from db.base import (
    Queries,
    Tx,
    bump,
    dumps,
    loads,
    match_of,
    matches_with_seats,
    scalar,
    seats_of,
    set_given,
    status_of,
    update,
)
from db.records import (
    LOBBY,
    OPEN_STATUSES,
    RUNNING,
    Full,
    MatchRecord,
    MoveRecord,
    StaleVersion,
)


class MatchQueries(Queries):
    # --- matches ------------------------------------------------------------------------
    async def create_match(self, *, guild_id: int | None, channel_id: int | None, game: str,
                           options: dict[str, Any], seed: int, host_id: int,
                           host_name: str, seat_host: bool = True,
                           hosted: bool = False) -> MatchRecord:
        """A new match in its lobby; ``hosted``: without a thread (migration 021)."""
        at = records.now()
        async with self.transaction() as tx:
            match_id = await tx.insert(
                "INSERT INTO matches (guild_id, channel_id, game, options, seed, status, "
                "host_id, created_at, updated_at, hosted) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                guild_id, channel_id, game, dumps(options), seed, LOBBY, host_id, at, at,
                int(hosted))
            if seat_host:
                await tx.execute(
                    "INSERT INTO seats (match_id, user_id, display_name, joined_at) "
                    "VALUES (?, ?, ?, ?)", match_id, host_id, host_name, at)
        return await self._must(match_id)

    async def get_match(self, match_id: int) -> MatchRecord | None:
        async with self.reading(consistent=True) as tx:
            row = await tx.fetchrow("SELECT * FROM matches WHERE id = ?", match_id)
            if row is None:
                return None
            match = match_of(row)
            match.seats = await seats_of(tx, match_id)
        return match

    async def find_matches(self, *, guild_id: int | None = None, channel_id: int | None = None,
                           thread_id: int | None = None, user_id: int | None = None,
                           statuses: Sequence[str] = OPEN_STATUSES,
                           limit: int = 50) -> list[MatchRecord]:
        """Matches by guild, channel (or thread) and/or seated user, newest first."""
        where = [f"m.status IN ({', '.join('?' for _ in statuses)})"]
        args: list[object] = list(statuses)
        for column, value in (("m.guild_id", guild_id), ("m.channel_id", channel_id),
                              ("m.thread_id", thread_id)):
            if value is not None:
                where.append(f"{column} = ?")
                args.append(value)
        if user_id is not None and not set(statuses) <= set(OPEN_STATUSES):
            # Finished matches are many (a server's grow for years): read the member's
            # seats newest first until ``limit`` are found (seats_by_user_match).
            sql = ("SELECT m.* FROM seats s CROSS JOIN matches m WHERE m.id = s.match_id "
                   f"AND s.user_id = ? AND {' AND '.join(where)} "
                   "ORDER BY s.match_id DESC LIMIT ?")
            args.insert(0, user_id)
        else:  # open matches are few in a server: found by its index
            if user_id is not None:
                where.append("EXISTS (SELECT 1 FROM seats s WHERE s.match_id = m.id "
                             "AND s.user_id = ?)")
                args.append(user_id)
            sql = (f"SELECT m.* FROM matches m WHERE {' AND '.join(where)} "
                   "ORDER BY m.id DESC LIMIT ?")
        async with self.reading(consistent=True) as tx:
            return await matches_with_seats(tx, await tx.fetch(sql, *args, limit))

    async def set_places(self, match_id: int, *, thread_id: int | None = None,
                         lobby_message_id: int | None = None) -> None:
        """Remember where the match lives in Discord (no version bump: not game state)."""
        async with self.transaction() as tx:
            await set_given(tx, "matches", match_id, thread_id=thread_id,
                            lobby_message_id=lobby_message_id)

    # --- lobby --------------------------------------------------------------------------
    async def add_seat(self, match_id: int, *, user_id: int, display_name: str,
                       capacity: int, is_ai: bool = False) -> MatchRecord:
        """Seat a user in a lobby; raises :class:`Full` past ``capacity``."""
        async with self.transaction() as tx:
            if await status_of(tx, match_id) != LOBBY:
                raise StaleVersion("the match is no longer in its lobby")
            count = await scalar(tx, "SELECT COUNT(*) FROM seats WHERE match_id = ?",
                                 match_id)
            if count >= capacity:
                raise Full(f"the match is full ({capacity} players)")
            await tx.execute(
                "INSERT INTO seats (match_id, user_id, display_name, is_ai, joined_at) "
                "VALUES (?, ?, ?, ?, ?)", match_id, user_id, display_name, int(is_ai),
                records.now())
            await bump(tx, match_id)
        return await self._must(match_id)

    async def remove_seat(self, match_id: int, user_id: int) -> MatchRecord:
        async with self.transaction() as tx:
            if await status_of(tx, match_id) != LOBBY:
                raise StaleVersion("the match is no longer in its lobby")
            await tx.execute("DELETE FROM seats WHERE match_id = ? AND user_id = ?",
                             match_id, user_id)
            await bump(tx, match_id)
        return await self._must(match_id)

    async def start_match(self, match_id: int, *, version: int, order: Sequence[int],
                          snapshot: dict[str, Any]) -> MatchRecord:
        """Give seats 0..n-1 to ``order`` (user ids) and store the first snapshot."""
        async with self.transaction() as tx:
            await update(tx, match_id, version, status=RUNNING, snapshot=snapshot)
            for seat, user_id in enumerate(order):
                await tx.execute("UPDATE seats SET seat = ? WHERE match_id = ? AND user_id = ?",
                                 seat, match_id, user_id)
            # Every running match has a clock row: the clock pass claims rows.
            await tx.execute("INSERT INTO match_clocks (match_id) VALUES (?) "
                             "ON CONFLICT (match_id) DO NOTHING", match_id)
        return await self._must(match_id)

    # --- play ---------------------------------------------------------------------------
    async def record_move(self, match_id: int, *, version: int, seat: int, notation: str,
                          snapshot: dict[str, Any], status: str = RUNNING,
                          result: dict[str, Any] | None = None, marks: Sequence[str] = (),
                          said: str = "", banks: Mapping[int, int] | None = None,
                          spent: Mapping[int, int] | None = None,
                          turn_began: str | None = None) -> int:
        """Append a move and its snapshot in one transaction; returns the new version.
        ``marks`` and ``said``: what the move showed everyone (see :class:`MoveRecord`);
        ``banks``: the seats' time banks it changed (seat → seconds), ``spent``: the same
        banks before any increment the move earned. Both are kept with the move, with the
        banks before it, so that taking it back puts them back (:meth:`take_back`).
        ``turn_began``: when the move's turn began (the match's ``updated_at``)."""
        async with self.transaction() as tx:
            # The versioned update first: it locks the match row, so the log read next
            # cannot change under this transaction.
            await update(tx, match_id, version, status=status, snapshot=snapshot,
                         result=result)
            last_seq = await scalar(
                tx, "SELECT COALESCE(MAX(seq), 0) FROM moves WHERE match_id = ?", match_id)
            undo = await banks_undo(tx, match_id, banks or {}, spent or banks or {})
            await tx.execute(
                "INSERT INTO moves (match_id, seq, seat, notation, created_at, marks, said, "
                "banks, turn_began) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", match_id,
                last_seq + 1, seat, notation, records.now(), dumps(list(marks)), said, undo,
                turn_began)
            for seat_number, seconds in (banks or {}).items():
                await tx.execute("UPDATE seats SET bank_seconds = ? WHERE match_id = ? "
                                 "AND seat = ?", seconds, match_id, seat_number)
        return version + 1

    async def finish(self, match_id: int, *, version: int, status: str,
                     result: dict[str, Any] | None, resigned_user: int | None = None) -> int:
        """End a match (resignation, abort) without a move; returns the new version."""
        async with self.transaction() as tx:
            await update(tx, match_id, version, status=status, result=result)
            if resigned_user is not None:
                await tx.execute("UPDATE seats SET resigned = 1 WHERE match_id = ? "
                                 "AND user_id = ?", match_id, resigned_user)
        return version + 1

    async def mark_resigned(self, match_id: int, *, version: int, user_id: int) -> int:
        """A player resigns and the match goes on: the turn in progress keeps its start
        (if it was theirs, the bot's move for them starts the next)."""
        async with self.transaction() as tx:
            await update(tx, match_id, version, turn_changed=False)
            # The turn goes on, and so do its reminders: none is sent twice.
            await tx.execute("UPDATE turn_reminders SET version = ? WHERE match_id = ? "
                             "AND version = ?", version + 1, match_id, version)
            await tx.execute("UPDATE seats SET resigned = 1 WHERE match_id = ? AND user_id = ?",
                             match_id, user_id)
        return version + 1

    async def moves(self, match_id: int) -> list[MoveRecord]:
        async with self.reading() as tx:
            rows = await tx.fetch("SELECT seq, seat, notation, created_at, marks, said, "
                                  "turn_began FROM moves WHERE match_id = ? ORDER BY seq",
                                  match_id)
        return [MoveRecord(r["seq"], r["seat"], r["notation"], r["created_at"],
                           loads(r["marks"]), r["said"], r["turn_began"]) for r in rows]

    # --- internals ----------------------------------------------------------------------
    async def _must(self, match_id: int) -> MatchRecord:
        match = await self.get_match(match_id)
        if match is None:
            raise KeyError(match_id)
        return match


async def banks_undo(tx: Tx, match_id: int, banks: Mapping[int, int],
                     spent: Mapping[int, int]) -> str | None:
    """What a move does to the time banks, as JSON for its ``moves.banks``: each changed
    seat's bank before it and after the turn's time (None when it changes none)."""
    if not banks:
        return None
    rows = await tx.fetch("SELECT seat, bank_seconds FROM seats WHERE match_id = ? "
                          "AND seat IS NOT NULL", match_id)
    before = {row["seat"]: row["bank_seconds"] for row in rows if row["seat"] in banks}
    return dumps({"before": before, "spent": {s: spent.get(s, banks[s]) for s in banks}})
