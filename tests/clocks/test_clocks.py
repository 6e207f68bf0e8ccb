"""The clock arithmetic of bot/clocks.py: pure functions over datetimes."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

from service.common import clock_math as clocks
from service.common.clock_math import Schedule

T0 = datetime(2025, 3, 10, 12, 0, tzinfo=UTC)
H = timedelta(hours=1)


def at(hours: float) -> datetime:
    return T0 + hours * H


def test_pauses_are_merged_and_only_their_overlap_counts():
    pauses = [(at(5), at(8)), (at(2), at(4)), (at(3), at(6))]
    assert clocks.merged(pauses) == [(at(2), at(8))]
    assert clocks.paused(at(0), at(10), pauses) == 6 * H
    assert clocks.paused(at(7), at(10), pauses) == 1 * H
    assert clocks.active(at(0), at(10), pauses) == 4 * H
    assert clocks.active(at(0), at(-1), pauses) == timedelta(0)


def test_when_active_skips_the_pauses():
    assert clocks.when_active(T0, 10 * H) == at(10)
    # A vacation inside the turn pushes the moment by its length.
    assert clocks.when_active(T0, 10 * H, [(at(2), at(5))]) == at(13)
    # One that began before the turn counts only from the turn's start.
    assert clocks.when_active(T0, 10 * H, [(at(-50), at(3))]) == at(13)
    # One after the moment changes nothing; two inside add up.
    assert clocks.when_active(T0, 10 * H, [(at(11), at(20))]) == at(10)
    assert clocks.when_active(T0, 10 * H, [(at(1), at(2)), (at(4), at(9))]) == at(16)
    # The clock reaching its amount exactly as a vacation starts: that start.
    assert clocks.when_active(T0, 10 * H, [(at(10), at(30))]) == at(10)


def test_reminder_slots_first_then_every():
    schedule = Schedule(remind_after=12, remind_every=24)
    assert clocks.reminder_slot(schedule, 11.9 * H) == -1
    assert clocks.reminder_slot(schedule, 12 * H) == 0
    assert clocks.reminder_slot(schedule, 35.9 * H) == 0
    assert clocks.reminder_slot(schedule, 36 * H) == 1
    assert clocks.reminder_slot(schedule, 100 * H) == 3
    assert clocks.next_reminder(schedule, T0, -1) == at(12)
    assert clocks.next_reminder(schedule, T0, 1) == at(60)
    # Once only; the player's own delay replaces the first; 0 is never.
    once = Schedule(remind_after=12, remind_every=0)
    assert clocks.reminder_slot(once, 500 * H) == 0
    assert clocks.next_reminder(once, T0, 0) is None
    assert clocks.reminder_slot(schedule, 3 * H, first=2) == 0
    assert clocks.reminder_slot(schedule, 500 * H, first=0) == -1
    assert clocks.next_reminder(schedule, T0, -1, first=0) is None


def test_no_reminder_falls_at_or_past_the_deadline():
    schedule = Schedule(remind_after=12, remind_every=12, deadline=36)
    assert clocks.reminder_slot(schedule, 30 * H) == 1
    assert clocks.reminder_slot(schedule, 40 * H) == 1  # 36 h would be the deadline
    assert clocks.next_reminder(schedule, T0, 1) is None
    assert clocks.deadline_at(schedule, T0) == at(36)
    assert clocks.warning_at(schedule, T0) == at(27)
    assert clocks.deadline_at(Schedule(), T0) is None


def test_a_vacation_overlapping_the_turn_delays_reminders_and_deadline():
    schedule = Schedule(remind_after=24, remind_every=24, deadline=48)
    trip = [(at(10), at(10 + 72))]  # three days off, ten hours into the turn
    assert clocks.deadline_at(schedule, T0, trip) == at(48 + 72)
    assert clocks.next_reminder(schedule, T0, -1, trip) == at(24 + 72)
    during = clocks.check(schedule, T0, at(60), trip)
    assert during.slot == -1 and not during.remind and not during.timeout
    assert during.next_at == at(96)
    after = clocks.check(schedule, T0, at(97), trip)
    assert after.remind and after.slot == 0 and not after.warn
    # Ended early (the interval shortened): the clock runs again from then.
    early = [(at(10), at(20))]
    assert clocks.deadline_at(schedule, T0, early) == at(58)


def test_check_reports_each_thing_due_once():
    schedule = Schedule(remind_after=12, remind_every=12, deadline=40)
    first = clocks.check(schedule, T0, at(13))
    assert (first.slot, first.remind, first.warn, first.timeout) == (0, True, False, False)
    assert first.next_at == at(24)
    sent = clocks.check(schedule, T0, at(14), sent_slot=0)
    assert not sent.remind and sent.next_at == at(24)
    warn = clocks.check(schedule, T0, at(31), sent_slot=1)
    assert warn.warn and not warn.remind and warn.next_at == at(36)
    warned = clocks.check(schedule, T0, at(37), sent_slot=1, warned=True)
    assert warned.remind and not warned.warn and warned.next_at == at(40)
    late = clocks.check(schedule, T0, at(40), sent_slot=2, warned=True)
    assert late.timeout and late.next_at is None and late.deadline == at(40)


def test_vacation_days_count_in_the_year_they_start():
    new_year = datetime(2026, 1, 1, tzinfo=UTC)
    trips = [
        (datetime(2025, 2, 1, tzinfo=UTC), datetime(2025, 2, 8, tzinfo=UTC)),  # 7 days
        (datetime(2025, 12, 29, tzinfo=UTC), datetime(2026, 1, 3, tzinfo=UTC)),  # 5, in 2025
        (datetime(2026, 1, 5, tzinfo=UTC), datetime(2026, 1, 5, 1, tzinfo=UTC)),  # 1 hour: 1
    ]
    assert clocks.days_used(trips, 2025) == 12
    assert clocks.days_used(trips, 2026) == 1
    assert clocks.days_left(21, trips, new_year - timedelta(seconds=1)) == 9
    assert clocks.days_left(21, trips, new_year) == 20
    assert clocks.days_left(5, trips * 3, new_year - H) == 0
    assert clocks.days_taken(T0, T0) == 0
    assert clocks.days_taken(T0, T0 + timedelta(days=2)) == 2
    assert clocks.days_taken(T0, T0 + timedelta(days=2, minutes=1)) == 3
    # Ended within its first hour (a change of mind): no day; from the hour on, a day.
    assert clocks.days_taken(T0, T0 + timedelta(seconds=5)) == 0
    assert clocks.days_taken(T0, T0 + timedelta(minutes=59)) == 0
    assert clocks.days_taken(T0, T0 + timedelta(minutes=60)) == 1
    assert clocks.current(trips, datetime(2026, 1, 2, tzinfo=UTC)) == trips[1]
    assert clocks.current(trips, datetime(2026, 1, 3, tzinfo=UTC)) is None


def test_pass_moves_and_words():
    assert clocks.pass_move(["c3", "Pass"]) == "Pass"
    assert clocks.pass_move(["wind n", "end"]) == "end"
    assert clocks.pass_move(["c3", "d4"]) is None
    assert clocks.hours_text(6.5 * H) == "7 h"
    assert clocks.hours_text(72 * H) == "3 days"
    assert clocks.hours_text(75.5 * H) == "3 days 4 h"
    assert clocks.hours_text(timedelta(minutes=5)) == "5 min"
    assert clocks.date_text(datetime(2025, 12, 2, 9, 30, tzinfo=UTC)) == "Dec 2, 09:30 UTC"
    assert clocks.schedule_text(Schedule(12, 0, 48, "forfeit")) == (
        "Reminder after 12 h; deadline 48 h per turn (then forfeit).")


# --- weekends and time banks ------------------------------------------------------------------
FRIDAY_8PM = datetime(2025, 3, 14, 20, 0, tzinfo=UTC)


def test_weekends_are_saturday_and_sunday_utc():
    sat, mon = datetime(2025, 3, 15, tzinfo=UTC), datetime(2025, 3, 17, tzinfo=UTC)
    assert clocks.weekends(FRIDAY_8PM, FRIDAY_8PM + 3 * 24 * H) == [(sat, mon)]
    # A start inside a weekend lists that weekend; one on Monday morning does not.
    assert clocks.weekends(sat + 30 * H, sat + 31 * H) == [(sat, mon)]
    assert clocks.weekends(mon, mon + 5 * 24 * H) == []
    assert len(clocks.weekends(mon, mon + 28 * 24 * H)) == 4


def test_a_turn_from_friday_evening_to_monday_morning_uses_8_hours():
    monday_4am = FRIDAY_8PM + 56 * H
    pauses = clocks.pauses_of([], FRIDAY_8PM, monday_4am, weekend_pause=True)
    assert clocks.active(FRIDAY_8PM, monday_4am, pauses) == 8 * H
    assert clocks.when_active(FRIDAY_8PM, 8 * H, pauses) == monday_4am
    assert clocks.pauses_of([], FRIDAY_8PM, monday_4am, weekend_pause=False) == []
    # A weekend pause and a vacation together.
    trip = [(monday_4am, monday_4am + 24 * H)]
    both = clocks.pauses_of(trip, FRIDAY_8PM, monday_4am, weekend_pause=True)
    assert clocks.active(FRIDAY_8PM, monday_4am + 26 * H, both) == 10 * H


def test_a_limit_reached_as_a_pause_begins_runs_out_when_it_ends():
    trip = [(at(10), at(34))]
    assert clocks.running_from(at(10), trip) == at(34)
    assert clocks.running_from(at(9), trip) == at(9)
    assert clocks.deadline_at(Schedule(deadline=10), T0, trip) == at(34)
    assert clocks.check(Schedule(deadline=10), T0, at(20), trip).timeout is False


def test_a_bank_is_the_turn_limit_and_drains_and_tops_up():
    bank = Schedule(remind_after=0, bank=72, bank_add=24, bank_max=96)
    assert bank.limit == 72 * H
    mine = replace(bank, left=5 * H)
    assert clocks.deadline_at(mine, T0) == at(5) and clocks.warning_at(mine, T0) == at(3.75)
    late = clocks.check(mine, T0, at(5))
    assert late.timeout and late.left == timedelta(0)
    assert clocks.check(mine, T0, at(2)).left == 3 * H
    empty = replace(bank, left=timedelta(0))
    assert clocks.check(empty, T0, T0).timeout
    assert clocks.drained(10 * H, 3 * H) == 7 * H
    assert clocks.drained(10 * H, 30 * H) == timedelta(0)
    assert clocks.topped_up(80 * H, bank) == 96 * H
    assert clocks.topped_up(50 * H, bank) == 74 * H
    assert clocks.schedule_text(Schedule(0, 0, 0, "forfeit", 72, 12, 168, True)) == (
        "No reminders; time bank 3 days, +12 h per move, at most 7 days (then a vacation day "
        "if one is left, else forfeit); weekends paused (Saturday and Sunday UTC don't "
        "count).")
