"""Benchmarks: per game, legal-move generation, play, render, and one whole move through
the service with a file database, next to the floor (a bare SQLite INSERT+COMMIT in WAL
plus a bare PNG encode of the same image).

    python bench/run.py                 # all games
    python bench/run.py <slug>          # one game
    python bench/run.py --moves 100     # fewer samples, faster
    python bench/run.py --against 7edac84          # and whole moves against that commit
    python bench/run.py --against 7edac84 --only   # only that comparison

Prints a Markdown table. Targets (docs/DESIGN.md, issues): whole move p99 ≤ 50 ms and
≤ 3× the floor; render (public and DM pictures) ≤ 10 ms p50 and ≤ 20 ms p99, shown next
to its own floor, a bare PNG encode of the same image (issue 30); PNG ≤ 40 KB median.
"render CPU" is the CPU time of the drawing thread: on a shared machine the wall times
swing with everyone else's work, the CPU time much less.

``--against <commit>`` then compares whole moves with their pictures (``Service.submit``
and every picture of the move drawn: ``bench/whole_move.py``) with that commit's code
(``git archive`` into a temporary folder), in two processes asked in turn, round after
round, the order swapped each round: one machine, one load, both warm. It prints moves
per second (moves over the sum of their wall times), the wall and CPU p50/p99 of a move,
and new/old (issue 56's goal: ≥ 2× the early-November code, ``7edac84``).
"""

from __future__ import annotations

import argparse
import asyncio
import io
import json
import os
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterable, Sequence
from pathlib import Path

from PIL import Image

import engines
import rendering
from db import RUNNING, MatchRecord, open_store
from service import Actor, Service


def percentile(samples: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0 to 1) of ``samples`` (the nearest rank; 0.0 if none)."""
    if not samples:
        return 0.0
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def ms(samples: Sequence[float], quantiles: Sequence[float] = (0.5, 0.99), *,
       digits: int = 2, peak: bool = False) -> str:
    """Seconds as milliseconds at these quantiles, ``"p50 / p99"`` (then ``" / max"``
    with ``peak``); ``"–"`` when there are none."""
    if not samples:
        return "–"
    values = [percentile(samples, q) for q in quantiles] + ([max(samples)] if peak else [])
    return " / ".join(f"{v * 1000:.{digits}f}" for v in values)


async def pooled(rounds: Iterable[Awaitable[Sequence[list[float]]]]) -> list[list[float]]:
    """Await each round in turn (a round measures several things, a list of samples
    each) and join each measure's samples across the rounds."""
    joined: list[list[float]] = []
    for round_ in rounds:
        samples = await round_
        joined += [[] for _ in range(len(samples) - len(joined))]
        for together, more in zip(joined, samples, strict=False):
            together += more
    return joined


def shown(lines: list[str], row: str) -> None:
    """Keep a table's row and print it at once: a long run shows its rows as they come."""
    lines.append(row)
    print(row, flush=True)


def command_line(module: str, doc: str | None) -> argparse.ArgumentParser:
    """The arguments of ``python -m <module>``, described by its docstring's first line."""
    return argparse.ArgumentParser(prog=f"python -m {module}",
                                   description=(doc or "").splitlines()[0])


def timed(fn: Callable[[], object]) -> tuple[float, object]:
    start = time.perf_counter()
    value = fn()
    return time.perf_counter() - start, value


def sample_states(game, count: int, seed: int = 1) -> list[object]:
    """States met along random games (start, middle and late positions)."""
    rng = random.Random(seed)
    states: list[object] = []
    game_seed = 0
    while len(states) < count:
        game_seed += 1
        state = game.setup(game.min_players, game_seed, {})
        while game.result(state) is None and len(states) < count:
            states.append(state)
            seat = game.to_act(state)[0]
            state = game.play(state, seat, rng.choice(game.legal_moves(state, seat)))
    return states


def engine_rows(game, count: int) -> dict[str, str]:
    """legal_moves and play over ``count`` states; the picture of about 60 of them, seen
    publicly and by each seat (the DM pictures), against the floor: a bare PNG encode
    (Pillow's defaults) of the same image."""
    rng = random.Random(2)
    states = sample_states(game, count)
    legal, play, render, cpu, floor, sizes = [], [], [], [], [], []
    for i, state in enumerate(states):
        seat = game.to_act(state)[0]
        seconds, moves = timed(lambda s=state, t=seat: game.legal_moves(s, t))
        legal.append(seconds)
        move = rng.choice(moves)
        play.append(timed(lambda s=state, t=seat, m=move: game.play(s, t, m))[0])
        if i % max(1, count // 60) == 0:
            for viewer in (None, *range(game.min_players)):
                view = game.view(state, viewer)
                started = time.thread_time()
                seconds, png = timed(lambda v=view: rendering.render(game.slug, v))
                cpu.append(time.thread_time() - started)
                render.append(seconds)
                sizes.append(len(png))
                image = Image.open(io.BytesIO(png)).convert("RGB")
                floor.append(timed(lambda im=image: im.save(io.BytesIO(), format="PNG"))[0])
    ratio = (f"{percentile(render, .5) / percentile(floor, .5):.2f}× / "
             f"{percentile(render, .99) / percentile(floor, .99):.2f}×")
    return {"legal": ms(legal), "play": ms(play), "render": ms(render), "cpu": ms(cpu),
            "render_floor": ms(floor), "render_ratio": ratio,
            "png": f"{statistics.median(sizes) / 1024:.0f} / {max(sizes) / 1024:.0f}"}


async def new_match(service: Service, slug: str, players: int
                    ) -> tuple[MatchRecord, list[Actor]]:
    """A started match of human seats P1…Pn (user ids 1…n)."""
    actors = [Actor(i + 1, f"P{i + 1}") for i in range(players)]
    match = await service.create(actors[0], slug)
    for actor in actors[1:]:
        await service.join(match.id, actor)
    return (await service.start(match.id, actors[0])).match, actors


async def service_move_times(game, count: int, folder: Path
                             ) -> tuple[list[float], list[float]]:
    """Wall time of ``Service.submit`` (validate, play, persist, render the public board)
    per move, and of drawing that move's private boards for DMs (done after the public
    board is out)."""
    store = await open_store(str(folder / f"{game.slug}.db"))
    service = Service(store, seed_source=lambda: 99, shuffle=lambda seats: None)
    rng = random.Random(3)
    times: list[float] = []
    private: list[float] = []
    match = None
    while len(times) < count:
        if match is None or match.status != RUNNING:
            match, actors = await new_match(service, game.slug, game.min_players)
        state = game.load(match.snapshot)
        seat = game.to_act(state)[0]
        actor = actors[match.by_seat()[seat].user_id - 1]
        move = rng.choice(game.legal_moves(state, seat))
        start = time.perf_counter()
        update = await service.submit(match.id, actor, move)
        times.append(time.perf_counter() - start)
        start = time.perf_counter()
        for post in update.private.values():
            await post.ready()
        private.append(time.perf_counter() - start)
        match = update.match
    await store.close()
    return times, private


def floor_times(game, count: int, folder: Path) -> list[float]:
    """A bare INSERT+COMMIT in WAL plus a bare PNG encode of the same board image."""
    conn = sqlite3.connect(folder / f"floor-{game.slug}.db", isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=NORMAL")
    conn.execute("CREATE TABLE IF NOT EXISTS t (id INTEGER PRIMARY KEY, body TEXT)")
    state = sample_states(game, 1)[0]
    png = rendering.render(game.slug, game.view(state, None))
    image = Image.open(io.BytesIO(png)).convert("RGB")
    times = []
    for i in range(count):
        start = time.perf_counter()
        conn.execute("BEGIN")
        conn.execute("INSERT INTO t (body) VALUES (?)", (f"move {i}",))
        conn.execute("COMMIT")
        image.save(io.BytesIO(), format="PNG")
        times.append(time.perf_counter() - start)
    conn.close()
    return times


class Checkout:
    """``bench/whole_move.py`` running on one checkout's code, asked for moves in turn."""

    def __init__(self, tree: Path, folder: Path) -> None:
        script = Path(__file__).resolve().with_name("whole_move.py")
        folder.mkdir()
        self.process = subprocess.Popen(
            [sys.executable, str(script), str(folder)], cwd=tree, text=True,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            env={**os.environ, "PYTHONPATH": str(tree)})

    def moves(self, slug: str, count: int) -> list[tuple[float, float]]:
        assert self.process.stdin and self.process.stdout
        self.process.stdin.write(f"{slug} {count}\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"the checkout in {self.process.args} stopped")
        return [tuple(pair) for pair in json.loads(line)]

    def close(self) -> None:
        assert self.process.stdin
        self.process.stdin.close()
        self.process.wait(timeout=60)


def against(commit: str, games: Sequence, rounds: int, per_round: int) -> None:
    """Whole moves with pictures, this checkout against ``commit``, alternated."""
    root = Path(__file__).resolve().parent.parent
    with tempfile.TemporaryDirectory() as tmp:
        old_tree = Path(tmp) / "tree"
        old_tree.mkdir()
        archive = subprocess.run(["git", "-C", str(root), "archive", commit],
                                 check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(old_tree)], input=archive, check=True)
        old, new = Checkout(old_tree, Path(tmp) / "old"), Checkout(root, Path(tmp) / "new")
        print(f"\nWhole move with its pictures, {commit} (old) and this checkout (new), "
              f"{rounds} alternated rounds of {per_round} moves per game, load "
              f"{os.getloadavg()[0]:.1f} at the start:\n")
        print("| game | old moves/s | new moves/s | new / old | old ms p50/p99 "
              "| new ms p50/p99 | old CPU ms p50/p99 | new CPU ms p50/p99 |")
        print("|---|---|---|---|---|---|---|---|")
        try:
            for game in games:
                samples: dict[str, list[tuple[float, float]]] = {"old": [], "new": []}
                for side in (old, new):  # warm both: imports, caches, the first match
                    side.moves(game.slug, 5)
                for k in range(rounds):
                    order = [("old", old), ("new", new)]
                    for name, side in order if k % 2 == 0 else order[::-1]:
                        samples[name] += side.moves(game.slug, per_round)
                rate = {name: len(s) / sum(w for w, _ in s) for name, s in samples.items()}
                wall = {name: [w for w, _ in s] for name, s in samples.items()}
                cpu = {name: [c for _, c in s] for name, s in samples.items()}
                print(f"| {game.slug} | {rate['old']:.0f} | {rate['new']:.0f} "
                      f"| {rate['new'] / rate['old']:.2f}× | {ms(wall['old'])} "
                      f"| {ms(wall['new'])} | {ms(cpu['old'])} | {ms(cpu['new'])} |",
                      flush=True)
        finally:
            old.close()
            new.close()
        print(f"\n(load {os.getloadavg()[0]:.1f} at the end)")


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help="game slugs (default: all)")
    parser.add_argument("--moves", type=int, default=300, help="samples per measure")
    parser.add_argument("--against", metavar="COMMIT",
                        help="also compare whole moves with pictures with this commit")
    parser.add_argument("--only", action="store_true",
                        help="with --against: only that comparison")
    parser.add_argument("--rounds", type=int, default=10, help="alternated rounds")
    args = parser.parse_args()
    games = [engines.get(s) for s in args.games] if args.games else engines.all()
    if args.against and args.only:
        against(args.against, games, args.rounds, max(5, args.moves // 30))
        return
    print("| game | legal_moves ms p50/p99 | play ms p50/p99 | render ms p50/p99 "
          "| render CPU ms p50/p99 | bare PNG encode ms p50/p99 | render / encode p50/p99 "
          "| PNG KB median/max | whole move ms p50/p99 | floor ms p50/p99 "
          "| ratio p50/p99 | DM boards ms p50/p99 |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for game in games:
            rows = engine_rows(game, args.moves)
            whole, private = await service_move_times(game, max(50, args.moves // 3), folder)
            floor = floor_times(game, max(50, args.moves // 3), folder)
            ratio = (f"{percentile(whole, .5) / percentile(floor, .5):.1f}× / "
                     f"{percentile(whole, .99) / percentile(floor, .99):.1f}×")
            print(f"| {game.slug} | {rows['legal']} | {rows['play']} | {rows['render']} "
                  f"| {rows['cpu']} | {rows['render_floor']} | {rows['render_ratio']} "
                  f"| {rows['png']} "
                  f"| {ms(whole)} | {ms(floor)} | {ratio} | {ms(private)} |",
                  flush=True)
    if args.against:
        against(args.against, games, args.rounds, max(5, args.moves // 30))


if __name__ == "__main__":
    asyncio.run(main())
