"""Each server's ``/settings`` and the servers that removed the bot (migration 016)."""

from __future__ import annotations

from typing import Any

from db import records
from db.base import Queries, dumps, loads


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
