"""The ``sim`` fixture: a running ``Pantheon`` under simcord (see harness.py).

simcord's pytest plugin gives ``simcord_env`` (the started environment) once
``simcord_bot`` says how to build the bot; per-test options go through
``@pytest.mark.simcord(...)``.
"""

from __future__ import annotations

import pytest

from tests.sim.harness import Sim, close_dms, make_bot
from tests.sim.openapi import TOTAL


@pytest.fixture
async def simcord_bot(tmp_path, monkeypatch, request):
    marker = request.node.get_closest_marker("pantheon")
    return await make_bot(tmp_path, monkeypatch, **(marker.kwargs if marker else {}))


@pytest.fixture
async def sim(simcord_env, simcord_bot):
    env = simcord_env
    guild = env.create_guild("Pantheon test server")
    channel = guild.create_text_channel("games")
    users = {name: guild.add_member(env.create_user(name)) for name in ("ana", "bo", "cy", "di")}
    close_dms(env, users["di"].user)
    made = Sim(env, simcord_bot, guild, channel, users)
    yield made
    refused = made.validate()
    assert not refused, "bodies Discord's spec refuses:\n" + "\n".join(refused)


def pytest_collection_modifyitems(items):
    # Rendering and GIFs run in worker threads; on a busy 2-core machine they take longer
    # than simcord's default 5 s settling bound (virtual time is unaffected).
    for item in items:
        if "tests/sim/" in item.nodeid and item.get_closest_marker("simcord") is None:
            item.add_marker(pytest.mark.simcord(settle_timeout=120))


def pytest_configure(config):
    config.addinivalue_line("markers", "pantheon(**settings): Settings for the simcord bot")


def pytest_terminal_summary(terminalreporter):
    if TOTAL.validated:
        terminalreporter.write_line(
            f"simcord: {TOTAL.validated} JSON bodies validated against Discord's OpenAPI "
            f"spec, {len(TOTAL.errors)} refused")
