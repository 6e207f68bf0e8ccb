"""Whole moves with their pictures, on request, in whichever checkout comes first on
``PYTHONPATH``: the helper ``bench/run.py --against <commit>`` runs twice, once per
checkout, and asks each in turn (alternated rounds, one machine, one load).

    PYTHONPATH=<checkout> python bench/whole_move.py <folder>

Reads lines ``<slug> <moves>`` on stdin; for each, plays that many random moves through
the service (a file database in ``folder``, one match after another, human seats),
each move awaited with its public picture and every private one drawn, and answers one
line of JSON: the wall seconds and the process's CPU seconds of each move. Uses only
what every version since early November has: ``Service(store, seed_source, shuffle)``,
``create``/``join``/``start``/``submit``, ``Post.ready``, ``db.open_store``.
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
import time
from pathlib import Path

import engines
from db import RUNNING, open_store

try:
    from service import Actor, Service
except ImportError:  # the early-November layout
    from bot.service import Actor, Service  # type: ignore[no-redef]


class Player:
    """One game's matches, kept between requests (the service's caches stay warm, as a
    running bot's do)."""

    def __init__(self, service, slug: str) -> None:
        self.service = service
        self.game = engines.get(slug)
        self.rng = random.Random(3)
        self.match = None
        self.actors: list = []

    async def fresh(self) -> None:
        game, service = self.game, self.service
        self.actors = [Actor(i + 1, f"P{i + 1}") for i in range(game.min_players)]
        match = await service.create(self.actors[0], game.slug)
        for actor in self.actors[1:]:
            await service.join(match.id, actor)
        self.match = (await service.start(match.id, self.actors[0])).match

    async def moves(self, count: int) -> list[tuple[float, float]]:
        game, out = self.game, []
        while len(out) < count:
            if self.match is None or self.match.status != RUNNING:
                await self.fresh()
            state = game.load(self.match.snapshot)
            seat = game.to_act(state)[0]
            actor = self.actors[self.match.by_seat()[seat].user_id - 1]
            move = self.rng.choice(game.legal_moves(state, seat))
            wall, cpu = time.perf_counter(), time.process_time()
            update = await self.service.submit(self.match.id, actor, move)
            for post in [update.public, *update.private.values()]:
                if post is not None:
                    await post.ready()
            out.append((time.perf_counter() - wall, time.process_time() - cpu))
            self.match = update.match
        return out


async def main(folder: str) -> None:
    store = await open_store(str(Path(folder) / "moves.db"))
    service = Service(store, seed_source=lambda: 99, shuffle=lambda seats: None)
    players: dict[str, Player] = {}
    loop = asyncio.get_running_loop()
    while line := await loop.run_in_executor(None, sys.stdin.readline):
        slug, count = line.split()
        player = players.setdefault(slug, Player(service, slug))
        print(json.dumps(await player.moves(int(count))), flush=True)
    await store.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
