"""A million matches: every command's service call at the size of years of play.

    nice python -m bench.million --matches 10000            # SQLite and PostgreSQL
    nice python -m bench.million --store sqlite              # 1,000,000, SQLite only
    nice python -m bench.million --matches 100000 --recorded 100

Builds a store of ``--matches`` finished matches (all five games, move counts from games
the engines played; :mod:`bench.million_build`), 20,000 running, 50,000 members across
2,000 servers, ratings, challenges, tournaments, notes and notices, on SQLite (a file in
a temporary folder) and on PostgreSQL (a throwaway server, :mod:`tests.pg`); then times,
at that size, each command's and autocomplete's service call (p50 / p99 ms over
``--samples`` calls, members and matches drawn at random; the heavy member is one with
5,000 finished matches), a whole move, the clock pass (its loop hold and the time per
due match), ``/privacy export`` and ``delete`` of the heavy member, a backup, a process's
start-up (migrations included: the newest migration's indexes are dropped and applied
again) and the store's size per stored match. Prints one Markdown table and exits; run
by hand, never in CI. Goals (issue 56): at a million, every call's p99 ≤ 100 ms and ≤ 2×
its time at 10,000; the clock pass grows with what is due only; start-up ≤ 10 s;
deletion ≤ 60 s; ≤ 3 KB a finished match.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import engines
from bench.million_build import (
    FIRST_MEMBER,
    HEAVY,
    HEAVY_GUILD,
    PostgresFiller,
    SqliteFiller,
    fill,
    record,
    templates,
)
from bench.million_calls import calls
from bench.run import ms
from db import open_store
from service import Actor, Service, pool

ROOT = Path(__file__).resolve().parents[1]


async def build(store_kind: str, folder: Path, args: argparse.Namespace, recorded,
                server) -> tuple[str, dict[str, int], float]:
    """A filled store of this kind; its target, the counts and the build's seconds."""
    started = time.perf_counter()
    now = datetime.now(UTC)
    sizes = dict(matches=args.matches, running=args.running, members=args.members,
                 servers=args.servers, seed=args.seed, now=now)
    if store_kind == "sqlite":
        target = str(folder / "million.db")
        await (await open_store(target)).close()
        filler = SqliteFiller(target)
        counts = await fill(filler, recorded, **sizes)
        await filler.close()
    else:
        import asyncpg

        target = await server.create_empty_database()
        await (await open_store(target)).close()
        conn = await asyncpg.connect(target)
        counts = await fill(PostgresFiller(conn), recorded, **sizes)
        for table in ("matches", "challenges", "tournaments", "notify_held"):
            await conn.execute(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                               f"(SELECT MAX(id) FROM {table}))")
        await conn.execute("VACUUM ANALYZE")
        await conn.close()
    return target, counts, time.perf_counter() - started


async def size_per_match(target: str, counts: dict[str, int]) -> tuple[float, float]:
    """Bytes per stored match: the whole store, and the moves table (with its index)."""
    stored = counts["matches"] + counts["running"]
    if target.startswith("postgresql"):
        import asyncpg

        conn = await asyncpg.connect(target)
        whole = await conn.fetchval("SELECT pg_database_size(current_database())")
        moves = await conn.fetchval("SELECT pg_total_relation_size('moves')")
        await conn.close()
        return whole / stored, moves / stored
    import sqlite3

    conn = sqlite3.connect(target)
    page = conn.execute("PRAGMA page_size").fetchone()[0]
    pages = conn.execute("PRAGMA page_count").fetchone()[0]
    free = conn.execute("PRAGMA freelist_count").fetchone()[0]
    try:
        moves = conn.execute("SELECT SUM(pgsize) FROM dbstat WHERE name = 'moves' "
                             "OR name = 'sqlite_autoindex_moves_1'").fetchone()[0] or 0
    except sqlite3.OperationalError:  # no dbstat in this build of SQLite
        moves = 0
    conn.close()
    return (pages - free) * page / stored, moves / stored


def start_up(target: str) -> float:
    """Seconds for a new process to import the bot and open the store (migrating)."""
    code = ("import asyncio, bot.client, service\nfrom db import open_store\n"
            f"async def main():\n    store = await open_store({target!r})\n"
            "    service.Service(store)\n    await store.close()\n"
            "asyncio.run(main())\n")
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)
    return time.perf_counter() - started


async def undo_newest_indexes(target: str) -> int:
    """Drop the indexes the newest migration made and forget it was applied, so that the
    next start-up applies it again; the number of indexes dropped."""
    from db.schema import migrations, statements

    backend = "postgres" if target.startswith("postgresql") else "sqlite"
    number, sql = migrations(backend)[-1]
    said = statements(sql)
    names = [s.split()[2 if s.split()[1] == "INDEX" else 3] for s in said
             if s.upper().startswith(("CREATE INDEX", "CREATE UNIQUE INDEX"))]
    dropped = [s for s in said if s.upper().startswith("DROP INDEX IF EXISTS")]
    if len(names) + len(dropped) != len(said):
        return 0  # not only indexes: leave it applied
    store = await open_store(target)
    for name in names:
        await store.execute(f"DROP INDEX {name}")
    await store.execute(f"DELETE FROM schema_version WHERE version = {number}")
    await store.close()
    return len(names)


async def timed(samples: int, call: Callable[[int], Awaitable[Any]]) -> list[float]:
    times = []
    for i in range(samples):
        started = time.perf_counter()
        try:
            await call(i)
        except Exception as error:  # a refusal is an answer too: timed all the same
            if type(error).__name__ != "ServiceError":
                raise
        times.append(time.perf_counter() - started)
    return times


async def measure(store_kind: str, target: str, counts: dict[str, int],
                  args: argparse.Namespace) -> list[tuple[str, str]]:
    rows: list[tuple[str, str]] = []
    store = await open_store(target)
    service = Service(store, render=lambda *a, **k: b"", shuffle=lambda seats: None)
    rng = random.Random(args.seed)
    per_server = counts["per_server"]

    def member(i: int) -> Actor:
        guild = rng.randrange(args.servers)
        user = FIRST_MEMBER + guild * per_server + rng.randrange(per_server)
        return Actor(user, f"Member {user}", guild)

    heavy = Actor(HEAVY, "Heavy", HEAVY_GUILD)
    context = dict(service=service, store=store, rng=rng, member=member, heavy=heavy,
                   counts=counts, games=[g.slug for g in engines.all()])
    for name, call in calls(context):
        rows.append((name, ms(await timed(args.samples, call))))
        print(f"  {store_kind}: {name} {rows[-1][1]}", file=sys.stderr, flush=True)
    rows += await clock_pass(service, args.samples)
    started = time.perf_counter()
    with tempfile.TemporaryFile() as out:
        await export(service, heavy, out)
        written = out.tell()
    rows.append((f"/privacy export, {counts['heavy']:,} matches (s; MB)",
                 f"{time.perf_counter() - started:.1f} s; {written / 1e6:.1f} MB"))
    started = time.perf_counter()
    await service.privacy.delete(heavy)
    rows.append((f"/privacy delete, {counts['heavy']:,} matches (s)",
                 f"{time.perf_counter() - started:.1f} s"))
    await store.close()
    return rows


async def export(service: Service, actor: Actor, out: Any) -> None:
    """The privacy export into ``out`` (streamed where the code has ``export_to``)."""
    if hasattr(service.privacy, "export_to"):
        await service.privacy.export_to(actor, out)
    else:  # the code before issue 56: the whole document in memory
        out.write((await service.privacy.export(actor))[1].encode())


async def clock_pass(service: Service, samples: int) -> list[tuple[str, str]]:
    """One clock pass (the deadlines, then the reminders) over what is due (the running
    matches whose check time has come): its longest hold of the loop and its time per due
    match; then passes with nothing due."""
    from db.records import stamp

    now = datetime.now(UTC)
    due = (await service.store.query("SELECT COUNT(*) FROM match_clocks "
                                     "WHERE next_check_at <= ?", stamp(now)))[0][0]
    lag = LoopLag()
    lag.start()
    started = time.perf_counter()
    await service.expire(now)
    await service.reminders_due(now)
    spent = time.perf_counter() - started
    await lag.stop()

    async def idle(i: int) -> None:
        await service.expire(datetime.now(UTC))
        await service.reminders_due(datetime.now(UTC))

    return [(f"clock pass: {due:,} due (s; loop hold ms; ms per due)",
             f"{spent:.1f} s; {lag.worst * 1000:.0f}; {spent * 1000 / max(1, due):.2f}"),
            ("clock pass: nothing due", ms(await timed(samples, idle)))]


class LoopLag:
    """The event loop's longest stall while it runs: a task that wakes every millisecond
    and keeps the longest gap between its wake-ups."""

    def __init__(self) -> None:
        self.worst = 0.0
        self.task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self.task = asyncio.get_running_loop().create_task(self._watch())

    async def _watch(self) -> None:
        last = time.perf_counter()
        while True:
            await asyncio.sleep(0.001)
            now = time.perf_counter()
            self.worst = max(self.worst, now - last - 0.001)
            last = now

    async def stop(self) -> None:
        await asyncio.sleep(0.002)
        assert self.task is not None
        self.task.cancel()


def backup_time(target: str, folder: Path) -> str:
    from db.backup import backup

    started = time.perf_counter()
    out = str(folder / ("backup.dump" if target.startswith("postgres") else "backup.db"))
    backup(target, out)
    spent = time.perf_counter() - started
    size = os.path.getsize(out) if os.path.exists(out) else 0
    return f"{spent:.1f} s; {size / 1e6:.0f} MB"


async def one_store(store_kind: str, args, recorded, folder: Path, server
                    ) -> list[tuple[str, str]]:
    target, counts, built = await build(store_kind, folder, args, recorded, server)
    print(f"{store_kind}: built in {built:.0f} s", file=sys.stderr, flush=True)
    whole, moves = await size_per_match(target, counts)
    rows = [("build (s)", f"{built:.0f}"),
            ("store per stored match (bytes; of which moves)", f"{whole:,.0f}; {moves:,.0f}"),
            ("backup (s; size)", backup_time(target, folder))]
    undone = await undo_newest_indexes(target)
    rows.append((f"start-up, migrating ({undone} indexes) (s)", f"{start_up(target):.1f}"))
    rows.append(("start-up, nothing to migrate (s)", f"{start_up(target):.1f}"))
    rows += await measure(store_kind, target, counts, args)
    return rows


async def main() -> None:
    parser = argparse.ArgumentParser(description="every command at a million matches")
    parser.add_argument("--matches", type=int, default=1_000_000)
    parser.add_argument("--running", type=int, default=20_000)
    parser.add_argument("--members", type=int, default=50_000)
    parser.add_argument("--servers", type=int, default=2_000)
    parser.add_argument("--recorded", type=int, default=200,
                        help="games played once per engine, the templates")
    parser.add_argument("--templates", help="an SQLite file of recorded games to reuse "
                        "(written there by the first run that names it)")
    parser.add_argument("--samples", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--store", choices=("both", "sqlite", "postgres"), default="both")
    args = parser.parse_args()
    kinds = ["sqlite", "postgres"] if args.store == "both" else [args.store]
    with tempfile.TemporaryDirectory(dir=os.environ.get("MILLION_TMP")) as tmp:
        folder = Path(tmp)
        started = time.perf_counter()
        if args.templates and Path(args.templates).exists():
            recorded = templates(args.templates)
        else:
            recorded = await record(folder, args.recorded, args.seed)
            if args.templates:
                shutil.copy(folder / "recorded.db", args.templates)
        print(f"recorded {len(recorded.finished)} games in "
              f"{time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)
        server = None
        if "postgres" in kinds:
            from tests.pg import PostgresServer, find_bin

            bin_dir = find_bin()
            if bin_dir is None:
                raise SystemExit("no PostgreSQL here (/usr/lib/postgresql/*/bin)")
            server = PostgresServer.start(bin_dir)
        try:
            results = {kind: await one_store(kind, args, recorded, folder, server)
                       for kind in kinds}
        finally:
            if server is not None:
                server.stop()
    print(f"{args.matches:,} finished + {args.running:,} running matches, "
          f"{args.members:,} members, {args.servers:,} servers; load: "
          f"{os.getloadavg()[0]:.2f}")
    print("| measure | " + " | ".join(f"{k} p50 / p99 ms" for k in kinds) + " |")
    print("|---|" + "---|" * len(kinds))
    for i, (name, _) in enumerate(results[kinds[0]]):
        print(f"| {name} | " + " | ".join(results[k][i][1] for k in kinds) + " |")
    sys.stdout.flush()
    pool.shutdown()


def interrupted(signum: int, frame: object) -> None:
    raise KeyboardInterrupt  # a kill ends the run as Ctrl-C does: PostgreSQL stopped


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, interrupted)
    asyncio.run(main())
