"""Scale benchmark: is a whole move's time flat across match length and database size?

    python -m bench.scale --game <slug>   # early vs late moves of a long match (a game
                                          # whose matches last 460 moves: RELIABILITY.md
                                          # names the one measured); 1 vs 10,000 stored
    python -m bench.scale --game <slug> --matches 2000   # a smaller database

Prints a Markdown table of ``Service.submit`` wall times (p50/p99 in ms).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sqlite3
import tempfile
import time
from pathlib import Path

import engines
from bench.run import ms, new_match
from db import RUNNING, open_store
from service import Service


async def timed_moves(service: Service, match, actors, count: int, rng: random.Random,
                      skip: int = 0) -> tuple[list[float], object]:
    """Play ``skip`` moves untimed, then time ``count`` moves (fewer if the match ends)."""
    game = engines.get(match.game)
    times: list[float] = []
    played = 0
    while match.status == RUNNING and len(times) < count:
        state = game.load(match.snapshot)
        seat = game.to_act(state)[0]
        actor = actors[match.by_seat()[seat].user_id - 1]
        move = calm(game, state, game.legal_moves(state, seat), rng)
        start = time.perf_counter()
        match = (await service.submit(match.id, actor, move)).match
        if played >= skip:
            times.append(time.perf_counter() - start)
        played += 1
    return times, match


def calm(game, state, moves: list[str], rng: random.Random) -> str:
    """Random, but never a capture when another move exists, so that a match runs long
    (a chess variant's to its 400-turn safety stop, about 470 moves: the longest match
    any of the five games gives)."""
    board = game.view(state, None)["board"]
    quiet = [m for m in moves if "-" not in m or m.rsplit("-", 1)[1] not in board]
    return rng.choice(quiet or moves)


def fill(path: str, template_id: int, count: int) -> None:
    """Copy a started match ``count`` times (rows only) to make a big database fast."""
    conn = sqlite3.connect(path)
    row = conn.execute("SELECT guild_id, channel_id, game, options, seed, status, host_id, "
                       "version, snapshot, created_at, updated_at FROM matches WHERE id = ?",
                       (template_id,)).fetchone()
    seats = conn.execute("SELECT user_id, seat, display_name, joined_at FROM seats "
                         "WHERE match_id = ?", (template_id,)).fetchall()
    with conn:
        for i in range(count):
            cur = conn.execute(
                "INSERT INTO matches (guild_id, channel_id, game, options, seed, status, "
                "host_id, version, snapshot, created_at, updated_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", (i % 50, *row[1:]))
            conn.executemany(
                "INSERT INTO seats (match_id, user_id, seat, display_name, joined_at) "
                "VALUES (?, ?, ?, ?, ?)", [(cur.lastrowid, *s) for s in seats])
    conn.close()


LATE = 460  # the last timed move of the long match


async def main() -> None:
    parser = argparse.ArgumentParser(description="whole-move time vs length and size")
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--samples", type=int, default=20)
    slugs = [g.slug for g in engines.all()]
    parser.add_argument("--game", choices=slugs, required=True,
                        help=f"the game of the long match (one whose matches last {LATE} "
                        "moves)")
    args = parser.parse_args()
    print("| measure | whole move ms p50/p99 |")
    print("|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        slug, players, seed = args.game, 2, 1
        store = await open_store(str(Path(tmp) / "length.db"))
        service = Service(store, seed_source=lambda: 99, shuffle=lambda seats: None)
        match, actors = await new_match(service, slug, players)
        rng = random.Random(seed)
        early, match = await timed_moves(service, match, actors, args.samples, rng)
        late, match = await timed_moves(service, match, actors, args.samples, rng,
                                        skip=LATE - 2 * args.samples)
        if len(late) < args.samples:
            raise SystemExit(f"the match ended before move {LATE}: choose a game whose "
                             "matches last longer (--game)")
        print(f"| {slug}, {players} players: moves 1–{args.samples} | {ms(early)} |",
              flush=True)
        print(f"| {slug}, {players} players: moves {LATE - args.samples + 1}–{LATE} "
              f"| {ms(late)} |", flush=True)
        await store.close()

        path = str(Path(tmp) / "size.db")
        store = await open_store(path)
        service = Service(store, seed_source=lambda: 7, shuffle=lambda seats: None)
        first = engines.all()[0].slug  # the size measure: the first game, 2 players
        match, actors = await new_match(service, first, 2)
        small, match = await timed_moves(service, match, actors, args.samples,
                                         random.Random(1))
        await store.close()
        fill(path, match.id, args.matches)
        store = await open_store(path)
        service = Service(store)
        match, actors = await new_match(service, first, 2)
        big, _ = await timed_moves(service, match, actors, args.samples, random.Random(1))
        await store.close()
        print(f"| {first}, 1 stored match | {ms(small)} |")
        print(f"| {first}, {args.matches:,} stored matches | {ms(big)} |")


if __name__ == "__main__":
    asyncio.run(main())
