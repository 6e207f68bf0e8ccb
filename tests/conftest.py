"""Shared fixtures: a fresh store and service over a temporary database file."""

from __future__ import annotations

import os

import pytest

from db import open_store
from engines.ai import RandomPlayer
from service import Service


def games_budget(default: int) -> int:
    """How many random games a property test plays (env PANTHEON_GAMES overrides)."""
    return int(os.environ.get("PANTHEON_GAMES", default))


@pytest.fixture
async def store(tmp_path):
    opened = await open_store(str(tmp_path / "pantheon.db"))
    yield opened
    await opened.close()


@pytest.fixture
async def service(store):
    # A fixed seed and the join order as seat order keep service tests reproducible; the
    # random player keeps computer seats fast (tests/test_ai.py exercises the search).
    return Service(store, seed_source=lambda: 12345, shuffle=lambda seats: None,
                   player=RandomPlayer())
