"""``/healthz`` and ``/metrics`` answer over HTTP while the bot runs under simcord: healthy
once the store answers, the gateway is up and the clock pass has run; a move and a
command counted; unhealthy (503) when the store is gone."""

from __future__ import annotations

import socket

import aiohttp
import pytest

from service import Actor
from tests.sim.harness import Sim


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


PORT = free_port()


@pytest.fixture(autouse=True)
def health_port(monkeypatch):
    monkeypatch.setenv("HEALTH_PORT", str(PORT))


async def get(path: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as session, \
            session.get(f"http://127.0.0.1:{PORT}{path}") as response:
        return response.status, await response.text()


async def test_healthz_and_metrics_answer(sim: Sim) -> None:
    match_id, thread = await sim.start(sim.ana, "witch-stones", [sim.bo])
    mover = await sim.to_move(match_id, [sim.ana, sim.bo])
    moves = await sim.bot.service.legal_moves(match_id, Actor(mover.id))
    await sim.move(mover, thread, moves[0])
    status, body = await get("/healthz")
    assert status == 200 and '"gateway": "connected"' in body and '"store": "ok"' in body
    status, text = await get("/metrics")
    assert status == 200
    assert "pantheon_moves_total 1.0" in text
    assert 'pantheon_interactions_total{kind="application_command"}' in text
    assert "pantheon_command_seconds_count" in text and "pantheon_pool_queue" in text
    await sim.bot.store.close()
    status, body = await get("/healthz")
    assert status == 503 and "unreachable" in body
