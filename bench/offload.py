"""Does the process pool pay for itself for pictures? Sending work against drawing here.

    python -m bench.offload                   # all games, 50 matches at once, 3 rounds
    python -m bench.offload --matches 20 --rounds 2 <slug>

First, per game, what a picture costs drawn in this process (CPU time) against what
sending it to the pool adds: pickling the view and names there and the PNG back (CPU
time of both ends, measured here), and a whole round trip to an idle worker (wall). Then
``--matches`` matches each need their pictures at once (the public board and every seat's
private one, as after a move), drawn in threads (``asyncio.to_thread``), in the pool
(``service.common.pool``: the bot's way now), or the public one in the pool and the private ones
in threads (the bot's way before), while a ticker on the event loop sleeps 5 ms at a time
and records
how late it wakes: the loop's lag p50/p99/max, the CPU time the loop's own thread spent
per tick (what our work held it for, whatever else the machine ran meanwhile) and the
pictures' wall time p50/p95, per way. Goal (issue 30): lag p99 ≤ 20 ms with 50 matches
moving at once.
"""

from __future__ import annotations

import asyncio
import pickle
import random
import statistics
import time

import engines
import rendering
from bench.multi import lag_monitor
from bench.run import command_line, ms, pooled, sample_states, shown
from service.common import pool

NAMES = ["Ana", "Bo", "Chen", "Dee", "Eve", "Fitz"]
TICK = 0.005


def jobs(slug: str, matches: int, seed: int = 3) -> list[tuple[dict, list[str], bool]]:
    """The pictures ``matches`` matches need after a move: each one's public view and
    every seat's (True: a private one), from random positions (of matches of the fewest
    players)."""
    game = engines.get(slug)
    states = sample_states(game, matches * 7, seed)
    random.Random(seed).shuffle(states)
    out = []
    players = game.min_players  # as sample_states plays them
    for state in states[:matches]:
        for viewer in (None, *range(players)):
            out.append((game.view(state, viewer), NAMES[:players], viewer is not None))
    return out


def costs(slug: str, work: list[tuple[dict, list[str], bool]]) -> str:
    draw, send, trip = [], [], []
    for view, names, _ in work[:40]:
        start = time.thread_time()
        png = rendering.render(slug, view, names=names)
        draw.append(time.thread_time() - start)
        start = time.thread_time()
        pickle.loads(pickle.dumps((slug, view, names, None, None)))
        pickle.loads(pickle.dumps(png))
        send.append(time.thread_time() - start)
        start = time.perf_counter()
        pool.executor().submit(pool.picture, slug, view, names).result()
        trip.append(time.perf_counter() - start)
    return f"| {slug} | {ms(draw)} | {ms(send, digits=3)} | {ms(trip)} |"


async def burst(mode: str, slug: str, work: list[tuple[dict, list[str], bool]]
                ) -> tuple[list[float], list[float], list[float]]:
    lags: list[float] = []
    holds: list[float] = []
    stop = asyncio.Event()
    tick = asyncio.create_task(lag_monitor(lags, stop, TICK, holds))
    await asyncio.sleep(0.05)

    async def one(view: dict, names: list[str], private: bool) -> float:
        started = time.perf_counter()
        if mode == "thread" or (mode == "private in threads" and private):
            await asyncio.to_thread(rendering.render, slug, view, None, names)
        else:
            await pool.run(pool.picture, slug, view, names)
        return time.perf_counter() - started

    times = await asyncio.gather(*(one(v, n, p) for v, n, p in work))
    stop.set()
    await tick
    return lags, holds, list(times)


async def empty_jobs(count: int = 400) -> str:
    """What sending any job costs, the work itself aside: an empty one (``len``) sent to
    an idle worker, this process's CPU (both its threads) and the round trip's wall time
    (``service.common.pool.INLINE_MS`` comes from it)."""
    cpu, wall = [], []
    for _ in range(count):
        started, clock = time.process_time(), time.perf_counter()
        await pool.run(len, "")
        cpu.append(time.process_time() - started)
        wall.append(time.perf_counter() - clock)
    line = (f"An empty job sent to an idle worker: {statistics.mean(cpu) * 1000:.2f} ms of "
            f"this process's CPU (mean), round trip p50 / p99 "
            f"{ms(wall)} ms.")
    print(line, flush=True)
    return line


async def run(slugs: list[str], matches: int, rounds: int) -> list[str]:
    pool.executor()
    await asyncio.gather(*(pool.run(pool.picture, s, *jobs(s, 1)[0][:2]) for s in slugs
                           for _ in range(pool.size())))  # workers up and warm
    lines = [await empty_jobs(), "",
             "| game | draw here CPU ms p50 / p99 | pickle there and back CPU ms p50 / p99 "
             "| round trip to an idle worker ms p50 / p99 |", "|---|---|---|---|"]
    for slug in slugs:
        shown(lines, costs(slug, jobs(slug, 40)))
    lines += ["", f"{matches} matches at once, their public and private pictures:", "",
              "| game | pictures | way | loop lag ms p50 / p99 / max "
              "| loop's own CPU per tick ms p99 | picture wall ms p50 / p95 |",
              "|---|---|---|---|---|---|"]
    for slug in slugs:
        work = jobs(slug, matches)
        for mode in ("thread", "private in threads", "process"):
            lags, holds, times = await pooled(burst(mode, slug, work) for _ in range(rounds))
            shown(lines, f"| {slug} | {len(work)} | {mode} "
                         f"| {ms(lags, digits=1, peak=True)} | {ms(holds, (0.99,), digits=1)} "
                         f"| {ms(times, (0.5, 0.95), digits=0)} |")
    return lines


def main(argv: list[str] | None = None) -> None:
    p = command_line("bench.offload", __doc__)
    p.add_argument("games", nargs="*", help="game slugs (default: all)")
    p.add_argument("--matches", type=int, default=50, help="matches moving at once")
    p.add_argument("--rounds", type=int, default=3)
    args = p.parse_args(argv)
    slugs = args.games or [g.slug for g in engines.all()]
    try:
        lines = asyncio.run(run(slugs, args.matches, args.rounds))
    finally:
        pool.shutdown()
    print()
    print("\n".join(lines))


if __name__ == "__main__":
    main()
