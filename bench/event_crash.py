"""Event kill harness: two processes run tournaments over one database while one of them
is SIGKILLed again and again at random points of every tournament step; then a last
process, never killed, lets every event run to its end, and the harness counts what a
crash left behind.

    python bench/event_crash.py --kills 200            # PostgreSQL (tests/pg.py starts one)
    python bench/event_crash.py --kills 20 --db x.db   # or SQLite, or a postgresql:// URL
    python bench/event_crash.py --child DB SEED        # (what the harness runs)

Each child plays as the members would: it creates Swiss events of five (four people and
a computer, so every round has a bye), starts them, moves and resigns in their games,
withdraws someone now and then, cancels an event now and then, runs the clock pass, and
posts what the steps queued as the bot does (:func:`bot.tournament_ui.tell_news`): it
prints ``POST id kind`` for each outbox row it sends, waits as long as a Discord call
takes, then marks the row sent. Before each store write of a step it prints ``AT name``,
so each kill is counted by the write it landed after.

After the kills the harness reports, all of which must be 0: **stuck** events (not over
after the settling run), **orphan lobbies** (a match in its lobby, or made without its
table), **unannounced** matches (started, never posted), **double posts** (a match's
board posted twice: those have no nonce; channel posts sent twice carry their row's
nonce, which Discord drops within its dedupe window, and are counted apart), and **lost
results** (an ended match whose table is unscored or scored otherwise than its result).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Any

from db import (
    ABORTED,
    EVENT_CANCELLED,
    EVENT_FINISHED,
    EVENT_OPEN,
    EVENT_RUNNING,
    FINISHED,
    LOBBY,
    RUNNING,
    open_store,
)
from db.tournament_outbox import MATCH
from engines.ai import RandomPlayer
from service import Actor, Service, ServiceError
from service.clocks import COMPUTER_GRACE
from service.model import EventNews
from service.tournament_terms import EventTerms, table_points

GAME = "when-gods-collide"
GUILD = 77
ORGANISER = Actor(1, "Org", GUILD, is_admin=True)
PEOPLE = [Actor(10 + i, f"P{i}", GUILD) for i in range(4)]
EVENTS_AT_ONCE = 2
LEASE = timedelta(seconds=2)
"""A dead child's claimed posts are claimed again this soon (the bot: minutes)."""
DISCORD_CALL = 0.01
"""Seconds a post takes to go out (the window between sending and marking it sent)."""
STEPS = ("begin_round", "make_table_match", "start_match", "score_table",
         "finish_tournament", "cancel_tournament", "withdraw_entrant", "add_entrant",
         "claim_posts", "post_sent", "record_move", "finish")


def say(line: str) -> None:
    print(line, flush=True)


def traced(store: Any) -> Any:
    """The store, printing ``AT name`` before each write a tournament step makes."""
    for name in STEPS:
        method = getattr(store, name)

        async def wrapper(*args: Any, _method: Any = method, _name: str = name,
                          **kwargs: Any) -> Any:
            say(f"AT {_name}")
            return await _method(*args, **kwargs)

        setattr(store, name, wrapper)
    return store


async def post(service: Service, news: EventNews) -> None:
    """Send a step's news as :func:`bot.tournament_ui.tell_news` does."""
    for post_id in news.post_ids:
        say(f"POST {post_id} channel")
        await asyncio.sleep(DISCORD_CALL)
        await service.tournament_posted(post_id)
    for update, post_id in zip(news.started, news.started_ids, strict=False):
        for inner in update.news:
            await post(service, inner)
        if post_id is not None:
            say(f"POST {post_id} {MATCH} {update.match.id}")
            await asyncio.sleep(DISCORD_CALL)
            await service.tournament_posted(post_id)
    for later in news.then:
        await post(service, later)


async def act(service: Service, rng: random.Random, settling: bool) -> None:
    """One member's action on one of the events (or a new event, or the clock pass)."""
    store = service.store
    events = await store.find_tournaments(statuses=(EVENT_OPEN, EVENT_RUNNING), limit=20)
    if not settling and len(events) < EVENTS_AT_ONCE:
        say("STEP create")
        record = await service.create_tournament(ORGANISER, GAME, EventTerms("swiss", 3))
        for person in PEOPLE:
            await service.tournament_act("join", record.id, person)
        await service.tournament_act("computer", record.id, ORGANISER, "easy")
        return
    roll = rng.random()
    if not events or roll < 0.15:
        say("STEP sweep")  # the clock pass: pending computer turns, then the events
        for update in await service.expire(service.now() + COMPUTER_GRACE):
            for news in update.news:
                await post(service, news)
        for news in await service.tournament_pass():
            await post(service, news)
        return
    record = rng.choice(events)
    missing = [p for p in PEOPLE if record.entrant(p.user_id) is None]
    if record.status == EVENT_OPEN and missing:  # its maker died while people joined
        say("STEP join")
        await service.tournament_act("join", record.id, missing[0])
        return
    if record.status == EVENT_OPEN:
        say("STEP start")
        await post(service, await service.tournament_act("start", record.id, ORGANISER))
        return
    if not settling and roll < 0.155:
        say("STEP cancel")
        await post(service, await service.tournament_act("cancel", record.id, ORGANISER))
        return
    live = [t for t in record.tables if t.round == record.round and t.match_id is not None]
    if not settling and roll < 0.175 and live:
        person = next(p for p in rng.choice(live).players if p > 0)
        say("STEP withdraw")
        await post(service, await service.tournament_act(
            "withdraw", record.id, Actor(person, f"P{person - 10}", GUILD)))
        return
    for table in rng.sample(live, len(live)):
        waiting = await service.waiting(table.match_id) if table.match_id else {}
        if not waiting:
            continue
        user_id, moves = rng.choice(sorted(waiting.items()))
        actor = Actor(user_id, f"P{user_id - 10}", GUILD)
        if roll < 0.5:
            say("STEP resign")
            update = await service.resign(table.match_id, actor)
        else:
            say("STEP move")
            update = await service.submit(table.match_id, actor, rng.choice(moves))
        for news in update.news:
            await post(service, news)
        return


async def child(db: str, seed: int, settle: float = 0.0) -> None:
    """Act forever (``settle``: no new events, no cancels; stop when every event is
    over and every post sent, or after ``settle`` seconds)."""
    rng = random.Random(seed)
    store = traced(await open_store(db))
    service = Service(store, player=RandomPlayer())
    service.tournaments.outbox.lease = LEASE
    say("READY")
    ends = time.monotonic() + settle
    while not settle or time.monotonic() < ends:
        try:
            await act(service, rng, settling=bool(settle))
        except ServiceError:
            continue
        if settle and not await store.find_tournaments(
                statuses=(EVENT_OPEN, EVENT_RUNNING), limit=1) and not await store.query(
                "SELECT id FROM tournament_outbox WHERE sent_at IS NULL"):
            break
        if settle:
            await asyncio.sleep(0.01)
    await store.close()


@dataclass
class Report:
    kills: int = 0
    where: Counter[str] = field(default_factory=Counter)
    events: Counter[str] = field(default_factory=Counter)
    matches: int = 0
    posts: int = 0
    stuck: list[int] = field(default_factory=list)
    orphans: list[int] = field(default_factory=list)
    unannounced: list[int] = field(default_factory=list)
    doubles: list[int] = field(default_factory=list)
    resent: list[int] = field(default_factory=list)
    lost: list[str] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def problems(self) -> int:
        return sum(map(len, (self.stuck, self.orphans, self.unannounced, self.doubles,
                             self.lost)))


class Child:
    """A child process whose lines a thread reads: the posts it sent and where it is."""

    def __init__(self, db: str, seed: int, sent: Counter[int], settle: float = 0.0) -> None:
        command = [sys.executable, __file__, "--child", db, str(seed)]
        if settle:
            command += ["--settle", str(settle)]
        self.proc = subprocess.Popen(command, stdout=subprocess.PIPE, text=True,
                                     env={**os.environ, "PYTHONUNBUFFERED": "1"})
        self.last = "ready, before its first step"
        self.ready = threading.Event()
        self.sent = sent
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        step = "?"
        for line in self.proc.stdout:
            words = line.split()
            if not words:
                continue
            if words[0] == "READY":
                self.ready.set()
            elif words[0] == "STEP":
                step = words[1]
                self.last = f"{step}: started"
            elif words[0] == "AT":
                self.last = f"{step}: {words[1]}"
            elif words[0] == "POST":
                self.sent[int(words[1])] += 1
                self.last = f"{step}: posting"
        self.ready.set()

    def kill(self) -> str:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()
        self.thread.join()
        return self.last


def run_harness(db: str, kills: int, seed: int = 1, settle: float = 120.0,
                longest: float = 0.6) -> Report:
    """``kills`` SIGKILLs of one of two children at random moments (each lives up to
    ``longest`` seconds after it is ready), then a settling child; the report."""
    rng = random.Random(seed)
    report = Report()
    sent: Counter[int] = Counter()
    start = time.perf_counter()
    spawned = 0

    def spawn(settling: float = 0.0) -> Child:
        nonlocal spawned
        spawned += 1
        made = Child(db, seed * 10_000 + spawned, sent, settling)
        made.ready.wait(60)
        return made

    children = [spawn(), spawn()]
    try:
        while report.kills < kills:
            time.sleep(rng.random() * longest)
            victim = rng.randrange(2)
            report.where[children[victim].kill()] += 1
            report.kills += 1
            children[victim] = spawn()
    finally:
        for survivor in children:
            survivor.kill()
    last = spawn(settle)
    last.proc.wait()
    last.thread.join()
    report.seconds = time.perf_counter() - start
    asyncio.run(verify(db, sent, report))
    return report


async def verify(db: str, sent: Counter[int], report: Report) -> None:
    store = await open_store(db)
    try:
        report.posts = sum(sent.values())
        for record in await store.find_tournaments(
                statuses=(EVENT_OPEN, EVENT_RUNNING, EVENT_FINISHED, EVENT_CANCELLED),
                limit=100_000):
            report.events[record.status] += 1
            if record.status in (EVENT_OPEN, EVENT_RUNNING):
                report.stuck.append(record.id)
            for table in record.tables:
                if len(table.players) == 1:
                    if table.points is None:
                        report.lost.append(f"event {record.id}: an unscored bye")
                    continue
                match = await store.get_match(table.match_id) if table.match_id else None
                if match is None:
                    if record.status != EVENT_CANCELLED:
                        report.lost.append(f"event {record.id} round {table.round}: a "
                                           "table without its match")
                    continue
                ended = match.status in (FINISHED, ABORTED)
                if (ended and record.status != EVENT_CANCELLED
                        and table.points != table_points(match, table)):
                    report.lost.append(f"event {record.id}: match {match.id}'s result "
                                       f"{table.points} on its table")
        on_tables = {row[0] for row in await store.query(
            "SELECT match_id FROM tournament_tables WHERE match_id IS NOT NULL")}
        matches = await store.query("SELECT id, status FROM matches")
        report.matches = len(matches)
        report.orphans = sorted(m for m, status in matches
                                if status == LOBBY or m not in on_tables)
        rows = await store.query("SELECT id, kind, match_id, sent_at FROM tournament_outbox")
        announced = {match_id for _, kind, match_id, at in rows
                     if kind == MATCH and at is not None}
        played = {m for m, status in matches if status in (RUNNING, FINISHED)}
        report.unannounced = sorted((played & on_tables) - announced)
        aborted = {m for m, status in matches if status == ABORTED}
        report.unannounced += sorted(row_id for row_id, kind, match_id, at in rows
                                     if at is not None and not sent[row_id]
                                     and not (kind == MATCH and match_id in aborted))
        kinds = {row_id: kind for row_id, kind, _, _ in rows}
        report.doubles = sorted(i for i, n in sent.items() if n > 1 and kinds[i] == MATCH)
        report.resent = sorted(i for i, n in sent.items() if n > 1 and kinds[i] != MATCH)
    finally:
        await store.close()


def table(report: Report) -> str:
    lines = ["| where the kill landed (step: last write begun) | kills |", "|---|---|"]
    lines += [f"| {where} | {n} |" for where, n in sorted(report.where.items())]
    lines += ["", "| kills | events (finished / cancelled) | matches | posts sent | stuck "
              "events | orphan lobbies | unannounced matches | double posts | lost results "
              "| resent with the same nonce |", "|---|---|---|---|---|---|---|---|---|---|",
              f"| {report.kills} | {sum(report.events.values())} "
              f"({report.events[EVENT_FINISHED]} / {report.events[EVENT_CANCELLED]}) "
              f"| {report.matches} | {report.posts} | {len(report.stuck)} "
              f"| {len(report.orphans)} | {len(report.unannounced)} | {len(report.doubles)} "
              f"| {len(report.lost)} | {len(report.resent)} |"]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description="SIGKILL harness for tournament steps")
    parser.add_argument("--child", nargs=2, metavar=("DB", "SEED"))
    parser.add_argument("--settle", type=float, default=0.0)
    parser.add_argument("--kills", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--db", default="", help="SQLite path or postgresql:// URL "
                        "(default: a fresh database of a PostgreSQL that tests/pg.py starts)")
    args = parser.parse_args()
    if args.child:
        asyncio.run(child(args.child[0], int(args.child[1]), args.settle))
        return
    server, db = None, args.db
    if not db:
        sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
        from tests.pg import PostgresServer

        server = PostgresServer.from_env_or_start()
        if server is None:
            raise SystemExit("no PostgreSQL: set TEST_DATABASE_URL or install postgresql")
        db = asyncio.run(server.create_database())
    try:
        report = run_harness(db, args.kills, args.seed)
    finally:
        if server is not None:
            asyncio.run(server.drop_database(db))
            server.stop()
    print(table(report))
    print(f"time: {report.seconds:.0f} s")
    for problem in [*report.lost[:10], *(f"stuck event {i}" for i in report.stuck[:10]),
                    *(f"orphan lobby {i}" for i in report.orphans[:10]),
                    *(f"unannounced {i}" for i in report.unannounced[:10]),
                    *(f"match board posted twice: row {i}" for i in report.doubles[:10])]:
        print("  -", problem)
    sys.exit(1 if report.problems else 0)


if __name__ == "__main__":
    main()
