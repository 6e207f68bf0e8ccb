"""The queries of tournaments (migration 013).

Every step that must happen once however many processes try it is one conditional write:
a round begins only from the round before it (``WHERE round = ?``), a table is scored
only while unscored (``points IS NULL``), a status changes only from the one expected.
The caller whose write changed the row does what follows; the others see False.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from db.base import Queries, Row, Tx, dumps, loads, scalar
from db.records import (
    EVENT_OPEN,
    EVENT_RUNNING,
    Entrant,
    StaleVersion,
    TableRecord,
    TournamentRecord,
)


class TournamentQueries(Queries):
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
                          is_ai: bool, until_round: int) -> bool:
        """Enter a player while the tournament is open, or running in a round before
        ``until_round`` (late entry): False if already entered; :class:`StaleVersion` if
        it takes no more entrants."""
        async with self.transaction() as tx:
            row = await tx.fetchrow(f"SELECT status, round FROM tournaments WHERE id = ?"
                                    f"{tx.for_update}", tournament_id)
            if row is None:
                raise KeyError(tournament_id)
            if not (row[0] == EVENT_OPEN or (row[0] == EVENT_RUNNING
                                              and row[1] < until_round)):
                raise StaleVersion("the tournament takes no more entrants")
            position = await scalar(tx, "SELECT COALESCE(MAX(position), 0) + 1 FROM "
                                    "tournament_entrants WHERE tournament_id = ?",
                                    tournament_id)
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
            changed = await tx.execute(
                "DELETE FROM tournament_entrants WHERE tournament_id = ? AND user_id = ? "
                "AND tournament_id IN (SELECT id FROM tournaments WHERE status = ?)",
                tournament_id, user_id, EVENT_OPEN)
        return changed == 1

    async def withdraw_entrant(self, tournament_id: int, user_id: int,
                               from_round: int) -> bool:
        """The entrant plays no round from ``from_round`` on; False if already withdrawn."""
        async with self.transaction() as tx:
            changed = await tx.execute(
                "UPDATE tournament_entrants SET withdrawn_round = ? WHERE tournament_id = ? "
                "AND user_id = ? AND withdrawn_round IS NULL", from_round, tournament_id,
                user_id)
        return changed == 1

    async def set_tournament_status(self, tournament_id: int, status: str,
                                    was: Sequence[str]) -> bool:
        """Change the status if it is one of ``was``; False if it was not."""
        async with self.transaction() as tx:
            changed = await tx.execute(
                f"UPDATE tournaments SET status = ? WHERE id = ? AND status IN "
                f"({', '.join('?' for _ in was)})", status, tournament_id, *was)
        return changed == 1

    async def begin_round(self, tournament_id: int, number: int,
                          tables: Sequence[Sequence[int]], ends: str | None) -> bool:
        """Begin round ``number`` with its ``tables`` (entrants in seat order), if the
        tournament is at the round before it (open before round 1, running after): one
        caller of many succeeds; False for the others."""
        async with self.transaction() as tx:
            changed = await tx.execute(
                "UPDATE tournaments SET round = ?, round_ends = ?, status = ? WHERE id = ? "
                "AND round = ? AND status IN (?, ?)", number, ends, EVENT_RUNNING,
                tournament_id, number - 1, EVENT_OPEN, EVENT_RUNNING)
            if changed != 1:
                return False
            for index, players in enumerate(tables, 1):
                await tx.execute(
                    "INSERT INTO tournament_tables (tournament_id, round, table_no, players) "
                    "VALUES (?, ?, ?, ?)", tournament_id, number, index, dumps(list(players)))
        return True

    async def claim_table(self, tournament_id: int, number: int, table: int,
                          match_id: int) -> bool:
        """Give a table its match, if it has none yet: False if another caller did."""
        async with self.transaction() as tx:
            changed = await tx.execute(
                "UPDATE tournament_tables SET match_id = ? WHERE tournament_id = ? AND "
                "round = ? AND table_no = ? AND match_id IS NULL", match_id, tournament_id,
                number, table)
        return changed == 1

    async def score_table(self, tournament_id: int, number: int, table: int,
                          points: dict[int, float]) -> bool:
        """Record a table's points once: False if it was scored already."""
        async with self.transaction() as tx:
            changed = await tx.execute(
                "UPDATE tournament_tables SET points = ? WHERE tournament_id = ? AND "
                "round = ? AND table_no = ? AND points IS NULL",
                dumps(sorted(points.items())), tournament_id, number, table)
        return changed == 1

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
