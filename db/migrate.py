"""``python -m bot migrate --to postgresql://…``: copy an SQLite database to PostgreSQL.

The source (brought up to the current schema first, as the bot would at start-up) is
copied table by table (every table the migrations made) in one PostgreSQL transaction,
ids and row order kept (SQLite's implicit ``rowid`` goes to PostgreSQL's explicit one),
then the identity sequences continue after the highest id. The target must be empty:
nothing is ever merged or overwritten. Afterwards each match is verified: its move log,
replayed through its engine from the set-up, must reproduce the stored snapshot. This
package knows no engines: the replay is the caller's (``check``, the service's
:func:`service.match.core.replay_problem`).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field

import asyncpg

from db.postgres import PostgresStore, is_postgres_url
from db.records import MatchRecord, MoveRecord
from db.sqlite import SqliteStore

ReplayCheck = Callable[[MatchRecord, list[MoveRecord]], str | None]
"""Why a match's log does not reproduce its snapshot; None when it does."""


class Refused(Exception):
    """The migration cannot start (the target is not empty, or not PostgreSQL)."""


@dataclass
class Report:
    rows: dict[str, int] = field(default_factory=dict)
    matches: int = 0
    verified: int = 0
    mismatches: list[tuple[int, str]] = field(default_factory=list)

    def summary(self) -> list[str]:
        out = [f"{self.matches} matches copied, {self.verified} verified by replay, "
               f"{len(self.mismatches)} mismatches"]
        out.extend(f"  match {match_id}: {why}" if match_id else f"  {why}"
                   for match_id, why in self.mismatches)
        return out


async def migrate(source: str, target: str, *, check: ReplayCheck,
                  say: Callable[[str], None] = print) -> Report:
    """Copy the SQLite file ``source`` into the empty PostgreSQL database ``target``."""
    if not is_postgres_url(target):
        raise Refused(f"--to must be a postgresql:// URL, not {target!r}")
    await refuse_non_empty(target)
    lite = await SqliteStore(source).open()
    try:
        pg = await PostgresStore(target, max_size=2).open()
        try:
            if await lite.schema_version() != await pg.schema_version():
                raise Refused("the source and target schemas differ; update Pantheon first")
            report = Report()
            say(f"copying {source} to PostgreSQL…")
            await copy_tables(lite, pg, report)
            for table, count in report.rows.items():
                say(f"  {table}: {count} rows")
            await verify(pg, report, check)
        finally:
            await pg.close()
    finally:
        await lite.close()
    return report


async def refuse_non_empty(target: str) -> None:
    """:class:`Refused` if any table of the target database (in its search path) has
    rows; an empty, already migrated database is fine."""
    conn = await asyncpg.connect(target)
    try:
        tables = await conn.fetch(
            "SELECT quote_ident(table_schema) || '.' || quote_ident(table_name) AS name "
            "FROM information_schema.tables WHERE table_type = 'BASE TABLE' AND "
            "table_schema NOT IN ('pg_catalog', 'information_schema') "
            "AND table_name <> 'schema_version'")
        for row in tables:
            if await conn.fetchval(f"SELECT EXISTS (SELECT 1 FROM {row['name']})"):
                raise Refused(f"the target database is not empty ({row['name']} has rows); "
                              "migrate only into an empty database")
    finally:
        await conn.close()


async def copy_tables(lite: SqliteStore, pg: PostgresStore, report: Report) -> None:
    names = [r[0] for r in await lite.query(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
        "AND name <> 'schema_version' ORDER BY name")]
    names.sort(key=lambda name: name != "matches")  # the others refer to matches
    async with pg.pool.acquire() as conn, conn.transaction():
        for table in names:
            columns = [r[0] for r in await conn.fetch(
                "SELECT column_name FROM information_schema.columns WHERE table_name = $1 "
                "AND table_schema = current_schema() ORDER BY ordinal_position", table)]
            if not columns:
                raise Refused(f"the target has no table {table!r}")
            have = {r[1] for r in await lite.query(f"PRAGMA table_info({table})")}
            missing = have - set(columns)
            if missing:
                raise Refused(f"the target's {table} lacks {sorted(missing)}")
            # PostgreSQL's explicit rowid columns take SQLite's implicit rowid.
            picked = [c for c in columns if c in have or c == "rowid"]
            rows = await lite.query(f"SELECT {', '.join(picked)} FROM {table} ORDER BY rowid")
            if rows:
                await conn.copy_records_to_table(table, records=rows, columns=picked)
            report.rows[table] = len(rows)
        for table, column in await conn.fetch(
                "SELECT table_name, column_name FROM information_schema.columns WHERE "
                "is_identity = 'YES' AND table_schema = current_schema()"):
            await conn.execute(
                f"SELECT setval(pg_get_serial_sequence($1, $2), "
                f"COALESCE((SELECT MAX({column}) FROM {table}), 0) + 1, false)", table, column)


async def verify(pg: PostgresStore, report: Report, check: ReplayCheck) -> None:
    """Replay every match's log and compare with its snapshot (and the rows counted)."""
    for table, count in report.rows.items():
        (copied,) = (await pg.query(f"SELECT COUNT(*) FROM {table}"))[0]
        if copied != count:
            report.mismatches.append((0, f"{table}: {copied} rows in the target, not {count}"))
    for (match_id,) in await pg.query("SELECT id FROM matches ORDER BY id"):
        report.matches += 1
        match = await pg.get_match(match_id)
        assert match is not None
        problem = check(match, await pg.moves(match_id))
        if problem is None:
            report.verified += 1
        else:
            report.mismatches.append((match_id, problem))


def main(argv: list[str], default_source: str, check: ReplayCheck) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot migrate",
        description="Copy the SQLite database into an empty PostgreSQL database and verify "
                    "every match by replaying its moves.")
    parser.add_argument("--to", required=True, metavar="URL",
                        help="the target, postgresql://user:password@host:port/database")
    parser.add_argument("--from", dest="source", default=default_source, metavar="FILE",
                        help=f"the SQLite file (default: DATABASE_PATH, {default_source})")
    args = parser.parse_args(argv)
    if is_postgres_url(args.source):
        print("--from is the SQLite file to copy (DATABASE_PATH), not a URL")
        return 2
    if not os.path.exists(args.source):
        print(f"no SQLite database at {args.source}")
        return 2
    try:
        report = asyncio.run(migrate(args.source, args.to, check=check))
    except Refused as refused:
        print(f"refused: {refused}")
        return 2
    except (OSError, sqlite3.DatabaseError, asyncpg.PostgresError) as error:
        print(f"cannot migrate: {error}")
        return 2
    for line in report.summary():
        print(line)
    return 1 if report.mismatches else 0
