"""Several service processes over one PostgreSQL, against one process on SQLite.

    python -m bench.multi                       # the default run (a few minutes)
    python -m bench.multi --matches 200 --moves 2 --clock-matches 2000   # a quick one
    python -m bench.multi --clock-only                  # only the 10,000-match clock pass
    python -m bench.multi --pictures --matches 200 --moves 2 --clock-matches 2000

For each setup (1 process on SQLite; 1, 2 and 4 processes on PostgreSQL) a fresh database
gets ``--matches`` running matches (of the first game in the registry) between simulated
players. Every process has its own :class:`~service.Service` and store (its own
connections) and runs ``--clients`` concurrent clients, which pick a match at random (all
processes share all matches, so they race for the same turns), read it and submit a random
legal move for the player to act with the version they read (a button) — then, at random,
the same move again (a double click, and ``/move`` typed twice) or a move for a version
already gone (a stale button) — until the processes together have had ``--matches ×
--moves`` moves accepted. Pictures are not drawn (``bench/run.py`` times them): a whole
move is ``Service.submit`` with its reads, rules and transaction. With ``--pictures`` they
are, as the bot draws them: the real renderer in each process's own process pool
(``offload="process"``), the public board within ``submit`` and every private board (DMs)
awaited after it, so the table shows what a server with pictures sustains. Then all
processes run the clock pass at the same moment, two hours later, when every current turn
is due a reminder.

Checked afterwards, from the database: no two accepted moves at one version of a match
(double-accepted), every acknowledged move in the log at its place (lost), no move in the
log that nobody acknowledged, every snapshot equal to the replay of its log, and every due
reminder fired exactly once across the processes. Event-loop lag: each process measures
how late a 5 ms sleep wakes up while it plays.

Then one clock pass over ``--clock-matches`` running matches, all due a reminder (one
process per backend): its time, and the longest time it held the event loop (a 1 ms
ticker's longest wake-up delay).

PostgreSQL: ``TEST_DATABASE_URL`` (a role that may CREATE DATABASE) or a throwaway server
as the tests start it (tests/pg.py); it is stopped at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing as mp
import random
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import engines
from bench.run import ms, percentile
from db import RUNNING, ClockRecord, open_store, records
from service import Actor, Service, ServiceError, positions
from service.common import pool

GAME = engines.all()[0].slug
"""The first game of the registry (a two-player one): every simulated match plays it."""
USERS = 400  # the simulated players; each match seats two of them
REMIND_HOURS = 1
LAG_TICK = 0.005


def no_picture(*args, **kwargs) -> bytes:
    return b""


def quiet_service(store) -> Service:
    return Service(store, render=no_picture)


def picture_service(store) -> Service:
    """A service that draws every picture as the bot does (in the process pool)."""
    return Service(store, offload="process")


# --- the databases ------------------------------------------------------------------------
async def fill(target: str, count: int, seed: int) -> None:
    """``count`` running matches with a one-hour reminder, through the store's own writes
    (as the lobby makes them)."""
    rng = random.Random(seed)
    game = engines.get(GAME)
    store = await open_store(target)
    try:
        async def one() -> None:
            ana, bo = rng.sample(range(1, USERS + 1), 2)
            match = await store.create_match(guild_id=None, channel_id=None, game=GAME,
                                             options={}, seed=rng.getrandbits(62),
                                             host_id=ana, host_name=f"P{ana}")
            await store.set_clock(match.id, ClockRecord(remind_after=REMIND_HOURS))
            match = await store.add_seat(match.id, user_id=bo, display_name=f"P{bo}",
                                         capacity=2)
            state = game.setup(2, match.seed, {})
            await store.start_match(match.id, version=match.version, order=[ana, bo],
                                    snapshot=game.dump(state))
        for start in range(0, count, 50):
            await asyncio.gather(*(one() for _ in range(start, min(count, start + 50))))
    finally:
        await store.close()


# --- a worker process ---------------------------------------------------------------------
@dataclass
class Outcome:
    acks: list[tuple[int, int, int, str]] = field(default_factory=list)
    """(match, version it was played at, seat, notation) of every accepted move."""
    move_times: list[float] = field(default_factory=list)
    lags: list[float] = field(default_factory=list)
    reminders: list[tuple[int, int, int]] = field(default_factory=list)
    """(match, version, user) of every reminder sent."""
    refused: Counter = field(default_factory=Counter)
    seconds: float = 0.0


async def lag_monitor(samples: list[float], stop: asyncio.Event, tick: float,
                      holds: list[float] | None = None) -> None:
    """How late each ``tick`` sleep wakes up (wall time); ``holds``: the CPU time the
    loop's thread spent between the sleep and the wake-up, i.e. how long something held
    the loop, whatever the other processes on the machine took of the CPU meanwhile."""
    while not stop.is_set():
        start, cpu = time.perf_counter(), time.thread_time()
        await asyncio.sleep(tick)
        samples.append(time.perf_counter() - start - tick)
        if holds is not None:
            holds.append(time.thread_time() - cpu)


async def play(service: Service, match_ids: list[int], quota: Any, clients: int,
               out: Outcome, seed: int) -> None:
    rng = random.Random(seed)
    game = engines.get(GAME)

    def take() -> bool:
        with quota.get_lock():
            if quota.value <= 0:
                return False
            quota.value -= 1
            return True

    def give_back() -> None:
        with quota.get_lock():
            quota.value += 1

    async def client() -> None:
        while take():
            accepted = False
            for _ in range(50):  # until this client gets one move accepted
                match = await service.match(rng.choice(match_ids))
                if match.status != RUNNING:
                    continue
                state = game.load(match.snapshot)
                seat = game.to_act(state)[0]
                user = match.by_seat()[seat].user_id
                move = rng.choice(game.legal_moves(state, seat))
                actor = Actor(user, f"P{user}")
                start = time.perf_counter()
                try:
                    update = await service.submit(match.id, actor, move,
                                                  expect_version=match.version)
                    for post in update.private.values():  # the DMs' pictures
                        await post.ready()
                except ServiceError:
                    out.refused["lost race"] += 1
                    continue
                out.move_times.append(time.perf_counter() - start)
                out.acks.append((match.id, update.match.version - 1, seat, move))
                accepted = True
                roll = rng.random()
                if roll < 0.2:  # a double click on the same button
                    await again(match.id, actor, move, match.version, "duplicate button")
                elif roll < 0.4:  # /move typed twice
                    await again(match.id, actor, move, None, "duplicate /move")
                elif roll < 0.5 and match.version > 1:  # a button from long ago
                    await again(match.id, actor, move, match.version - 1, "stale button")
                break
            if not accepted:
                give_back()
                return

    async def again(match_id: int, actor: Actor, move: str, version: int | None,
                    kind: str) -> None:
        try:
            update = await service.submit(match_id, actor, move, expect_version=version)
        except ServiceError:
            out.refused[kind] += 1
            return
        # Accepted: only as a new move of a later turn (never twice at one version).
        seated = update.match.seat_of(actor.user_id)
        out.acks.append((match_id, update.match.version - 1, seated.seat, move))
        out.refused[f"{kind} accepted as a new turn"] += 1

    await asyncio.gather(*(client() for _ in range(clients)))


async def worker_main(target: str, match_ids: list[int], quota, clients: int, seed: int,
                      barrier, later: datetime, pictures: bool = False) -> Outcome:
    store = await open_store(target)
    service = picture_service(store) if pictures else quiet_service(store)
    out = Outcome()
    try:
        if pictures:  # the pool's workers started and warm before the clock starts
            await asyncio.gather(*(pool.run(pool.picture, GAME, engines.get(GAME).view(
                engines.get(GAME).setup(2, n, {}), None), ["A", "B"])
                for n in range(2 * pool.size())))
        await asyncio.to_thread(barrier.wait)
        stop = asyncio.Event()
        monitor = asyncio.create_task(lag_monitor(out.lags, stop, LAG_TICK))
        start = time.perf_counter()
        await play(service, match_ids, quota, clients, out, seed)
        out.seconds = time.perf_counter() - start
        stop.set()
        await monitor
        await asyncio.to_thread(barrier.wait)  # every process passes the clocks at once
        await service.expire(later)
        for reminder in await service.reminders_due(later):
            out.reminders.extend((reminder.match.id, reminder.match.version, u)
                                 for u in reminder.user_ids)
            await service.reminded(reminder)
    finally:
        await store.close()
        pool.shutdown()
    return out


def worker(target, match_ids, quota, clients, seed, barrier, later, results,
           pictures=False) -> None:
    results.put(asyncio.run(worker_main(target, match_ids, quota, clients, seed, barrier,
                                        later, pictures)))


# --- one setup ----------------------------------------------------------------------------
@dataclass
class Row:
    setup: str
    moves: int = 0
    seconds: float = 0.0
    move_times: list[float] = field(default_factory=list)
    lags: list[float] = field(default_factory=list)
    double: int = 0
    lost: int = 0
    unacknowledged: int = 0
    replay_bad: int = 0
    reminders_due: int = 0
    reminders_fired: int = 0
    reminders_twice: int = 0
    refused: Counter = field(default_factory=Counter)


async def verify(target: str, outcomes: list[Outcome], starts: dict[int, int], row: Row
                 ) -> None:
    acks = [a for o in outcomes for a in o.acks]
    keys = Counter((m, v) for m, v, _, _ in acks)
    row.double = sum(n - 1 for n in keys.values() if n > 1)
    store = await open_store(target)
    game = engines.get(GAME)
    try:
        logs = {}
        due: set[tuple[int, int, int]] = set()
        for match_id in starts:
            match = await store.get_match(match_id)
            moves = await store.moves(match_id)
            logs[match_id] = moves
            *_, last = positions(game, match, moves)
            if game.dump(last) != match.snapshot:
                row.replay_bad += 1
            if match.status == RUNNING:
                state = game.load(match.snapshot)
                for seat in game.to_act(state):
                    due.add((match_id, match.version, match.by_seat()[seat].user_id))
        per_match: dict[int, set[int]] = {}
        for match_id, version, seat, notation in acks:
            place = version - starts[match_id]  # 0-based index in the log
            per_match.setdefault(match_id, set()).add(place)
            log_moves = logs[match_id]
            if not (place < len(log_moves) and log_moves[place].seat == seat
                    and log_moves[place].notation == notation):
                row.lost += 1
        row.unacknowledged = sum(len(logs[m]) - len(per_match.get(m, ()))
                                 for m in starts)
        fired = Counter(r for o in outcomes for r in o.reminders)
        row.reminders_due = len(due)
        row.reminders_fired = sum(1 for r in fired if r in due)
        row.reminders_twice = sum(n - 1 for n in fired.values() if n > 1) + sum(
            1 for r in fired if r not in due)
    finally:
        await store.close()


async def run_setup(name: str, target: str, processes: int, args) -> Row:
    await fill(target, args.matches, args.seed)
    store = await open_store(target)
    running = await store.query("SELECT id, version FROM matches WHERE status = ?", RUNNING)
    await store.close()
    starts = {match_id: version for match_id, version in running}
    ctx = mp.get_context("spawn")
    quota = ctx.Value("i", args.matches * args.moves)
    barrier = ctx.Barrier(processes)
    results = ctx.Queue()
    later = datetime.now(UTC) + timedelta(hours=REMIND_HOURS + 1)
    procs = [ctx.Process(target=worker, args=(target, list(starts), quota, args.clients,
                                              args.seed * 100 + i, barrier, later, results,
                                              args.pictures))
             for i in range(processes)]
    for p in procs:
        p.start()
    outcomes = [results.get() for _ in procs]
    for p in procs:
        p.join()
    row = Row(name)
    row.moves = sum(len(o.move_times) for o in outcomes)
    row.seconds = max(o.seconds for o in outcomes)
    row.move_times = [t for o in outcomes for t in o.move_times]
    row.lags = [t for o in outcomes for t in o.lags]
    for o in outcomes:
        row.refused.update(o.refused)
    await verify(target, outcomes, starts, row)
    return row


# --- the clock pass over many matches -----------------------------------------------------
async def bulk_running(target: str, count: int) -> None:
    """``count`` running matches, each due a reminder, written in a few big transactions."""
    game = engines.get(GAME)
    snapshots = [records_json(game, seed) for seed in range(20)]
    store = await open_store(target)
    at = records.now()
    try:
        for start in range(0, count, 1000):
            async with store.transaction() as tx:
                for i in range(start, min(count, start + 1000)):
                    ana, bo = 2 * i + 1, 2 * i + 2
                    match_id = await tx.insert(
                        "INSERT INTO matches (guild_id, channel_id, game, options, seed, "
                        "status, host_id, version, snapshot, created_at, updated_at) VALUES "
                        "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", 1 << 22, 10, GAME, "{}", i % 20,
                        RUNNING, ana, 3, snapshots[i % 20], at, at)
                    for seat, user in enumerate((ana, bo)):
                        await tx.execute(
                            "INSERT INTO seats (match_id, user_id, seat, display_name, "
                            "joined_at) VALUES (?, ?, ?, ?, ?)", match_id, user, seat,
                            f"P{user}", at)
                    await tx.execute("INSERT INTO match_clocks (match_id, remind_after_hours)"
                                     " VALUES (?, ?)", match_id, REMIND_HOURS)
    finally:
        await store.close()


def records_json(game, seed: int) -> str:
    return json.dumps(game.dump(game.setup(2, seed, {})), separators=(",", ":"))


async def clock_pass_over(target: str, count: int) -> tuple[float, float, float, int]:
    """One clock pass over ``count`` due matches: seconds, the longest the loop was held
    (CPU), the longest a 1 ms tick woke late (wall), reminders sent."""
    await bulk_running(target, count)
    store = await open_store(target)
    service = quiet_service(store)
    lags: list[float] = []
    holds: list[float] = []
    stop = asyncio.Event()
    monitor = asyncio.create_task(lag_monitor(lags, stop, 0.001, holds))
    later = datetime.now(UTC) + timedelta(hours=REMIND_HOURS + 1)
    start = time.perf_counter()
    try:
        await service.expire(later)
        sent = 0
        async for batch in service.reminder_batches(later):  # as the bot's pass does
            for reminder in batch:
                await service.reminded(reminder)
                sent += len(reminder.user_ids)
            await asyncio.sleep(0)
        seconds = time.perf_counter() - start
    finally:
        stop.set()
        await monitor
        await store.close()
    return seconds, max(holds, default=0.0), max(lags, default=0.0), sent


# --- the table ----------------------------------------------------------------------------
def table(rows: list[Row], passes: list[tuple[str, float, float, int]], args) -> str:
    lines = [
        f"{args.matches} running matches, {args.matches * args.moves} moves accepted in all, "
        f"{args.clients} clients per process, pictures "
        f"{'drawn (each process with its pool)' if args.pictures else 'off'}:",
        "",
        "| setup | moves/s | whole move ms p50 / p99 | double-accepted | lost | "
        "unacknowledged in log | snapshot ≠ replay | reminders due / fired / "
        "fired again or wrongly | event-loop lag ms p99 |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        lines.append(
            f"| {r.setup} | {r.moves / r.seconds:.0f} | {ms(r.move_times, digits=1)} "
            f"| {r.double} | {r.lost} | {r.unacknowledged} | {r.replay_bad} | {r.reminders_due} / "
            f"{r.reminders_fired} / {r.reminders_twice} | "
            f"{percentile(r.lags, 0.99) * 1000:.1f} |")
    refused = Counter()
    for r in rows:
        refused.update(r.refused)
    lines += ["", "Refused or re-played submissions (all setups): " + ", ".join(
        f"{k} {v}" for k, v in sorted(refused.items())), ""]
    if not rows:  # --clock-only
        lines = []
    lines += [
        "| clock pass, every match due | matches | time s | longest loop hold ms (CPU) "
        "| longest tick delay ms (wall) | reminders |", "|---|---|---|---|---|---|"]
    for name, seconds, hold, wall, sent in passes:
        lines.append(f"| {name} | {args.clock_matches} | {seconds:.1f} | {hold * 1000:.1f} "
                     f"| {wall * 1000:.1f} | {sent} |")
    return "\n".join(lines)


async def main_async(args) -> str:
    from tests.pg import PostgresServer

    counts = [int(n) for n in args.processes.split(",")]
    server = PostgresServer.from_env_or_start()
    if server is None:
        raise SystemExit("no PostgreSQL: set TEST_DATABASE_URL or install postgresql")
    rows, passes = [], []
    if args.clock_only:
        counts = []
    try:
        with tempfile.TemporaryDirectory() as folder:
            path = str(Path(folder) / "bench.db")
            if not args.clock_only:
                rows.append(await run_setup("SQLite, 1 process", path, 1, args))
            passes.append(("SQLite, 1 process", *await clock_pass_over(
                str(Path(folder) / "pass.db"), args.clock_matches)))
        for n in counts:
            url = await server.create_database()
            try:
                rows.append(await run_setup(f"PostgreSQL, {n} process{'es' * (n > 1)}", url,
                                            n, args))
            finally:
                await server.drop_database(url)
        url = await server.create_database()
        try:
            passes.append(("PostgreSQL, 1 process",
                           *await clock_pass_over(url, args.clock_matches)))
        finally:
            await server.drop_database(url)
    finally:
        if server.folder is None:
            await server.drop_template()
        server.stop()
    return table(rows, passes, args)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--moves", type=int, default=2, help="accepted moves per match")
    parser.add_argument("--clients", type=int, default=16, help="concurrent clients per process")
    parser.add_argument("--processes", default="1,2,4", help="PostgreSQL process counts")
    parser.add_argument("--clock-matches", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--clock-only", action="store_true",
                        help="only the clock pass over --clock-matches matches")
    parser.add_argument("--pictures", action="store_true",
                        help="draw every move's pictures, in each process's process pool")
    args = parser.parse_args()
    print(asyncio.run(main_async(args)))


if __name__ == "__main__":
    main()
