"""The bot's own state between runs (migration 011), on both stores."""

from __future__ import annotations

from db import open_store
from service import Service


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


async def test_the_service_remembers_the_guild_the_commands_were_synced_to(database):
    """bot.client's command sync asks the service (no store calls in the bot): the guild
    it last synced to, kept across a restart, replaced, then forgotten (global)."""
    store = await open_store(database)
    try:
        service = Service(store)
        assert await service.commands_guild() is None
        await service.set_commands_guild(42)
        await service.set_commands_guild(43)
    finally:
        await store.close()
    store = await open_store(database)  # a restart
    try:
        service = Service(store)
        assert await service.commands_guild() == 43
        await service.set_commands_guild(None)
        assert await service.commands_guild() is None
    finally:
        await store.close()
