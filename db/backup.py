"""``python -m bot backup PATH``: a copy of the database, safe while the bot runs.

SQLite: the online backup API (``sqlite3.Connection.backup``) from a connection of its
own, in one step: it reads one consistent snapshot of the file (WAL lets the bot go on
writing meanwhile) and writes it to ``PATH``, which is then a complete database that
``DATABASE_PATH=PATH`` opens as it was. PostgreSQL: ``pg_dump --format=custom`` (one
transaction, so also one moment), restored with ``pg_restore`` into an empty database
(:data:`PG_RESTORE`); :func:`pg_dump_line` is the command printed for hosts who run it
themselves.
"""

from __future__ import annotations

import glob
import os
import shutil
import sqlite3
import subprocess
from pathlib import Path

from db.postgres import is_postgres_url

PG_RESTORE = "pg_restore --no-owner --dbname postgresql://…/empty_database PATH"
"""How a PostgreSQL backup is restored (into an empty database)."""


class BackupError(Exception):
    """The backup could not be made; the message says why in one sentence."""


def backup(target: str, path: str, *, pg_bin: str | None = None) -> str:
    """Copy the store at ``target`` (an SQLite file or a PostgreSQL URL) to ``path``; a
    line saying what was written. Refuses to overwrite an existing file."""
    out = Path(path)
    if out.exists():
        raise BackupError(f"{path} already exists; give a new file name.")
    if not out.parent.is_dir():
        raise BackupError(f"There is no folder {out.parent} to write the backup in.")
    if is_postgres_url(target):
        return _pg_dump(target, out, pg_bin)
    return _sqlite_backup(target, out)


def _sqlite_backup(source: str, out: Path) -> str:
    if not Path(source).is_file():
        raise BackupError(f"There is no SQLite database at {source}.")
    src = sqlite3.connect(source)  # only read: the backup writes nothing to it
    try:
        dst = sqlite3.connect(out)
        try:
            src.backup(dst)  # pages=-1: the whole database in one step, one snapshot
            ok = dst.execute("PRAGMA integrity_check").fetchone()[0]
            matches = dst.execute("SELECT COUNT(*) FROM matches").fetchone()[0]
        finally:
            dst.close()
    finally:
        src.close()
    if ok != "ok":
        out.unlink(missing_ok=True)
        raise BackupError(f"The copy failed SQLite's integrity check ({ok}); nothing kept.")
    return f"backed up {source} to {out} ({matches} matches, {out.stat().st_size} bytes)"


def find_pg_tool(name: str, pg_bin: str | None = None) -> str | None:
    """``pg_dump`` / ``pg_restore``: in ``pg_bin``, on the PATH, or the newest of
    Debian's ``/usr/lib/postgresql/*/bin``."""
    if pg_bin:
        found = os.path.join(pg_bin, name)
        return found if os.access(found, os.X_OK) else None
    on_path = shutil.which(name)
    if on_path:
        return on_path
    debian = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"),
                    key=lambda p: int(p.split("/")[4]) if p.split("/")[4].isdigit() else 0)
    return debian[-1] if debian else None


def pg_dump_line(url: str = "postgresql://…", path: str = "pantheon.dump") -> str:
    return f"pg_dump --format=custom --file {path} {url}"


def _pg_dump(url: str, out: Path, pg_bin: str | None) -> str:
    tool = find_pg_tool("pg_dump", pg_bin)
    if tool is None:
        raise BackupError("pg_dump is not installed (Debian: apt-get install "
                          f"postgresql-client); or run: {pg_dump_line(path=str(out))}")
    done = subprocess.run([tool, "--format=custom", "--file", str(out), url],
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        out.unlink(missing_ok=True)
        raise BackupError(f"pg_dump failed: {done.stderr.strip().splitlines()[-1:]}")
    return (f"backed up the PostgreSQL database to {out} ({out.stat().st_size} bytes); "
            f"restore with: {PG_RESTORE}")


def main(argv: list[str], target: str) -> int:
    """``backup PATH``: exit status 0 when the backup was written."""
    if len(argv) != 1 or argv[0].startswith("-"):
        print("usage: python -m bot backup PATH   (a new file; the store of DATABASE_URL "
              "or DATABASE_PATH)")
        return 2
    try:
        print(backup(target, argv[0]))
    except BackupError as exc:
        print(f"backup: {exc}")
        return 1
    return 0
