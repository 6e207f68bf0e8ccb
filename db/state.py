"""The bot's own small state between runs, by key (migration 011): e.g. the server its
commands were last synced to."""

from __future__ import annotations

from db.base import Queries


class StateQueries(Queries):
    async def bot_state(self, key: str) -> str | None:
        async with self.reading() as tx:
            row = await tx.fetchrow("SELECT value FROM bot_state WHERE key = ?", key)
        return row[0] if row is not None else None

    async def set_bot_state(self, key: str, value: str | None) -> None:
        """Remember ``value`` under ``key`` (None forgets it)."""
        async with self.transaction() as tx:
            if value is None:
                await tx.execute("DELETE FROM bot_state WHERE key = ?", key)
            else:
                await tx.execute(
                    "INSERT INTO bot_state (key, value) VALUES (?, ?) ON CONFLICT (key) "
                    "DO UPDATE SET value = excluded.value", key, value)
