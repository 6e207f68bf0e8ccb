"""Errors that are not Discord's answers (a dropped connection, a timeout) from the HTTP
layer: the reply helpers and the publisher log them and carry on, never raise."""

from __future__ import annotations

import logging

import aiohttp
import pytest
from simcord.http.client import FakeWebhookAdapter

from tests.sim.harness import Sim


@pytest.mark.parametrize("error", [RuntimeError("session closed"),
                                   aiohttp.ClientConnectionError("connection reset"),
                                   TimeoutError()])
async def test_a_reply_failing_below_discord_is_logged_and_swallowed(
        sim: Sim, monkeypatch, caplog, error):
    real = FakeWebhookAdapter.request
    failed = []

    async def broken(self, route, *args, **kwargs):
        if "/interactions/" in route.url or "/webhooks/" in route.url:
            failed.append(route.url)
            raise error
        return await real(self, route, *args, **kwargs)

    monkeypatch.setattr(FakeWebhookAdapter, "request", broken)
    with caplog.at_level(logging.WARNING, logger="bot"):
        await sim.slash(sim.ana, "move", move="e4")  # no match here: an error to answer
    monkeypatch.undo()
    assert failed  # the answer was tried, failed, and nothing escaped (simcord checks)
    logged = [r for r in caplog.records if "could not answer interaction" in r.getMessage()]
    assert logged and logged[-1].exc_info is not None
    # The bot is fine afterwards.
    result = await sim.slash(sim.ana, "rules", game="witch-stones")
    assert result.ephemeral


async def test_a_board_failing_below_discord_still_sends_the_dms(sim: Sim, monkeypatch,
                                                                 caplog):
    match_id, thread = await sim.start(sim.ana, "terra", [sim.bo, sim.cy], start=False)
    http = sim.bot.http
    real = http.request
    failed = []

    async def broken(route, *args, **kwargs):
        if route.method == "POST" and route.url.endswith(f"/channels/{thread.id}/messages"):
            failed.append(route.url)
            raise TimeoutError()
        return await real(route, *args, **kwargs)

    monkeypatch.setattr(http, "request", broken)
    lobby = sim.posts(thread)[0]
    with caplog.at_level(logging.WARNING, logger="bot"):
        await sim.ana.click(lobby, label="Start")
    monkeypatch.undo()
    assert failed
    assert (await sim.bot.service.match(match_id)).status == "running"
    assert all(sim.dms(p) for p in (sim.ana, sim.bo, sim.cy))  # each seat's secret view
    assert any("could not post" in r.getMessage() for r in caplog.records)
