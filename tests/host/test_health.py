"""The metrics that come from log records, against the real discord.py HTTP client: a
429 from a server that rate limits once is counted (and the request still succeeds);
``HEALTH_PORT`` is checked where it enters; ``LOG_FORMAT=json`` writes JSON lines."""

from __future__ import annotations

import asyncio
import json
import logging

import discord
import pytest
from aiohttp import web

from bot.host.health import JsonLines, Telemetry, address
from db import open_store
from service import Service


@pytest.fixture
async def telemetry(tmp_path):
    store = await open_store(str(tmp_path / "p.db"))
    made = Telemetry(Service(store), pass_period=600)
    made.log_counter.attach()
    yield made
    made.log_counter.detach()
    await store.close()


def as_discord(body: dict, status: int = 200) -> web.Response:
    """JSON as Discord's API answers it (discord.py reads only this exact content type;
    a 429 without ``Via`` it takes for Cloudflare's)."""
    return web.Response(body=json.dumps(body).encode(), status=status,
                        headers={"Content-Type": "application/json", "Via": "1.1 google"})


async def test_a_429_is_counted_and_the_request_goes_through(telemetry, monkeypatch):
    calls = []

    async def me(request: web.Request) -> web.Response:
        calls.append(request.path)
        if len(calls) == 1:
            return as_discord({"message": "You are being rate limited.", "retry_after": 0.01,
                               "global": False}, status=429)
        return as_discord({"id": "5", "username": "pantheon", "discriminator": "0",
                           "avatar": None, "bot": True})

    app = web.Application()
    app.router.add_get("/api/v10/users/@me", me)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]
    monkeypatch.setattr(discord.http.Route, "BASE", f"http://127.0.0.1:{port}/api/v10")
    http = discord.http.HTTPClient(asyncio.get_running_loop())
    try:
        data = await http.static_login("x.y.z")
    finally:
        await http.close()
        await runner.cleanup()
    assert data["id"] == "5" and len(calls) == 2
    assert telemetry.rate_limited._value.get() == 1
    assert b"pantheon_discord_429_total 1.0" in telemetry.scrape()


def test_a_failed_post_is_counted(telemetry):
    logging.getLogger("bot.match.publish").warning("match %s: post failed", 3)
    logging.getLogger("bot.match.lobby").warning("not a post")
    assert telemetry.posts_failed._value.get() == 1


def test_health_port_is_checked_where_it_enters():
    assert address("") is None
    assert address("9100") == ("127.0.0.1", 9100)
    assert address("0.0.0.0:9100") == ("0.0.0.0", 9100)
    for wrong in ("http", "99999", ":"):
        with pytest.raises(ValueError, match="HEALTH_PORT must be a port"):
            address(wrong)


def test_json_lines():
    record = logging.LogRecord("bot", logging.WARNING, __file__, 1, "match %s: %s", (3, "é"),
                               None)
    line = json.loads(JsonLines().format(record))
    assert line["level"] == "WARNING" and line["message"] == "match 3: é"
    assert line["logger"] == "bot" and line["time"].endswith("Z")
