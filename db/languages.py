"""Each member's language (migration 022): the catalogue their client last asked for and
the one they chose (``/language``). Read on every answer that only they see; written
only when either changes."""

from __future__ import annotations

from db import records
from db.base import Queries


class LanguageQueries(Queries):
    async def member_language(self, user_id: int) -> tuple[str | None, str | None]:
        """(seen, chosen) for the member; (None, None) for one never seen."""
        async with self.reading() as tx:
            row = await tx.fetchrow(
                "SELECT seen, chosen FROM member_languages WHERE user_id = ?", user_id)
        return (row["seen"], row["chosen"]) if row is not None else (None, None)

    async def save_member_language(self, user_id: int, seen: str | None,
                                   chosen: str | None) -> None:
        async with self.transaction() as tx:
            await tx.execute(
                "INSERT INTO member_languages (user_id, seen, chosen, updated_at) "
                "VALUES (?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET seen = excluded.seen, "
                "chosen = excluded.chosen, updated_at = excluded.updated_at",
                user_id, seen, chosen, records.now())
