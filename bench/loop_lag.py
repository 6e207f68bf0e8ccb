"""How long the event loop waits while computer players think: threads against processes.

    python -m bench.loop_lag --game <slug>   # hard, 4 decisions at once, 3 rounds
    python -m bench.loop_lag --level normal --rounds 5  # the first game in the registry

Four heavy positions from four different matches (a full table; in each random match the
position where the mover has the most legal moves) are decided at once, as four computer
seats in four matches would be: first in threads (``asyncio.to_thread``, the service's
``offload="thread"``), then in the process pool (:mod:`service.common.pool`,
``offload="process"``, sized to the machine). Meanwhile a ticker on the event loop sleeps
5 ms at a time and records how late it wakes up. Prints, per mode, the loop's lag
p50/p99/max and the decisions' wall times p50/p95 (from asking to answer, queueing
included). Goal (issue 17): lag p99 ≤ 20 ms with the process pool.
"""

from __future__ import annotations

import asyncio
import random
import time

import engines
from bench.run import command_line, ms, pooled, shown
from engines.ai import player
from service.common import pool

TICK = 0.005


def heavy_positions(game: engines.Game, count: int,
                    seed: int = 7) -> list[tuple[object, int]]:
    """From each of ``count`` random matches at a full table (up to 400 moves in), the
    position whose mover has the most legal moves."""
    found: list[tuple[object, int]] = []
    for match in range(seed, seed + count):
        rng = random.Random(match)
        state = game.setup(game.max_players, match, {})
        most = -1
        for _ in range(400):
            if game.result(state) is not None:
                break
            seat = game.to_act(state)[0]
            moves = game.legal_moves(state, seat)
            if len(moves) > most:
                most, heaviest = len(moves), (state, seat)
            state = game.play(state, seat, rng.choice(moves))
        found.append(heaviest)
    return found


async def ticker(lags: list[float], stop: asyncio.Event) -> None:
    while not stop.is_set():
        started = time.perf_counter()
        await asyncio.sleep(TICK)
        lags.append(time.perf_counter() - started - TICK)


async def round_of(game: engines.Game, mode: str, level: str,
                   positions: list[tuple[object, int]],
                   seed: int) -> tuple[list[float], list[float]]:
    lags: list[float] = []
    stop = asyncio.Event()
    tick = asyncio.create_task(ticker(lags, stop))
    await asyncio.sleep(0.05)

    async def one(state: object, seat: int, number: int) -> float:
        started = time.perf_counter()
        if mode == "thread":
            await asyncio.to_thread(player(level).choose, game, state, seat, seed + number)
        else:
            await pool.run(pool.decide, game.slug, game.dump(state), seat, seed + number,
                           level, ())
        return time.perf_counter() - started

    times = await asyncio.gather(*(one(s, seat, n) for n, (s, seat) in enumerate(positions)))
    stop.set()
    await tick
    return lags, list(times)


async def run(game: engines.Game, level: str, rounds: int, decisions: int) -> list[str]:
    positions = heavy_positions(game, decisions)
    pool.executor()
    state, seat = positions[0]
    await asyncio.gather(*(pool.run(pool.decide, game.slug, game.dump(state), seat, n,
                                    "random", ())
                           for n in range(pool.size())))  # workers started before measuring
    lines = ["| mode | workers | decisions at once | rounds | loop lag p50 / p99 / max (ms) "
             "| decision p50 / p95 (ms) |", "|---|---|---|---|---|---|"]
    for mode in ("thread", "process"):
        lags, times = await pooled(round_of(game, mode, level, positions, 1000 * r)
                                   for r in range(rounds))
        workers = decisions if mode == "thread" else pool.size()
        shown(lines, f"| {mode} | {workers} | {decisions} | {rounds} "
                     f"| {ms(lags, digits=1, peak=True)} | {ms(times, (0.5, 0.95), digits=0)} |")
    return lines


def main(argv: list[str] | None = None) -> None:
    p = command_line("bench.loop_lag", __doc__)
    slugs = [g.slug for g in engines.all()]
    p.add_argument("--game", choices=slugs, default=slugs[0],
                   help="the game (default the first in the registry)")
    p.add_argument("--level", default="hard", help="the computers' level (default hard)")
    p.add_argument("--rounds", type=int, default=3, help="rounds of decisions per mode")
    p.add_argument("--decisions", type=int, default=4, help="decisions at once")
    args = p.parse_args(argv)
    try:
        game = engines.get(args.game)
        lines = asyncio.run(run(game, args.level, args.rounds, args.decisions))
    finally:
        pool.shutdown()
    print()
    print(f"{game.title}, {game.max_players} players, the heaviest positions; "
          f"level {args.level}.")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
