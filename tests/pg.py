"""A real PostgreSQL for the tests: ``TEST_DATABASE_URL`` if set, else a throwaway server.

The throwaway server is PostgreSQL from ``/usr/lib/postgresql/*/bin`` (Debian's
``postgresql`` package), initialised in a temporary directory, listening on a free port of
127.0.0.1 only (its unix socket in the same directory), with durability off for speed,
and stopped at the end of the session. ``initdb`` and ``pg_ctl`` refuse to run as root,
so as root they run as the ``postgres`` user (or ``nobody``).

Each test gets a fresh database, copied from a template that has every migration
applied (``CREATE DATABASE … TEMPLATE``), and dropped after the test.
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
            store = await PostgresStore(_with_database(self.admin_url, self.template),
                                        max_size=1).open()
            await store.close()
        name = f"{self.prefix}_{next(self._numbers)}"
        await self._admin(f'CREATE DATABASE "{name}" TEMPLATE "{self.template}"')
        return _with_database(self.admin_url, name)

    async def create_empty_database(self) -> str:
        name = f"{self.prefix}_{next(self._numbers)}"
        await self._admin(f'CREATE DATABASE "{name}"')
        return _with_database(self.admin_url, name)

    async def drop_database(self, url: str) -> None:
        name = urlsplit(url).path.lstrip("/")
        await self._admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    async def drop_template(self) -> None:
        if self.template is not None:
            await self._admin(f'DROP DATABASE IF EXISTS "{self.template}" WITH (FORCE)')
            self.template = None

    async def _admin(self, *statements: str) -> None:
        conn = await asyncpg.connect(self.admin_url)
        try:
            for statement in statements:
                await conn.execute(statement)
        finally:
            await conn.close()


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
