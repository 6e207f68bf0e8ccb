"""The clock pass: turn reminders, deadlines (or time banks, :mod:`service.clocks.bank`) and what
happens when they pass, and computer turns left pending (vacations and nudges are
:mod:`service.clocks.vacations`; a turn's clocks are read by :mod:`service.clocks.turn_clocks`). The
arithmetic is in :mod:`service.common.clock_math`; every timed decision takes ``now`` (tests drive
a fake clock) and every reminder sent is a row, so restarts fire nothing twice.

The clock pass (:meth:`ClockPass.expire`, then :meth:`ClockPass.reminders_due`) may run in
several processes over one database: it works only on the matches it has claimed
(:meth:`db.Store.claim_due`, a lease per clock row), in batches, yielding to the event loop
between them; a process with Discord shards claims only its shards' guilds
(:attr:`ClockPass.shards`).
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
from datetime import datetime, timedelta

from db import ClockRecord, MatchRecord, SeatRecord, Shards, Store, TurnReminder
from engines.base import seat_name
from service.clocks.bank import Banks
from service.clocks.turn_clocks import TurnClocks
from service.common import clock_math
from service.common.model import ServiceError, Update
from service.match.computer import Computer
from service.match.core import Matches
from service.match.play import Play
from service.match.turns import Turns
from service.notices.notify import Notify

log = logging.getLogger(__name__)

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
    title: str = ""
    """The game's title, as the reminder names it."""
    dm_ids: list[int] = field(default_factory=list)
    """Players who take their turns by DM (``/notify``): sent the text by DM, not pinged."""
    held_ids: list[int] = field(default_factory=list)
    """Players in their quiet hours: the reminder is held for them, recorded as sent."""
    at: datetime | None = None
    """When the pass found it due."""

    @property
    def text(self) -> str:
        text = (f"Reminder: it is your turn in {self.title} #{self.match.id} "
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


def every_shard() -> Shards | None:
    return None


@dataclass(eq=False)
class ClockPass:
    """The clock pass: claims the due clocks, finds the reminders to send and applies
    the deadlines that passed."""

    store: Store
    matches: Matches
    play: Play
    turns: Turns
    banks: Banks
    clocks: TurnClocks
    computer: Computer
    notify: Notify | None = None
    """Routes each reminder by its players' notification settings (None: ping all)."""
    worker: str | None = None
    """The name of this service's claims (one per process; made on first use)."""
    shards: Callable[[], Shards | None] = every_shard
    """The Discord shards whose guilds' clocks this process runs, asked at each claim
    (None: every match; the Discord client sets it when it is sharded)."""
    lease: timedelta = LEASE

    def worker_id(self) -> str:
        if self.worker is None:
            self.worker = new_worker_id()
        return self.worker

    async def claimed(self, now: datetime, release: bool
                      ) -> AsyncIterator[tuple[MatchRecord, ClockRecord]]:
        """The due clocks this process claims at ``now``, batch by batch (the event loop
        gets a turn between batches); ``release``: each batch's claims end once its
        matches were handled (else each match's handling ends its claim)."""
        worker, after, seen = self.worker_id(), None, set()
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
        worker = self.worker_id()
        async for match, clock in self.claimed(now, release=False):
            try:
                turns = await self.clocks.turn_clocks(match, clock, now)
                pending = (any(s.is_ai or s.resigned for s in match.seats)
                           and self.matches.automatic_to_act(match, *self.matches.state_of(match)))
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
            early: set[int] = set()
            if self.notify is not None:  # warnings that would fall in quiet hours
                early, sooner = await self.notify.early({u: c for u, (_, _, c) in
                                                         turns.items()}, now)
                if sooner is not None:
                    next_check = min(next_check, sooner) if next_check else sooner
            warns = {u for u, (_, _, c) in turns.items() if c.warn} | early
            users = [u for u, (_, _, c) in turns.items() if c.remind or u in warns]
            if not users:
                await self.store.checked(match.id, match.version, next_check, worker)
                continue
            marks = {u: TurnReminder(match.version, max(turns[u][2].slot, turns[u][1].slot),
                                     turns[u][1].warned or u in warns) for u in users}
            deadlines = [c.deadline for u in users if u in warns and (c := turns[u][2]).deadline]
            idle = (now - datetime.fromisoformat(match.updated_at)) / clock_math.HOUR
            # Without its snapshot: a pass may hold thousands of reminders, and their
            # boards' objects would make each garbage collection hold the loop longer.
            routed = (await self.notify.route(match, users, now) if self.notify is not None
                      else None)
            due.append(Reminder(dataclasses.replace(match, snapshot=None),
                                routed.pings if routed else users, idle, marks,
                                min(deadlines) - now if deadlines else None,
                                clock.on_timeout, next_check, bool(clock.bank), clock,
                                self.matches.game_of(match.game).title,
                                routed.dms if routed else [], routed.held if routed else [],
                                now))
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
        if self.notify is not None and reminder.held_ids:
            kind = "reminder" if reminder.deadline_left is None else "warning"
            await self.notify.hold([(u, reminder.match.id, kind) for u in reminder.held_ids],
                                   await self.notify.settings(reminder.held_ids),
                                   reminder.at or self.notify.now())
        await self.store.checked(reminder.match.id, reminder.match.version,
                                 reminder.next_check, self.worker_id())

    async def expire(self, now: datetime) -> list[Update]:
        """Play the computer turns left pending (the process that recorded the move before
        them died, see :data:`COMPUTER_GRACE`) and apply the consequence to every turn
        past its deadline (skip: a pass, or the computer moves for the player; forfeit: as
        a resignation). The updates to post."""
        updates: list[Update] = []
        async for match, clock in self.claimed(now, release=True):
            try:
                if any(s.is_ai or s.resigned for s in match.seats):
                    game, state = self.matches.state_of(match)
                    idle = now - datetime.fromisoformat(match.updated_at)
                    if self.matches.automatic_to_act(match, game, state):
                        if idle >= COMPUTER_GRACE:
                            log.info("match %s: playing a pending computer turn", match.id)
                            updates.append(await self.play.after(match, game, state, [],
                                                            previous=state))
                        continue
                if not (clock.deadline or clock.bank):
                    continue
                turns = await self.clocks.turn_clocks(match, clock, now)
                late = [(seated, c) for seated, _, c in turns.values() if c.timeout]
                if late:
                    seated, check = late[0]
                    day = (await self.banks.vacation_day(match, seated, check, now)
                           if clock.bank else None)
                    updates.append(day or await self._time_out(match, seated, clock.on_timeout))
            except ServiceError as exc:  # the player moved meanwhile: nothing to do
                log.info("match %s: no timeout applied: %s", match.id, exc)
            except Exception:  # one broken match must not stop the others' deadlines
                log.exception("match %s: timeout failed", match.id)
        return updates

    async def _time_out(self, match: MatchRecord, seated: SeatRecord, on_timeout: str
                        ) -> Update:
        """The deadline's consequence for ``seated``."""
        game, state = self.matches.state_of(match)
        name, seat = self.matches.name(seated), seated.number
        log.info("match %s: seat %s ran out of time (%s)", match.id, seat, on_timeout)
        if on_timeout == clock_math.FORFEIT:
            await self.play.timed_out(match, seated.user_id)  # a tournament withdraws them
            reason = f"{seat_name(seat)} ran out of time"
            return await self.turns.forfeit(match, game, state, seated, reason,
                                            f"{name} forfeits: out of time")
        move = clock_math.pass_move(game.legal_moves(state, seat))
        lead = f"{name} ran out of time and passes."
        if move is None:
            move = await self.computer.choose(match, game, state, seat)
            lead = f"{name} ran out of time: the computer played for them."
        said = game.describe(state, seat, move, None)
        after = game.play(state, seat, move)
        match = await self.play.record(match, game, state, after, seat, move, said)
        line = self.matches.named(match, said)
        return await self.play.after(match, game, after, [lead, line], previous=state, moved=1)
