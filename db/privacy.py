"""What the store keeps about one person, and forgetting them (``/privacy``, migration 016).

:meth:`PrivacyQueries.personal_rows` reads every row that names a person, table by table.
:meth:`PrivacyQueries.forget_person` removes what is theirs alone (settings, notes,
follows, reminders, vacations, ratings, held notices, rematch votes, undo requests) and,
in one transaction, replaces their Discord id by a pseudonym (``DELETED_BASE - n``, one
number per deleted person) and their name by :data:`DELETED_NAME` wherever a shared
record keeps them: match seats and hosts, tournament entrants, tables and organisers,
challenges. Moves are by seat, so every match still replays to the same position, and no
other person's row changes. The service ends what is still open first (a running match
is resigned, a tournament withdrawn, a challenge closed): see :mod:`service.community.privacy`.
"""

from __future__ import annotations

from typing import Any

from db import records
from db.base import Queries, Tx, dumps, loads

DELETED_BASE = -(2**52)
"""Pseudonyms of deleted people are below this (computer seats are small negatives)."""

DELETED_NAME = "Deleted player"

PERSONAL: dict[str, tuple[str, str]] = {
    # table: (the columns shown to the person, the condition naming them: one ``?``)
    "user_settings": ("*", "user_id = ?"),
    "notify_settings": ("user_id, time_zone, quiet_start, quiet_end, your_turn, digest_hour",
                        "user_id = ?"),
    "vacations": ("*", "user_id = ?"),
    "ratings": ("*", "user_id = ?"),
    "rating_changes": ("*", "user_id = ?"),
    "match_notes": ("*", "user_id = ?"),
    "match_follows": ("*", "user_id = ?"),
    "notify_held": ("*", "user_id = ?"),
    "turn_reminders": ("*", "user_id = ?"),
    "rematch_votes": ("*", "user_id = ?"),
    "undo_requests": ("match_id, version, user_id, from_seq, created_at", "user_id = ?"),
    "seats": ("*", "user_id = ? AND is_ai = 0"),
    "tournament_entrants": ("*", "user_id = ? AND is_ai = 0"),
    "challenge_players": ("*", "user_id = ?"),
    "challenges": ("*", "challenger_id = ?"),
    "tournaments": ("id, guild_id, channel_id, organiser_id, organiser_name, game, status, "
                    "created_at", "organiser_id = ?"),
    "matches": ("id, guild_id, channel_id, thread_id, game, status, host_id, created_at, "
                "updated_at", "host_id = ?"),
}
"""Every table with a row naming a person: what of it they are shown (never a match's
snapshot, which holds every player's secrets) and how it names them."""

JSON_COLUMNS = frozenset({"options", "settings"})

REMOVED = ("user_settings", "notify_settings", "vacations", "ratings", "rating_changes",
           "match_notes", "match_follows", "notify_held", "turn_reminders", "rematch_votes",
           "undo_requests")
"""Tables whose rows of a person are theirs alone: deleted with them."""


def is_deleted(user_id: int) -> bool:
    """Whether ``user_id`` is the pseudonym of a deleted person."""
    return user_id <= DELETED_BASE


class PrivacyQueries(Queries):
    async def personal_rows(self, user_id: int) -> dict[str, list[dict[str, Any]]]:
        """Every row naming ``user_id``, by table (JSON columns decoded), read at one
        moment."""
        out: dict[str, list[dict[str, Any]]] = {}
        async with self.reading(consistent=True) as tx:
            for table, (columns, where) in PERSONAL.items():
                rows = await tx.fetch(f"SELECT {columns} FROM {table} WHERE {where}",
                                      user_id)
                out[table] = [plain(row) for row in rows]
        return out

    async def forget_person(self, user_id: int) -> int:
        """Delete what is ``user_id``'s alone and put a pseudonym and
        :data:`DELETED_NAME` in their place in shared records (see the module), in one
        transaction; the pseudonym."""
        async with self.transaction() as tx:
            number = await tx.insert("INSERT INTO deleted_players (deleted_at) VALUES (?)",
                                     records.now())
            alias = DELETED_BASE - number
            # an undo request's consents name the person too: their matches' requests go
            await tx.execute("DELETE FROM undo_requests WHERE match_id IN "
                             "(SELECT match_id FROM seats WHERE user_id = ?)", user_id)
            for table in REMOVED:
                await tx.execute(f"DELETE FROM {table} WHERE {PERSONAL[table][1]}", user_id)
            await tx.execute("UPDATE seats SET user_id = ?, display_name = ? "
                             "WHERE user_id = ? AND is_ai = 0", alias, DELETED_NAME, user_id)
            await tx.execute("UPDATE matches SET host_id = ? WHERE host_id = ?", alias, user_id)
            await tx.execute("UPDATE challenges SET challenger_id = ?, challenger_name = ? "
                             "WHERE challenger_id = ?", alias, DELETED_NAME, user_id)
            await tx.execute("UPDATE challenge_players SET user_id = ?, display_name = ? "
                             "WHERE user_id = ?", alias, DELETED_NAME, user_id)
            await tx.execute("UPDATE tournaments SET organiser_id = ?, organiser_name = ? "
                             "WHERE organiser_id = ?", alias, DELETED_NAME, user_id)
            await _rename_in_tables(tx, user_id, alias)
            await tx.execute("UPDATE tournament_entrants SET user_id = ?, display_name = ? "
                             "WHERE user_id = ? AND is_ai = 0", alias, DELETED_NAME, user_id)
        return alias


async def _rename_in_tables(tx: Tx, user_id: int, alias: int) -> None:
    """The tournament tables' JSON (players, points) of the person's tournaments."""
    rows = await tx.fetch(
        "SELECT tournament_id, round, table_no, players, points FROM tournament_tables "
        "WHERE tournament_id IN (SELECT tournament_id FROM tournament_entrants "
        "WHERE user_id = ? AND is_ai = 0)", user_id)
    for row in rows:
        players = [alias if p == user_id else p for p in loads(row["players"])]
        points = loads(row["points"]) if row["points"] is not None else None
        if points is not None:
            points = [[alias if who == user_id else who, got] for who, got in points]
        await tx.execute("UPDATE tournament_tables SET players = ?, points = ? WHERE "
                         "tournament_id = ? AND round = ? AND table_no = ?", dumps(players),
                         dumps(points) if points is not None else None,
                         row["tournament_id"], row["round"], row["table_no"])


def plain(row: Any) -> dict[str, Any]:
    """A row as a dict (its JSON columns decoded, PostgreSQL's ``rowid`` left out)."""
    return {key: loads(value) if key in JSON_COLUMNS and value is not None else value
            for key, value in dict(row).items() if key != "rowid"}
