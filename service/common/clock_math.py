"""Clock arithmetic for turns: reminders, deadlines, time banks, vacations and weekends.
Pure: no I/O, no "now" of its own; every function takes the datetimes it needs
(timezone-aware, UTC).

A turn's clock runs from the turn's start, except while the player is on vacation: the
*active* time of a turn is the time since its start minus its overlap with the player's
vacations. Reminders fall at active times ``R``, ``R + E``, ``R + 2E``…; the deadline at
active time ``D`` (with a warning at 75 % of it); so a vacation delays them all by the
time it overlaps the turn. A match may pause on weekends (Saturday and Sunday UTC): those
are pauses too, for every player.

A time bank replaces the per-turn deadline: each player's turn may run for what is left
in their bank (:attr:`Schedule.left`); what the turn used (its active time) is taken from
the bank, and the increment is added when the turn ends, up to the bank's maximum.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

HOUR = timedelta(hours=1)
DAY = timedelta(days=1)
SKIP, FORFEIT = "skip", "forfeit"
ON_TIMEOUT = (SKIP, FORFEIT)
PASS_MOVES = ("pass", "end")  # a move that gives up the turn, where a game has one
WARN_AT = 0.75  # the deadline warning goes when this fraction of the deadline is used
NUDGE_EVERY = DAY
VACATION_DAYS = 21  # the default allowance per calendar year (env PANTHEON_VACATION_DAYS)
MAX_REMIND_HOURS = 24 * 7
MAX_DEADLINE_HOURS = 24 * 30
MAX_BANK_HOURS = 24 * 30  # a bank's start and its maximum
MAX_BANK_ADD_HOURS = 24 * 7
BANK_ADD_HOURS = 24  # the increment per turn when a bank is set without one
BANK_MAX_HOURS = 24 * 7  # the least maximum when a bank is set without one
WEEKEND_HORIZON = timedelta(days=60)
"""How far past the latest moment a clock looks at (now, a vacation's end) the weekends
are listed: beyond what any limit (at most 30 days of active time) can reach."""

Interval = tuple[datetime, datetime]


@dataclass(frozen=True)
class Schedule:
    """A match's clock, in hours: first reminder, repeat (0 = once), deadline (0 = none);
    or a time bank (``bank`` at the start, ``bank_add`` per turn, at most ``bank_max``);
    ``weekend_pause``: Saturday and Sunday (UTC) don't count."""

    remind_after: int = 24
    remind_every: int = 24
    deadline: int = 0
    on_timeout: str = SKIP
    bank: int = 0
    bank_add: int = 0
    bank_max: int = 0
    weekend_pause: bool = False
    left: timedelta | None = None
    """One player's bank at the start of this turn: their turn runs out when it is used."""

    @property
    def limit(self) -> timedelta | None:
        """How long the turn may run (active time), or None if it may run forever."""
        if self.left is not None:
            return max(self.left, timedelta(0))
        if self.bank:
            return self.bank * HOUR
        return self.deadline * HOUR if self.deadline else None


# --- pauses -------------------------------------------------------------------------------
def merged(pauses: Iterable[Interval]) -> list[Interval]:
    """The pauses sorted, with overlapping or touching ones joined."""
    out: list[Interval] = []
    for start, end in sorted(p for p in pauses if p[1] > p[0]):
        if out and start <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], end))
        else:
            out.append((start, end))
    return out


def paused(start: datetime, end: datetime, pauses: Iterable[Interval]) -> timedelta:
    """How much of ``[start, end)`` the pauses cover."""
    total = timedelta(0)
    for a, b in merged(pauses):
        overlap = min(b, end) - max(a, start)
        if overlap > timedelta(0):
            total += overlap
    return total


def active(start: datetime, now: datetime, pauses: Iterable[Interval] = ()) -> timedelta:
    """The time the clock has run since ``start``: elapsed minus paused (never negative)."""
    if now <= start:
        return timedelta(0)
    return now - start - paused(start, now, pauses)


def when_active(start: datetime, amount: timedelta,
                pauses: Iterable[Interval] = ()) -> datetime:
    """The moment the clock started at ``start`` has run for ``amount``."""
    moment, left = start, amount
    for a, b in merged(pauses):
        if b <= moment:
            continue
        if a > moment:
            if moment + left <= a:
                return moment + left
            left -= a - moment
        moment = max(moment, b)
    return moment + left


def running_from(moment: datetime, pauses: Iterable[Interval] = ()) -> datetime:
    """The first moment at or after ``moment`` that no pause covers."""
    for a, b in merged(pauses):
        if a <= moment < b:
            return b
    return moment


def weekends(start: datetime, end: datetime) -> list[Interval]:
    """The weekends (Saturday 00:00 to Monday 00:00 UTC) that overlap ``[start, end)``."""
    day = start.astimezone(UTC).replace(hour=0, minute=0, second=0, microsecond=0)
    saturday = day - timedelta(days=(day.weekday() - 5) % 7)
    out = []
    while saturday < end:
        if saturday + 2 * DAY > start:
            out.append((saturday, saturday + 2 * DAY))
        saturday += 7 * DAY
    return out


def pauses_of(vacations: Sequence[Interval], start: datetime, now: datetime,
              weekend_pause: bool) -> list[Interval]:
    """What stops a player's clock in a turn started at ``start``: their vacations, and the
    weekends if the match pauses on them (listed far enough past ``now``)."""
    if not weekend_pause:
        return list(vacations)
    end = max([now, start, *(b for _, b in vacations)]) + WEEKEND_HORIZON
    return [*vacations, *weekends(start, end)]


# --- reminders and deadlines --------------------------------------------------------------
def reminder_slot(schedule: Schedule, ran: timedelta, first: int | None = None) -> int:
    """Which reminder of the turn is due after the clock ran ``ran``: -1 none yet, 0 the
    first, 1 the second… ``first`` overrides the schedule's first delay (0 = never)."""
    after = schedule.remind_after if first is None else first
    if after <= 0 or ran < after * HOUR:
        return -1
    limit = schedule.limit
    if limit is not None and ran >= limit:
        ran = limit - timedelta(microseconds=1)  # none past the deadline
        if ran < after * HOUR:
            return -1
    if schedule.remind_every <= 0:
        return 0
    return int((ran - after * HOUR) / (schedule.remind_every * HOUR))


def next_reminder(schedule: Schedule, start: datetime, slot: int,
                  pauses: Iterable[Interval] = (), first: int | None = None) -> datetime | None:
    """When the reminder after ``slot`` (-1: the first) falls, or None if there is none."""
    after = schedule.remind_after if first is None else first
    if after <= 0 or (slot >= 0 and schedule.remind_every <= 0):
        return None
    hours = after + (slot + 1) * max(schedule.remind_every, 0)
    if schedule.limit is not None and hours * HOUR >= schedule.limit:
        return None
    return when_active(start, hours * HOUR, pauses)


def deadline_at(schedule: Schedule, start: datetime,
                pauses: Iterable[Interval] = ()) -> datetime | None:
    """When the turn runs out: ``start`` + deadline (or the bank left) + the pauses it
    overlaps (a turn whose time is used as a pause begins runs out when it ends)."""
    limit = schedule.limit
    if limit is None:
        return None
    return running_from(when_active(start, limit, pauses), pauses)


def warning_at(schedule: Schedule, start: datetime,
               pauses: Iterable[Interval] = ()) -> datetime | None:
    """When the player is warned that the deadline is near (75 % of it used)."""
    limit = schedule.limit
    if limit is None:
        return None
    return when_active(start, limit * WARN_AT, pauses)


def pass_move(moves: Sequence[str]) -> str | None:
    """The legal move that gives up the turn, if the game has one here."""
    lowered = {m.lower(): m for m in moves}
    return next((lowered[p] for p in PASS_MOVES if p in lowered), None)


# --- vacations ----------------------------------------------------------------------------
VACATION_GRACE = HOUR
"""A vacation ended sooner than this after it began costs nothing (a change of mind, a
mistyped number of days)."""


def days_taken(start: datetime, end: datetime) -> int:
    """Days a vacation uses: each started day counts; ended within its first hour, none."""
    if end - start < VACATION_GRACE:
        return 0
    return math.ceil((end - start) / DAY - 1e-9)


def days_used(vacations: Iterable[Interval], year: int) -> int:
    """Days of the allowance used in ``year``: a vacation counts against the calendar
    year (UTC) it starts in, whole."""
    return sum(days_taken(a, b) for a, b in vacations if a.astimezone(UTC).year == year)


def days_left(allowance: int, vacations: Iterable[Interval], now: datetime) -> int:
    """Days still free this calendar year."""
    return max(0, allowance - days_used(vacations, now.astimezone(UTC).year))


def current(vacations: Iterable[Interval], now: datetime) -> Interval | None:
    """The vacation under way at ``now``, if any."""
    return next(((a, b) for a, b in vacations if a <= now < b), None)


# --- words --------------------------------------------------------------------------------
def hours_text(span: timedelta) -> str:
    """A span as players say it, rounded up to the hour: "5 min", "7 h", "3 days 4 h"."""
    hours = span / HOUR
    if hours <= 0:
        return "no time"
    if hours >= 48:
        days, rest = divmod(math.ceil(hours), 24)
        return f"{days} days" + (f" {rest} h" if rest else "")
    if hours >= 1:
        return f"{math.ceil(hours)} h"
    minutes = math.ceil(hours * 60)
    return f"{minutes} min"


def date_text(moment: datetime) -> str:
    """``Dec 2, 14:00 UTC``."""
    moment = moment.astimezone(UTC)
    return f"{moment:%b} {moment.day}, {moment:%H:%M} UTC"


def schedule_text(schedule: Schedule) -> str:
    """The clock as one sentence, for the start reply and the status."""
    if schedule.remind_after <= 0:
        parts = ["No reminders"]
    elif schedule.remind_every <= 0:
        parts = [f"Reminder after {schedule.remind_after} h"]
    else:
        parts = [f"Reminders after {schedule.remind_after} h, then every "
                 f"{schedule.remind_every} h"]
    if schedule.bank:
        parts.append(f"time bank {hours_text(schedule.bank * HOUR)}, {bank_terms(schedule)} "
                     f"(then a vacation day if one is left, else {schedule.on_timeout})")
    elif schedule.deadline:
        parts.append(f"deadline {schedule.deadline} h per turn (then {schedule.on_timeout})")
    else:
        parts.append("no deadline")
    if schedule.weekend_pause:
        parts.append("weekends paused (Saturday and Sunday UTC don't count)")
    return "; ".join(parts) + "."


def bank_terms(schedule: Schedule) -> str:
    """``+24 h per move, at most 7 days``."""
    add = f"+{hours_text(schedule.bank_add * HOUR)}" if schedule.bank_add else "nothing"
    return f"{add} per move, at most {hours_text(schedule.bank_max * HOUR)}"


# --- time banks ---------------------------------------------------------------------------
def drained(balance: timedelta, used: timedelta) -> timedelta:
    """A bank after a turn that ran ``used`` (active time): never below nothing."""
    return max(balance - used, timedelta(0))


def topped_up(balance: timedelta, schedule: Schedule) -> timedelta:
    """A bank after its player's turn ended: the increment added, up to the maximum."""
    return min(balance + schedule.bank_add * HOUR, schedule.bank_max * HOUR)


# --- one player's turn at a moment ----------------------------------------------------------
@dataclass(frozen=True)
class Check:
    """What a waiting player's clock says at a moment."""

    slot: int  # the latest reminder reached (-1: none yet)
    remind: bool  # that reminder was not sent yet
    warn: bool  # the deadline warning is due and was not sent yet
    timeout: bool  # the deadline has passed
    deadline: datetime | None
    next_at: datetime | None  # the next moment something falls due, after those
    left: timedelta | None = None  # the clock's time left (active), if it has a limit
    warn_at: datetime | None = None  # when the deadline warning falls due, if there is one


def check(schedule: Schedule, start: datetime, now: datetime,
          pauses: Sequence[Interval] = (), sent_slot: int = -1, warned: bool = False,
          first: int | None = None) -> Check:
    """The clock of a turn that started at ``start``, for a player whose reminders up to
    ``sent_slot`` (and the warning, if ``warned``) were sent, with ``first`` their own
    first delay if they chose one."""
    ran = active(start, now, pauses)
    slot = reminder_slot(schedule, ran, first)
    deadline = deadline_at(schedule, start, pauses)
    timeout = deadline is not None and now >= deadline
    warn_time = warning_at(schedule, start, pauses)
    warn = not (warned or timeout) and warn_time is not None and now >= warn_time
    later = [next_reminder(schedule, start, max(slot, sent_slot), pauses, first)]
    if not (warned or warn):
        later.append(warn_time)
    later.append(deadline)
    upcoming = [t for t in later if t is not None and t > now]
    limit = schedule.limit
    return Check(slot, slot > sent_slot, warn, timeout, deadline, min(upcoming, default=None),
                 None if limit is None else drained(limit, ran),
                 None if warned else warn_time)
