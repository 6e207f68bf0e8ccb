"""The bot's own state between runs (migration 011), on both stores."""

from __future__ import annotations

from db import open_store


async def test_the_bot_state_is_remembered_replaced_and_forgotten(database):
    store = await open_store(database)
    try:
        assert await store.bot_state("commands_guild") is None
        await store.set_bot_state("commands_guild", "42")
        await store.set_bot_state("commands_guild", "43")
    finally:
        await store.close()
    store = await open_store(database)  # a restart
    try:
        assert await store.bot_state("commands_guild") == "43"
        await store.set_bot_state("commands_guild", None)
        assert await store.bot_state("commands_guild") is None
    finally:
        await store.close()
