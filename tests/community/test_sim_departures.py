"""A server removing the bot, through simcord: its open match is aborted at once, the day
is kept, and the hourly pass deletes its data once the retention period is over (here
``PANTHEON_RETENTION_DAYS=0``: at the next pass)."""

from __future__ import annotations

import pytest

from db import ABORTED
from tests.sim.harness import Sim


@pytest.fixture(autouse=True)
def no_retention(monkeypatch):
    monkeypatch.setenv("PANTHEON_RETENTION_DAYS", "0")


async def test_a_removed_server_is_closed_then_deleted(sim: Sim) -> None:
    match_id, _ = await sim.start(sim.ana, "witch-stones", [sim.bo])
    store = sim.bot.service.store
    sim.env.backend.remove_guild(sim.guild.id)  # kicked: Discord sends GUILD_DELETE
    await sim.env.settle()
    assert (await store.get_match(match_id)).status == ABORTED
    assert await store.query("SELECT guild_id FROM server_departures") == [(sim.guild.id,)]
    await sim.bot.get_cog("Departures").purge()
    assert await store.get_match(match_id) is None
    assert await store.query("SELECT COUNT(*) FROM moves") == [(0,)]
    assert await store.query("SELECT COUNT(*) FROM server_departures") == [(0,)]
