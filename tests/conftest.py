"""Shared fixtures: a fresh store (SQLite file, then PostgreSQL database) and a service.

Every test that uses ``store`` (or ``database``) runs on both backends: ``[sqlite]`` over a
temporary file, ``[postgres]`` over a database as new on a real server (see tests/pg.py).
"""

from __future__ import annotations

import asyncio
import os

import pytest
from hypothesis import HealthCheck, settings

from db import open_store
from engines.ai import RandomPlayer
from engines.base import IllegalMove
from service import Service
from tests.pg import HOW_TO_ENABLE, PostgresServer

pytest_plugins = ("tests.sim.fixtures", "tests.sim.language")
"""The simcord fixtures (``sim``; ``speaking``, members' and servers' languages), for the
``test_sim_*.py`` files of every area."""


def games_budget(default: int) -> int:
    """How many random games a property test plays (env PANTHEON_GAMES overrides)."""
    return int(os.environ.get("PANTHEON_GAMES", default))


async def play_random(service, match_id: int, actors, choose, moves: int = 5000):
    """Up to ``moves`` moves through the service (fewer if the match ends), each one of
    ``choose(legal moves)`` by a person it waits for (``actors``: Actors by user id);
    returns the match."""
    for _ in range(moves):
        waiting = await service.waiting(match_id)
        if not waiting:
            break
        user, legal = next(iter(waiting.items()))
        await service.submit(match_id, actors[user], choose(legal))
    return await service.match(match_id)


def refuses(game, state, seat: int, *refusals: tuple[str, str]) -> None:
    """Each ``(move, why)``: ``seat`` playing ``move`` is refused with ``why`` (a regex)."""
    for move, why in refusals:
        with pytest.raises(IllegalMove, match=why):
            game.play(state, seat, move)


def random_games(examples: int) -> settings:
    """The settings of a property test that plays ``examples`` random games: the same
    examples every run (derandomized), and no deadline, however slow a game is."""
    return settings(max_examples=examples, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])


@pytest.fixture(scope="session")
def postgres():
    """The PostgreSQL server of the session; skips the test if there is none."""
    server = PostgresServer.from_env_or_start()
    if server is None:
        pytest.skip(HOW_TO_ENABLE)
    yield server
    if server.folder is None:  # a server we did not start: leave nothing behind
        asyncio.run(server.drop_template())
    server.stop()


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
async def database(request, tmp_path):
    """Where a store lives: an SQLite path or the URL of a PostgreSQL database as new."""
    if request.param == "sqlite":
        yield str(tmp_path / "pantheon.db")
        return
    server = request.getfixturevalue("postgres")
    url = await server.lend_database()
    yield url
    await server.give_back(url)


@pytest.fixture
async def store(database):
    opened = await open_store(database)
    yield opened
    await opened.close()


@pytest.fixture
async def sqlite_store(tmp_path):
    """A store on SQLite alone, for tests whose comparison is built above the store
    (twin matches): one backend is enough there."""
    opened = await open_store(str(tmp_path / "twins.db"))
    yield opened
    await opened.close()


def fixed_service(store) -> Service:
    """The ``service`` fixture's service over ``store``."""
    # A fixed seed and the join order as seat order keep service tests reproducible; the
    # random player keeps computer seats fast (tests/engines/ai/test_ai.py exercises the search).
    return Service(store, seed_source=lambda: 12345, shuffle=lambda seats: None,
                   player=RandomPlayer())


@pytest.fixture
async def service(store):
    return fixed_service(store)


def pytest_report_header(config):
    if os.environ.get("TEST_DATABASE_URL", "").strip():
        return "postgres: TEST_DATABASE_URL"
    from tests.pg import find_bin

    found = find_bin()
    return f"postgres: throwaway server from {found}" if found else HOW_TO_ENABLE


def pytest_terminal_summary(terminalreporter):
    skipped = terminalreporter.stats.get("skipped", [])
    if any(HOW_TO_ENABLE in str(getattr(r, "longrepr", "")) for r in skipped):
        terminalreporter.write_line(HOW_TO_ENABLE)
