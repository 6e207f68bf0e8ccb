"""Time banks: correspondence clocks as BGA and Lichess run them. Each player has a bank
of time ("3 days + 1 day per move, at most 7 days"); their turns draw on it (active time
only: their vacations and, where the match pauses them, weekends don't count), and each
turn they finish adds the increment, up to the maximum. The bank at the start of the
current turn is stored with the move that changes it (``seats.bank_seconds``), so the
bank left at any moment is that minus the turn's active time so far, restarts included.

When a bank runs out, a vacation day is used if the player has one left (a real
vacation, so all their clocks pause for it, and they are told in the match's thread);
else the match's ``on_timeout`` applies, as for a deadline (:meth:`ClockPass.expire`).
"""

from __future__ import annotations

import dataclasses
import logging
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from db import RUNNING, ClockRecord, MatchRecord, SeatRecord, Store
from engines.base import Game, State
from service.clocks.clock_options import schedule_of
from service.common import clock_math
from service.common.model import Post, Update
from service.common.names import plural
from service.match.core import Matches

log = logging.getLogger(__name__)

YEAR_AGO = timedelta(days=400)  # vacations that can still count in this year's allowance


def balance(schedule: clock_math.Schedule, seated: SeatRecord) -> timedelta:
    """The seat's bank at the start of the current turn."""
    if seated.bank is None:
        return schedule.bank * clock_math.HOUR
    return timedelta(seconds=seated.bank)


def seconds(banks: dict[int, timedelta]) -> dict[int, int]:
    return {seat: round(left.total_seconds()) for seat, left in banks.items()}


def turn_schedule(schedule: clock_math.Schedule, seated: SeatRecord) -> clock_math.Schedule:
    """The schedule of this seat's turn: with a bank, its limit is what the seat has left."""
    if not schedule.bank:
        return schedule
    return dataclasses.replace(schedule, left=balance(schedule, seated))


@dataclass(eq=False)
class Banks:
    """The time banks a move changes, each player's bank in the match's posts, and the
    vacation day a bank that ran out uses."""

    store: Store
    matches: Matches
    vacation_days: int

    async def changes(self, match: MatchRecord, clock: ClockRecord, game: Game,
                      before: State, after: State, seat: int, now: datetime
                      ) -> tuple[dict[int, int], dict[int, int]]:
        """The banks ``seat``'s move changes (seat → seconds), recorded with it: those who
        were to act pay the turn's active time; the mover, if it ends their turn, gains
        the increment (up to the maximum). Returned twice: with the increment, and before
        it (what taking the move back restores)."""
        if not clock.bank or match.status != RUNNING:
            return {}, {}
        schedule = schedule_of(clock)
        start = datetime.fromisoformat(match.updated_at)
        waiting = self.matches.waiting_humans(match, game, before)
        away = await self.store.vacations([s.user_id for s in waiting], start)
        banks: dict[int, timedelta] = {}
        for s in waiting:
            pauses = clock_math.pauses_of(away[s.user_id], start, now, schedule.weekend_pause)
            used = clock_math.active(start, now, pauses)
            banks[s.number] = clock_math.drained(balance(schedule, s), used)
        spent = dict(banks)
        mover = self.matches.seat_at(match, seat)
        if not (mover.is_ai or mover.resigned) and seat not in game.to_act(after):
            spent.setdefault(seat, balance(schedule, mover))
            banks[seat] = clock_math.topped_up(spent[seat], schedule)
        return seconds(banks), seconds(spent)

    def bank_lines(self, match: MatchRecord, schedule: clock_math.Schedule,
                   checks: dict[int, clock_math.Check]) -> list[str]:
        """Each player's bank now (``checks``: the waiting players' clocks, by user id),
        and whether weekends are paused."""
        lines = []
        if schedule.bank:
            parts = []
            for seated in match.by_seat():
                if seated.is_ai or seated.resigned:
                    continue
                check = checks.get(seated.user_id)
                if check is None or check.left is None:
                    parts.append(f"{self.matches.name(seated)}: "
                                 f"{clock_math.hours_text(balance(schedule, seated))}")
                elif check.deadline is not None:
                    parts.append(f"{self.matches.name(seated)}: "
                                 f"{clock_math.hours_text(check.left)} "
                                 f"(to move by {clock_math.date_text(check.deadline)})")
            lines.append(f"Time banks ({clock_math.bank_terms(schedule)}) — "
                         + "; ".join(parts) + ".")
        if schedule.weekend_pause:
            lines.append("Weekends paused: Saturday and Sunday (UTC) don't count.")
        return lines

    async def vacation_day(self, match: MatchRecord, seated: SeatRecord,
                           check: clock_math.Check, now: datetime) -> Update | None:
        """A bank ran out (at ``check.deadline``): use the player's vacation days from then,
        as many as it takes for their clock to run again after ``now`` (one, unless the
        clock pass was held up), and tell them; None if they have too few left."""
        ran_out = check.deadline or now
        taken = (await self.store.vacations([seated.user_id], now - YEAR_AGO))[seated.user_id]
        left = clock_math.days_left(self.vacation_days, taken, now)
        clock = await self.store.clock(match.id)
        pauses = clock_math.pauses_of(taken, ran_out, now, clock.weekend_pause)
        days = 1
        while clock_math.running_from(ran_out + days * clock_math.DAY, pauses) <= now:
            days += 1
        if days > left or not await self.store.start_vacation(
                seated.user_id, ran_out, ran_out + days * clock_math.DAY):
            return None
        await self.store.recheck_user(seated.user_id)
        back = clock_math.running_from(ran_out + days * clock_math.DAY, pauses)
        used = ("one of your vacation days was" if days == 1
                else f"{days} of your vacation days were")
        year = now.astimezone(UTC).year
        log.info("match %s: seat %s ran out of time; %s vacation days used", match.id,
                 seated.seat, days)
        title = self.matches.game_of(match.game).title
        text = (f"{self.matches.name(seated)}, your clock ran out in {title} "
                f"#{match.id}; {used} used ({plural(left - days, 'day')} left in {year}). "
                f"Move by {clock_math.date_text(back)}.")
        return Update(match, Post(text, mentions=[seated.user_id]))
