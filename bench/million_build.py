"""Builds a big store fast for :mod:`bench.million`: games recorded once, copied many times.

A few games per engine are played once through the service (random legal moves, no
pictures) into a small SQLite file: their rows are the templates. The big store is then
filled by bulk insert, not through the service: matches and seats as rows made here
(new ids, players, servers and dates), moves by one ``INSERT … SELECT`` that joins each
new match to its template's moves, on SQLite (``executemany``) and on PostgreSQL
(``COPY``). Members: ``--members`` spread over ``--servers`` servers (the same members
in each server's matches), one heavy member (:data:`HEAVY`) with :data:`HEAVY_MATCHES`
finished matches; ratings, rating changes, challenges, tournaments, notes, follows and
held notices besides.
"""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import engines
from bench.run import new_match
from db import ABORTED, FINISHED, RUNNING, open_store
from db.records import stamp
from service import Service

HEAVY = 1
FIRST_GAME = engines.all()[0].slug
"""The game of the challenges and tournaments."""
"""The member with thousands of matches (the privacy export and delete measure him)."""
HEAVY_GUILD = 1
HEAVY_MATCHES = 5_000
FIRST_MEMBER = 1_000
SPAN = timedelta(days=730)
"""The finished matches' dates spread over two years before now."""


@dataclass
class Template:
    game: str
    match: dict[str, Any]
    seats: list[dict[str, Any]]
    moves: int
    number: int
    """Its moves' key in :attr:`Recorded.moves`."""


@dataclass
class Recorded:
    finished: list[Template] = field(default_factory=list)
    running: list[Template] = field(default_factory=list)
    moves: list[tuple[Any, ...]] = field(default_factory=list)
    """Every template's moves, keyed by its template number (the first value)."""


MATCH_COLUMNS = ("id", "guild_id", "channel_id", "game", "options", "seed", "status",
                 "host_id", "version", "snapshot", "result", "created_at", "updated_at",
                 "rated", "rating_applied")
SEAT_COLUMNS = ("match_id", "user_id", "seat", "display_name", "is_ai", "resigned",
                "joined_at", "bank_seconds")
MOVE_COLUMNS = ("seq", "seat", "notation", "marks", "said", "banks", "turn_began")


async def record(folder: Path, per_game: int, seed: int) -> Recorded:
    """Play ``per_game`` finished games per engine (and a quarter as many stopped midway,
    the running templates) through the service into ``folder``/recorded.db."""
    path = str(folder / "recorded.db")
    store = await open_store(path)
    service = Service(store, render=lambda *a, **k: b"", shuffle=lambda seats: None)
    rng = random.Random(seed)
    for game in engines.all():
        for i in range(per_game + per_game // 4):
            players = rng.randint(game.min_players,
                                  min(game.max_players, game.min_players + 1))
            match, actors = await new_match(service, game.slug, players)
            stop = rng.randint(2, 40) if i >= per_game else None
            played = 0
            while match.status == RUNNING and played != stop:
                state = game.load(match.snapshot)
                seat = game.to_act(state)[0]
                actor = actors[match.by_seat()[seat].user_id - 1]
                move = rng.choice(game.legal_moves(state, seat))
                match = (await service.submit(match.id, actor, move)).match
                played += 1
    await store.close()
    return templates(path)


def templates(path: str) -> Recorded:
    conn = sqlite3.connect(path)
    conn.row_factory = sqlite3.Row
    found = Recorded()
    for row in conn.execute("SELECT * FROM matches ORDER BY id"):
        seats = [dict(s) for s in conn.execute(
            "SELECT * FROM seats WHERE match_id = ? ORDER BY joined_at, rowid", (row["id"],))]
        moves = conn.execute(f"SELECT {', '.join(MOVE_COLUMNS)} FROM moves WHERE "
                             "match_id = ? ORDER BY seq", (row["id"],)).fetchall()
        kind = found.finished if row["status"] == FINISHED else found.running
        number = len(found.finished) + len(found.running)
        kind.append(Template(row["game"], dict(row), seats, len(moves), number))
        found.moves += [(number, *m) for m in moves]
    conn.close()
    return found


class Filler:
    """Rows written in bulk: :meth:`rows` (a table's rows) and :meth:`sql` (one statement
    without parameters), by the backend's fastest way."""

    json = "TEXT"
    """How the backend spells a JSON column's type."""

    async def rows(self, table: str, columns: Sequence[str],
                   rows: Iterable[tuple[Any, ...]]) -> None:
        raise NotImplementedError

    async def sql(self, statement: str) -> None:
        raise NotImplementedError


class SqliteFiller(Filler):
    def __init__(self, path: str) -> None:
        self.conn = sqlite3.connect(path)
        self.conn.execute("PRAGMA synchronous = OFF")

    async def rows(self, table, columns, rows):
        marks = ", ".join("?" for _ in columns)
        with self.conn:
            self.conn.executemany(f"INSERT INTO {table} ({', '.join(columns)}) "
                                  f"VALUES ({marks})", rows)

    async def sql(self, statement):
        with self.conn:
            self.conn.execute(statement)

    async def close(self) -> None:
        self.conn.close()


class PostgresFiller(Filler):
    json = "JSONB"

    def __init__(self, conn: Any) -> None:
        self.conn = conn

    async def rows(self, table, columns, rows):
        batch: list[tuple[Any, ...]] = []
        for row in rows:
            batch.append(row)
            if len(batch) >= 50_000:
                await self.conn.copy_records_to_table(table, records=batch,
                                                      columns=list(columns))
                batch = []
        if batch:
            await self.conn.copy_records_to_table(table, records=batch, columns=list(columns))

    async def sql(self, statement):
        await self.conn.execute(statement)


def member_name(user_id: int) -> str:
    return f"Member {user_id}"


async def fill(filler: Filler, recorded: Recorded, *, matches: int, running: int,
               members: int, servers: int, seed: int, now: datetime) -> dict[str, int]:
    """Write the big store; returns counts and a few ids the measures need."""
    rng = random.Random(seed)
    per_server = max(2, members // servers)
    moves_rows = ((n, *rest) for n, *rest in recorded.moves)
    await filler.sql("CREATE TABLE bench_template_moves (template BIGINT, seq BIGINT, "
                     "seat BIGINT, notation TEXT, marks TEXT, said TEXT, banks TEXT, "
                     "turn_began TEXT)")
    await filler.rows("bench_template_moves", ("template", *MOVE_COLUMNS), moves_rows)
    await filler.sql("CREATE TABLE bench_copies (match_id BIGINT, template BIGINT, "
                     "created_at TEXT)")
    rated: set[tuple[int, str, int]] = set()
    heavy_ids: list[int] = []
    heavy_every = max(1, matches // HEAVY_MATCHES)
    total = matches + running
    match_rows: list[tuple[Any, ...]] = []
    seat_rows: list[tuple[Any, ...]] = []
    copy_rows: list[tuple[Any, ...]] = []
    for match_id in range(1, total + 1):
        finished = match_id <= matches
        template = rng.choice(recorded.finished if finished else recorded.running)
        heavy = finished and match_id % heavy_every == 0 and len(heavy_ids) < HEAVY_MATCHES
        guild = HEAVY_GUILD if heavy else rng.randrange(servers)
        when = (now - SPAN + SPAN * (match_id / matches) if finished
                else now - timedelta(hours=rng.uniform(1, 48)))
        at = stamp(when)
        people = rng.sample(range(per_server), len(template.seats))
        users = [FIRST_MEMBER + guild * per_server + p for p in people]
        if heavy:
            users[0] = HEAVY
            heavy_ids.append(match_id)
        row = template.match
        status = ABORTED if finished and rng.random() < 0.03 else row["status"]
        match_rows.append((match_id, guild, 10_000 + guild, row["game"], row["options"],
                           row["seed"], status, users[0], row["version"], row["snapshot"],
                           row["result"], at, at, 1, int(status == FINISHED)))
        for seat, user in zip(template.seats, users, strict=True):
            seat_rows.append((match_id, user, seat["seat"], member_name(user), 0,
                              seat["resigned"], at, seat["bank_seconds"]))
            if status == FINISHED:
                rated.add((guild, row["game"], user))
        copy_rows.append((match_id, template.number, at))
        if len(match_rows) >= 50_000 or match_id == total:
            await filler.rows("matches", MATCH_COLUMNS, match_rows)
            await filler.rows("seats", SEAT_COLUMNS, seat_rows)
            await filler.rows("bench_copies", ("match_id", "template", "created_at"),
                              copy_rows)
            match_rows, seat_rows, copy_rows = [], [], []
    await filler.sql("INSERT INTO moves (match_id, seq, seat, notation, created_at, marks, "
                     "said, banks, turn_began) SELECT c.match_id, t.seq, t.seat, "
                     f"t.notation, c.created_at, CAST(t.marks AS {filler.json}), t.said, "
                     f"CAST(t.banks AS {filler.json}), t.turn_began FROM bench_copies c "
                     "JOIN bench_template_moves t ON t.template = c.template")
    await filler.sql("DROP TABLE bench_template_moves")
    await filler.sql("DROP TABLE bench_copies")
    await filler.sql("INSERT INTO rating_changes (match_id, user_id, before_mu, "
                     "before_sigma, after_mu, after_sigma) SELECT s.match_id, s.user_id, "
                     "25.0, 8.3, 26.0, 8.0 FROM seats s JOIN matches m ON m.id = s.match_id "
                     f"WHERE m.status = '{FINISHED}'")
    stamp_now = stamp(now)
    await filler.rows("ratings", ("guild_id", "game", "user_id", "mu", "sigma", "games",
                                  "updated_at"),
                      ((g, game, u, rng.gauss(25, 4), rng.uniform(1, 8), rng.randint(1, 200),
                        stamp_now) for g, game, u in sorted(rated)))
    # the last moves were under 48 hours ago and the deadline is 72: a due check finds
    # no timeout (a timeout's cost is the computer's move, not the store's)
    due = min(running, 1_000)
    await filler.rows("match_clocks", ("match_id", "deadline_hours", "next_check_at"),
                      ((m, 72, stamp(now - timedelta(minutes=1) if m - matches <= due
                                     else now + timedelta(hours=rng.uniform(1, 72))))
                       for m in range(matches + 1, total + 1)))
    await extras(filler, rng, matches=matches, total=total, members=members,
                 servers=servers, per_server=per_server, now=now)
    return {"matches": matches, "running": running, "heavy_first": heavy_ids[0],
            "heavy": len(heavy_ids), "per_server": per_server,
            "moves": sum(t.moves for t in recorded.finished) // len(recorded.finished)}




async def extras(filler: Filler, rng: random.Random, *, matches: int, total: int,
                 members: int, servers: int, per_server: int, now: datetime) -> None:
    """Challenges, tournaments with their entrants, notes, follows, notify settings and
    held notices."""
    at = stamp(now - timedelta(days=1))
    later = stamp(now + timedelta(days=1))
    challenges = max(100, matches // 20)
    await filler.rows("challenges", ("id", "guild_id", "channel_id", "challenger_id",
                                     "challenger_name", "game", "status", "created_at",
                                     "expires_at"),
                      ((c, c % servers, 10_000 + c % servers, FIRST_MEMBER + c % members,
                        member_name(FIRST_MEMBER + c % members), FIRST_GAME,
                        "open" if c % 50 == 0 else "lapsed", at,
                        later if c % 50 == 0 else at) for c in range(1, challenges + 1)))
    await filler.rows("challenge_players", ("challenge_id", "user_id", "display_name",
                                            "position"),
                      ((c, FIRST_MEMBER + (c * 7) % members,
                        member_name(FIRST_MEMBER + (c * 7) % members), 1)
                       for c in range(1, challenges + 1)))
    tournaments = max(10, matches // 1_000)
    await filler.rows("tournaments", ("id", "guild_id", "channel_id", "organiser_id",
                                      "organiser_name", "game", "status", "round",
                                      "created_at"),
                      ((t, t % servers, 10_000 + t % servers, FIRST_MEMBER, "Org",
                        FIRST_GAME, "open" if t % 20 == 0 else "finished", 0, at)
                       for t in range(1, tournaments + 1)))

    def entrants():
        for t in range(1, tournaments + 1):
            size = 200 if t % 100 == 1 else rng.randint(4, 32)
            for position, user in enumerate(rng.sample(range(members), min(size, members))):
                yield (t, FIRST_MEMBER + user, member_name(FIRST_MEMBER + user), position)

    await filler.rows("tournament_entrants", ("tournament_id", "user_id", "display_name",
                                              "position"), entrants())
    await filler.sql("INSERT INTO match_notes (match_id, user_id, note) SELECT match_id, "
                     "user_id, 'a note to myself' FROM seats WHERE "
                     f"match_id % 10 = 0 OR user_id = {HEAVY}")
    await filler.sql("INSERT INTO match_follows (match_id, user_id, mode) SELECT match_id, "
                     f"user_id, 'mute' FROM seats WHERE match_id > {matches} "
                     "AND match_id % 4 = 0")
    await filler.rows("notify_settings", ("user_id", "time_zone", "your_turn",
                                          "summary_at"),
                      ((FIRST_MEMBER + u, "UTC", "mention",
                        later if u % 5 == 0 else None) for u in range(0, members, 5)))
    await filler.rows("notify_held", ("user_id", "match_id", "kind", "held_at"),
                      ((FIRST_MEMBER + (u * 5) % members, matches + 1 + u % (total - matches),
                        "turn", at) for u in range(min(20_000, members))))
