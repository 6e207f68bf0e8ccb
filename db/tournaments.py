"""The queries of tournaments (migrations 013 and 015).

Every step is one transaction that first locks the tournament's row (:func:`locked`:
``SELECT … FOR UPDATE`` on PostgreSQL; SQLite's ``BEGIN IMMEDIATE`` already serialises
writers), checks the state it expects and writes the step whole, with the posts it owes
(:func:`db.tournament_outbox.queue_post`): a round begins only from the round before it,
with its byes scored; a table gets its match made, seated and clocked only while it has
none; cancelling aborts every match of the event in the same transaction; the entrant cap
is a count under the lock. The caller whose step wrote does what follows; the others see
False (or None).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import db.records as records
from db.base import Queries, Row, Tx, dumps, loads, scalar
from db.clocks import write_clock
from db.records import (
    ABORTED,
    EVENT_CANCELLED,
    EVENT_FINISHED,
    EVENT_OPEN,
    EVENT_RUNNING,
    LOBBY,
    RUNNING,
    ClockRecord,
    Entrant,
    Full,
    StaleVersion,
    TableRecord,
    TournamentRecord,
)
from db.tournament_outbox import (
    FINAL,
    MATCH,
    NOTICE,
    PAIRINGS,
    STANDINGS,
    OutboxQueries,
    queue_post,
)


async def locked(tx: Tx, tournament_id: int) -> tuple[str, int]:
    """Lock the tournament's row for the rest of the transaction: its status and round
    (KeyError if there is no such tournament)."""
    row = await tx.fetchrow(f"SELECT status, round FROM tournaments WHERE id = ?"
                            f"{tx.for_update}", tournament_id)
    if row is None:
        raise KeyError(tournament_id)
    return str(row[0]), int(row[1])


class TournamentQueries(OutboxQueries, Queries):
    async def get_tournament(self, tournament_id: int) -> TournamentRecord | None:
        async with self.reading(consistent=True) as tx:
            found = await tx.fetchrow("SELECT id FROM tournaments WHERE id = ?", tournament_id)
            return await tournament_in(tx, found[0]) if found is not None else None

    async def find_tournaments(self, *, guild_id: int | None = None,
                               statuses: Sequence[str] = (EVENT_OPEN, EVENT_RUNNING),
                               limit: int = 50) -> list[TournamentRecord]:
        """Tournaments in ``statuses`` (of a server), oldest first."""
        where = [f"status IN ({', '.join('?' for _ in statuses)})"]
        args: list[object] = list(statuses)
        if guild_id is not None:
            where.append("guild_id = ?")
            args.append(guild_id)
        async with self.reading(consistent=True) as tx:
            rows = await tx.fetch(f"SELECT id FROM tournaments WHERE {' AND '.join(where)} "
                                  "ORDER BY id LIMIT ?", *args, limit)
            return [await tournament_in(tx, row[0]) for row in rows]

    async def create_tournament(self, *, guild_id: int | None, channel_id: int | None,
                                organiser_id: int, organiser_name: str, game: str,
                                options: dict[str, Any], settings: dict[str, Any],
                                created_at: str) -> TournamentRecord:
        async with self.transaction() as tx:
            tournament_id = await tx.insert(
                "INSERT INTO tournaments (guild_id, channel_id, organiser_id, organiser_name, "
                "game, options, settings, status, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", guild_id, channel_id, organiser_id,
                organiser_name, game, dumps(options), dumps(settings), EVENT_OPEN, created_at)
            return await tournament_in(tx, tournament_id)

    async def add_entrant(self, tournament_id: int, *, user_id: int, display_name: str,
                          is_ai: bool, until_round: int, most: int | None = None) -> bool:
        """Enter a player while the tournament is open, or running in a round before
        ``until_round`` (late entry): False if already entered; :class:`StaleVersion` if
        it takes no more entrants; :class:`Full` if it has ``most`` already (counted under
        the tournament's lock, so joins at once never pass the cap)."""
        async with self.transaction() as tx:
            status, round_now = await locked(tx, tournament_id)
            if not (status == EVENT_OPEN or (status == EVENT_RUNNING
                                             and round_now < until_round)):
                raise StaleVersion("the tournament takes no more entrants")
            count = await scalar(tx, "SELECT COUNT(*) FROM tournament_entrants WHERE "
                                 "tournament_id = ?", tournament_id)
            position = await scalar(tx, "SELECT COALESCE(MAX(position), 0) + 1 FROM "
                                    "tournament_entrants WHERE tournament_id = ?",
                                    tournament_id)
            if most is not None and count >= most:
                raise Full(f"the tournament is full ({most} entrants)")
            changed = await tx.execute(
                "INSERT INTO tournament_entrants (tournament_id, user_id, display_name, "
                "is_ai, position) VALUES (?, ?, ?, ?, ?) ON CONFLICT (tournament_id, "
                "user_id) DO NOTHING", tournament_id, user_id, display_name, int(is_ai),
                position)
        return changed == 1

    async def remove_entrant(self, tournament_id: int, user_id: int) -> bool:
        """Take an entrant out of a tournament that has not started; False if it has (or
        they were not in)."""
        async with self.transaction() as tx:
            status, _ = await locked(tx, tournament_id)
            if status != EVENT_OPEN:
                return False
            changed = await tx.execute(
                "DELETE FROM tournament_entrants WHERE tournament_id = ? AND user_id = ?",
                tournament_id, user_id)
        return changed == 1

    async def withdraw_entrant(self, tournament_id: int, user_id: int, from_round: int,
                               notice: str | None = None, mentions: Sequence[int] = ()
                               ) -> bool:
        """The entrant plays no round from ``from_round`` on (the tournament running);
        ``notice``: the sentence to post (``{actor}``: the entrant), queued with it
        (pinging ``mentions``). False if already withdrawn."""
        async with self.transaction() as tx:
            status, _ = await locked(tx, tournament_id)
            if status != EVENT_RUNNING:
                return False
            changed = await tx.execute(
                "UPDATE tournament_entrants SET withdrawn_round = ? WHERE tournament_id = ? "
                "AND user_id = ? AND withdrawn_round IS NULL", from_round, tournament_id,
                user_id)
            if changed == 1 and notice is not None:
                name = await scalar(tx, "SELECT display_name FROM tournament_entrants WHERE "
                                    "tournament_id = ? AND user_id = ?", tournament_id, user_id)
                await queue_post(tx, tournament_id, NOTICE, f"withdrew:{user_id}",
                                 words=notice, mentions=mentions, actor=(user_id, str(name)))
        return changed == 1

    async def cancel_tournament(self, tournament_id: int, notice: str,
                                actor: tuple[int, str] | None = None) -> bool:
        """Cancel an open or running tournament and abort every match of it still in its
        lobby or running, in one transaction (a round beginning or a match being made at
        the same moment waits for it, then finds the event cancelled): False if it was
        already over. ``notice`` names ``actor`` (id, name), who cancelled, as
        ``{actor}``."""
        async with self.transaction() as tx:
            status, _ = await locked(tx, tournament_id)
            if status not in (EVENT_OPEN, EVENT_RUNNING):
                return False
            await tx.execute("UPDATE tournaments SET status = ? WHERE id = ?",
                             EVENT_CANCELLED, tournament_id)
            await tx.execute(
                "UPDATE matches SET status = ?, version = version + 1, updated_at = ? "
                "WHERE status IN (?, ?) AND id IN (SELECT match_id FROM tournament_tables "
                "WHERE tournament_id = ? AND match_id IS NOT NULL)", ABORTED,
                records.now(), LOBBY, RUNNING, tournament_id)
            await queue_post(tx, tournament_id, NOTICE, "cancelled", words=notice,
                             actor=actor)
        return True

    async def set_tournament_status(self, tournament_id: int, status: str,
                                    was: Sequence[str]) -> bool:
        """Change the status if it is one of ``was``; False if it was not."""
        async with self.transaction() as tx:
            changed = await tx.execute(
                f"UPDATE tournaments SET status = ? WHERE id = ? AND status IN "
                f"({', '.join('?' for _ in was)})", status, tournament_id, *was)
        return changed == 1

    async def begin_round(self, tournament_id: int, number: int,
                          tables: Sequence[Sequence[int]], ends: str | None,
                          bye_points: float = 1.0) -> bool:
        """Begin round ``number`` with its ``tables`` (entrants in seat order), if the
        tournament is at the round before it (open before round 1, running after): one
        caller of many succeeds; False for the others. Its byes (one-entrant tables) are
        scored ``bye_points`` here, and its pairings (and the last round's standings)
        queued."""
        async with self.transaction() as tx:
            status, round_now = await locked(tx, tournament_id)
            if status not in (EVENT_OPEN, EVENT_RUNNING) or round_now != number - 1:
                return False
            await tx.execute("UPDATE tournaments SET round = ?, round_ends = ?, status = ? "
                             "WHERE id = ?", number, ends, EVENT_RUNNING, tournament_id)
            for index, players in enumerate(tables, 1):
                points = dumps([[players[0], bye_points]]) if len(players) == 1 else None
                await tx.execute(
                    "INSERT INTO tournament_tables (tournament_id, round, table_no, players, "
                    "points) VALUES (?, ?, ?, ?, ?)", tournament_id, number, index,
                    dumps(list(players)), points)
            if number > 1:
                await queue_post(tx, tournament_id, STANDINGS, f"standings:{number - 1}",
                                 round=number - 1)
            await queue_post(tx, tournament_id, PAIRINGS, f"pairings:{number}", round=number)
        return True

    async def make_table_match(self, tournament_id: int, number: int, table: int, *,
                               guild_id: int | None, channel_id: int | None, game: str,
                               options: dict[str, Any], seed: int, host_id: int,
                               seats: Sequence[tuple[int, str, bool]], clock: ClockRecord,
                               rated: bool) -> int | None:
        """Make a table's match in its lobby, seat its players (user id, name, computer)
        in the table's order, give it its clock and queue its announcement, in one
        transaction, if the tournament is running round ``number`` and the table has no
        match yet: the new match's id, else None. No lobby is ever left without its
        table."""
        async with self.transaction() as tx:
            status, round_now = await locked(tx, tournament_id)
            if status != EVENT_RUNNING or round_now != number:
                return None
            row = await tx.fetchrow("SELECT match_id FROM tournament_tables WHERE "
                                    "tournament_id = ? AND round = ? AND table_no = ?",
                                    tournament_id, number, table)
            if row is None or row[0] is not None:
                return None
            at = records.now()
            match_id = await tx.insert(
                "INSERT INTO matches (guild_id, channel_id, game, options, seed, status, "
                "host_id, created_at, updated_at, rated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                guild_id, channel_id, game, dumps(options), seed, LOBBY, host_id, at, at,
                int(rated))
            for user_id, name, is_ai in seats:
                await tx.execute(
                    "INSERT INTO seats (match_id, user_id, display_name, is_ai, joined_at) "
                    "VALUES (?, ?, ?, ?, ?)", match_id, user_id, name, int(is_ai), at)
            await write_clock(tx, match_id, clock)
            await tx.execute("UPDATE tournament_tables SET match_id = ? WHERE tournament_id = ? "
                             "AND round = ? AND table_no = ?", match_id, tournament_id,
                             number, table)
            await queue_post(tx, tournament_id, MATCH, f"match:{match_id}", round=number,
                             match_id=match_id)
        return match_id

    async def score_table(self, tournament_id: int, number: int, table: int,
                          points: dict[int, float]) -> bool:
        """Record a table's points once: False if it was scored already."""
        async with self.transaction() as tx:
            await locked(tx, tournament_id)
            changed = await tx.execute(
                "UPDATE tournament_tables SET points = ? WHERE tournament_id = ? AND "
                "round = ? AND table_no = ? AND points IS NULL",
                dumps(sorted(points.items())), tournament_id, number, table)
        return changed == 1

    async def finish_tournament(self, tournament_id: int, number: int) -> bool:
        """Finish a tournament running its last round ``number`` once every table of it
        is scored, and queue the final standings: False if another caller did (or it is
        not there yet)."""
        async with self.transaction() as tx:
            status, round_now = await locked(tx, tournament_id)
            if status != EVENT_RUNNING or round_now != number:
                return False
            open_tables = await scalar(
                tx, "SELECT COUNT(*) FROM tournament_tables WHERE tournament_id = ? AND "
                "round = ? AND points IS NULL", tournament_id, number)
            if open_tables:
                return False
            await tx.execute("UPDATE tournaments SET status = ? WHERE id = ?",
                             EVENT_FINISHED, tournament_id)
            await queue_post(tx, tournament_id, FINAL, "final", round=number)
        return True

    async def tournament_of_match(self, match_id: int) -> int | None:
        """The tournament a match was played in, if any."""
        async with self.reading() as tx:
            row = await tx.fetchrow("SELECT tournament_id FROM tournament_tables WHERE "
                                    "match_id = ?", match_id)
        return int(row[0]) if row is not None else None

    async def set_tournament_message(self, tournament_id: int, message_id: int) -> None:
        async with self.transaction() as tx:
            await tx.execute("UPDATE tournaments SET message_id = ? WHERE id = ?",
                             message_id, tournament_id)


COLUMNS = ("id", "game", "status", "round", "round_ends", "organiser_id", "organiser_name",
           "guild_id", "channel_id", "message_id", "created_at")
"""The columns of ``tournaments`` read as they are (the JSON ones are decoded)."""


async def tournament_in(tx: Tx, tournament_id: int) -> TournamentRecord:
    """The tournament with its entrants and tables (KeyError if there is none)."""
    found = await tx.fetch("SELECT * FROM tournaments WHERE id = ?", tournament_id)
    entrants = await tx.fetch("SELECT * FROM tournament_entrants WHERE tournament_id = ? "
                              "ORDER BY position", tournament_id)
    tables = await tx.fetch("SELECT * FROM tournament_tables WHERE tournament_id = ? "
                            "ORDER BY round, table_no", tournament_id)
    if not found:
        raise KeyError(tournament_id)
    row = found[0]
    return TournamentRecord(
        **{name: row[name] for name in COLUMNS},
        options=loads(row["options"]), settings=loads(row["settings"]),
        entrants=[Entrant(e["user_id"], e["display_name"], bool(e["is_ai"]), e["position"],
                          e["withdrawn_round"]) for e in entrants],
        tables=[table_of(t) for t in tables])


def table_of(row: Row) -> TableRecord:
    points = loads(row["points"]) if row["points"] is not None else None
    return TableRecord(row["round"], row["table_no"], [int(p) for p in loads(row["players"])],
                       row["match_id"],
                       {int(k): float(v) for k, v in points} if points is not None else None)
