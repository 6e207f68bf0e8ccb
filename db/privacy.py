"""What the store keeps about one person, and forgetting them (``/privacy``, migrations
016 and 020).

Every column of the schema is declared here (:func:`declared`; the privacy tests hold it
to the live schema of both stores, so a column a later migration adds fails them until it
is declared), as one of:

- :data:`REMOVED`: a table whose rows of a person are theirs alone (settings, notes,
  follows, reminders, vacations, ratings, held notices, rematch votes, undo requests, the
  posts DM'd to them): deleted;
- :data:`ALIASED`: a shared record that keeps a person by id (and name): seats, hosts,
  challenges, tournaments' organisers and entrants, the outbox's notices. The id becomes a
  pseudonym (``DELETED_BASE - n``, one number per deleted person), the name
  :data:`DELETED_NAME`;
- :data:`WITHIN`: a column naming people inside its value (ids in JSON, in a key, in a
  list of pings), each reached by its own step of :meth:`PrivacyQueries.forget_person`;
- :data:`NOBODY`: a column that never holds a person's id or a name.

:meth:`PrivacyQueries.personal_rows` reads every row that names a person, table by table
(``/privacy export``). :meth:`PrivacyQueries.forget_person` forgets them in one
transaction; :meth:`PrivacyQueries.unname_person` first takes their name out of every
shared record, so that whatever the ending of their open matches and tournaments then
writes (:mod:`service.community.privacy`) already says "Deleted player". Moves are by
seat, so every match still replays to the same position, and no other person's row
changes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from db import records
from db.base import Queries, Tx, dumps, loads, marks

DELETED_BASE = -(2**52)
"""Pseudonyms of deleted people are below this (computer seats are small negatives)."""

DELETED_NAME = "Deleted player"
STATUS_BATCH = 500

PERSONAL: dict[str, tuple[str, str]] = {
    # table: (the columns shown to the person, the condition naming them: one ``?``)
    "user_settings": ("*", "user_id = ?"),
    "member_languages": ("*", "user_id = ?"),
    "notify_settings": ("user_id, time_zone, quiet_start, quiet_end, your_turn, digest_hour",
                        "user_id = ?"),
    "vacations": ("*", "user_id = ?"),
    "ratings": ("*", "user_id = ?"),
    "rating_changes": ("*", "user_id = ?"),
    "match_notes": ("*", "user_id = ?"),
    "match_follows": ("*", "user_id = ?"),
    "match_posts": ("*", "user_id = ?"),
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
    "tournament_outbox": ("tournament_id, kind, words, actor_name, created_at, sent_at",
                          "actor_id = ?"),
    "matches": ("id, guild_id, channel_id, thread_id, game, status, host_id, created_at, "
                "updated_at", "host_id = ?"),
}
"""Every table with a row naming a person: what of it they are shown (never a match's
snapshot, which holds every player's secrets) and how it names them."""

JSON_COLUMNS = frozenset({"options", "settings"})

REMOVED: dict[str, str] = {
    table: "user_id" for table in (
        "user_settings", "member_languages", "notify_settings", "vacations", "ratings",
        "rating_changes", "match_notes", "match_follows", "match_posts", "notify_held",
        "turn_reminders", "rematch_votes", "undo_requests")}
"""Tables whose rows of a person are theirs alone, by the column naming them: deleted
with them (``match_posts``: their private views' DMs; a match's board is user 0)."""

ALIASED: dict[str, tuple[str, str | None, str]] = {
    # table: (the id column, its name column, what else the row must be)
    "seats": ("user_id", "display_name", "is_ai = 0"),
    "matches": ("host_id", None, ""),
    "challenges": ("challenger_id", "challenger_name", ""),
    "challenge_players": ("user_id", "display_name", ""),
    "tournaments": ("organiser_id", "organiser_name", ""),
    "tournament_entrants": ("user_id", "display_name", "is_ai = 0"),
    "tournament_outbox": ("actor_id", "actor_name", ""),
}
"""Shared records keeping a person: the id becomes the pseudonym, the name
:data:`DELETED_NAME`."""

WITHIN: dict[tuple[str, str], str] = {
    ("tournament_tables", "players"): "the entrants' ids (JSON): the pseudonym",
    ("tournament_tables", "points"): "[entrant id, points] pairs (JSON): the pseudonym",
    ("tournament_outbox", "post_key"): "a withdrawal's key ends with the entrant's id: "
                                       "the pseudonym",
    ("tournament_outbox", "mentions"): "the ids a notice pings: the person's taken out",
    ("tournament_outbox", "words"): "names only as markers ({actor}, {entrantN}), filled "
                                    "when posted (migration 020)",
    ("undo_requests", "consents"): "the ids that consented: every request of the "
                                   "person's matches is deleted",
}
"""Columns naming people inside their value, each forgotten by its own step."""

NOBODY: dict[str, str] = {
    "bot_state": "key value",
    "challenge_players": "challenge_id answer position",
    "challenges": "id guild_id channel_id message_id game options settings status match_id "
                  "created_at expires_at hosted",
    "deleted_players": "id deleted_at",
    "hints": "match_id seat version taken_at",
    "match_clocks": "match_id remind_after_hours remind_every_hours deadline_hours on_timeout "
                    "nudged_at checked_version next_check_at claimed_by claimed_until "
                    "bank_hours bank_add_hours bank_max_hours weekend_pause post_failures "
                    "post_failing_since posts_stopped_at",
    "match_follows": "match_id mode",
    "match_notes": "match_id note",  # the note's author's own words, deleted with them
    "match_posts": "match_id channel_id message_id turn version buttons",
    "member_languages": "seen chosen updated_at",
    "matches": "id guild_id channel_id thread_id lobby_message_id game options seed status "
               "version snapshot result created_at updated_at reminded_version rated "
               "rating_applied lesson hosted",  # results and snapshots name seats by markers
    "moves": "match_id seq seat notation created_at marks said banks turn_began",
    "notify_held": "id match_id kind held_at",
    "notify_settings": "time_zone quiet_start quiet_end your_turn digest_hour digest_at "
                       "summary_at claimed_by claimed_until",
    "rating_changes": "match_id before_mu before_sigma after_mu after_sigma",
    "ratings": "guild_id game mu sigma games updated_at",
    "rematch_votes": "match_id created_at",
    "rematches": "match_id new_match_id",
    "schema_version": "version",
    "seats": "match_id seat is_ai resigned joined_at bank_seconds",
    "server_departures": "guild_id left_at",
    "server_settings": "guild_id settings updated_at",  # roles and channels, no members
    "tournament_entrants": "tournament_id is_ai position withdrawn_round",
    "tournament_outbox": "id tournament_id kind round match_id created_at claimed_by "
                         "claimed_until sent_at",
    "tournament_tables": "tournament_id round table_no match_id",
    "tournaments": "id guild_id channel_id message_id game options settings status round "
                   "round_ends created_at",
    "turn_reminders": "match_id version slot warned unseen",
    "undo_requests": "match_id version from_seq created_at",
    "user_settings": "remind_after_hours",
    "vacations": "id starts_at ends_at",
}
"""Every other column, by table: none holds a person's id or a name the bot wrote."""


def declared() -> dict[str, dict[str, str]]:
    """Every column of the schema, by table, with how a deletion forgets it (``""``: it
    holds nobody)."""
    out: dict[str, dict[str, str]] = {}
    for table, column in REMOVED.items():
        out.setdefault(table, {})[column] = "the row is deleted"
    for table, (id_column, name_column, _) in ALIASED.items():
        out.setdefault(table, {})[id_column] = "the pseudonym"
        if name_column is not None:
            out[table][name_column] = DELETED_NAME
    for (table, column), how in WITHIN.items():
        out.setdefault(table, {})[column] = how
    for table, columns in NOBODY.items():
        for column in columns.split():
            out.setdefault(table, {})[column] = ""
    return out


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

    async def match_statuses(self, match_ids: Sequence[int]) -> dict[int, str]:
        """Each stored match's status, a few hundred a query (a member with thousands of
        matches: a handful of queries, not one a match)."""
        out: dict[int, str] = {}
        async with self.reading(consistent=True) as tx:
            for start in range(0, len(match_ids), STATUS_BATCH):
                chunk = list(match_ids[start:start + STATUS_BATCH])
                rows = await tx.fetch(f"SELECT id, status FROM matches WHERE id IN "
                                      f"({marks(chunk)})", *chunk)
                out.update((row[0], row[1]) for row in rows)
        return out

    async def unname_person(self, user_id: int) -> None:
        """Put :data:`DELETED_NAME` in place of the person's name in every shared record
        (:data:`ALIASED`), in one transaction; their id stays until
        :meth:`forget_person`, so what is still open can be ended as theirs."""
        async with self.transaction() as tx:
            for table, (id_column, name_column, also) in ALIASED.items():
                if name_column is not None:
                    await tx.execute(f"UPDATE {table} SET {name_column} = ? "
                                     f"WHERE {id_column} = ?{_and(also)}", DELETED_NAME,
                                     user_id)

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
                             "(SELECT match_id FROM seats WHERE user_id = ? AND is_ai = 0)",
                             user_id)
            await _rename_in_tables(tx, user_id, alias)
            await _rename_in_outbox(tx, user_id, alias)
            for table, column in REMOVED.items():
                await tx.execute(f"DELETE FROM {table} WHERE {column} = ?", user_id)
            for table, (id_column, name_column, also) in ALIASED.items():
                named = f", {name_column} = ?" if name_column is not None else ""
                await tx.execute(
                    f"UPDATE {table} SET {id_column} = ?{named} "
                    f"WHERE {id_column} = ?{_and(also)}",
                    alias, *([DELETED_NAME] if name_column is not None else []), user_id)
        return alias


def _and(condition: str) -> str:
    return f" AND {condition}" if condition else ""


async def _rename_in_outbox(tx: Tx, user_id: int, alias: int) -> None:
    """The tournaments' outbox: a withdrawal's key (``<event>:withdrew:<id>``), and the
    pings of notices (the person's taken out: nobody is to ping them)."""
    person = str(user_id)
    for post_id, key in await tx.fetch("SELECT id, post_key FROM tournament_outbox "
                                       "WHERE post_key LIKE ?", f"%:withdrew:{person}"):
        await tx.execute("UPDATE tournament_outbox SET post_key = ? WHERE id = ?",
                         key[:-len(person)] + str(alias), post_id)
    for post_id, mentions in await tx.fetch("SELECT id, mentions FROM tournament_outbox "
                                            "WHERE mentions LIKE ?", f"%{person}%"):
        left = " ".join(u for u in mentions.split() if u != person)
        await tx.execute("UPDATE tournament_outbox SET mentions = ? WHERE id = ?",
                         left or None, post_id)


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
