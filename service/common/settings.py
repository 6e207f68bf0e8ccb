"""The settings both front ends share, from the environment (and a ``.env`` file in the
working directory): where the store and the pictures live, the vacation allowance and
the log level. The Discord bot adds its own (:mod:`bot.config`: the token, the test
server, the shards); the console reads only these, so it never imports the bot."""

from __future__ import annotations

import os
from dataclasses import dataclass

from dotenv import load_dotenv

from service.common.clock_math import VACATION_DAYS


@dataclass(frozen=True)
class Shared:
    database_path: str
    """Where the store lives: ``DATABASE_URL`` (PostgreSQL) if set, else the SQLite file
    ``DATABASE_PATH``; :func:`db.open_store` tells them apart."""
    sqlite_path: str
    """The SQLite file (``DATABASE_PATH``) even when ``DATABASE_URL`` wins: the source of
    ``python -m bot migrate``."""
    boards_dir: str
    log_level: str
    vacation_days: int


def shared() -> Shared:
    """The shared settings as the environment holds them now (``.env`` not read)."""
    vacation = os.environ.get("PANTHEON_VACATION_DAYS", "").strip()
    return Shared(
        database_path=(os.environ.get("DATABASE_URL", "").strip()
                       or os.environ.get("DATABASE_PATH", "pantheon.db")),
        sqlite_path=os.environ.get("DATABASE_PATH", "pantheon.db"),
        boards_dir=os.environ.get("BOARDS_DIR", "boards"),
        log_level=os.environ.get("LOG_LEVEL", "INFO").upper(),
        vacation_days=int(vacation) if vacation.isdigit() else VACATION_DAYS,
    )


def load_shared() -> Shared:
    """Read ``.env`` (what the environment sets wins), then the shared settings."""
    load_dotenv()
    return shared()
