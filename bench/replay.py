"""Replay benchmark: GIF size and build time on each game's longest random matches.

    python -m bench.replay               # the longest of 20 random matches per game
    python -m bench.replay --seeds 5

Prints a Markdown table: moves, frames, size, build time (render + encode, one core).
"""

from __future__ import annotations

import argparse
import io
import random
import time

from PIL import Image

import engines
from rendering import replay

NAMES = ["Ana", "Bo", "Cy", "Di", "Ed", "Flo"]


def longest(slug: str, players: int, seeds: int) -> list[dict]:
    """The public views of the longest of ``seeds`` random matches."""
    game = engines.get(slug)
    best: list[dict] = []
    for seed in range(seeds):
        rng = random.Random(seed)
        state = game.setup(players, seed, {})
        views = [game.view(state, None)]
        while (acting := game.to_act(state)) and len(views) < 5000:
            state = game.play(state, acting[0], rng.choice(game.legal_moves(state, acting[0])))
            views.append(game.view(state, None))
        if len(views) > len(best):
            best = views
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=20)
    args = parser.parse_args()
    print("| game | players | moves | frames | size | build |")
    print("|---|---|---|---|---|---|")
    for game in engines.all():  # each at its most players
        slug, players = game.slug, game.max_players
        views = longest(slug, players, args.seeds)
        start = time.perf_counter()
        data = replay.gif(slug, views, NAMES[:players])
        took = time.perf_counter() - start
        frames = Image.open(io.BytesIO(data)).n_frames
        print(f"| {slug} | {players} | {len(views) - 1} | {frames} | "
              f"{len(data) / 1024:.0f} KB | {took:.1f} s |", flush=True)


if __name__ == "__main__":
    main()
