"""The fixtures of the cogs' reliability tests (``test_cog_*.py``; their helpers:
``cog_helpers.py``). A module with a ``world`` of its own (``test_cogs.py``, ``test_ui.py``,
``test_undo.py``) uses that one."""

from __future__ import annotations

import pytest

from service import Service
from tests.discord_fakes import World
from tests.match.cog_helpers import Arena, Pictures


@pytest.fixture
async def pictures():
    return Pictures()


@pytest.fixture
async def world(store, pictures):
    """A world over a real service with the stand-in renderer."""
    return World(Service(store, render=pictures, seed_source=lambda: 12345,
                         shuffle=lambda seats: None))


@pytest.fixture
async def arena(world):
    return await Arena(world).build()
