"""A tournament round's tables paired off the event loop: in the worker pool
(:mod:`service.common.pool`) with ``offload="process"``, else in a thread. A Swiss of 1,000
takes seconds of CPU (``python -m bench.pairing``)."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

from service.common import pool
from service.events.pairing import Table


async def pair_round(offload: str, event_format: str, entrants: Sequence[int],
                     active: Sequence[int], history: Sequence[Table], round_number: int,
                     total_rounds: int, seats: int = 2, least: int = 2
                     ) -> list[tuple[int, ...]]:
    """The tables of :func:`service.events.pairing.pair_round` (the same arguments): in the
    pool with ``offload="process"`` (the bot, the console; always, however small the
    round), else in a thread (tests)."""
    args = (event_format, list(entrants), list(active), list(history), round_number,
            total_rounds, seats, least)
    if offload == "process":
        tables: list[tuple[int, ...]] = await pool.run(pairing, *args)
        return tables
    return await asyncio.to_thread(pairing, *args)


def pairing(event_format: str, entrants: list[int], active: list[int], history: list[Table],
            round_number: int, total_rounds: int, seats: int,
            least: int) -> list[tuple[int, ...]]:
    """A round's tables (:func:`service.events.pairing.pair_round`)."""
    from service.events.pairing import pair_round as tables_of

    return tables_of(event_format, entrants, active, history, round_number, total_rounds,
                     seats, least)
