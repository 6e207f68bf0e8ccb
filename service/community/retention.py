"""A server that removed the bot: its open work closes at once (:meth:`Turns.abort_server`,
the challenges' :meth:`close_server_challenges`), and its data is deleted once the host's
retention period has passed since (default :data:`RETENTION_DAYS`), unless the bot was
invited back meanwhile. No Discord in here."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from db import Store, records
from service.common import boundary

RETENTION_DAYS = 30
"""Long enough for a server that removed the bot by mistake (or in a dispute) to invite it
back and find its matches; short enough that a server gone is gone within a month."""


@boundary.guarded
@dataclass
class Retention:
    store: Store
    now: Callable[[], datetime]

    async def left(self, guild_id: int) -> None:
        await self.store.mark_departed(guild_id, records.stamp(self.now()))

    async def present(self, guild_ids: Sequence[int]) -> int:
        """The bot is in these servers: none of them is to be deleted (how many were)."""
        return await self.store.mark_present(list(guild_ids))

    async def purge(self, days: int = RETENTION_DAYS) -> dict[int, int]:
        """Delete the data of every server that left ``days`` or more ago: rows deleted
        per server."""
        due = await self.store.departed_before(records.stamp(self.now() - timedelta(days=days)))
        return {guild_id: await self.store.purge_server(guild_id) for guild_id in due}


def retention_days(text: str) -> int:
    """``PANTHEON_RETENTION_DAYS``: whole days, 0 or more (0: delete at the next pass);
    empty: the default. ValueError says what is wrong."""
    text = text.strip()
    if not text:
        return RETENTION_DAYS
    if not text.isdigit():
        raise ValueError(f"PANTHEON_RETENTION_DAYS must be a number of days, not {text!r}")
    return int(text)
