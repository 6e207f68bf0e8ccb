"""Each server's ``/settings`` (migration 016), and what its members have open or made
lately (the limits of :mod:`service.community.limits`), and the servers that removed the bot
(deleted after the host's retention period)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from db import records
from db.base import Queries, Tx, dumps, loads, marks, scalar
from db.records import EVENT_OPEN, EVENT_RUNNING, LOBBY, OPEN


class ServerQueries(Queries):
    async def server_settings(self, guild_id: int) -> dict[str, Any]:
        """The settings a server's moderators changed (empty: all defaults)."""
        async with self.reading() as tx:
            row = await tx.fetchrow("SELECT settings FROM server_settings WHERE guild_id = ?",
                                    guild_id)
        return dict(loads(row[0])) if row is not None else {}

    async def save_server_settings(self, guild_id: int, settings: dict[str, Any]) -> None:
        async with self.transaction() as tx:
            await tx.execute(
                "INSERT INTO server_settings (guild_id, settings, updated_at) VALUES (?, ?, ?) "
                "ON CONFLICT (guild_id) DO UPDATE SET settings = excluded.settings, "
                "updated_at = excluded.updated_at", guild_id, dumps(settings), records.now())

    async def server_languages(self) -> dict[int, str]:
        """The servers whose moderators chose the language of their channels
        (``/settings language``), and that language."""
        async with self.reading() as tx:
            rows = await tx.fetch("SELECT guild_id, settings FROM server_settings "
                                  "WHERE CAST(settings AS TEXT) LIKE ?", '%"language"%')
        chosen = {guild_id: loads(settings).get("language") for guild_id, settings in rows}
        return {guild_id: language for guild_id, language in chosen.items()
                if isinstance(language, str)}

    async def open_work(self, guild_id: int, user_id: int | None = None) -> dict[str, int]:
        """A server's (or one member's there) open lobbies, open challenges, and open or
        running tournaments."""
        who = " AND {} = ?" if user_id is not None else ""
        args = (user_id,) if user_id is not None else ()
        async with self.reading(consistent=True) as tx:
            lobbies = await scalar(tx, "SELECT COUNT(*) FROM matches WHERE guild_id = ? AND "
                                   "status = ?" + who.format("host_id"), guild_id, LOBBY,
                                   *args)
            challenges = await scalar(tx, "SELECT COUNT(*) FROM challenges WHERE guild_id = ? "
                                      "AND status = ?" + who.format("challenger_id"),
                                      guild_id, OPEN, *args)
            tournaments = await scalar(tx, "SELECT COUNT(*) FROM tournaments WHERE "
                                       "guild_id = ? AND status IN (?, ?)"
                                       + who.format("organiser_id"), guild_id, EVENT_OPEN,
                                       EVENT_RUNNING, *args)
        return {"lobby": int(lobbies), "challenge": int(challenges),
                "tournament": int(tournaments)}

    async def threads_since(self, guild_id: int, since: str,
                            user_id: int | None = None) -> list[str]:
        """When each thread the bot opened in a server since ``since`` was made (its
        matches, challenges and tournaments; one member's if ``user_id``), oldest first."""
        who = " AND {} = ?" if user_id is not None else ""
        args = (user_id,) if user_id is not None else ()
        async with self.reading(consistent=True) as tx:
            rows = [*await tx.fetch("SELECT created_at FROM matches WHERE guild_id = ? AND "
                                    "created_at > ?" + who.format("host_id"), guild_id,
                                    since, *args),
                    *await tx.fetch("SELECT created_at FROM challenges WHERE guild_id = ? "
                                    "AND created_at > ? AND match_id IS NULL"
                                    + who.format("challenger_id"), guild_id, since, *args),
                    *await tx.fetch("SELECT created_at FROM tournaments WHERE guild_id = ? "
                                    "AND created_at > ?" + who.format("organiser_id"),
                                    guild_id, since, *args)]
        return sorted(str(row[0]) for row in rows)

    # --- servers that removed the bot ----------------------------------------------------
    async def mark_departed(self, guild_id: int, at: str) -> None:
        """The bot was removed from ``guild_id`` at ``at`` (kept if already marked)."""
        async with self.transaction() as tx:
            await tx.execute("INSERT INTO server_departures (guild_id, left_at) VALUES (?, ?) "
                             "ON CONFLICT (guild_id) DO NOTHING", guild_id, at)

    async def mark_present(self, guild_ids: Sequence[int]) -> int:
        """The bot is in these servers (again): nothing of theirs is to be deleted."""
        if not guild_ids:
            return 0
        async with self.transaction() as tx:
            return await tx.execute(f"DELETE FROM server_departures WHERE guild_id IN "
                                    f"({marks(guild_ids)})", *guild_ids)

    async def departed_before(self, at: str) -> list[int]:
        async with self.reading() as tx:
            rows = await tx.fetch("SELECT guild_id FROM server_departures WHERE left_at <= ? "
                                  "ORDER BY left_at", at)
        return [int(row[0]) for row in rows]

    async def purge_server(self, guild_id: int) -> int:
        """Delete everything of a server, in one transaction: every row of a table with a
        ``challenge_id``, ``tournament_id`` or ``match_id`` of its challenges, tournaments
        and matches, then every row with its ``guild_id`` (the tables are read from the
        schema, so tables later migrations add are included). The rows deleted."""
        deleted = 0
        async with self.transaction() as tx:
            owners = (("challenge_id", "challenges"), ("tournament_id", "tournaments"),
                      ("match_id", "matches"))
            for column, owner in owners:
                for table in await self._tables_with(tx, column):
                    if table in ("challenges", "tournaments", "matches"):
                        continue
                    deleted += await tx.execute(
                        f"DELETE FROM {table} WHERE {column} IN "
                        f"(SELECT id FROM {owner} WHERE guild_id = ?)", guild_id)
            for table in ("challenges", "tournaments", "matches"):
                deleted += await tx.execute(f"DELETE FROM {table} WHERE guild_id = ?",
                                            guild_id)
            for table in await self._tables_with(tx, "guild_id"):
                deleted += await tx.execute(f"DELETE FROM {table} WHERE guild_id = ?",
                                            guild_id)
        return deleted

    async def _tables_with(self, tx: Tx, column: str) -> list[str]:
        """The tables that have ``column`` (a constant of the caller's, never input)."""
        if getattr(self, "backend", "sqlite") == "sqlite":
            names = [row[0] for row in await tx.fetch(
                "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
            found = []
            for name in names:
                columns = [row[1] for row in await tx.fetch(f"PRAGMA table_info({name})")]
                if column in columns:
                    found.append(name)
            return found
        rows = await tx.fetch("SELECT table_name FROM information_schema.columns WHERE "
                              "table_schema = current_schema() AND column_name = ? "
                              "ORDER BY table_name", column)
        return [row[0] for row in rows]
