"""Clocks: turn reminders, deadlines (or time banks, :mod:`service.bank`) and what happens
when they pass, computer turns left pending, vacations and nudges. The arithmetic is in
:mod:`service.clock_math`; every timed
decision takes ``now`` (tests drive a fake clock) and every reminder sent is a row, so
restarts fire nothing twice.

The clock pass (:meth:`Clocks.expire`, then :meth:`Clocks.reminders_due`) may run in
several processes over one database: it works only on the matches it has claimed
(:meth:`db.Store.claim_due`, a lease per clock row), in batches, yielding to the event loop
between them; a process with Discord shards claims only its shards' guilds
(:attr:`Clocks.shards`).
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import os
import secrets
import socket
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

import engines
from db import RUNNING, ClockRecord, MatchRecord, SeatRecord, Shards, TurnReminder
from engines.base import seat_name
from service import boundary, clock_math
from service.bank import Banks, turn_schedule
from service.clock_options import clock_record as clock_record
from service.clock_options import schedule_of
from service.model import Actor, Post, ServiceError, Update
from service.names import plural

log = logging.getLogger(__name__)

MAX_REMIND_AFTER_HOURS = clock_math.MAX_REMIND_HOURS  # /reminders shares the matches' bound
LEASE = timedelta(minutes=5)
"""How long a claim on a match's clock lasts: a process that dies mid-pass leaves its
claims to others after this."""
CLAIM_BATCH = 100  # clock rows claimed per query; the pass yields to the loop between them
COMPUTER_GRACE = timedelta(minutes=1)
"""A computer's (or a resigned player's) turn still pending this long after the match's
last update is played by the clock pass: the process that recorded the move before it
died, or is still thinking."""


def new_worker_id() -> str:
    """A name for this process's claims, unique among the processes sharing a database."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"


@dataclass
class Reminder:
    """Users who have kept a match waiting until a reminder (or the deadline warning)."""

    match: MatchRecord
    user_ids: list[int]
    idle_hours: float
    marks: dict[int, TurnReminder] = field(default_factory=dict)
    """What to record as sent, by user, once the reminder is out."""
    deadline_left: timedelta | None = None
    """Set for a deadline warning: the time left before it."""
    on_timeout: str = clock_math.SKIP
    next_check: datetime | None = None
    bank: bool = False  # the deadline is a time bank's
    clock: ClockRecord = field(default_factory=ClockRecord)

    @property
    def text(self) -> str:
        title = engines.get(self.match.game).title
        text = (f"Reminder: it is your turn in {title} #{self.match.id} "
                f"(waiting for {self.idle_hours:.0f} h).")
        if self.deadline_left is not None:
            then = ("you forfeit" if self.on_timeout == clock_math.FORFEIT
                    else "the computer moves for you")
            left = clock_math.hours_text(self.deadline_left)
            if self.bank:
                then = f"a vacation day is used if you have one, else {then}"
            where = "in your time bank" if self.bank else "before the deadline"
            text += f" {left} left {where}: then {then}."
        return text


TurnClock = tuple[SeatRecord, TurnReminder, clock_math.Check]
"""A waiting player's clock for this turn: their seat, the reminders already sent and
what is due now."""


class Clocks(Banks):
    async def set_reminders(self, actor: Actor, hours: int) -> str:
        """Remind the actor after ``hours`` without a move (0 turns reminders off); this
        replaces each match's first delay for them."""
        hours = boundary.whole(hours, "hours")
        if not 0 <= hours <= MAX_REMIND_AFTER_HOURS:
            raise ServiceError(f"Choose between 1 and {MAX_REMIND_AFTER_HOURS} hours, "
                               "or 0 for no reminders.")
        await self.store.set_remind_after(actor.user_id, hours)
        await self.store.recheck_user(actor.user_id)
        if hours == 0:
            return "Reminders are off: I won't ping you when a match waits for you."
        return f"I'll remind you when a match has waited {hours} h for your move."

    worker: str | None = None
    """The name of this service's claims (one per process; made on first use)."""
    shards: Callable[[], Shards | None] = staticmethod(lambda: None)
    """The Discord shards whose guilds' clocks this process runs, asked at each claim
    (None: every match; the Discord client sets it when it is sharded)."""
    lease: timedelta = LEASE

    def _worker(self) -> str:
        if self.worker is None:
            self.worker = new_worker_id()
        return self.worker

    async def claimed(self, now: datetime, release: bool
                      ) -> AsyncIterator[tuple[MatchRecord, ClockRecord]]:
        """The due clocks this process claims at ``now``, batch by batch (the event loop
        gets a turn between batches); ``release``: each batch's claims end once its
        matches were handled (else each match's handling ends its claim)."""
        worker, after, seen = self._worker(), None, set()
        while True:
            batch = await self.store.claim_due(now, worker, lease=self.lease,
                                               limit=CLAIM_BATCH, after=after,
                                               shards=self.shards())
            for match, clock in batch:
                if match.id in seen:  # handled earlier in this pass, and changed since
                    continue
                seen.add(match.id)
                yield match, clock
                await asyncio.sleep(0)
            if release:
                await self.store.release([m.id for m, _ in batch], worker)
            if len(batch) < CLAIM_BATCH:
                return
            last = batch[-1][0]
            after = (last.updated_at, last.id)

    def automatic_to_act(self, match: MatchRecord, game: object, state: object) -> bool:
        """Whether a computer (or a resigned player's seat) must act now."""
        return any(self.seat_at(match, s).is_ai or self.seat_at(match, s).resigned
                   for s in game.to_act(state))

    async def reminders_due(self, now: datetime) -> list[Reminder]:
        """Every reminder of :meth:`reminder_batches`, in one list."""
        return [r async for batch in self.reminder_batches(now) for r in batch]

    async def reminder_batches(self, now: datetime,
                               size: int = CLAIM_BATCH) -> AsyncIterator[list[Reminder]]:
        """Players whose turn has reached a reminder (or the deadline warning) not sent
        yet, one :class:`Reminder` per match, each claimed by this process until
        :meth:`reminded` (so no other process reminds it too), in lists of up to ``size``:
        the caller posts each list before the next is read, so a pass over thousands of
        matches never holds them all (nor the loop) at once. Turns past their deadline
        are left to :meth:`expire`."""
        due: list[Reminder] = []
        worker = self._worker()
        async for match, clock in self.claimed(now, release=False):
            try:
                turns = await self.turn_clocks(match, clock, now)
                pending = (any(s.is_ai or s.resigned for s in match.seats)
                           and self.automatic_to_act(match, *self.state_of(match)))
            except Exception:  # one broken match must not stop the others' reminders
                log.exception("match %s: clock not read", match.id)
                await self.store.release([match.id], worker)
                continue
            if any(check.timeout for _, _, check in turns.values()):
                await self.store.release([match.id], worker)
                continue
            next_check = min((c.next_at for _, _, c in turns.values() if c.next_at),
                             default=None)
            if pending:  # a computer's turn left pending: the pass comes back to it
                grace = datetime.fromisoformat(match.updated_at) + COMPUTER_GRACE
                next_check = min(next_check, grace) if next_check else grace
            users = [u for u, (_, _, c) in turns.items() if c.remind or c.warn]
            if not users:
                await self.store.checked(match.id, match.version, next_check, worker)
                continue
            marks = {u: TurnReminder(match.version, max(turns[u][2].slot, turns[u][1].slot),
                                     turns[u][1].warned or turns[u][2].warn) for u in users}
            deadlines = [c.deadline for u in users if (c := turns[u][2]).warn and c.deadline]
            idle = (now - datetime.fromisoformat(match.updated_at)) / clock_math.HOUR
            # Without its snapshot: a pass may hold thousands of reminders, and their
            # boards' objects would make each garbage collection hold the loop longer.
            due.append(Reminder(dataclasses.replace(match, snapshot=None), users, idle, marks,
                                min(deadlines) - now if deadlines else None,
                                clock.on_timeout, next_check, bool(clock.bank), clock))
            if len(due) >= size:
                yield due
                due = []
        if due:
            yield due

    async def reminded(self, reminder: Reminder) -> None:
        """Record the reminder as sent (each reminder of a turn goes out once) and end
        this process's claim on the match's clock."""
        for user_id, mark in reminder.marks.items():
            await self.store.mark_turn_reminded(reminder.match.id, user_id, mark)
        await self.store.checked(reminder.match.id, reminder.match.version,
                                 reminder.next_check, self._worker())

    async def expire(self, now: datetime) -> list[Update]:
        """Play the computer turns left pending (the process that recorded the move before
        them died, see :data:`COMPUTER_GRACE`) and apply the consequence to every turn
        past its deadline (skip: a pass, or the computer moves for the player; forfeit: as
        a resignation). The updates to post."""
        updates: list[Update] = []
        async for match, clock in self.claimed(now, release=True):
            try:
                if any(s.is_ai or s.resigned for s in match.seats):
                    game, state = self.state_of(match)
                    idle = now - datetime.fromisoformat(match.updated_at)
                    if self.automatic_to_act(match, game, state):
                        if idle >= COMPUTER_GRACE:
                            log.info("match %s: playing a pending computer turn", match.id)
                            updates.append(await self.after(match, game, state, [],
                                                            previous=state))
                        continue
                if not (clock.deadline or clock.bank):
                    continue
                turns = await self.turn_clocks(match, clock, now)
                late = [(seated, c) for seated, _, c in turns.values() if c.timeout]
                if late:
                    seated, check = late[0]
                    day = await self.vacation_day(match, seated, check, now) if clock.bank else None
                    updates.append(day or await self._time_out(match, seated, clock.on_timeout))
            except ServiceError as exc:  # the player moved meanwhile: nothing to do
                log.info("match %s: no timeout applied: %s", match.id, exc)
            except Exception:  # one broken match must not stop the others' deadlines
                log.exception("match %s: timeout failed", match.id)
        return updates

    async def clock_lines(self, match: MatchRecord, now: datetime | None = None) -> list[str]:
        """The deadline of each waiting player and who of them is on vacation."""
        if match.status != RUNNING:
            return []
        now = now or self.now()
        clock = await self.store.clock(match.id)
        turns = await self.turn_clocks(match, clock, now)
        lines = []
        for seated, _, check in turns.values():
            trip = clock_math.current(await self.away(seated.user_id, now), now)
            if trip:
                lines.append(f"{self.name(seated)} is on vacation until "
                             f"{clock_math.date_text(trip[1])}.")
            if check.deadline and not clock.bank:  # a bank's line says when, below
                who = f" for {self.name(seated)}" if len(turns) > 1 else ""
                lines.append(f"Deadline{who}: {clock_math.hours_text(check.deadline - now)} "
                             f"left (then {clock.on_timeout}).")
        checks = {user: check for user, (_, _, check) in turns.items()}
        return [*lines, *self.bank_lines(match, schedule_of(clock), checks)]

    async def nudge(self, match_id: int, actor: Actor, now: datetime | None = None) -> Post:
        """A ping, by another player, to those who must act; once per 24 h per match."""
        now = now or self.now()
        match = await self.match(match_id, actor)
        self.require_running(match)
        seated = match.seat_of(actor.user_id)
        if seated is None or seated.seat is None:
            raise ServiceError("Only the players of this match can nudge.")
        if seated.resigned:
            raise ServiceError("You have resigned from this match.")
        game, state = self.state_of(match)
        waiting = [s for s in self.waiting_humans(match, game, state)
                   if s.user_id != actor.user_id]
        if not waiting:
            raise ServiceError("It is your turn: nobody else to nudge."
                               if self.my_seats(match, actor, game, state)
                               else "Nobody needs a nudge: no player must act now.")
        targets, away = [], []
        for s in waiting:
            trip = clock_math.current(await self.away(s.user_id, now), now)
            if trip:
                away.append(f"{self.name(s)} is on vacation until "
                            f"{clock_math.date_text(trip[1])}.")
            else:
                targets.append(s)
        if not targets:
            raise ServiceError(" ".join(away))
        if not await self.store.nudge(match.id, now, now - clock_math.NUDGE_EVERY):
            last = (await self.store.clock(match.id)).nudged_at
            wait = ((datetime.fromisoformat(last) if last else now) + clock_math.NUDGE_EVERY
                    - now)
            raise ServiceError(f"This match was nudged less than a day ago: you can nudge "
                               f"again in {clock_math.hours_text(wait)}.")
        idle = now - datetime.fromisoformat(match.updated_at)
        who = self.escape(actor.name) if actor.name else "A player"
        text = (f"{who} nudges you: it is your turn in {game.title} #{match.id} "
                f"(waiting for {clock_math.hours_text(idle)}).")
        return Post(" ".join([text, *away]), mentions=[s.user_id for s in targets])

    async def vacation(self, actor: Actor, days: int | None = None, end: bool = False,
                       now: datetime | None = None) -> str:
        """Start ``days`` off now, end the vacation (``end`` or 0 days), or, with neither,
        say how many days are left this year."""
        now = now or self.now()
        days = boundary.optional_whole(days, "days")
        end = boundary.flag(end, "end")
        taken = await self.away(actor.user_id, now - timedelta(days=400))
        trip = clock_math.current(taken, now)
        left = clock_math.days_left(self.vacation_days, taken, now)
        year = now.astimezone(UTC).year
        if end or days == 0:
            if trip is None:
                raise ServiceError("You are not on vacation.")
            await self.store.end_vacation(actor.user_id, now)
            back = clock_math.days_taken(*trip) - clock_math.days_taken(trip[0], now)
            taken = await self.away(actor.user_id, now - timedelta(days=400))
            left = clock_math.days_left(self.vacation_days, taken, now)
            return (f"Welcome back: your clocks run again. {plural(back, 'unused day')} "
                    f"returned; {left} left in {year}.")
        if days is None:
            if trip:
                return (f"You are on vacation until {clock_math.date_text(trip[1])}; "
                        f"{plural(left, 'day')} left in {year}.")
            return f"You have {left} of {self.vacation_days} vacation days left in {year}."
        if days < 0:
            raise ServiceError("Choose a number of days, or 0 to end your vacation.")
        if trip:
            raise ServiceError(f"You are already on vacation until "
                               f"{clock_math.date_text(trip[1])}; end it first with "
                               "/vacation end.")
        if days > left:
            raise ServiceError(f"You have only {plural(left, 'vacation day')} left in {year}.")
        until = now + days * clock_math.DAY
        if not await self.store.start_vacation(actor.user_id, now, until):
            raise ServiceError("You are already on vacation.")
        return (f"You are on vacation until {clock_math.date_text(until)}: your reminders "
                f"and deadlines wait. {plural(left - days, 'day')} left in {year}.")

    async def away(self, user_id: int, since: datetime) -> list[clock_math.Interval]:
        """The user's vacations ending after ``since``."""
        return (await self.store.vacations([user_id], since))[user_id]

    async def turn_clocks(self, match: MatchRecord, clock: ClockRecord, now: datetime
                          ) -> dict[int, TurnClock]:
        """Each waiting player's clock for this turn, by user id."""
        game, state = self.state_of(match)
        waiting = self.waiting_humans(match, game, state)
        ids = [s.user_id for s in waiting]
        start = datetime.fromisoformat(match.updated_at)
        delays = await self.store.remind_after(ids)
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
                                                        delays.get(s.user_id)))
        return out

    async def _time_out(self, match: MatchRecord, seated: SeatRecord, on_timeout: str
                        ) -> Update:
        """The deadline's consequence for ``seated``."""
        game, state = self.state_of(match)
        name = self.name(seated)
        log.info("match %s: seat %s ran out of time (%s)", match.id, seated.seat, on_timeout)
        if on_timeout == clock_math.FORFEIT:
            reason = f"{seat_name(seated.seat)} ran out of time"
            return await self.forfeit(match, game, state, seated, reason,
                                      f"{name} forfeits: out of time")
        move = clock_math.pass_move(game.legal_moves(state, seated.seat))
        lead = f"{name} ran out of time and passes."
        if move is None:
            move = await self.choose(match, game, state, seated.seat)
            lead = f"{name} ran out of time: the computer played for them."
        line = self.describe(match, game, state, seated.seat, move, viewer=None)
        after = game.play(state, seated.seat, move)
        match = await self.record(match, game, state, after, seated.seat, move)
        return await self.after(match, game, after, [lead, line], previous=state, moved=1)
