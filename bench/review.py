"""Review benchmark: how long ``/review`` takes on a whole finished match of each game, at
the hard level, in the process pool, as the bot runs it (deadline included).

    nice python -m bench.review                 # one match per game
    python -m bench.review --games <slug> --seconds 30

Each match is Ana against the easy computer, Ana playing a greedy move with some random
ones (the "random-ish" play of a beginner) until it ends; then Ana's review is timed.
Prints a Markdown table: moves, Ana's decisions, how many the review looked at before
its deadline, the moments it named, the wall time, and the machine's load then.
"""

from __future__ import annotations

import asyncio
import os
import tempfile
import time
from pathlib import Path

import engines
from bench.run import command_line
from db import open_store
from engines.ai import GreedyPlayer
from service import Actor, Service
from service.common import pool
from service.learning import coach

ANA = Actor(1, "Ana", 7)


async def finished_match(service: Service, slug: str, seed: int) -> int:
    """A finished match of Ana (a noisy greedy player) against the easy computer."""
    game = engines.get(slug)
    match = await service.create(ANA, slug, channel_id=1, rated=False)
    await service.add_ai(match.id, ANA, "easy")
    await service.start(match.id, ANA)
    ana = GreedyPlayer(noise=0.3)
    for n in range(3000):
        waiting = await service.waiting(match.id)
        if not waiting:
            break
        record = await service.match(match.id)
        state = game.load(record.snapshot)
        seat = record.seat_of(ANA.user_id).number
        move = ana.choose(game, state, seat, seed * 10_000 + n)
        await service.submit(match.id, ANA, move)
    return match.id


async def bench(slugs: list[str], seconds: float) -> None:
    coach.REVIEW_SECONDS = seconds
    print(f"Review at the {coach.REVIEW_LEVEL} level, deadline {seconds:.0f} s, "
          f"{pool.size()} pool workers")
    print("| game | moves | Ana's decisions | looked at | moments | review | load (1 min) |")
    print("|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as folder:
        store = await open_store(str(Path(folder) / "bench.db"))
        try:
            service = Service(store, seed_source=lambda: 2026, shuffle=lambda s: None,
                              offload="process")
            for slug in slugs:
                match_id = await finished_match(service, slug, 1)
                moves = len(await store.moves(match_id))
                started = time.perf_counter()
                review = await service.review(match_id, ANA)
                took = time.perf_counter() - started
                print(f"| {slug} | {moves} | {review.positions} | {review.looked} | "
                      f"{len(review.moments)} | {took:.1f} s | {os.getloadavg()[0]:.2f} |",
                      flush=True)
        finally:
            await store.close()
            pool.shutdown()


def main() -> None:
    parser = command_line("bench.review", __doc__)
    parser.add_argument("--games", nargs="*", default=[g.slug for g in engines.all()])
    parser.add_argument("--seconds", type=float, default=coach.REVIEW_SECONDS,
                        help="the review's deadline")
    args = parser.parse_args()
    asyncio.run(bench(args.games, args.seconds))


if __name__ == "__main__":
    main()
