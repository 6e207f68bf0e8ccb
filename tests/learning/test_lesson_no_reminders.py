"""Nothing reminds of a lesson (issue 57), through the service on both stores, with a
fake clock: a learner who set ``/reminders``, "your turn" by DM, quiet hours and a daily
digest gets, across a simulated day and a half, reminders, DMs and digest lines for her
ordinary match, and none of them for her lesson. ``/turns`` still lists it for her."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest

from service import Actor, Service, ServiceError
from tests.clocks.test_reminders import FakeClock
from tests.discord_fakes import GUILD

ANA = Actor(1, "Ana", guild_id=GUILD)
BO = Actor(2, "Bo", guild_id=GUILD)
T0 = datetime(2026, 3, 7, 9, 0, tzinfo=UTC)
EVERY = 1 / 6
"""The clock loop's beat: every 10 minutes (bot/clocks/reminders.py)."""


@pytest.fixture
def clock(monkeypatch, service):
    return FakeClock(monkeypatch, service, T0)


def names(text: str, match_id: int) -> bool:
    return re.search(rf"#{match_id}\b", text) is not None


async def test_a_lesson_is_never_reminded_nor_in_the_digest(service: Service, clock):
    said = await service.set_reminders(ANA, 2)
    assert "2 h" in said
    await service.notify_settings(ANA, time_zone="UTC", quiet_hours="22:00-07:00",
                                  your_turn="dm", digest_hour=12, now=clock.now)
    ordinary = await service.create(BO, "witch-stones", channel_id=7, remind=24)
    await service.join(ordinary.id, ANA)
    await service.start(ordinary.id, BO)  # Ana (seat 1) chooses a side: it waits for her
    update = await service.learn(ANA, "witch-stones", channel_id=7)
    lesson = update.match
    await service.set_places(lesson.id, thread_id=99)
    dms: list[str] = []
    reminded: list[tuple[int, list[int]]] = []
    notices: list[str] = []

    async def delivered(update) -> None:
        got = await service.deliver(update, clock.now)
        assert ANA.user_id not in got.mentions  # a lesson's board pings nobody
        dms.extend(got.dms.values())

    await delivered(update)
    update = await service.submit(lesson.id, ANA, "suns")  # step 2 waits for her now
    await delivered(update)
    hour = 0.0
    while hour <= 30:  # a day and a half, at the clock loop's beat
        now = clock.at(hour)
        for expired in await service.expire(now):
            assert expired.match.id != lesson.id  # no deadline: nothing times out
        for reminder in await service.reminders_due(now):
            reminded.append((reminder.match.id, reminder.user_ids + reminder.dm_ids
                             + reminder.held_ids))
            await service.reminded(reminder)
        for notice in await service.notices_due(now):
            notices.append(notice.text or "")
            await service.notice_sent(notice)
        if 14 <= hour < 14 + EVERY:  # 23:00, in her quiet hours: another step
            move = (await service.hint(lesson.id, ANA)).move
            assert move is not None
            await delivered(await service.submit(lesson.id, ANA, move))
        hour = round(hour + EVERY, 6)
    # Her ordinary match is reminded and listed (the checks below are not vacuous) ...
    assert any(m == ordinary.id and ANA.user_id in who for m, who in reminded), reminded
    digests = [n for n in notices if n.startswith("Your daily digest")]
    assert len(digests) == 2 and all(names(d, ordinary.id) for d in digests), notices
    # ... her lesson never: no reminder, no "your turn" DM, no digest or summary line.
    about_the_lesson = {
        "reminders": [who for m, who in reminded if m == lesson.id],
        "your-turn DMs": [d for d in dms if names(d, lesson.id)],
        "digest and summary lines": [line for n in notices for line in n.split("\n")
                                     if names(line, lesson.id)]}
    assert about_the_lesson == {"reminders": [], "your-turn DMs": [],
                                "digest and summary lines": []}
    # /turns, asked by her, lists it: it is her move there.
    assert lesson.id in [t.match.id for t in await service.my_turns(ANA, clock.now)]
    assert "never a lesson" in said  # and /reminders says so


async def test_nobody_nudges_a_lesson(service: Service, clock):
    lesson = (await service.learn(ANA, "witch-stones", channel_id=7)).match
    clock.at(30)
    with pytest.raises(ServiceError, match="It is your turn: nobody else to nudge"):
        await service.nudge(lesson.id, ANA)
    with pytest.raises(ServiceError, match="is a lesson: only its learner"):
        await service.nudge(lesson.id, BO)
