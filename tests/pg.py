"""A real PostgreSQL for the tests: ``TEST_DATABASE_URL`` if set, else a throwaway server.

The throwaway server is PostgreSQL from ``/usr/lib/postgresql/*/bin`` (Debian's
``postgresql`` package), initialised in a temporary directory, listening on a free port of
127.0.0.1 only (its unix socket in the same directory), with durability off for speed,
and stopped at the end of the session. ``initdb`` and ``pg_ctl`` refuse to run as root,
so as root they run as the ``postgres`` user (or ``nobody``).

Each test gets a database as new: copied from a template that has every migration
applied (``CREATE DATABASE … TEMPLATE``), or one an earlier test of the same process gave
back and that was emptied (:meth:`PostgresServer.give_back`): emptying took 0.02 s where
a copy took 0.2 s, and the copies were about an eighth of the whole suite's time. A
database whose schema a test changed is dropped instead.
"""

from __future__ import annotations

import contextlib
import glob
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import AsyncIterator
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from db import PostgresStore

HOW_TO_ENABLE = ("PostgreSQL tests skipped: install PostgreSQL (Debian: apt-get install "
                 "postgresql) or set TEST_DATABASE_URL=postgresql://user@host/db "
                 "(a role that may CREATE DATABASE)")


def find_bin() -> str | None:
    """The newest ``/usr/lib/postgresql/N/bin`` with initdb and pg_ctl, if any."""
    found = [d for d in glob.glob("/usr/lib/postgresql/*/bin")
             if os.path.exists(f"{d}/initdb") and os.path.exists(f"{d}/pg_ctl")]
    return max(found, key=lambda d: int(d.split("/")[-2]) if d.split("/")[-2].isdigit()
               else 0) if found else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _with_database(url: str, name: str) -> str:
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=f"/{name}"))


class PostgresServer:
    """Where the test databases are made: ``admin_url`` may CREATE DATABASE."""

    def __init__(self, admin_url: str, *, folder: str | None = None,
                 bin_dir: str | None = None, user: str | None = None) -> None:
        self.admin_url = admin_url
        self.folder, self.bin_dir, self.user = folder, bin_dir, user
        self.prefix = f"pantheon_test_{os.getpid()}"
        self.template: str | None = None
        self._numbers = itertools.count(1)
        self._emptied: list[str] = []
        """Databases given back and emptied, ready for the next test."""
        self._schema: str | None = None
        """The template's schema (:data:`SCHEMA`): a database given back must still have it."""
        self._empty_sql: str | None = None

    # --- the server ---------------------------------------------------------------------
    @classmethod
    def from_env_or_start(cls) -> PostgresServer | None:
        url = os.environ.get("TEST_DATABASE_URL", "").strip()
        if url:
            return cls(url)
        bin_dir = find_bin()
        if bin_dir is None:
            return None
        return cls.start(bin_dir)

    @classmethod
    def start(cls, bin_dir: str) -> PostgresServer:
        user = None
        if os.geteuid() == 0:  # initdb refuses root: run the server as an ordinary user
            user = next(name for name in ("postgres", "nobody") if _exists(name))
        folder = tempfile.mkdtemp(prefix="pantheon-pg-")
        data = os.path.join(folder, "data")
        if user is not None:
            entry = pwd.getpwnam(user)
            os.chown(folder, entry.pw_uid, entry.pw_gid)
        port = _free_port()
        run = _runner(user)
        run([f"{bin_dir}/initdb", "-D", data, "-U", "postgres", "--auth=trust",
             "--no-locale", "-E", "UTF8", "--no-sync"])
        options = (f"-c listen_addresses=127.0.0.1 -p {port} -k {folder} -c fsync=off "
                   "-c synchronous_commit=off -c full_page_writes=off "
                   "-c max_connections=200")
        run([f"{bin_dir}/pg_ctl", "-D", data, "-l", os.path.join(folder, "log"), "-o",
             options, "-w", "-t", "60", "start"])
        return cls(f"postgresql://postgres@127.0.0.1:{port}/postgres", folder=folder,
                   bin_dir=bin_dir, user=user)

    def stop(self) -> None:
        if self.folder is None:
            return
        with contextlib.suppress(subprocess.CalledProcessError):
            _runner(self.user)([f"{self.bin_dir}/pg_ctl", "-D",
                                os.path.join(self.folder, "data"), "-m", "immediate", "-w",
                                "stop"])
        shutil.rmtree(self.folder, ignore_errors=True)
        self.folder = None

    # --- the databases ------------------------------------------------------------------
    async def create_database(self) -> str:
        """A fresh, migrated database; its URL."""
        if self.template is None:
            self.template = f"{self.prefix}_template"
            await self._admin(f'DROP DATABASE IF EXISTS "{self.template}"',
                              f'CREATE DATABASE "{self.template}"')
            template = _with_database(self.admin_url, self.template)
            store = await PostgresStore(template, max_size=1).open()
            await store.close()
            async with _connection(template) as conn:
                self._schema = await conn.fetchval(SCHEMA)
                self._empty_sql = await _emptying(conn)
        name = f"{self.prefix}_{next(self._numbers)}"
        await self._admin(f'CREATE DATABASE "{name}" TEMPLATE "{self.template}"')
        return _with_database(self.admin_url, name)

    async def lend_database(self) -> str:
        """A migrated database with no rows: one given back, else a fresh copy."""
        if self._emptied:
            return self._emptied.pop()
        return await self.create_database()

    async def give_back(self, url: str) -> None:
        """Empty ``url`` for the next :meth:`lend_database`: its connections ended, every
        row deleted, its sequences restarted. Dropped instead if its schema is not the
        template's (a test changed it) or emptying fails."""
        name = urlsplit(url).path.lstrip("/")
        try:
            async with _connection(self.admin_url) as admin:
                await admin.fetch(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                    "WHERE datname = $1 AND pid <> pg_backend_pid()", name)
            async with _connection(url) as conn:
                if await conn.fetchval(SCHEMA) != self._schema or self._empty_sql is None:
                    raise ValueError(f"the test changed the schema of {name}")
                await conn.execute(self._empty_sql)
        except (asyncpg.PostgresError, OSError, ValueError):
            await self.drop_database(url)
        else:
            self._emptied.append(url)

    async def create_empty_database(self) -> str:
        name = f"{self.prefix}_{next(self._numbers)}"
        await self._admin(f'CREATE DATABASE "{name}"')
        return _with_database(self.admin_url, name)

    async def drop_database(self, url: str) -> None:
        name = urlsplit(url).path.lstrip("/")
        await self._admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    async def drop_template(self) -> None:
        """Drop the template and the databases given back (on a server we did not start)."""
        while self._emptied:
            await self.drop_database(self._emptied.pop())
        if self.template is not None:
            await self._admin(f'DROP DATABASE IF EXISTS "{self.template}" WITH (FORCE)')
            self.template = None

    async def _admin(self, *statements: str) -> None:
        async with _connection(self.admin_url) as conn:
            for statement in statements:
                await conn.execute(statement)


@contextlib.asynccontextmanager
async def _connection(url: str) -> AsyncIterator[asyncpg.Connection]:
    conn = await asyncpg.connect(url)
    try:
        yield conn
    finally:
        await conn.close()


SCHEMA = """
SELECT string_agg(item, ' | ' ORDER BY item) FROM (
    SELECT 'relation ' || relname || ' ' || relkind::text AS item FROM pg_class
        WHERE relnamespace = 'public'::regnamespace
    UNION ALL SELECT 'column ' || table_name || '.' || column_name || ' ' || data_type
        || ' ' || is_nullable || ' ' || coalesce(column_default, '')
        FROM information_schema.columns WHERE table_schema = 'public'
    UNION ALL SELECT 'index ' || indexdef FROM pg_indexes WHERE schemaname = 'public'
    UNION ALL SELECT 'constraint ' || conrelid::regclass::text || ' '
        || pg_get_constraintdef(oid) FROM pg_constraint
        WHERE connamespace = 'public'::regnamespace
    UNION ALL SELECT 'trigger ' || tgname FROM pg_trigger WHERE NOT tgisinternal
    UNION ALL SELECT 'function ' || proname FROM pg_proc
        WHERE pronamespace = 'public'::regnamespace
    UNION ALL SELECT 'version ' || version::text FROM schema_version
) AS schema
"""
"""Everything of a database but its rows (and the migrations applied, which are rows)."""


async def _emptying(conn: asyncpg.Connection) -> str:
    """The statements that delete every row but the migrations applied (tables that
    others reference last) and restart every sequence, as on a fresh copy."""
    tables = [r["relname"] for r in await conn.fetch(
        "SELECT relname FROM pg_class WHERE relnamespace = 'public'::regnamespace "
        "AND relkind = 'r' AND relname <> 'schema_version' ORDER BY relname")]
    refers = {t: set() for t in tables}
    for r in await conn.fetch(
            "SELECT conrelid::regclass::text AS child, confrelid::regclass::text AS parent "
            "FROM pg_constraint WHERE contype = 'f' AND connamespace = 'public'::regnamespace"):
        if r["child"] != r["parent"]:
            refers.setdefault(r["parent"], set()).add(r["child"])
    order: list[str] = []

    def visit(table: str, seen: frozenset[str] = frozenset()) -> None:
        if table in order or table in seen:
            return
        for child in sorted(refers.get(table, ())):
            visit(child, seen | {table})
        order.append(table)

    for table in tables:
        visit(table)
    sequences = [r["sequencename"] for r in await conn.fetch(
        "SELECT sequencename FROM pg_sequences WHERE schemaname = 'public'")]
    return "; ".join([f'DELETE FROM "{t}"' for t in order]
                     + [f'ALTER SEQUENCE "{s}" RESTART' for s in sorted(sequences)])


def _exists(user: str) -> bool:
    try:
        pwd.getpwnam(user)
    except KeyError:
        return False
    return True


def _runner(user: str | None):
    def run(argv: list[str]) -> None:
        subprocess.run(argv, check=True, user=user, cwd="/", stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, timeout=120)
    return run
