"""Away from the board: a player's reminder delay, their vacations (which pause all
their clocks) and nudges (a ping, by another player, to those who must act)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from db import Store
from service.clocks.turn_clocks import TurnClocks
from service.common import boundary, clock_math
from service.common.model import Actor, Post, ServiceError
from service.common.names import plural
from service.match.core import Matches, Now

MAX_REMIND_AFTER_HOURS = clock_math.MAX_REMIND_HOURS  # /reminders shares the matches' bound


@boundary.guarded
@dataclass(eq=False)
class Vacations:
    store: Store
    matches: Matches
    clocks: TurnClocks
    now: Now
    vacation_days: int

    async def set_reminders(self, actor: Actor, hours: int) -> str:
        """Remind the actor after ``hours`` without a move (0 turns reminders off); this
        replaces each match's first delay for them, but for lessons, never reminded
        (:meth:`TurnClocks.turn_clocks`)."""
        hours = boundary.whole(hours, "hours")
        if not 0 <= hours <= MAX_REMIND_AFTER_HOURS:
            raise ServiceError(f"Choose between 1 and {MAX_REMIND_AFTER_HOURS} hours, "
                               "or 0 for no reminders.")
        await self.store.set_remind_after(actor.user_id, hours)
        await self.store.recheck_user(actor.user_id)
        if hours == 0:
            return "Reminders are off: I won't ping you when a match waits for you."
        return (f"I'll remind you when a match has waited {hours} h for your move (never "
                "a lesson: it waits for you without a clock).")

    async def nudge(self, match_id: int, actor: Actor, now: datetime | None = None) -> Post:
        """A ping, by another player, to those who must act; once per 24 h per match."""
        now = now or self.now()
        match = await self.matches.readable(match_id, actor)
        self.matches.require_running(match)
        seated = match.seat_of(actor.user_id)
        if seated is None or seated.seat is None:
            raise ServiceError("Only the players of this match can nudge.")
        if seated.resigned:
            raise ServiceError("You have resigned from this match.")
        game, state = self.matches.state_of(match)
        waiting = [s for s in self.matches.waiting_humans(match, game, state)
                   if s.user_id != actor.user_id]
        if not waiting:
            raise ServiceError("It is your turn: nobody else to nudge."
                               if self.matches.my_seats(match, actor, game, state)
                               else "Nobody needs a nudge: no player must act now.")
        targets, away = [], []
        for s in waiting:
            trip = clock_math.current(await self.clocks.away(s.user_id, now), now)
            if trip:
                away.append(f"{self.matches.name(s)} is on vacation until "
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
        who = self.matches.actor_name(actor)
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
        taken = await self.clocks.away(actor.user_id, now - timedelta(days=400))
        trip = clock_math.current(taken, now)
        left = clock_math.days_left(self.vacation_days, taken, now)
        year = now.astimezone(UTC).year
        if end or days == 0:
            if trip is None:
                raise ServiceError("You are not on vacation.")
            await self.store.end_vacation(actor.user_id, now)
            back = clock_math.days_taken(*trip) - clock_math.days_taken(trip[0], now)
            taken = await self.clocks.away(actor.user_id, now - timedelta(days=400))
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
