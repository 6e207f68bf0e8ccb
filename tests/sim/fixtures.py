"""The ``sim`` fixture: a running ``Pantheon`` under simcord (see harness.py), for the
simcord tests beside each feature's other tests (``test_sim_*.py`` in ``tests/<area>/``);
a plugin of ``tests/conftest.py``.

simcord's pytest plugin gives ``simcord_env`` (the started environment) once
``simcord_bot`` says how to build the bot; per-test options go through
``@pytest.mark.simcord(...)``. simcord detaches the bot at the end but never closes it, so
``bots`` does, as the bot's process does on its way out: an unclosed bot keeps its
database connection's worker thread (not a daemon) running, and pytest then never exits.
"""

from __future__ import annotations

import multiprocessing
import threading

import pytest
from simcord.env import Env

from bot.client import Pantheon
from tests.sim.harness import Sim, close_dms, make_bot, pictures_without_alt
from tests.sim.openapi import TOTAL

JOIN_SECONDS = 5.0
"""How long a thread the test started may take to end once everything is closed."""

SETTLE_POLL_SECONDS = 0.002
"""How often simcord looks again whether the bot's work has settled (its default: 0.05 s).

simcord's settling waits for the bot's tasks with that interval as a timeout; a task that
parks without ending — every ``discord.ext.tasks`` loop going back to sleep after its pass —
costs the whole interval each time. ``advance_time`` over a day runs the 10-minute clock
loop 144 times (and the other loops), so 0.05 s a pass was most of a test's run."""


def uses_simcord(item_or_request) -> bool:
    return "simcord_env" in item_or_request.fixturenames


@pytest.fixture(autouse=True)
def nothing_left_running(request):
    """After a simcord test and all its fixtures: no thread or process it started still
    runs that would keep the interpreter from exiting (set up first, so torn down last)."""
    if not uses_simcord(request):
        yield
        return
    before = set(threading.enumerate())
    children = {child.pid for child in multiprocessing.active_children()}
    yield
    left = []
    for thread in set(threading.enumerate()) - before:
        if not thread.daemon:
            thread.join(JOIN_SECONDS)
            if thread.is_alive():
                left.append(thread.name)
    left += [f"process {child.pid}" for child in multiprocessing.active_children()
             if child.pid not in children]
    assert not left, f"still running after the test: {', '.join(sorted(left))}"


@pytest.fixture(autouse=True)
def quick_settling(request, monkeypatch):
    """simcord polls its settling every :data:`SETTLE_POLL_SECONDS` (virtual time and
    what settles are the same; only the real time spent looking again is shorter)."""
    if uses_simcord(request):
        defaults = Env._settle_internal.__kwdefaults__
        assert defaults is not None and "idle" in defaults, "simcord's settling changed"
        monkeypatch.setitem(defaults, "idle", SETTLE_POLL_SECONDS)


@pytest.fixture
async def bots():
    """Every bot the test builds (the first, and one per restart); all closed at the end,
    after simcord has detached them."""
    made: list[Pantheon] = []
    yield made
    for bot in reversed(made):
        await bot.close()


@pytest.fixture
async def simcord_bot(tmp_path, monkeypatch, request, bots):
    marker = request.node.get_closest_marker("pantheon")
    bot = await make_bot(tmp_path, monkeypatch, **(marker.kwargs if marker else {}))
    bots.append(bot)
    return bot


@pytest.fixture
async def sim(simcord_env, simcord_bot, bots):
    env = simcord_env
    guild = env.create_guild("Pantheon test server")
    channel = guild.create_text_channel("games")
    users = {name: guild.add_member(env.create_user(name)) for name in ("ana", "bo", "cy", "di")}
    close_dms(env, users["di"].user)
    made = Sim(env, simcord_bot, guild, channel, users, bots=bots)
    yield made
    refused = made.validate()
    assert not refused, "bodies Discord's spec refuses:\n" + "\n".join(refused)
    bare = pictures_without_alt(env.http_requests)
    assert not bare, "pictures sent without alt text:\n" + "\n".join(bare)


def pytest_collection_modifyitems(items):
    # Rendering and GIFs run in worker threads; on a busy 2-core machine they take longer
    # than simcord's default 5 s settling bound (virtual time is unaffected).
    for item in items:
        if uses_simcord(item) and item.get_closest_marker("simcord") is None:
            item.add_marker(pytest.mark.simcord(settle_timeout=120))


def pytest_configure(config):
    config.addinivalue_line("markers", "pantheon(**settings): Settings for the simcord bot")


def pytest_terminal_summary(terminalreporter):
    if TOTAL.validated:
        terminalreporter.write_line(
            f"simcord: {TOTAL.validated} JSON bodies validated against Discord's OpenAPI "
            f"spec, {len(TOTAL.errors)} refused")
