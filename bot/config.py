"""Settings from the environment (and a ``.env`` file beside the working directory)."""

from __future__ import annotations

import os
from dataclasses import dataclass

from dotenv import load_dotenv

from service.clock_math import VACATION_DAYS


@dataclass(frozen=True)
class Settings:
    token: str | None
    database_path: str
    """Where the store lives: ``DATABASE_URL`` (PostgreSQL) if set, else the SQLite file
    ``DATABASE_PATH``; :func:`db.open_store` tells them apart."""
    log_level: str
    dev_guild_id: int | None
    boards_dir: str
    vacation_days: int = VACATION_DAYS
    sqlite_path: str = "pantheon.db"
    """The SQLite file (``DATABASE_PATH``) even when ``DATABASE_URL`` wins: the source of
    ``python -m bot migrate``."""


def load_settings() -> Settings:
    """Read the settings; ``.env.example`` lists every one."""
    load_dotenv()
    guild = os.environ.get("DEV_GUILD_ID", "").strip()
    vacation = os.environ.get("PANTHEON_VACATION_DAYS", "").strip()
    return Settings(
        token=os.environ.get("DISCORD_TOKEN", "").strip() or None,
        database_path=(os.environ.get("DATABASE_URL", "").strip()
                       or os.environ.get("DATABASE_PATH", "pantheon.db")),
        log_level=os.environ.get("LOG_LEVEL", "INFO").upper(),
        dev_guild_id=int(guild) if guild.isdigit() else None,
        boards_dir=os.environ.get("BOARDS_DIR", "boards"),
        vacation_days=int(vacation) if vacation.isdigit() else VACATION_DAYS,
        sqlite_path=os.environ.get("DATABASE_PATH", "pantheon.db"),
    )
