"""Crash-safety harness: play moves in a child process, SIGKILL it at random points,
restart it, and check that nothing acknowledged was lost and nothing half-written stayed.

    python bench/crash.py --kills 50 --moves 1000      # the full harness
    python bench/crash.py --child DB SEED               # (what the harness runs)

The child prints ``ACK match seq seat notation`` only after ``Service.submit`` returned,
i.e. after the move's transaction committed. After the last kill the harness checks:
every acknowledged move is in the log at its place; at most one unacknowledged move
(committed just before a kill) follows the last acknowledged one; and every match's
snapshot equals a replay of its move log.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import engines
from db import RUNNING, open_store
from service import Actor, Service, ServiceError

MATCHES_AT_ONCE = 3


async def child(db_path: str, seed: int) -> None:
    """Play random legal moves in several matches forever, acknowledging each."""
    rng = random.Random(seed)
    store = await open_store(db_path)
    service = Service(store)
    games = engines.all()
    print("READY", flush=True)
    while True:
        running = await store.find_matches(statuses=(RUNNING,), limit=MATCHES_AT_ONCE)
        if len(running) < MATCHES_AT_ONCE:
            game = rng.choice(games)
            host = Actor(1, "P1")
            match = await service.create(host, game.slug)
            for user in range(2, game.min_players + 1):
                await service.join(match.id, Actor(user, f"P{user}"))
            await service.start(match.id, host)
            continue
        match = rng.choice(running)
        game = engines.get(match.game)
        state = game.load(match.snapshot)
        seat = game.to_act(state)[0]
        user = match.by_seat()[seat].user_id
        move = rng.choice(game.legal_moves(state, seat))
        try:
            await service.submit(match.id, Actor(user, f"P{user}"), move)
        except ServiceError:
            continue
        seq = len(await store.moves(match.id))
        print(f"ACK {match.id} {seq} {seat} {json.dumps(move)}", flush=True)


@dataclass
class Report:
    kills: int = 0
    acked: int = 0
    matches: int = 0
    unacked_tail: int = 0
    problems: list[str] = field(default_factory=list)
    seconds: float = 0.0


def run_harness(db_path: str, kills: int, moves: int, seed: int = 1) -> Report:
    """Kill the child ``kills`` times and go on until ``moves`` acknowledgements."""
    rng = random.Random(seed)
    acks: dict[tuple[int, int], tuple[int, str]] = {}
    report = Report()
    start = time.perf_counter()
    round_number = 0
    while report.kills < kills or len(acks) < moves:
        round_number += 1
        proc = subprocess.Popen(
            [sys.executable, __file__, "--child", db_path, str(seed * 1000 + round_number)],
            stdout=subprocess.PIPE, text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
        assert proc.stdout is not None
        budget = rng.randint(1, max(2, 2 * moves // max(1, kills)))
        seen = 0
        for line in proc.stdout:
            if _record(line, acks):
                seen += 1
                if seen >= budget:
                    # Land the kill at a random point of the next move's work.
                    time.sleep(rng.random() * 0.02)
                    break
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        # A move the child acknowledged while we slept is acknowledged all the same: its
        # line is still in the pipe (before, it was dropped, and a fast child could show
        # two moves past "the last ack").
        for line in proc.stdout:
            _record(line, acks)
        report.kills += 1
    report.acked = len(acks)
    report.seconds = time.perf_counter() - start
    asyncio.run(_verify(db_path, acks, report))
    return report


def _record(line: str, acks: dict[tuple[int, int], tuple[int, str]]) -> bool:
    """Note an ``ACK`` line of the child's; whether it was one."""
    if not line.startswith("ACK"):
        return False
    _, match_id, seq, seat, notation = line.rstrip("\n").split(" ", 4)
    acks[(int(match_id), int(seq))] = (int(seat), json.loads(notation))
    return True


async def _verify(db_path: str, acks: dict[tuple[int, int], tuple[int, str]],
                  report: Report) -> None:
    store = await open_store(db_path)
    service = Service(store)
    try:
        matches = await store.find_matches(statuses=("running", "finished"), limit=100000)
        report.matches = len(matches)
        logs = {m.id: await store.moves(m.id) for m in matches}
        for (match_id, seq), (seat, notation) in acks.items():
            log = logs.get(match_id, [])
            if len(log) < seq or (log[seq - 1].seat, log[seq - 1].notation) != (seat, notation):
                report.problems.append(f"acknowledged move {match_id}/{seq} missing")
        for match in matches:
            acked = max((seq for (m, seq) in acks if m == match.id), default=0)
            tail = len(logs[match.id]) - acked
            if tail > 1:
                report.problems.append(f"match {match.id}: {tail} moves past the last ack")
            report.unacked_tail += max(0, tail)
            game = engines.get(match.game)
            if game.dump(await service.replay(match.id)) != match.snapshot:
                report.problems.append(f"match {match.id}: snapshot differs from replay")
    finally:
        await store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description="SIGKILL crash-safety harness")
    parser.add_argument("--child", nargs=2, metavar=("DB", "SEED"))
    parser.add_argument("--kills", type=int, default=50)
    parser.add_argument("--moves", type=int, default=1000)
    parser.add_argument("--db", default="")
    args = parser.parse_args()
    if args.child:
        asyncio.run(child(args.child[0], int(args.child[1])))
        return
    db_path = args.db or str(Path(os.environ.get("TMPDIR", "/tmp")) / f"crash-{os.getpid()}.db")
    report = run_harness(db_path, args.kills, args.moves)
    print(f"kills: {report.kills}  acknowledged moves: {report.acked}  matches: "
          f"{report.matches}  committed-but-unacknowledged: {report.unacked_tail}  "
          f"time: {report.seconds:.1f}s  problems: {len(report.problems)}")
    for problem in report.problems[:20]:
        print("  -", problem)
    sys.exit(1 if report.problems else 0)


if __name__ == "__main__":
    main()
