"""The caps through simcord: a member flooding ``/match start`` is refused in one line
saying when a place frees up, nothing is left behind by a refusal, and another member can
still start a match."""

from __future__ import annotations

import pytest

import bot.client as client_module
from service import Service
from service.community.limits import Limits
from tests.sim.harness import Sim, answer, make_bot


@pytest.fixture
async def simcord_bot(tmp_path, monkeypatch, bots):
    bot = await make_bot(tmp_path, monkeypatch)

    made = client_module.Service

    def with_limits(store, **kwargs):
        service: Service = made(store, **kwargs)
        service.servers.caps.limits = Limits(lobbies=2, per_hour=0, server_per_hour=0)
        return service

    monkeypatch.setattr(client_module, "Service", with_limits)
    bots.append(bot)
    return bot


async def test_a_flooding_member_is_refused_in_one_line(sim: Sim) -> None:
    for _ in range(2):
        await sim.start(sim.ana, "witch-stones", start=False)
    threads = len(sim.channel.threads)
    refused = await sim.slash(sim.ana, "match start", game="witch-stones")
    assert refused.ephemeral and answer(refused) == (
        "You have 2 open lobbies, the most one member may have here; a place frees up "
        "when one starts or is aborted.")
    assert len(sim.channel.threads) == threads  # nothing left behind
    match_id, _ = await sim.start(sim.bo, "witch-stones", start=False)
    assert match_id == 3
