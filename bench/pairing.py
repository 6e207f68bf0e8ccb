"""How long a Swiss round takes to pair, and what the event loop feels meanwhile.

    nice python -m bench.pairing                 # 8, 16, 64, 256 and 1,000 entrants
    nice python -m bench.pairing --sizes 256 --rounds 5

Whole events with random results (White wins 45 %, Black 45 %, draws 10 %) are paired
round by round through the tournament service's entry point, in the process pool
(:func:`service.events.round_tables.pair_round`, ``offload="process"``), as the bot does.
Per size it prints the CPU seconds of a round's pairing in the worker and the wall seconds
from asking to answer (p50 / p99 / max), and the event loop's lag meanwhile (a ticker that
sleeps 5 ms at a time records how late it wakes: p50 / p99 / max ms). Up to 32 active
entrants the Dutch library pairs (checked by the matching); above, the matching alone.
Goals (issue 35), on one core: 256 entrants ≤ 1 s a round, 1,000 ≤ 10 s; the loop's lag
p99 ≤ 50 ms while a round is paired.
"""

from __future__ import annotations

import asyncio
import logging
import os
import random
import time
from collections.abc import Sequence

from bench.loop_lag import ticker
from bench.run import command_line, ms, percentile, shown
from service.common import pool
from service.events import round_tables
from service.events.pairing import SWISS, Table

SIZES = (8, 16, 64, 256, 1000)


def events_of(size: int) -> int:
    """Events per size: enough rounds for a p99 at the small sizes, one of 1,000."""
    return max(1, min(30, 2000 // (size * 4)))


def timed_pairing(*args: object) -> tuple[list[tuple[int, ...]], float]:
    """:func:`service.events.round_tables.pairing` in the worker, with the CPU seconds it took there
    (the Dutch library's warnings on rounds it cannot pair, which the matching then
    pairs, kept out of the table)."""
    logging.getLogger("caissify_pairings").setLevel(logging.ERROR)
    started = time.process_time()
    tables = round_tables.pairing(*args)  # type: ignore[arg-type]
    return tables, time.process_time() - started


def played(tables: Sequence[tuple[int, ...]], number: int, rng: random.Random) -> list[Table]:
    """Random results: White wins 45 %, Black 45 %, draws 10 %."""
    out = []
    for t in tables:
        if len(t) == 1:
            out.append(Table(number, t))
            continue
        roll = rng.random()
        white = 1.0 if roll < 0.45 else 0.0 if roll < 0.9 else 0.5
        out.append(Table(number, t, {t[0]: white, t[1]: 1.0 - white}))
    return out


async def one_event(size: int, rounds: int, seed: int) -> tuple[list[float], list[float],
                                                                list[float]]:
    """(CPU seconds, wall seconds, loop lags) of each round of one event."""
    rng = random.Random(seed)
    entrants = list(range(1, size + 1))
    history: list[Table] = []
    cpu: list[float] = []
    wall: list[float] = []
    lags: list[float] = []
    loop = asyncio.get_running_loop()
    for number in range(1, rounds + 1):
        stop = asyncio.Event()
        tick = asyncio.create_task(ticker(lags, stop))
        await asyncio.sleep(0.02)
        started = time.perf_counter()
        tables, seconds = await loop.run_in_executor(
            pool.executor(), timed_pairing, SWISS, entrants, entrants, history, number,
            rounds, 2, 2)
        wall.append(time.perf_counter() - started)
        stop.set()
        await tick
        cpu.append(seconds)
        history += played(tables, number, rng)
    return cpu, wall, lags


def seconds(samples: Sequence[float]) -> str:
    return " / ".join(f"{v:.3f}" for v in (percentile(samples, 0.5),
                                            percentile(samples, 0.99), max(samples)))


async def run(sizes: Sequence[int], rounds: int) -> list[str]:
    pool.executor()
    three = played([(1, 2), (3,)], 1, random.Random(1))
    warm = [pool.run(timed_pairing, SWISS, list(range(1, n + 1)), list(range(1, n + 1)),
                     three if n == 3 else [], 2 if n == 3 else 1, 3, 2, 2)
            for n in (3, 40) * 2 * pool.size()]
    await asyncio.gather(*warm)  # workers started, libraries imported, before measuring
    lines = ["| entrants | events × rounds | pairing CPU s p50 / p99 / max "
             "| ask→answer s p50 / p99 / max | loop lag ms p50 / p99 / max |",
             "|---|---|---|---|---|"]
    for size in sizes:
        events = events_of(size)
        cpu: list[float] = []
        wall: list[float] = []
        lags: list[float] = []
        for event in range(events):
            c, w, lag = await one_event(size, min(rounds, size - 1), 1000 * size + event)
            cpu += c
            wall += w
            lags += lag
        shown(lines, f"| {size} | {events} × {min(rounds, size - 1)} | {seconds(cpu)} "
                     f"| {seconds(wall)} | {ms(lags, digits=1, peak=True)} |")
    return lines


def main(argv: list[str] | None = None) -> None:
    p = command_line("bench.pairing", __doc__)
    p.add_argument("--sizes", type=int, nargs="+", default=list(SIZES),
                   help="entrants per event (default 8 16 64 256 1000)")
    p.add_argument("--rounds", type=int, default=7, help="rounds per event (default 7)")
    args = p.parse_args(argv)
    before = os.getloadavg()
    try:
        lines = asyncio.run(run(args.sizes, args.rounds))
    finally:
        pool.shutdown()
    after = os.getloadavg()
    print()
    print(f"Swiss pairing in the process pool ({pool.size()} workers, {os.cpu_count()} "
          f"cores); load average {before[0]:.2f} before, {after[0]:.2f} after.")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
