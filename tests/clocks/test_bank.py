"""Correspondence clocks through the service, with a fake clock, on both backends: time
banks (drain by active time, increment after each turn, capped), automatic vacation days
when a bank runs out (else the match's on_timeout), weekend pauses, restarts."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from db import FINISHED, RUNNING, open_store, records
from service import Actor, Service, ServiceError
from tests.clocks.test_reminders import CY, three_playing
from tests.discord_fakes import GUILD

ANA = Actor(1, "Ana", guild_id=GUILD)
BO = Actor(2, "Bo", guild_id=GUILD)
MONDAY = datetime(2025, 3, 10, 9, 0, tzinfo=UTC)
FRIDAY_EVENING = datetime(2025, 3, 14, 20, 0, tzinfo=UTC)
H = timedelta(hours=1)


class FakeClock:
    """The time the test says: the store stamps every write with it too."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, start: datetime = MONDAY) -> None:
        self.start = self.now = start
        monkeypatch.setattr(records, "now", lambda: records.stamp(self.now))

    def on(self, service: Service) -> Service:
        service.now = lambda: self.now
        return service

    def at(self, hours: float) -> datetime:
        """``hours`` after the start; the clock moves there."""
        self.now = self.start + hours * H
        return self.now


@pytest.fixture
def clock(monkeypatch, service):
    fake = FakeClock(monkeypatch)
    fake.on(service)
    return fake


def fixed(store) -> Service:
    return Service(store, seed_source=lambda: 12345, shuffle=lambda seats: None)


async def banked(service, **clock_options):
    """A running Witch Stones match (Ana seat 0, Bo seat 1; Bo chooses a side first)."""
    match = await service.create(ANA, "witch-stones", remind=0, **clock_options)
    await service.join(match.id, BO)
    return (await service.start(match.id, ANA)).match


async def play(service, match_id: int) -> object:
    """The waiting player plays their first legal move."""
    ((user, moves),) = (await service.waiting(match_id)).items()
    return await service.submit(match_id, ANA if user == ANA.user_id else BO, moves[0])


async def banks(service, match_id: int) -> list[int | None]:
    return [s.bank for s in (await service.match(match_id)).by_seat()]


async def test_banks_drain_by_the_turn_and_gain_the_increment_up_to_the_max(service, clock):
    match = await banked(service, bank=72, bank_add=24, bank_max=96)
    assert await banks(service, match.id) == [None, None]  # the start bank, not written
    board = await service.board(match.id)
    assert ("Time banks (+24 h per move, at most 4 days) — Ana: 3 days; Bo: 3 days "
            "(to move by Mar 13, 09:00 UTC).") in board.text
    clock.at(10)
    update = await play(service, match.id)  # Bo: 72 − 10 + 24
    assert await banks(service, match.id) == [None, 86 * 3600]
    assert "Ana: 3 days (to move by Mar 13, 19:00 UTC); Bo: 3 days 14 h." in update.public.text
    clock.at(12)
    await play(service, match.id)  # Ana: 72 − 2 + 24
    clock.at(13)
    await play(service, match.id)  # Bo: 86 − 1 + 24 = 109, capped at 96
    assert await banks(service, match.id) == [94 * 3600, 96 * 3600]
    board = await service.board(match.id, ANA)
    assert "Ana: 3 days 22 h (to move by Mar 14, 20:00 UTC); Bo: 4 days." in board.text
    clock.at(15.5)  # the bank left goes down while Ana thinks
    assert "Ana: 3 days 20 h (to move by" in (await service.board(match.id)).text


async def test_a_bank_survives_a_restart_mid_turn(database, monkeypatch):
    fake = FakeClock(monkeypatch)
    store = await open_store(database)
    service = fake.on(fixed(store))
    match = await banked(service, bank=24, bank_add=0)
    fake.at(20)
    await play(service, match.id)  # Bo keeps 4 h
    fake.at(21)
    await play(service, match.id)  # Ana keeps 23 h
    await store.close()  # the bot stops while Bo thinks, and comes back

    store = await open_store(database)
    service = fake.on(fixed(store))
    fake.at(23)
    assert "Bo: 2 h (to move by Mar 11, 10:00 UTC)" in (await service.board(match.id)).text
    assert await service.expire(fake.at(24.9)) == []
    (update,) = await service.expire(fake.at(25))
    assert "Bo, your clock ran out in Witch Stones" in update.public.text
    await store.close()


async def test_an_empty_bank_uses_a_vacation_day_and_tells_the_player(store, clock):
    service = clock.on(Service(store, vacation_days=2, seed_source=lambda: 12345,
                               shuffle=lambda seats: None))
    match = await banked(service, bank=10, bank_add=0)
    assert await service.expire(clock.at(9.9)) == []
    (day,) = await service.expire(clock.at(10.2))
    assert day.public.mentions == [BO.user_id] and day.public.png is None
    assert day.public.text == (
        f"Bo, your clock ran out in Witch Stones #{match.id}; one of your vacation days was "
        "used (1 day left in 2025). Move by Mar 11, 19:00 UTC.")
    assert await service.expire(clock.at(20)) == []  # once
    assert "Bo is on vacation until Mar 11, 19:00 UTC." in (await service.board(match.id)).text
    assert len(await service.store.moves(match.id)) == 0
    (second,) = await service.expire(clock.at(34))
    assert "one of your vacation days was used (0 days left in 2025)" in second.public.text
    # No days left: the match's on_timeout (skip) applies: the computer moves for Bo.
    (timeout,) = await service.expire(clock.at(58))
    assert timeout.public.text.startswith("Bo ran out of time: the computer played for them.")
    (move,) = await service.store.moves(match.id)
    assert move.seat == 1 and await banks(service, match.id) == [None, 0]


async def test_moving_during_the_vacation_day_keeps_the_match_going(service, clock):
    match = await banked(service, bank=10, bank_add=5, bank_max=20)
    (day,) = await service.expire(clock.at(11))
    assert "Move by Mar 11, 19:00 UTC" in day.public.text
    clock.at(30)
    await play(service, match.id)  # the vacation day counts nothing: 0 left, +5 h
    assert await banks(service, match.id) == [None, 5 * 3600]
    assert await service.expire(clock.at(39.9)) == []  # Ana's 10 h from hour 30


async def test_an_empty_bank_without_days_forfeits_with_forfeit(store, clock):
    service = clock.on(Service(store, vacation_days=0, seed_source=lambda: 12345,
                               shuffle=lambda seats: None))
    match = await banked(service, bank=6, on_timeout="forfeit")
    (update,) = await service.expire(clock.at(6))
    assert update.match.status == FINISHED and update.match.id == match.id
    assert update.public.text.startswith("Bo forfeits: out of time.")


async def test_a_held_up_clock_pass_uses_the_days_it_takes(service, clock):
    match = await banked(service, bank=10)
    (day,) = await service.expire(clock.at(10 + 50))  # the bot was down two days
    assert "3 of your vacation days were used (18 days left in 2025)" in day.public.text
    assert "Move by Mar 13, 19:00 UTC" in day.public.text
    assert (await service.match(match.id)).status == RUNNING


async def test_vacations_and_weekends_do_not_drain_a_bank(service, clock):
    clock.start = FRIDAY_EVENING
    clock.at(0)
    match = await service.create(ANA, "witch-stones", bank=24, bank_add=0, weekends=False)
    await service.join(match.id, BO)
    started = await service.start(match.id, ANA)
    assert ("time bank 24 h, nothing per move, at most 7 days (then a vacation day if one "
            "is left, else skip); weekends paused (Saturday and Sunday UTC don't count)."
            ) in started.public.text
    board = await service.board(match.id)
    assert "Weekends paused: Saturday and Sunday (UTC) don't count." in board.text
    assert "Bo: 24 h (to move by Mar 17, 20:00 UTC)" in board.text  # 4 h Fri, 20 h Mon
    # Friday 20:00 to Monday 04:00 uses 8 hours of the bank.
    clock.at(56)
    await service.vacation(BO, 1, now=clock.now)  # and Monday 04:00 – Tuesday 04:00 none
    clock.at(82)
    await play(service, match.id)
    assert await banks(service, match.id) == [None, 14 * 3600]


async def test_a_weekend_pause_delays_deadlines_and_reminders(service, clock):
    clock.start = FRIDAY_EVENING
    clock.at(0)
    match = await service.create(ANA, "witch-stones", remind=5, remind_every=0, deadline=12,
                                 weekends=False)
    await service.join(match.id, BO)
    await service.start(match.id, ANA)
    assert await service.reminders_due(clock.at(10)) == []  # Saturday: the clock waits
    assert await service.reminders_due(clock.at(52.9)) == []
    (due,) = await service.reminders_due(clock.at(53))  # Monday 01:00: 4 h + 1 h
    await service.reminded(due)
    assert await service.reminders_due(clock.at(56.9)) == []
    (warning,) = await service.reminders_due(clock.at(57))  # 9 h used
    assert "3 h left before the deadline" in warning.text
    assert "Deadline: 3 h left (then skip)" in (await service.board(match.id)).text
    assert await service.expire(clock.at(59.9)) == []
    (update,) = await service.expire(clock.at(60))  # Monday 08:00
    assert update.public.text.startswith("Bo ran out of time")


async def test_bank_warning_says_it_is_the_bank(service, clock):
    await banked(service, bank=8)
    (warning,) = await service.reminders_due(clock.at(6))
    assert "2 h left in your time bank: then a vacation day is used if you have one" in (
        warning.text)


async def test_bad_bank_options_are_refused_before_any_match(service):
    for options, words in (({"bank": 24, "deadline": 12}, "deadline per turn or a time bank"),
                           ({"bank_add": 24}, "need a time bank"),
                           ({"bank_max": 48}, "need a time bank"),
                           ({"bank": 72, "bank_max": 48}, "between the bank's start"),
                           ({"bank": 24 * 31}, "at most 30 days"),
                           ({"bank": 24, "bank_add": 24 * 8}, "at most 7 days added")):
        with pytest.raises(ServiceError, match=words):
            await service.create(ANA, "witch-stones", **options)
    assert await service.store.find_matches(user_id=ANA.user_id) == []


async def test_the_bank_settings_are_stored_with_defaults(service):
    match = await service.create(ANA, "witch-stones", bank=24 * 10, on_timeout="forfeit")
    clock = await service.store.clock(match.id)
    assert (clock.bank, clock.bank_add, clock.bank_max, clock.weekend_pause,
            clock.on_timeout) == (240, 24, 240, False, "forfeit")
    other = await service.create(ANA, "witch-stones", bank=48, weekends=False)
    clock = await service.store.clock(other.id)
    assert (clock.bank, clock.bank_add, clock.bank_max, clock.weekend_pause) == (
        48, 24, 168, True)


async def test_the_increment_comes_once_a_turn_of_several_moves_ends(service, clock):
    match = await service.create(ANA, "storm-of-the-gods", remind=0, bank=24, bank_add=12)
    await service.join(match.id, BO)
    match = (await service.start(match.id, ANA)).match
    clock.at(1)
    await play(service, match.id)  # Bo's wind: his turn goes on, 1 h paid, nothing added
    assert await banks(service, match.id) == [None, 23 * 3600]
    clock.at(3)
    await play(service, match.id)  # a conversion: still his turn
    assert await banks(service, match.id) == [None, 21 * 3600]
    clock.at(4)
    await play(service, match.id)  # "end": 20 h, and the turn's 12 h
    assert await banks(service, match.id) == [None, 32 * 3600]
    assert list(await service.waiting(match.id)) == [ANA.user_id]


async def test_a_resignation_out_of_turn_leaves_the_turn_s_clock_running(service, clock):
    """A third player resigning while Ana or Bo thinks does not give them a fresh turn
    (the turn's start is when it began, not when someone else left)."""
    match, thinking = await three_playing(service, remind=0, bank=72)
    started = (await service.match(match.id)).updated_at
    assert "(to move by Mar 13, 09:00 UTC)" in (await service.board(match.id)).text
    clock.at(10)
    leaver = next(a for a in (CY, BO, ANA) if a.user_id != thinking)
    await service.resign(match.id, leaver)
    assert list(await service.waiting(match.id)) == [thinking]
    assert (await service.match(match.id)).updated_at == started
    assert "(to move by Mar 13, 09:00 UTC)" in (await service.board(match.id)).text
    clock.at(20)
    await play(service, match.id)  # pays the 20 h since its turn began
    seat = next(s for s in (await service.match(match.id)).seats if s.user_id == thinking)
    assert seat.bank == 52 * 3600


async def test_taking_back_a_move_takes_back_its_increment_not_its_time(service, clock):
    """Undo neither earns time (the undone move's increment goes) nor gives any back (the
    time the turn took stays spent; the turn that follows starts afresh)."""
    match = await banked(service, bank=72, bank_add=24, bank_max=96)
    clock.at(10)
    await play(service, match.id)  # Bo: 72 − 10 + 24
    assert await banks(service, match.id) == [None, 86 * 3600]
    clock.at(11)
    done = await service.ask_undo(match.id, BO)  # his own last move, nothing revealed
    assert done.update is not None
    assert await banks(service, match.id) == [None, 62 * 3600]
    assert "Bo: 2 days 14 h (to move by Mar 13, 10:00 UTC)" in done.update.public.text
    clock.at(12)
    await play(service, match.id)  # Bo again: 62 − 1 + 24
    assert await banks(service, match.id) == [None, 85 * 3600]


async def test_taking_back_several_moves_restores_every_bank_they_changed(service, clock):
    match = await banked(service, bank=72, bank_add=24, bank_max=96)
    clock.at(10)
    await play(service, match.id)  # Bo: 86 h
    clock.at(12)
    await play(service, match.id)  # Ana: 72 − 2 + 24 = 94 h
    assert await banks(service, match.id) == [94 * 3600, 86 * 3600]
    clock.at(13)
    asked = await service.ask_undo(match.id, BO)  # his move and Ana's after it
    assert asked.asked is not None
    done = await service.answer_undo(match.id, asked.asked.request.version, ANA, True)
    assert done.update is not None
    # Ana's bank as it was before her move; Bo's as his move left it, without its 24 h.
    assert await banks(service, match.id) == [None, 62 * 3600]
