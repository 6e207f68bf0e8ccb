"""Sharded processes: SHARD_COUNT makes the bot an AutoShardedBot of those shards, and its
clock pass claims only their guilds (tests/clocks/test_claims.py has the claims themselves)."""

from __future__ import annotations

from unittest.mock import AsyncMock

from discord.ext import commands

from bot.client import Pantheon, ShardedPantheon, make_bot
from bot.config import Settings


def settings(tmp_path, count=None, ids=None) -> Settings:
    return Settings(token="x", database_path=str(tmp_path / "bot.db"), log_level="INFO",
                    dev_guild_id=None, boards_dir=str(tmp_path), shard_count=count,
                    shard_ids=ids)


async def test_one_process_is_not_sharded_and_runs_every_clock(tmp_path):
    bot = make_bot(settings(tmp_path))
    assert type(bot) is Pantheon and not isinstance(bot, commands.AutoShardedBot)
    assert bot.clock_shards() is None


async def test_shard_settings_make_an_auto_sharded_bot_of_those_shards(tmp_path, monkeypatch):
    bot = make_bot(settings(tmp_path, 4, (1, 3)))
    assert isinstance(bot, ShardedPantheon) and isinstance(bot, commands.AutoShardedBot)
    assert (bot.shard_count, bot.shard_ids) == (4, [1, 3])
    assert bot.clock_shards() == (4, (1, 3))
    assert make_bot(settings(tmp_path, 2)).clock_shards() == (2, (0, 1))
    monkeypatch.setattr(bot.tree, "sync", AsyncMock(return_value=[]))
    await bot._async_setup_hook()  # what login() does first (the shards' event queue)
    await bot.setup_hook()
    try:
        assert bot.service.shards() == (4, (1, 3))  # what the clock pass claims
    finally:
        await bot.close()
