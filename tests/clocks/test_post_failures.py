"""Reminders that cannot be posted: retried after 1 h, 2 h, 4 h… for a day, then stopped;
the back-off is in the database (it survives a restart) and a posted reminder clears it.
Through the service on both stores; the cog's side is in tests/clocks/test_sim_failures.py."""

from __future__ import annotations

from datetime import datetime, timedelta

from db import open_store
from service import Actor, Service
from service.clocks.post_failures import retry_at

ANA = Actor(1, "Ana", guild_id=50)
BO = Actor(2, "Bo", guild_id=50)
H = timedelta(hours=1)


def test_the_pause_doubles_and_the_last_try_is_a_day_after_the_first():
    first = datetime(2026, 1, 1)
    tries, now, failures = [], first, 0
    while now is not None:
        tries.append((now - first) / H)
        failures += 1
        now = retry_at(failures, first, now)
    assert tries == [0, 1, 3, 7, 15, 24]


async def due_at(service: Service, at) -> list[int]:
    return [r.match.id for r in await service.reminders_due(at)]


async def test_a_failing_reminder_backs_off_survives_a_restart_and_stops_after_a_day(database):
    store = await open_store(database)
    service = Service(store)
    match = await service.create(ANA, "witch-stones", remind=1, remind_every=48)
    await service.join(match.id, BO)
    match = (await service.start(match.id, ANA)).match
    t = datetime.fromisoformat(match.updated_at) + 2 * H
    tries = []
    for hours in range(0, 30):  # a failing post at every pass that finds it due
        at = t + hours * H
        due = await service.reminders_due(at)
        if not due:
            continue
        tries.append(hours)
        assert not await service.reminder_failed(due[0], at) or hours == 24
        if hours == 3:  # a restart: the back-off is in the database
            await store.close()
            store = await open_store(database)
            service = Service(store)
    assert tries == [0, 1, 3, 7, 15, 24]
    clock = await store.clock(match.id)
    assert clock.post_failures == 6 and clock.posts_stopped_at is not None
    # stopped: the next reminder (48 h later) is tried once, not retried, not logged again
    (due,) = await service.reminders_due(t + 50 * H)
    assert await service.reminder_failed(due, t + 50 * H) is False
    assert await due_at(service, t + 51 * H) == []
    # a reminder posted again clears the failures: the next failure backs off afresh
    (due,) = await service.reminders_due(t + 98 * H)
    await service.reminded(due)
    clock = await store.clock(match.id)
    assert (clock.post_failures, clock.post_failing_since, clock.posts_stopped_at) == (
        0, None, None)
    await store.close()


async def test_a_retry_never_delays_the_deadline(service):
    match = await service.create(ANA, "witch-stones", remind=1, remind_every=0, deadline=2)
    await service.join(match.id, BO)
    match = (await service.start(match.id, ANA)).match
    start = datetime.fromisoformat(match.updated_at)
    (due,) = await service.reminders_due(start + 1.2 * H)
    await service.reminder_failed(due, start + 1.2 * H)  # the retry would be at 2.2 h
    (update,) = await service.expire(start + 2 * H)
    assert "ran out of time" in update.public.text
