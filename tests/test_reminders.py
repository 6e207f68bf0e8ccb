"""Clocks through the service and the cog, with a fake clock: reminders (first after R h,
then every E h, each once), deadlines (skip or forfeit), vacations, nudges, restarts."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from bot.cogs.reminders import Reminders
from bot.service import Actor, Service, ServiceError
from db import open_store
from tests.discord_fakes import GUILD, World

ANA = Actor(1, "Ana", guild_id=GUILD)
BO = Actor(2, "Bo", guild_id=GUILD)


async def waiting_match(service):
    """A running Witch Stones match waiting for Bo (seat 1 chooses a side)."""
    match = await service.create(ANA, "witch-stones")
    await service.join(match.id, BO)
    return (await service.start(match.id, ANA)).match


def later(match, hours: float) -> datetime:
    return datetime.fromisoformat(match.updated_at) + timedelta(hours=hours)


async def test_due_after_the_default_day_once_per_turn(service):
    match = await waiting_match(service)
    assert await service.reminders_due(later(match, 23.5)) == []
    (due,) = await service.reminders_due(later(match, 24.5))
    assert due.user_ids == [2] and due.match.id == match.id
    assert "your turn in Witch Stones" in due.text and "24 h" in due.text
    await service.reminded(due)
    assert await service.reminders_due(later(match, 47)) == []
    (second,) = await service.reminders_due(later(match, 48.5))  # again every 24 h
    assert second.user_ids == [2] and "48 h" in second.text
    await service.reminded(second)
    assert await service.reminders_due(later(match, 50)) == []
    # A move starts a new turn, which can be reminded again.
    moved = (await service.submit(match.id, BO, "suns")).match
    (again,) = await service.reminders_due(later(moved, 25))
    assert again.user_ids == [1]


async def test_each_player_sets_their_delay_or_turns_it_off(service):
    match = await waiting_match(service)
    assert "3 h" in await service.set_reminders(BO, 3)
    (due,) = await service.reminders_due(later(match, 3.1))
    assert due.user_ids == [2]
    assert "off" in await service.set_reminders(BO, 0)
    assert await service.reminders_due(later(match, 500)) == []
    for bad in (-1, 24 * 7 + 1):
        with pytest.raises(ServiceError, match="between 1 and"):
            await service.set_reminders(BO, bad)


async def test_finished_matches_are_never_reminded(service):
    match = await waiting_match(service)
    await service.resign(match.id, ANA)
    assert await service.reminders_due(later(match, 100)) == []


async def test_a_reminded_turn_stays_reminded_after_a_restart(tmp_path):
    path = str(tmp_path / "r.db")
    store = await open_store(path)
    service = Service(store)
    match = await waiting_match(service)
    (due,) = await service.reminders_due(later(match, 30))
    await service.reminded(due)
    await store.close()
    store = await open_store(path)
    assert await Service(store).reminders_due(later(match, 30)) == []
    await store.close()


async def test_the_cog_pings_in_the_thread_and_sets_the_delay(service):
    world = World(service)
    match = await waiting_match(service)
    thread = world.thread(5555, "Witch Stones #1")
    await service.store.set_places(match.id, thread_id=thread.id)
    cog = Reminders(world.bot)
    fake = world.interaction(world.user(2, "Bo"))
    await cog.reminders.callback(cog, fake.interaction, 2)
    assert fake.last.ephemeral and "2 h" in fake.last.text
    assert await cog.tick(later(match, 1)) == 0
    assert await cog.tick(later(match, 2.5)) == 1
    (ping,) = world.posts_in(thread.id)
    assert "<@2>" in ping.text and "your turn" in ping.text
    assert [u.id for u in ping.kwargs["allowed_mentions"].users] == [2]
    assert await cog.tick(later(match, 5)) == 0  # once per reminder
