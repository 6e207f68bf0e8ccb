"""Reading a running match's clocks: each waiting player's deadline (or bank) this turn,
the reminders already sent, who is on vacation, and the lines that say so under a
board. Nothing here changes a clock (:mod:`service.clocks.clock_pass` does)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from db import RUNNING, ClockRecord, MatchRecord, SeatRecord, Store, TurnReminder
from service.clocks.bank import Banks, turn_schedule
from service.clocks.clock_options import schedule_of
from service.common import clock_math
from service.match.core import Matches, Now

TurnClock = tuple[SeatRecord, TurnReminder, clock_math.Check]
"""A waiting player's clock for this turn: their seat, the reminders already sent and
what is due now."""


@dataclass(eq=False)
class TurnClocks:
    store: Store
    matches: Matches
    banks: Banks
    now: Now

    async def away(self, user_id: int, since: datetime) -> list[clock_math.Interval]:
        """The user's vacations ending after ``since``."""
        return (await self.store.vacations([user_id], since))[user_id]

    async def turn_clocks(self, match: MatchRecord, clock: ClockRecord, now: datetime
                          ) -> dict[int, TurnClock]:
        """Each waiting player's clock for this turn, by user id."""
        game, state = self.matches.state_of(match)
        waiting = self.matches.waiting_humans(match, game, state)
        ids = [s.user_id for s in waiting]
        start = datetime.fromisoformat(match.updated_at)
        # A lesson never reminds (issue 57): a player's own delay (/reminders) replaces a
        # match's first one, and would remind a lesson, whose own is none.
        delays = {} if match.lesson else await self.store.remind_after(ids)
        away = await self.store.vacations(ids, start)
        sent = await self.store.turn_reminders(match.id)
        schedule = schedule_of(clock)
        out = {}
        for s in waiting:
            mark = sent.get(s.user_id)
            if mark is None or mark.version != match.version:
                mark = TurnReminder(match.version)
            pauses = clock_math.pauses_of(away[s.user_id], start, now, schedule.weekend_pause)
            out[s.user_id] = (s, mark, clock_math.check(turn_schedule(schedule, s), start, now,
                                                        pauses, mark.slot, mark.warned,
                                                        0 if match.lesson
                                                        else delays.get(s.user_id)))
        return out

    async def clock_lines(self, match: MatchRecord, now: datetime | None = None,
                          clock: ClockRecord | None = None) -> list[str]:
        """The deadline of each waiting player and who of them is on vacation (``clock``:
        the match's, when the caller has read it already)."""
        if match.status != RUNNING:
            return []
        now = now or self.now()
        clock = clock or await self.store.clock(match.id)
        turns = await self.turn_clocks(match, clock, now)
        lines = []
        for seated, _, check in turns.values():
            trip = clock_math.current(await self.away(seated.user_id, now), now)
            if trip:
                lines.append(f"{self.matches.name(seated)} is on vacation until "
                             f"{clock_math.date_text(trip[1])}.")
            if check.deadline and not clock.bank:  # a bank's line says when, below
                who = f" for {self.matches.name(seated)}" if len(turns) > 1 else ""
                lines.append(f"Deadline{who}: {clock_math.hours_text(check.deadline - now)} "
                             f"left (then {clock.on_timeout}).")
        checks = {user: check for user, (_, _, check) in turns.items()}
        return [*lines, *self.banks.bank_lines(match, schedule_of(clock), checks)]
