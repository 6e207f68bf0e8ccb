"""Notifications through the service, on both stores, with a fake clock: quiet hours in a
far time zone (nothing pinged then, one summary after), the daily digest (exactly the
matches waiting, once a day across daylight-saving changes), "your turn" by DM, follows
and mutes, deadline warnings that come before quiet hours, and claims that make two
processes deliver once."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from db import open_store, records
from service import Actor, Service, ServiceError
from service.notices.notify import CLOCK_RULE
from tests.clocks.test_reminders import FakeClock
from tests.discord_fakes import GUILD

ANA = Actor(1, "Ana", guild_id=GUILD)
BO = Actor(2, "Bo", guild_id=GUILD)
CY = Actor(3, "Cy", guild_id=GUILD)
T0 = datetime(2026, 3, 7, 9, 0, tzinfo=UTC)  # 22:00 in Auckland (NZDT, +13)
AUCKLAND = ZoneInfo("Pacific/Auckland")


@pytest.fixture
def clock(monkeypatch, service):
    return FakeClock(monkeypatch, service, T0)


async def waiting_on_bo(service, thread: int = 5555, **clock_options):
    """A running Witch Stones match (Ana seat 0, Bo seat 1) waiting for Bo."""
    match = await service.create(ANA, "witch-stones", **clock_options)
    await service.join(match.id, BO)
    update = await service.start(match.id, ANA)
    await service.set_places(match.id, thread_id=thread)
    return update


async def night_owl(service, clock, **more):
    """Bo lives in Auckland and keeps 22:00–07:00 quiet."""
    return await service.notify_settings(BO, time_zone="Pacific/Auckland",
                                         quiet_hours="22:00-07:00", now=clock.now, **more)


# --- settings ----------------------------------------------------------------------------
async def test_settings_are_said_back_in_words_with_the_clock_rule(service, clock):
    shown = await service.notify_settings(BO, now=clock.now)
    assert "UTC" in shown and "Quiet hours: none" in shown and "mention" in shown
    assert CLOCK_RULE in shown
    shown = await night_owl(service, clock, your_turn="dm", digest_hour=8)
    assert "Pacific/Auckland (it is 22:00 there now)" in shown
    assert "Quiet hours: 22:00–07:00 (now)" in shown
    assert "a DM from me" in shown and "08:00" in shown and CLOCK_RULE in shown
    # Kept: asking again without options shows the same.
    assert await service.notify_settings(BO, now=clock.now) == shown


@pytest.mark.parametrize(("field", "value", "words"), [
    ("time_zone", "Mars/Olympus", "no time zone"),
    ("time_zone", "x" * 500, "short text"),
    ("quiet_hours", "25:00-07:00", "from 00:00 to 23:59"),
    ("quiet_hours", "7-7", "different times"),
    ("quiet_hours", "soon", "two times"),
    ("your_turn", "pigeon", "Choose how"),
    ("digest_hour", 24, "from -1 to 23"),
    ("digest_hour", 2.5, "whole number"),
])
async def test_wrong_settings_are_refused_in_one_sentence(service, clock, field, value, words):
    with pytest.raises(ServiceError, match=words):
        await service.notify_settings(BO, now=clock.now, **{field: value})


async def test_a_digest_inside_quiet_hours_is_refused(service, clock):
    with pytest.raises(ServiceError, match="would fall in your quiet hours"):
        await night_owl(service, clock, digest_hour=3)
    assert "Quiet hours: none" in await service.notify_settings(BO, now=clock.now)


# --- quiet hours in a far zone -------------------------------------------------------------
async def test_no_ping_in_quiet_hours_and_one_summary_after(service, clock):
    await night_owl(service, clock)
    other = await waiting_on_bo(service, thread=6666, remind=6)
    update = await waiting_on_bo(service, remind=6)
    clock.at(1)  # 23:00 in Auckland
    delivery = await service.deliver(update)
    assert delivery.mentions == [] and delivery.dms == {}
    assert (await service.deliver(other)).mentions == []
    # Reminders in the night are held too (recorded as sent, pinging nobody).
    (due, due2) = await service.reminders_due(clock.at(8))  # 05:00 in Auckland
    assert due.user_ids == [] and due.held_ids == [2]
    await service.reminded(due)
    await service.reminded(due2)
    assert await service.notices_due(clock.at(8.9)) == []  # 06:54: still quiet
    (notice,) = await service.notices_due(clock.at(9))  # 07:00 in Auckland
    assert notice.user_id == 2
    assert notice.text.startswith("While you slept: your move in 2 matches.")
    assert f"Witch Stones** #{update.match.id} (1 reminder)" in notice.text
    assert "https://discord.com/channels/1000/5555" in notice.text
    await service.notice_sent(notice)
    assert await service.notices_due(clock.at(9.5)) == []
    assert await service.notices_due(clock.at(40)) == []  # no digest asked: nothing more
    # By day the board pings again.
    assert (await service.deliver(update, clock.at(10))).mentions == [2]


async def test_a_turn_played_before_the_summary_is_left_out_of_it(service, clock):
    await night_owl(service, clock)
    update = await waiting_on_bo(service)
    await service.deliver(update, clock.at(1))
    await service.submit(update.match.id, BO, "suns")  # Bo moved from his phone anyway
    (notice,) = await service.notices_due(clock.at(9))
    assert notice.text is None  # nothing left to say: no DM
    await service.notice_sent(notice)
    assert await service.store.held_notices(2) == []


async def test_two_processes_deliver_the_summary_once(service, clock, store):
    await night_owl(service, clock)
    await service.deliver(await waiting_on_bo(service), clock.at(1))
    other = Service(store)
    other.now = service.now
    first = await service.notices_due(clock.at(9))
    assert await other.notices_due(clock.at(9)) == []  # claimed by the first process
    await service.notice_sent(first[0])
    assert await other.notices_due(clock.at(9.2)) == []
    assert await service.notices_due(clock.at(9.2)) == []


async def test_a_claim_lapses_if_its_process_dies(service, clock, store):
    await night_owl(service, clock)
    await service.deliver(await waiting_on_bo(service), clock.at(1))
    assert len(await service.notices_due(clock.at(9))) == 1  # then the process dies
    other = Service(store)
    assert await other.notices_due(clock.at(9.01)) == []
    (again,) = await other.notices_due(clock.at(9.2))  # after the lease
    assert again.text.startswith("While you slept")


# --- "your turn" by DM, digest only, off; mutes and follows ---------------------------------
async def test_your_turn_by_dm_digest_or_off(service, clock):
    update = await waiting_on_bo(service)
    assert (await service.deliver(update)).mentions == [2]  # today's default
    await service.notify_settings(BO, your_turn="dm")
    delivery = await service.deliver(update)
    assert delivery.mentions == []
    assert delivery.dms[2].startswith(f"Your turn in Witch Stones #{update.match.id}.")
    for mode in ("digest", "off"):
        await service.notify_settings(BO, your_turn=mode)
        assert await service.deliver(update) == type(delivery)()


async def test_a_muted_match_pings_nobody_but_stays_in_the_digest(service, clock):
    update = await waiting_on_bo(service)
    assert "muted" in await service.notify.follow(update.match.id, BO, "mute")
    assert (await service.deliver(update)).mentions == []
    (due,) = await service.reminders_due(clock.at(25))
    assert due.user_ids == [] and due.dm_ids == [] and due.held_ids == []
    await service.notify_settings(BO, digest_hour=12, now=clock.now)
    (notice,) = await service.notices_due(clock.at(28))  # 12:00 UTC
    assert f"#{update.match.id}" in notice.text


async def test_a_spectator_follows_to_the_end_or_every_move(service, clock):
    update = await waiting_on_bo(service)
    with pytest.raises(ServiceError, match="mute it instead"):
        await service.notify.follow(update.match.id, BO, "end")
    with pytest.raises(ServiceError, match="only a match you play in"):
        await service.notify.follow(update.match.id, CY, "mute")
    assert "a DM at every move" in await service.notify.follow(update.match.id, CY, "moves")
    moved = await service.submit(update.match.id, BO, "suns")
    dm = (await service.deliver(moved)).dms[3]
    assert dm.startswith(f"Witch Stones #{update.match.id}, which you follow:")
    await service.notify.follow(update.match.id, CY, "end")
    assert 3 not in (await service.deliver(moved)).dms
    over = await service.resign(update.match.id, ANA)
    assert "is over" in (await service.deliver(over)).dms[3]


# --- the daily digest ------------------------------------------------------------------------
async def test_the_digest_lists_exactly_the_matches_waiting_longest_first(service, clock):
    first = await waiting_on_bo(service, thread=7001)
    clock.at(2)
    second = await waiting_on_bo(service, thread=7002, deadline=48)
    clock.at(3)
    mine = await waiting_on_bo(service, thread=7003)
    await service.submit(mine.match.id, BO, "suns")  # now waiting on Ana, not Bo
    await night_owl(service, clock, digest_hour=8)
    assert await service.notices_due(clock.at(9)) == []  # 07:00 Auckland: not yet
    (notice,) = await service.notices_due(clock.at(10))  # 08:00 Auckland
    lines = notice.text.split("\n")
    assert lines[0] == "Your daily digest: your move in 2 matches (longest wait first)."
    assert lines[1].startswith(f"1. **Witch Stones** #{first.match.id} vs Ana — waiting 10 h")
    assert lines[1].endswith("no deadline — https://discord.com/channels/1000/7001")
    assert lines[2].startswith(f"2. **Witch Stones** #{second.match.id} vs Ana — waiting 8 h")
    assert "40 h left on the clock" in lines[2]
    assert f"#{mine.match.id}" not in notice.text
    await service.notice_sent(notice)
    assert await service.notices_due(clock.at(33)) == []
    (tomorrow,) = await service.notices_due(clock.at(34))  # 08:00 the next day
    assert tomorrow.digest_sent


async def test_no_digest_dm_on_a_day_nothing_waits(service, clock):
    await service.notify_settings(BO, digest_hour=12, now=clock.now)
    (notice,) = await service.notices_due(clock.at(3))
    assert notice.text is None and notice.digest_sent


@pytest.mark.parametrize(("zone", "start", "hour", "expected"), [
    # New York's spring change (2026-03-08): 02:00 does not exist, the digest comes at 03:00.
    ("America/New_York", datetime(2026, 3, 7, 12, tzinfo=UTC), 2,
     ["2026-03-08 03:00-04:00", "2026-03-09 02:00-04:00", "2026-03-10 02:00-04:00"]),
    # Its autumn change (2026-11-01): 01:00 comes twice, the digest once.
    ("America/New_York", datetime(2026, 10, 31, 12, tzinfo=UTC), 1,
     ["2026-11-01 01:00-04:00", "2026-11-02 01:00-05:00", "2026-11-03 01:00-05:00"]),
    # Auckland's change (2026-04-05, 03:00 back to 02:00), and Kolkata's half hour.
    ("Pacific/Auckland", datetime(2026, 4, 3, 12, tzinfo=UTC), 8,
     ["2026-04-04 08:00+13:00", "2026-04-05 08:00+12:00", "2026-04-06 08:00+12:00"]),
    ("Asia/Kolkata", datetime(2026, 3, 7, 12, tzinfo=UTC), 9,
     ["2026-03-08 09:00+05:30", "2026-03-09 09:00+05:30", "2026-03-10 09:00+05:30"]),
])
async def test_one_digest_a_day_across_daylight_saving_changes(service, monkeypatch, zone,
                                                                start, hour, expected):
    now = start
    monkeypatch.setattr(records, "now", lambda: records.stamp(now))
    await service.notify_settings(BO, time_zone=zone, digest_hour=hour, now=now)
    got = []
    while len(got) < 3:  # the clock loop, every 10 minutes
        now += timedelta(minutes=10)
        for notice in await service.notices_due(now):
            got.append(now.astimezone(ZoneInfo(zone)).strftime("%Y-%m-%d %H:%M%z"))
            await service.notice_sent(notice)
    assert [g[:-2] + ":" + g[-2:] for g in got] == expected


# --- deadline warnings come earlier, never later ---------------------------------------------
async def test_a_warning_due_in_quiet_hours_comes_before_they_begin(service, clock):
    # Bo's deadline is 24 h: its warning falls at 18 h (03:00 in Auckland, quiet).
    await service.notify_settings(BO, time_zone="Pacific/Auckland",
                                  quiet_hours="23:00-07:00", now=clock.at(-12))
    update = await waiting_on_bo(service, deadline=24, remind=0)
    assert await service.reminders_due(clock.at(-12 + 12.5)) == []  # 22:30: not yet
    (due,) = await service.reminders_due(clock.at(-12 + 12.8))  # 22:48: before 23:00
    assert due.user_ids == [2] and due.deadline_left is not None
    assert "left before the deadline" in due.text
    await service.reminded(due)
    assert await service.reminders_due(clock.at(-12 + 18.5)) == []  # not again at 18 h
    assert update.match.id == due.match.id


# --- private notes ---------------------------------------------------------------------------
async def test_a_note_survives_a_restart_and_reaches_its_writer_only(database):
    store = await open_store(database)
    service = Service(store)
    match = (await waiting_on_bo(service)).match
    said = await service.notes.set_note(match.id, BO, "Ana bluffs\non moons.\x07")
    assert "only you see it" in said
    await store.close()
    store = await open_store(database)
    service = Service(store)
    try:
        assert await service.notes.note(match.id, BO) == "Ana bluffs\non moons."
        mine = await service.private(match.id, BO)
        assert mine.text.endswith("Your note (only you see it):\nAna bluffs\non moons.")
        assert "bluffs" not in (await service.private(match.id, ANA)).text
        own = await service.export(match.id, BO, mine=True)
        assert "Ana bluffs" in own.json and "Ana bluffs" in own.text
        for other in (await service.export(match.id, ANA, mine=True),
                      await service.export(match.id, BO),  # public: /export public:true
                      await service.export(match.id)):
            assert "bluffs" not in other.json and "bluffs" not in other.text
        with pytest.raises(ServiceError, match="You are not playing in this match"):
            await service.notes.set_note(match.id, CY, "spying")
        assert "gone" in await service.notes.set_note(match.id, BO, "  ")
        assert await service.notes.note(match.id, BO) is None
    finally:
        await store.close()


async def test_a_note_is_at_most_a_thousand_characters(service):
    match = (await waiting_on_bo(service)).match
    await service.notes.set_note(match.id, BO, "x" * 1000)
    with pytest.raises(ServiceError, match="at most 1000 characters, not 1001"):
        await service.notes.set_note(match.id, BO, "x" * 1001)
    with pytest.raises(ServiceError, match="The text must be a short text, not '12'"):
        await service.notes.set_note(match.id, BO, 12)
    assert await service.notes.note(match.id, BO) == "x" * 1000


# --- the clock loop in the cog ---------------------------------------------------------------
async def test_the_loop_dms_a_reminder_by_dm_and_holds_one_in_quiet_hours(service, clock):
    from bot.clocks.reminders import Reminders
    from tests.discord_fakes import World

    world = World(service)
    world.user(2, "Bo")
    world.bot.create_dm.side_effect = lambda user: world.users[user.id]  # a DM channel
    thread = world.thread(5555, "Witch Stones #1")
    update = await waiting_on_bo(service, thread=thread.id, remind=2, remind_every=2)
    await service.notify_settings(BO, your_turn="dm", now=clock.now)
    cog = Reminders(world.bot)
    assert await cog.tick(clock.at(2.5)) == 1
    assert world.posts_in(thread.id) == []  # no ping in the thread
    (dm,) = world.dms[2]
    assert f"it is your turn in Witch Stones #{update.match.id}" in dm.text
    # At night (Auckland), the next reminder is held, then summed up in the morning.
    await night_owl(service, clock)
    assert await cog.tick(clock.at(4.5)) == 0 and len(world.dms[2]) == 1
    assert await cog.tick(clock.at(9.1)) == 2  # the 8 h reminder, and the summary
    reminder, summary = world.dms[2][-2:]
    assert "it is your turn" in reminder.text
    assert summary.text.startswith("While you slept: your move in 1 match.")
    assert "(1 reminder)" in summary.text
    assert await cog.tick(clock.at(9.5)) == 0


async def test_a_private_view_is_not_dmed_at_night_and_the_summary_says_so(service, clock):
    await night_owl(service, clock)
    match = await service.create(ANA, "terra")
    await service.join(match.id, BO)
    update = await service.start(match.id, ANA)
    assert {1, 2} <= set(update.private)  # each reserve goes by DM
    delivery = await service.deliver(update, clock.at(1))
    assert delivery.quiet == {2}  # Ana has no quiet hours: hers goes now
    (notice,) = await service.notices_due(clock.at(9))
    assert f"Terra #{match.id}: your private view changed (/myview shows it)" in notice.text
    assert "reserve" not in notice.text.lower()  # the summary holds no secret


async def test_the_summary_lists_a_match_once_when_its_turn_and_view_were_held(service,
                                                                               clock):
    """Bo's turn and Bo's private view, both held at night: one line for the match
    ("your move …; your private view changed"), not a second "your private view changed"
    line for the same match."""
    await night_owl(service, clock)
    match = await service.create(ANA, "terra")
    await service.join(match.id, BO)
    update = await service.start(match.id, ANA)
    await service.deliver(update, clock.at(1))
    while 2 not in await service.waiting(match.id):
        ((user, moves),) = (await service.waiting(match.id)).items()
        update = await service.submit(match.id, ANA if user == 1 else BO, moves[0])
        await service.deliver(update, clock.at(1))
    (notice,) = await service.notices_due(clock.at(9))
    assert notice.text.count(f"#{match.id}") == 1, notice.text
    assert "your private view changed" in notice.text and "your move" in notice.text
