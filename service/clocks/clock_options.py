"""A match's clock from the ``/match start`` options, checked, and the schedule it
describes (see :mod:`service.common.clock_math`)."""

from __future__ import annotations

from db import ClockRecord
from service.common import clock_math
from service.common.model import ServiceError


def schedule_of(clock: ClockRecord) -> clock_math.Schedule:
    """The schedule a match's stored clock describes."""
    return clock_math.Schedule(clock.remind_after, clock.remind_every, clock.deadline,
                               clock.on_timeout, clock.bank, clock.bank_add, clock.bank_max,
                               clock.weekend_pause)


def clock_record(remind: int | None, every: int | None, deadline: int | None,
                 on_timeout: str | None, bank: int | None = None, bank_add: int | None = None,
                 bank_max: int | None = None, weekends: bool = True) -> ClockRecord:
    """A match's clock from the start options, in hours (None: the default), checked.
    ``weekends=False``: Saturday and Sunday (UTC) don't count."""
    top = clock_math.MAX_REMIND_HOURS
    if remind is not None and not 0 <= remind <= top:
        raise ServiceError(f"Choose a first reminder between 1 and {top} hours, or 0 for none.")
    if every is not None and not 0 <= every <= top:
        raise ServiceError(f"Choose a reminder repeat between 1 and {top} hours, "
                           "or 0 to remind once.")
    if deadline is not None and not 0 <= deadline <= clock_math.MAX_DEADLINE_HOURS:
        raise ServiceError(f"Choose a deadline between 1 and {clock_math.MAX_DEADLINE_HOURS} "
                           "hours per turn, or 0 for none.")
    if on_timeout is not None and (not isinstance(on_timeout, str)
                                   or on_timeout not in clock_math.ON_TIMEOUT):
        raise ServiceError("When time runs out the turn is either skip or forfeit.")
    start, add, cap = bank_hours(bank, bank_add, bank_max)
    if start and deadline:
        raise ServiceError("Choose either a deadline per turn or a time bank, not both.")
    if on_timeout is not None and not (deadline or start):
        raise ServiceError("on_timeout needs a deadline: set deadline (hours per turn) or "
                           "a time bank (bank) too.")
    default = ClockRecord()
    return ClockRecord(default.remind_after if remind is None else remind,
                       default.remind_every if every is None else every,
                       deadline or 0, on_timeout or clock_math.SKIP, bank=start,
                       bank_add=add, bank_max=cap, weekend_pause=not weekends)


def bank_hours(bank: int | None, add: int | None, cap: int | None) -> tuple[int, int, int]:
    """A time bank's start, increment and maximum in hours, checked; without a bank
    ``(0, 0, 0)``. Left out: +1 day per move, at most the larger of the start and 7 days."""
    top = clock_math.MAX_BANK_HOURS
    if bank is not None and not 0 <= bank <= top:
        raise ServiceError(f"Choose a time bank of at most {top // 24} days, or 0 for none.")
    if not bank:
        if add or cap:
            raise ServiceError("bank_add and bank_max need a time bank: set bank too.")
        return 0, 0, 0
    if add is not None and not 0 <= add <= clock_math.MAX_BANK_ADD_HOURS:
        raise ServiceError(f"Choose at most {clock_math.MAX_BANK_ADD_HOURS // 24} days added "
                           "to the bank per move, or 0 for none.")
    if cap is not None and not bank <= cap <= top:
        raise ServiceError(f"Choose a bank maximum between the bank's start "
                           f"({clock_math.hours_text(bank * clock_math.HOUR)}) and {top // 24} "
                           "days.")
    add = clock_math.BANK_ADD_HOURS if add is None else add
    return bank, add, cap if cap is not None else max(bank, clock_math.BANK_MAX_HOURS)
