"""Event kill harness: two processes run tournaments over one database while one of them
is SIGKILLed again and again at random points of every tournament step; then a last
process, never killed, lets every event run to its end, and the harness counts what a
crash left behind.

    python bench/event_crash.py --kills 200            # PostgreSQL (tests/pg.py starts one)
    python bench/event_crash.py --game SLUG            # a two-player game (default: the first)
    python bench/event_crash.py --kills 20 --db x.db   # or SQLite, or a postgresql:// URL
    python bench/event_crash.py --child DB SEED        # (what the harness runs)

Each child plays as the members would: it creates Swiss events of five (four people and
a computer, so every round has a bye), starts them, moves and resigns in their games,
withdraws someone now and then, cancels an event now and then, runs the clock pass, and
posts what the steps queued as the bot does (:func:`bot.events.tournament_ui.tell_news`) to a
stand-in for Discord: an append-only file outside the process (a channel post with its
row's nonce, a match's thread, its first board), waiting as long as a Discord call takes
before marking the row sent. Before each store write of a step, and each call to
Discord, it prints ``AT name``, so each kill is counted by what it landed after; every
other kill waits for one of :data:`TARGETS` in turn and lands within 5 ms of it, so every
step is hit, the rest land at random moments.

After the kills the harness reports, all of which must be 0: **stuck** events (not over
after the settling run), **orphan lobbies** (a match in its lobby, or made without its
table), **unannounced** matches and posts (a match started and never shown, a queued
post never sent), **double posts** (a match's thread or board sent twice: those carry no
nonce; channel posts sent twice carry their row's nonce, which Discord drops within its
dedupe window, and are counted apart as "resent") and **lost results** (an ended match
whose table is unscored or scored otherwise than its result).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Any

import engines
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
from service.clocks.clock_pass import COMPUTER_GRACE
from service.common.model import EventNews
from service.events.entry_terms import EventTerms, table_points

GUILD = 77
ORGANISER = Actor(1, "Org", GUILD, is_admin=True)
PEOPLE = [Actor(10 + i, f"P{i}", GUILD) for i in range(4)]
EVENTS_AT_ONCE = 2
LEASE = timedelta(seconds=2)
"""A dead child's claimed posts are claimed again this soon (the bot: minutes)."""
DISCORD_CALL = 0.01
"""Seconds a post takes to go out (the window between sending and marking it sent)."""
TARGETS = ("begin_round", "make_table_match", "start_match", "score_table",
           "finish_tournament", "cancel_tournament", "withdraw_entrant", "claim_posts",
           "post_sent", "discord-post", "discord-thread", "discord-board")
"""The writes and Discord calls every other kill waits for (then lands within 5 ms)."""
STEPS = ("begin_round", "make_table_match", "start_match", "score_table",
         "finish_tournament", "cancel_tournament", "withdraw_entrant", "add_entrant",
         "claim_posts", "post_sent", "record_move", "finish")


def default_game() -> str:
    """The registry's first game for two."""
    return next(g.slug for g in engines.all() if g.min_players <= 2 <= g.max_players)


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


class Discord:
    """What Discord holds, outside the process: an append-only file of what was sent
    (a SIGKILL loses nothing written). ``CHANNEL row`` a channel post (with its row's
    nonce), ``THREAD match`` a match's thread, ``BOARD match`` a board in it."""

    def __init__(self, path: str) -> None:
        self.path = path

    def send(self, line: str) -> None:
        with open(self.path, "a", encoding="utf-8") as out:
            out.write(line + "\n")

    def has(self, line: str) -> bool:
        try:
            with open(self.path, encoding="utf-8") as found:
                return any(sent.rstrip("\n") == line for sent in found)
        except FileNotFoundError:
            return False


async def post(service: Service, discord: Discord, news: EventNews) -> None:
    """Send a step's news as :func:`bot.events.tournament_ui.tell_news` does: a channel post
    with its row's nonce; a match's thread unless it has one, then its board unless the
    thread holds it already (:func:`bot.events.tournament_ui.has_board`); each row marked sent
    once out."""
    for post_id in news.post_ids:
        say(f"AT discord-post {post_id}")
        discord.send(f"CHANNEL {post_id}")
        await asyncio.sleep(DISCORD_CALL)
        await service.tournament_posted(post_id)
    for update, post_id in zip(news.started, news.started_ids, strict=False):
        for inner in update.news:
            await post(service, discord, inner)
        if post_id is None:
            continue
        match = update.match
        if match.thread_id is None and discord.has(f"THREAD {match.id}"):
            await service.set_places(match.id, thread_id=10**9 + match.id)  # adopted
        elif match.thread_id is None:
            say("AT discord-thread")
            discord.send(f"THREAD {match.id}")
            await asyncio.sleep(DISCORD_CALL)
            await service.set_places(match.id, thread_id=10**9 + match.id)
        elif discord.has(f"BOARD {match.id}"):
            await service.tournament_posted(post_id)
            continue
        say("AT discord-board")
        discord.send(f"BOARD {match.id}")
        await asyncio.sleep(DISCORD_CALL)
        await service.tournament_posted(post_id)
    for later in news.then:
        await post(service, discord, later)


async def act(service: Service, discord: Discord, rng: random.Random, game: str,
              settling: bool) -> None:
    """One member's action on one of the events (or a new event, or the clock pass)."""
    store = service.store
    events = await store.find_tournaments(statuses=(EVENT_OPEN, EVENT_RUNNING), limit=20)
    if not settling and len(events) < EVENTS_AT_ONCE:
        say("STEP create")
        record = await service.create_tournament(ORGANISER, game, EventTerms("swiss", 3))
        for person in PEOPLE:
            await service.tournament_act("join", record.id, person)
        await service.tournament_act("computer", record.id, ORGANISER, "easy")
        return
    roll = rng.random()
    if not events or roll < 0.15:
        say("STEP sweep")  # the clock pass: pending computer turns, then the events
        for update in await service.expire(service.now() + COMPUTER_GRACE):
            for news in update.news:
                await post(service, discord, news)
        for news in await service.tournament_pass():
            await post(service, discord, news)
        return
    record = rng.choice(events)
    missing = [p for p in PEOPLE if record.entrant(p.user_id) is None]
    if record.status == EVENT_OPEN and missing:  # its maker died while people joined
        say("STEP join")
        await service.tournament_act("join", record.id, missing[0])
        return
    if record.status == EVENT_OPEN:
        say("STEP start")
        await post(service, discord, await service.tournament_act("start", record.id, ORGANISER))
        return
    if not settling and roll < 0.16:
        say("STEP cancel")
        await post(service, discord, await service.tournament_act("cancel", record.id, ORGANISER))
        return
    live = [t for t in record.tables if t.round == record.round and t.match_id is not None]
    if not settling and roll < 0.19 and live:
        person = next(p for p in rng.choice(live).players if p > 0)
        say("STEP withdraw")
        await post(service, discord, await service.tournament_act(
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
            await post(service, discord, news)
        return


async def child(db: str, seed: int, discord: Discord, game: str,
                settle: float = 0.0) -> None:
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
            await act(service, discord, rng, game, settling=bool(settle))
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
    doubles: list[str] = field(default_factory=list)
    resent: list[str] = field(default_factory=list)
    lost: list[str] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def problems(self) -> int:
        return sum(map(len, (self.stuck, self.orphans, self.unannounced, self.doubles,
                             self.lost)))


class Child:
    """A child process whose lines a thread reads: where it is."""

    def __init__(self, db: str, seed: int, discord: str, game: str,
                 settle: float = 0.0) -> None:
        command = [sys.executable, __file__, "--child", db, str(seed), "--discord", discord,
                   "--game", game]
        if settle:
            command += ["--settle", str(settle)]
        self.proc = subprocess.Popen(command, stdout=subprocess.PIPE, text=True,
                                     env={**os.environ, "PYTHONUNBUFFERED": "1"})
        self.last = "ready, before its first step"
        self.ready = threading.Event()
        self.target: str | None = None
        self.hit = threading.Event()
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
                if words[1] == self.target:
                    self.hit.set()
        self.ready.set()

    def kill(self) -> str:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()
        self.thread.join()
        return self.last


def run_harness(db: str, kills: int, seed: int = 1, settle: float = 120.0,
                longest: float = 0.6, game: str = "") -> Report:
    """``kills`` SIGKILLs of one of two children at random moments (each lives up to
    ``longest`` seconds after it is ready), then a settling child; the report."""
    rng = random.Random(seed)
    report = Report()
    start = time.perf_counter()
    spawned = 0
    game = game or default_game()
    with tempfile.TemporaryDirectory() as folder:
        discord = str(Path(folder) / "discord.log")

        def spawn(settling: float = 0.0) -> Child:
            nonlocal spawned
            spawned += 1
            made = Child(db, seed * 10_000 + spawned, discord, game, settling)
            made.ready.wait(60)
            return made

        children = [spawn(), spawn()]
        try:
            while report.kills < kills:
                victim = rng.randrange(2)
                if report.kills % 2:  # every other kill: just as a chosen write begins
                    children[victim].target = TARGETS[(report.kills // 2) % len(TARGETS)]
                    children[victim].hit.wait(longest * 5)
                    time.sleep(rng.random() * 0.005)
                else:
                    time.sleep(rng.random() * longest)
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
        with open(discord, encoding="utf-8") as sent:
            lines = Counter(line.strip() for line in sent if line.strip())
    asyncio.run(verify(db, lines, report))
    return report


async def verify(db: str, sent: Counter[str], report: Report) -> None:
    """Count what the kills left behind, from the database and what Discord holds."""
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
        played = {m for m, status in matches if status in (RUNNING, FINISHED)}
        report.unannounced = sorted(m for m in played & on_tables if not sent[f"BOARD {m}"])
        rows = await store.query("SELECT id, kind, sent_at FROM tournament_outbox")
        report.unannounced += sorted(row_id for row_id, kind, at in rows if kind != MATCH
                                     and (at is None or not sent[f"CHANNEL {row_id}"]))
        report.doubles = sorted(line for line, n in sent.items()
                                if n > 1 and not line.startswith("CHANNEL"))
        report.resent = sorted(line for line, n in sent.items()
                               if n > 1 and line.startswith("CHANNEL"))
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
    parser.add_argument("--discord", default="")
    parser.add_argument("--game", default="", help="a two-player game's slug (default: "
                        "the first in the registry)")
    parser.add_argument("--kills", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--db", default="", help="SQLite path or postgresql:// URL "
                        "(default: a fresh database of a PostgreSQL that tests/pg.py starts)")
    args = parser.parse_args()
    if args.child:
        asyncio.run(child(args.child[0], int(args.child[1]), Discord(args.discord),
                          args.game, args.settle))
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
        report = run_harness(db, args.kills, args.seed, game=args.game)
    finally:
        if server is not None:
            asyncio.run(server.drop_database(db))
            server.stop()
    print(table(report))
    print(f"time: {report.seconds:.0f} s")
    for problem in [*report.lost[:10], *(f"stuck event {i}" for i in report.stuck[:10]),
                    *(f"orphan lobby {i}" for i in report.orphans[:10]),
                    *(f"unannounced {i}" for i in report.unannounced[:10]),
                    *(f"sent twice: {line}" for line in report.doubles[:10])]:
        print("  -", problem)
    sys.exit(1 if report.problems else 0)


if __name__ == "__main__":
    main()
