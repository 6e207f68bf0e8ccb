"""The hints each seat of a match took (``/hint``, migration 018): one row per position
a seat asked about, so a count is exact under concurrent presses (the primary key claims
each hint once, on both stores)."""

from __future__ import annotations

from db import records
from db.base import Queries


class HintQueries(Queries):
    async def take_hint(self, match_id: int, seat: int, version: int) -> bool:
        """Count a hint given to ``seat`` on the match's position ``version``: True if it
        is counted now, False if that position's hint was counted before."""
        async with self.transaction() as tx:
            changed = await tx.execute(
                "INSERT INTO hints (match_id, seat, version, taken_at) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (match_id, seat, version) DO NOTHING",
                match_id, seat, version, records.now())
        return changed > 0

    async def hints(self, match_id: int) -> dict[int, int]:
        """How many hints each seat of the match took (seats that took none absent)."""
        async with self.reading() as tx:
            rows = await tx.fetch("SELECT seat, COUNT(*) FROM hints WHERE match_id = ? "
                                  "GROUP BY seat", match_id)
        return {int(row[0]): int(row[1]) for row in rows}
