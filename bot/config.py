"""The bot's settings from the environment (and a ``.env`` file beside the working
directory): those both front ends share (:mod:`service.common.settings`) and the bot's own."""

from __future__ import annotations

import os
from dataclasses import dataclass

from dotenv import load_dotenv

from service.common.clock_math import VACATION_DAYS
from service.common.settings import shared


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
    shard_count: int | None = None
    """``SHARD_COUNT``: the bot's Discord shards over all its processes (None: one
    process, not sharded)."""
    shard_ids: tuple[int, ...] | None = None
    """``SHARD_IDS`` (a comma list): the shards this process connects and whose guilds'
    clocks it runs (None: all of ``shard_count``)."""


def shards_from(count: str, ids: str) -> tuple[int | None, tuple[int, ...] | None]:
    """``SHARD_COUNT`` and ``SHARD_IDS`` as numbers, checked (ValueError says why)."""
    count, ids = count.strip(), ids.strip()
    if not count:
        if ids:
            raise ValueError("SHARD_IDS needs SHARD_COUNT (the number of shards in all)")
        return None, None
    if not (count.isascii() and count.isdigit()) or not 1 <= int(count) <= 10_000:
        raise ValueError(f"SHARD_COUNT must be a number of shards, not {count!r}")
    total = int(count)
    if not ids:
        return total, None
    parts = [p.strip() for p in ids.split(",") if p.strip()]
    if not all(p.isascii() and p.isdigit() and int(p) < total for p in parts) or not parts:
        raise ValueError(f"SHARD_IDS must be shard numbers from 0 to {total - 1}, "
                         f"comma-separated, not {ids!r}")
    return total, tuple(sorted({int(p) for p in parts}))


FIND_SERVER_ID = ("in Discord turn on User Settings → Advanced → Developer Mode, then "
                  "right-click the server's icon → Copy Server ID")
"""How to find a server's id, as the README and ``.env.example`` say."""


def guild_from(text: str) -> int | None:
    """``DEV_GUILD_ID`` as a number (None: unset); ValueError says how to find one."""
    text = text.strip()
    if not text:
        return None
    if not (text.isascii() and text.isdigit()) or int(text) >= 2**63:
        raise ValueError(f"DEV_GUILD_ID must be a server's id (a number): {FIND_SERVER_ID}")
    return int(text)


def load_settings() -> Settings:
    """Read the settings; ``.env.example`` lists every one."""
    load_dotenv()
    base = shared()
    try:
        guild = guild_from(os.environ.get("DEV_GUILD_ID", ""))
        shard_count, shard_ids = shards_from(os.environ.get("SHARD_COUNT", ""),
                                             os.environ.get("SHARD_IDS", ""))
    except ValueError as exc:
        raise SystemExit(str(exc)) from None
    return Settings(
        token=os.environ.get("DISCORD_TOKEN", "").strip() or None,
        database_path=base.database_path,
        log_level=base.log_level,
        dev_guild_id=guild,
        boards_dir=base.boards_dir,
        vacation_days=base.vacation_days,
        sqlite_path=base.sqlite_path,
        shard_count=shard_count,
        shard_ids=shard_ids,
    )
