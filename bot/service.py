"""The match service: lobby, seats, turns and who sees what. No Discord in here.

Front ends (the Discord cogs, the offline console, tests) call these coroutines with who
is acting and get back :class:`Update` objects that say what to post publicly and what
to send privately to whom. All state lives in the store; nothing is kept in memory
between calls, so a restart loses nothing.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import random
import secrets
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

import engines
import rendering
from bot import clocks, ratings
from db import (
    ABORTED,
    FINISHED,
    LOBBY,
    RUNNING,
    ClockRecord,
    Full,
    MatchRecord,
    MoveRecord,
    SeatRecord,
    SqliteStore,
    StaleVersion,
    TurnReminder,
)
from engines.ai import MctsPlayer, Player
from engines.base import Game, IllegalMove, Result, name_seats

log = logging.getLogger(__name__)

MAX_MOVE_LENGTH = 200
AI_MOVE_LIMIT = 20000  # a safety bound on consecutive automatic moves in one call
MAX_POST_LINES = 12  # a public post shows at most this many move lines
MAX_REMIND_AFTER_HOURS = clocks.MAX_REMIND_HOURS  # /reminders shares the matches' bound
STALE = "The board changed while you moved: look again and retry."


class ServiceError(Exception):
    """Something the user asked cannot be done; the message says why, for the user."""


@dataclass(frozen=True)
class Actor:
    """Who is asking, and from where."""

    user_id: int
    name: str = ""
    guild_id: int | None = None
    is_admin: bool = False


@dataclass
class Post:
    """One message: text, optionally a board PNG, users to mention and a score table."""

    text: str
    png: bytes | None = None
    filename: str = "board.png"
    mentions: list[int] = field(default_factory=list)
    table: list[tuple[str, list[tuple[str, float]]]] = field(default_factory=list)
    pending: Callable[[], bytes] | None = field(default=None, repr=False)
    """A picture not drawn yet: private boards are drawn when delivered, after the
    public board is out, so they add nothing to the time a move takes to show."""

    async def ready(self) -> Post:
        """Draw a pending picture (off the event loop); returns the post itself."""
        if self.png is None and self.pending is not None:
            self.png = await asyncio.to_thread(self.pending)
            self.pending = None
        return self


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
    on_timeout: str = clocks.SKIP
    next_check: datetime | None = None

    @property
    def text(self) -> str:
        title = engines.get(self.match.game).title
        text = (f"Reminder: it is your turn in {title} #{self.match.id} "
                f"(waiting for {self.idle_hours:.0f} h).")
        if self.deadline_left is not None:
            then = ("you forfeit" if self.on_timeout == clocks.FORFEIT
                    else "the computer moves for you")
            left = clocks.hours_text(self.deadline_left)
            text += f" {left} left before the deadline: then {then}."
        return text


@dataclass
class Update:
    """What a call changed: the match after it, a public post and private posts."""

    match: MatchRecord
    public: Post | None = None
    private: dict[int, Post] = field(default_factory=dict)


Renderer = Callable[..., bytes]


class Service:
    def __init__(self, store: SqliteStore, *, render: Renderer = rendering.render,
                 seed_source: Callable[[], int] | None = None,
                 shuffle: Callable[[list], None] | None = None,
                 vacation_days: int = clocks.VACATION_DAYS,
                 now: Callable[[], datetime] | None = None,
                 player: Player | None = None) -> None:
        self.store = store
        self.vacation_days = vacation_days
        self.now = now or (lambda: datetime.now(UTC))
        """The time the clocks read where no ``now`` is given (tests put a fake clock)."""
        self.player: Player = player or MctsPlayer()
        self._render = render
        self._seed = seed_source or (lambda: secrets.randbits(62))
        self._shuffle = shuffle or random.SystemRandom().shuffle

    # --- finding matches ----------------------------------------------------------------
    async def match(self, match_id: int, actor: Actor | None = None) -> MatchRecord:
        """The match, if it exists and belongs to the actor's guild."""
        if not 0 < match_id < 2**63:  # SQLite integers are 64-bit: refuse before asking
            raise ServiceError(f"There is no match #{match_id} here.")
        match = await self.store.get_match(match_id)
        if match is None or (actor is not None and actor.guild_id is not None
                             and match.guild_id != actor.guild_id):
            raise ServiceError(f"There is no match #{match_id} here.")
        return match

    async def match_here(self, actor: Actor, channel_id: int | None,
                         match_id: int | None = None) -> MatchRecord:
        """The match named, else the one whose thread this is, else the actor's only one."""
        if match_id is not None:
            return await self.match(match_id, actor)
        if channel_id is not None:
            found = await self.store.find_matches(thread_id=channel_id, statuses=(
                LOBBY, RUNNING, FINISHED, ABORTED), limit=1)
            if found:
                return await self.match(found[0].id, actor)
        mine = await self.store.find_matches(guild_id=actor.guild_id, user_id=actor.user_id)
        if len(mine) == 1:
            return mine[0]
        if not mine:
            raise ServiceError("You are in no open match here. Start one with /match start.")
        raise ServiceError("You are in several matches: say which with the `match` option, "
                           "or use the command in the match's thread.")

    async def my_matches(self, actor: Actor) -> list[tuple[MatchRecord, bool]]:
        """The actor's open matches in this guild, with whether it is their turn."""
        found = await self.store.find_matches(guild_id=actor.guild_id, user_id=actor.user_id)
        out = []
        for match in found:
            out.append((match, match.status == RUNNING and bool(self._my_seats(match, actor))))
        return out

    # --- lobby --------------------------------------------------------------------------
    async def create(self, actor: Actor, game_slug: str, options: dict[str, str] | None = None,
                     channel_id: int | None = None, seat_host: bool = True, *,
                     remind: int | None = None, remind_every: int | None = None,
                     deadline: int | None = None, on_timeout: str | None = None,
                     rated: bool = True) -> MatchRecord:
        """A new match in its lobby; the host takes the first seat unless ``seat_host`` is
        False (the console's all-computer matches). The clock: first reminder after
        ``remind`` hours, then every ``remind_every`` (0 = once); ``deadline`` hours per
        turn (0 = none), then ``on_timeout`` (skip or forfeit). ``rated=False`` keeps it off the
        ratings (see :mod:`bot.ratings` for when a match counts)."""
        game = self._game(game_slug)
        try:
            parsed = game.parse_options(options or {})
        except ValueError as exc:
            raise ServiceError(_sentence(str(exc))) from None
        clock = _clock(remind, remind_every, deadline, on_timeout)
        match = await self.store.create_match(
            guild_id=actor.guild_id, channel_id=channel_id, game=game.slug, options=parsed,
            seed=self._seed(), host_id=actor.user_id, host_name=actor.name or "Host",
            seat_host=seat_host)
        await self.store.set_clock(match.id, clock)
        if not rated:
            await self.store.set_rated(match.id, False)
        log.info("match %s created: %s by %s", match.id, game.slug, actor.user_id)
        return match

    async def join(self, match_id: int, actor: Actor) -> MatchRecord:
        match = await self._lobby(match_id, actor)
        if match.seat_of(actor.user_id):
            raise ServiceError("You are already in this match.")
        return await self._add_seat(match, actor.user_id, actor.name or "Player", is_ai=False)

    async def add_ai(self, match_id: int, actor: Actor) -> MatchRecord:
        """Seat a computer player (host only); ``Service.player`` chooses its moves."""
        match = await self._lobby(match_id, actor)
        if actor.user_id != match.host_id:
            raise ServiceError("Only the host can add computer players.")
        number = sum(1 for s in match.seats if s.is_ai) + 1
        return await self._add_seat(match, -number, f"Computer {number}", is_ai=True)

    async def leave(self, match_id: int, actor: Actor) -> MatchRecord:
        match = await self._lobby(match_id, actor)
        if not match.seat_of(actor.user_id):
            raise ServiceError("You are not in this match.")
        if actor.user_id == match.host_id:
            raise ServiceError("The host cannot leave the lobby; abort the match instead.")
        try:
            return await self.store.remove_seat(match.id, actor.user_id)
        except StaleVersion:
            raise ServiceError("The match has already started.") from None

    async def start(self, match_id: int, actor: Actor) -> Update:
        match = await self._lobby(match_id, actor)
        if actor.user_id != match.host_id:
            raise ServiceError("Only the host can start the match.")
        game = self._game(match.game)
        count = len(match.seats)
        if count < game.min_players:
            raise ServiceError(f"{game.title} needs at least {game.min_players} players; "
                               f"{count} joined.")
        order = [s.user_id for s in match.seats]
        self._shuffle(order)
        state = game.setup(count, match.seed, match.options)
        try:
            match = await self.store.start_match(match.id, version=match.version, order=order,
                                                 snapshot=game.dump(state))
        except StaleVersion:
            raise ServiceError("The lobby changed while you pressed start; try again.") from None
        log.info("match %s started with %s players", match.id, count)
        lines = [f"**{game.title}** #{match.id} begins. Seats: " + ", ".join(
            f"{i + 1}. {name}" for i, name in enumerate(match.names)) + "."]
        lines.append(clocks.schedule_text(_schedule(await self.store.clock(match.id))))
        return await self._after(match, game, state, lines, previous=None)

    # --- play ---------------------------------------------------------------------------
    async def legal_moves(self, match_id: int, actor: Actor) -> list[str]:
        """The actor's legal moves now (empty when it is not their turn)."""
        match = await self.match(match_id, actor)
        if match.status != RUNNING:
            return []
        game, state = self._state(match)
        moves: list[str] = []
        for seat in self._my_seats(match, actor, game, state):
            moves.extend(game.legal_moves(state, seat))
        return moves

    async def waiting(self, match_id: int) -> dict[int, list[str]]:
        """The legal moves of each human who must act now, by user id."""
        match = await self.match(match_id)
        if match.status != RUNNING:
            return {}
        game, state = self._state(match)
        out: dict[int, list[str]] = {}
        for seat in game.to_act(state):
            seated = self._seat(match, seat)
            if not (seated.is_ai or seated.resigned):
                out.setdefault(seated.user_id, []).extend(game.legal_moves(state, seat))
        return out

    async def submit(self, match_id: int, actor: Actor, move: str,
                     expect_version: int | None = None) -> Update:
        """Play ``move`` for the actor; raises :class:`ServiceError` with the reason.

        ``expect_version`` (from a button) refuses the move if the match has changed
        since the button was drawn.
        """
        move = move.strip()
        if not move:
            raise ServiceError("Write a move, e.g. pick one from the list.")
        if len(move) > MAX_MOVE_LENGTH:
            raise ServiceError("That move is far too long to be a move.")
        match = await self.match(match_id, actor)
        self._must_run(match)
        if expect_version is not None and match.version != expect_version:
            raise ServiceError(STALE)
        game, state = self._state(match)
        seated = match.seat_of(actor.user_id)
        if seated is None or seated.seat is None:
            raise ServiceError("You are not playing in this match.")
        if seated.resigned:
            raise ServiceError("You have resigned from this match.")
        if seated.seat not in game.to_act(state):
            waiting = self._waiting(match, game, state)
            raise ServiceError(f"It is not your turn: waiting for {waiting}.")
        try:
            after = game.play(state, seated.seat, move)
        except IllegalMove as exc:
            raise ServiceError(_sentence(f"Illegal move: {self._named(match, str(exc))}")
                               ) from None
        line = self._describe(match, game, state, seated.seat, move, viewer=None)
        private_line = self._describe(match, game, state, seated.seat, move, viewer=seated.seat)
        match = await self._record(match, game, after, seated.seat, move)
        log.debug("match %s: seat %s played %r", match.id, seated.seat, move)
        update = await self._after(match, game, after, [line], previous=state)
        if game.is_private(move):
            confirm = update.private.setdefault(actor.user_id, Post(text=""))
            confirm.text = (private_line + "\n" + confirm.text).strip()
        return update

    async def resign(self, match_id: int, actor: Actor) -> Update:
        match = await self.match(match_id, actor)
        self._must_run(match)
        seated = match.seat_of(actor.user_id)
        if seated is None or seated.seat is None:
            raise ServiceError("You are not playing in this match.")
        if seated.resigned:
            raise ServiceError("You have already resigned.")
        game, state = self._state(match)
        return await self._forfeit(match, game, state, seated, f"{seated.display_name} resigned")

    async def _forfeit(self, match: MatchRecord, game: Game, state: object, seated: SeatRecord,
                       reason: str, lead: str | None = None) -> Update:
        """``seated`` gives up (resigns, or runs out of time with ``forfeit``): with one
        opponent left the match ends; else the bot plays their seat and they rank last."""
        others = [s.seat for s in match.by_seat() if s.seat != seated.seat and not s.resigned]
        try:
            if len(others) <= 1:
                earlier = [s.seat for s in match.by_seat() if s.resigned]
                ranking = [g for g in (others, [seated.seat], earlier) if g]
                scores = game.view(state, None).get("scores") or [0] * len(match.seats)
                result = Result(list(scores), ranking, reason)
                await self.store.finish(match.id, version=match.version, status=FINISHED,
                                        result=result.to_dict(), resigned_user=seated.user_id)
                match = await self.match(match.id)
                text = "\n".join([*([f"{lead}."] if lead else []),
                                  self._result_text(match, result),
                                  *await ratings.settle(self.store, match)])
                return Update(match, Post(text, await self._apng(match, game, state, None)))
            await self.store.mark_resigned(match.id, version=match.version,
                                           user_id=seated.user_id)
        except StaleVersion:
            raise ServiceError("The board changed; try again.") from None
        match = await self.match(match.id)
        lines = [f"{lead or reason}; the bot plays their seat from now on and they rank last."]
        return await self._after(match, game, state, lines, previous=state)

    async def abort(self, match_id: int, actor: Actor) -> Update:
        match = await self.match(match_id, actor)
        if match.status not in (LOBBY, RUNNING):
            raise ServiceError("This match is already over.")
        if actor.user_id != match.host_id and not actor.is_admin:
            raise ServiceError("Only the host or a member with Manage Server can abort a match.")
        try:
            await self.store.finish(match.id, version=match.version, status=ABORTED, result=None)
        except StaleVersion:
            raise ServiceError("The board changed; try again.") from None
        match = await self.match(match.id)
        return Update(match, Post(f"Match #{match.id} was aborted by {actor.name or 'the host'}."))

    # --- clocks: reminders, deadlines, vacations, nudges --------------------------------
    async def set_reminders(self, actor: Actor, hours: int) -> str:
        """Remind the actor after ``hours`` without a move (0 turns reminders off); this
        replaces each match's first delay for them."""
        if not 0 <= hours <= MAX_REMIND_AFTER_HOURS:
            raise ServiceError(f"Choose between 1 and {MAX_REMIND_AFTER_HOURS} hours, "
                               "or 0 for no reminders.")
        await self.store.set_remind_after(actor.user_id, hours)
        await self.store.recheck_user(actor.user_id)
        if hours == 0:
            return "Reminders are off: I won't ping you when a match waits for you."
        return f"I'll remind you when a match has waited {hours} h for your move."

    async def reminders_due(self, now: datetime) -> list[Reminder]:
        """Players whose turn has reached a reminder (or the deadline warning) not sent
        yet, one :class:`Reminder` per match. Turns past their deadline are left to
        :meth:`expire`."""
        due: list[Reminder] = []
        for match, clock in await self.store.clocks_to_check(now):
            try:
                turns = await self._turns(match, clock, now)
            except Exception:  # one broken match must not stop the others' reminders
                log.exception("match %s: clock not read", match.id)
                continue
            if any(check.timeout for _, _, check in turns.values()):
                continue
            next_check = min((c.next_at for _, _, c in turns.values() if c.next_at),
                             default=None)
            users = [u for u, (_, _, c) in turns.items() if c.remind or c.warn]
            if not users:
                await self.store.checked(match.id, match.version, next_check)
                continue
            marks = {u: TurnReminder(match.version, max(turns[u][2].slot, turns[u][1].slot),
                                     turns[u][1].warned or turns[u][2].warn) for u in users}
            deadlines = [c.deadline for u in users if (c := turns[u][2]).warn and c.deadline]
            idle = (now - datetime.fromisoformat(match.updated_at)) / clocks.HOUR
            due.append(Reminder(match, users, idle, marks,
                                min(deadlines) - now if deadlines else None,
                                clock.on_timeout, next_check))
        return due

    async def reminded(self, reminder: Reminder) -> None:
        """Record the reminder as sent: each reminder of a turn goes out once."""
        for user_id, mark in reminder.marks.items():
            await self.store.mark_turn_reminded(reminder.match.id, user_id, mark)
        await self.store.checked(reminder.match.id, reminder.match.version,
                                 reminder.next_check)

    async def expire(self, now: datetime) -> list[Update]:
        """Apply the consequence to every turn past its deadline (skip: a pass, or the
        computer moves for the player; forfeit: as a resignation). The updates to post."""
        updates: list[Update] = []
        for match, clock in await self.store.clocks_to_check(now):
            if not clock.deadline:
                continue
            try:
                turns = await self._turns(match, clock, now)
                late = [seated for seated, _, c in turns.values() if c.timeout]
                if late:
                    updates.append(await self._time_out(match, late[0], clock.on_timeout))
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
        turns = await self._turns(match, clock, now)
        lines = []
        for seated, _, check in turns.values():
            trip = clocks.current(await self._away(seated.user_id, now), now)
            if trip:
                lines.append(f"{seated.display_name} is on vacation until "
                             f"{clocks.date_text(trip[1])}.")
            if check.deadline:
                who = f" for {seated.display_name}" if len(turns) > 1 else ""
                lines.append(f"Deadline{who}: {clocks.hours_text(check.deadline - now)} left "
                             f"(then {clock.on_timeout}).")
        return lines

    async def nudge(self, match_id: int, actor: Actor, now: datetime | None = None) -> Post:
        """A ping, by another player, to those who must act; once per 24 h per match."""
        now = now or self.now()
        match = await self.match(match_id, actor)
        self._must_run(match)
        seated = match.seat_of(actor.user_id)
        if seated is None or seated.seat is None:
            raise ServiceError("Only the players of this match can nudge.")
        if seated.resigned:
            raise ServiceError("You have resigned from this match.")
        game, state = self._state(match)
        waiting = [s for s in self._waiting_humans(match, game, state)
                   if s.user_id != actor.user_id]
        if not waiting:
            raise ServiceError("It is your turn: nobody else to nudge."
                               if self._my_seats(match, actor, game, state)
                               else "Nobody needs a nudge: no player must act now.")
        targets, away = [], []
        for s in waiting:
            trip = clocks.current(await self._away(s.user_id, now), now)
            if trip:
                away.append(f"{s.display_name} is on vacation until "
                            f"{clocks.date_text(trip[1])}.")
            else:
                targets.append(s)
        if not targets:
            raise ServiceError(" ".join(away))
        if not await self.store.nudge(match.id, now, now - clocks.NUDGE_EVERY):
            last = (await self.store.clock(match.id)).nudged_at
            wait = (datetime.fromisoformat(last) if last else now) + clocks.NUDGE_EVERY - now
            raise ServiceError(f"This match was nudged less than a day ago: you can nudge "
                               f"again in {clocks.hours_text(wait)}.")
        idle = now - datetime.fromisoformat(match.updated_at)
        title = game.title
        text = (f"{actor.name or 'A player'} nudges you: it is your turn in {title} #{match.id} "
                f"(waiting for {clocks.hours_text(idle)}).")
        return Post(" ".join([text, *away]), mentions=[s.user_id for s in targets])

    async def vacation(self, actor: Actor, days: int | None = None, end: bool = False,
                       now: datetime | None = None) -> str:
        """Start ``days`` off now, end the vacation (``end`` or 0 days), or, with neither,
        say how many days are left this year."""
        now = now or self.now()
        taken = await self._away(actor.user_id, now - timedelta(days=400))
        trip = clocks.current(taken, now)
        left = clocks.days_left(self.vacation_days, taken, now)
        year = now.astimezone(UTC).year
        if end or days == 0:
            if trip is None:
                raise ServiceError("You are not on vacation.")
            await self.store.end_vacation(actor.user_id, now)
            back = clocks.days_taken(*trip) - clocks.days_taken(trip[0], now)
            taken = await self._away(actor.user_id, now - timedelta(days=400))
            left = clocks.days_left(self.vacation_days, taken, now)
            return (f"Welcome back: your clocks run again. {back} unused day"
                    f"{'' if back == 1 else 's'} returned; {left} left in {year}.")
        if days is None:
            if trip:
                return (f"You are on vacation until {clocks.date_text(trip[1])}; "
                        f"{left} days left in {year}.")
            return f"You have {left} of {self.vacation_days} vacation days left in {year}."
        if days < 0:
            raise ServiceError("Choose a number of days, or 0 to end your vacation.")
        if trip:
            raise ServiceError(f"You are already on vacation until "
                               f"{clocks.date_text(trip[1])}; end it first with /vacation end.")
        if days > left:
            raise ServiceError(f"You have only {left} vacation day{'' if left == 1 else 's'} "
                               f"left in {year}.")
        until = now + days * clocks.DAY
        if not await self.store.start_vacation(actor.user_id, now, until):
            raise ServiceError("You are already on vacation.")
        return (f"You are on vacation until {clocks.date_text(until)}: your reminders and "
                f"deadlines wait. {left - days} days left in {year}.")

    async def _away(self, user_id: int, since: datetime) -> list[clocks.Interval]:
        return (await self.store.vacations([user_id], since))[user_id]

    async def _turns(self, match: MatchRecord, clock: ClockRecord, now: datetime
                     ) -> dict[int, tuple[SeatRecord, TurnReminder, clocks.Check]]:
        """Each waiting player's clock for this turn, by user id: their seat, the
        reminders already sent and what is due now."""
        game, state = self._state(match)
        waiting = self._waiting_humans(match, game, state)
        ids = [s.user_id for s in waiting]
        start = datetime.fromisoformat(match.updated_at)
        delays = await self.store.remind_after(ids)
        away = await self.store.vacations(ids, start)
        sent = await self.store.turn_reminders(match.id)
        schedule = _schedule(clock)
        out = {}
        for s in waiting:
            mark = sent.get(s.user_id)
            if mark is None or mark.version != match.version:
                mark = TurnReminder(match.version)
            out[s.user_id] = (s, mark, clocks.check(schedule, start, now, away[s.user_id],
                                                    mark.slot, mark.warned,
                                                    delays.get(s.user_id)))
        return out

    async def _time_out(self, match: MatchRecord, seated: SeatRecord, on_timeout: str
                        ) -> Update:
        """The deadline's consequence for ``seated``."""
        game, state = self._state(match)
        name = seated.display_name
        log.info("match %s: seat %s ran out of time (%s)", match.id, seated.seat, on_timeout)
        if on_timeout == clocks.FORFEIT:
            return await self._forfeit(match, game, state, seated, f"{name} ran out of time",
                                       f"{name} forfeits: out of time")
        move = clocks.pass_move(game.legal_moves(state, seated.seat))
        lead = f"{name} ran out of time and passes."
        if move is None:
            move = await self._choose(match, game, state, seated.seat)
            lead = f"{name} ran out of time: the computer played for them."
        line = self._describe(match, game, state, seated.seat, move, viewer=None)
        after = game.play(state, seated.seat, move)
        match = await self._record(match, game, after, seated.seat, move)
        return await self._after(match, game, after, [lead, line], previous=state)

    # --- reading ------------------------------------------------------------------------
    async def board(self, match_id: int, actor: Actor | None = None) -> Post:
        """The public board and status."""
        return await self.standing(match_id, actor, picture=True)

    async def standing(self, match_id: int, actor: Actor | None = None,
                       picture: bool = False) -> Post:
        """Scores and whose turn (with the itemised table where the game has one), and
        the public board when ``picture``."""
        match = await self.match(match_id, actor)
        if match.status == LOBBY:
            return Post(self.lobby_text(match))
        game, state = self._state(match)
        png = await self._apng(match, game, state, None) if picture else None
        text = "\n".join([self.status_text(match, game, state), *await self.clock_lines(match)])
        return Post(text, png, table=self._table(match, game, state))

    async def private(self, match_id: int, actor: Actor) -> Post:
        """The actor's own view (their secrets included), for the ephemeral command."""
        match = await self.match(match_id, actor)
        seated = match.seat_of(actor.user_id)
        if seated is None or seated.seat is None:
            raise ServiceError("You are not playing in this match.")
        game, state = self._state(match)
        secret = game.private_view(state, seated.seat)
        text = self._private_text(match, game, secret) if secret else (
            f"{game.title} has no hidden information: everything is on the board.")
        return Post(text, await self._apng(match, game, state, seated.seat),
                    filename="my-view.png")

    async def history(self, match_id: int, actor: Actor | None = None,
                      public: bool = False) -> list[str]:
        """Every move so far as a sentence for this viewer (private moves stay private):
        the actor's own view when seated, unless ``public`` asks for what everyone sees."""
        match = await self.match(match_id, actor)
        if match.snapshot is None:  # never started (in its lobby, or aborted there)
            return []
        game = self._game(match.game)
        seated = match.seat_of(actor.user_id) if actor else None
        viewer = seated.seat if seated and not public else None
        moves = await self.store.moves(match.id)
        lines = []
        for record, state in zip(moves, positions(game, match, moves), strict=False):
            text = self._describe(match, game, state, record.seat, record.notation, viewer)
            lines.append(f"{record.seq}. {text}")
        if match.result and match.status == FINISHED:
            lines.append(_sentence(self._named(match, match.result["reason"])))
        return lines

    async def replay(self, match_id: int) -> object:
        """The state rebuilt from the move log alone (the snapshot must equal it)."""
        match = await self.match(match_id)
        *_, state = positions(self._game(match.game), match, await self.store.moves(match.id))
        return state

    def lobby_text(self, match: MatchRecord) -> str:
        game = self._game(match.game)
        names = ", ".join(s.display_name for s in match.seats) or "nobody yet"
        options = ", ".join(f"{k}={v}" for k, v in match.options.items())
        return (f"**{game.title}** #{match.id} — lobby ({len(match.seats)}/"
                f"{game.max_players}, needs {game.min_players}). Players: {names}."
                + (f" Options: {options}." if options else ""))

    def status_text(self, match: MatchRecord, game: Game, state: object) -> str:
        view = game.view(state, None)
        parts = [f"**{game.title}** #{match.id}"]
        if "scores" in view:
            parts.append(" · ".join(f"{name} {points_text(score)}"
                                    for name, score in zip(match.names, view["scores"],
                                                           strict=False)))
        if match.status == RUNNING:
            parts.append(f"To act: {self._waiting(match, game, state)}.")
        elif match.result:
            parts.append(self._result_text(match, Result(**match.result)))
        elif match.status == ABORTED:
            parts.append("Aborted.")
        return "\n".join(parts)

    # --- internals ----------------------------------------------------------------------
    def _game(self, slug: str) -> Game:
        try:
            return engines.get(slug)
        except KeyError:
            games = ", ".join(g.slug for g in engines.all())
            raise ServiceError(f"There is no game called {slug!r}. Games: {games}.") from None

    def _state(self, match: MatchRecord) -> tuple[Game, object]:
        game = self._game(match.game)
        if match.snapshot is None:
            raise ServiceError("This match has not started yet.")
        return game, game.load(match.snapshot)

    async def _lobby(self, match_id: int, actor: Actor) -> MatchRecord:
        match = await self.match(match_id, actor)
        if match.status != LOBBY:
            raise ServiceError("This match has already started." if match.status == RUNNING
                               else "This match is over.")
        return match

    async def _add_seat(self, match: MatchRecord, user_id: int, name: str,
                        is_ai: bool) -> MatchRecord:
        game = self._game(match.game)
        try:
            return await self.store.add_seat(match.id, user_id=user_id, display_name=name,
                                             capacity=game.max_players, is_ai=is_ai)
        except Full:
            raise ServiceError(f"The match is full ({game.max_players} players).") from None
        except StaleVersion:
            raise ServiceError("The match has already started.") from None

    def _must_run(self, match: MatchRecord) -> None:
        if match.status == LOBBY:
            raise ServiceError("This match has not started yet.")
        if match.status != RUNNING:
            raise ServiceError("This match is over.")

    def _my_seats(self, match: MatchRecord, actor: Actor, game: Game | None = None,
                  state: object | None = None) -> list[int]:
        if game is None or state is None:
            game, state = self._state(match)
        mine = {s.seat for s in match.seats if s.user_id == actor.user_id and not s.resigned}
        return [seat for seat in game.to_act(state) if seat in mine]

    def _waiting_humans(self, match: MatchRecord, game: Game, state: object
                        ) -> list[SeatRecord]:
        """The players (not computers, not resigned) who must act now."""
        seats = [self._seat(match, s) for s in dict.fromkeys(game.to_act(state))]
        return [s for s in seats if not (s.is_ai or s.resigned)]

    def _waiting(self, match: MatchRecord, game: Game, state: object) -> str:
        names = match.names
        return ", ".join(names[s] for s in game.to_act(state)) or "nobody"

    async def _record(self, match: MatchRecord, game: Game, after: object, seat: int,
                      move: str) -> MatchRecord:
        result = game.result(after)
        status = RUNNING if result is None else FINISHED
        final = self._final_result(match, result) if result else None
        try:
            version = await self.store.record_move(
                match.id, version=match.version, seat=seat, notation=move,
                snapshot=game.dump(after), status=status,
                result=final.to_dict() if final else None)
        except StaleVersion:
            raise ServiceError(STALE) from None
        match.version, match.status = version, status
        match.snapshot = game.dump(after)
        match.result = final.to_dict() if final else None
        return match

    def _final_result(self, match: MatchRecord, result: Result) -> Result:
        """Resigned seats rank last, whatever the engine's ranking."""
        resigned = {s.seat for s in match.seats if s.resigned}
        if not resigned:
            return result
        ranking = [[s for s in group if s not in resigned] for group in result.ranking]
        ranking = [g for g in ranking if g] + [sorted(resigned)]
        return Result(result.scores, ranking, result.reason)

    async def _after(self, match: MatchRecord, game: Game, state: object, lines: list[str],
                     previous: object | None) -> Update:
        """Play automatic seats, then build the public and private posts."""
        first_previous = previous
        for _ in range(AI_MOVE_LIMIT):
            if match.status != RUNNING:
                break
            auto = [s for s in game.to_act(state)
                    if self._seat(match, s).is_ai or self._seat(match, s).resigned]
            if not auto:
                break
            seat = auto[0]
            move = await self._choose(match, game, state, seat)
            lines.append(self._describe(match, game, state, seat, move, viewer=None))
            after = game.play(state, seat, move)
            match = await self._record(match, game, after, seat, move)
            state = after
        if len(lines) > MAX_POST_LINES:
            skipped = len(lines) - MAX_POST_LINES
            lines = [lines[0], f"… {skipped} more moves (see /history) …",
                     *lines[-(MAX_POST_LINES - 1):]]
        if match.status == FINISHED and match.result:
            lines.append(self._result_text(match, Result(**match.result)))
            lines.extend(await ratings.settle(self.store, match))
        else:
            lines.append(f"To act: {self._waiting(match, game, state)}.")
        mentions = [self._seat(match, s).user_id for s in game.to_act(state)
                    if not self._seat(match, s).is_ai] if match.status == RUNNING else []
        public = Post("\n".join(lines), await self._apng(match, game, state, None),
                      mentions=mentions, table=self._table(match, game, state))
        return Update(match, public, await self._private_posts(match, game, state,
                                                              first_previous))

    async def _choose(self, match: MatchRecord, game: Game, state: object, seat: int) -> str:
        """The move the computer plays for ``seat`` (a computer seat, or one whose player
        resigned): the same for the same match and position."""
        seed = random.Random(f"{match.seed}:ai:{match.version}").getrandbits(62)
        # Off the event loop: a search takes up to a couple of seconds.
        return await asyncio.to_thread(self.player.choose, game, state, seat, seed)

    async def _private_posts(self, match: MatchRecord, game: Game, state: object,
                             previous: object | None) -> dict[int, Post]:
        posts: dict[int, Post] = {}
        for seated in match.by_seat():
            if seated.is_ai or seated.resigned:
                continue
            secret = game.private_view(state, seated.seat)
            if secret is None:
                continue
            if previous is not None and game.private_view(previous, seated.seat) == secret:
                continue
            posts[seated.user_id] = Post(
                self._private_text(match, game, secret), filename="my-view.png",
                pending=functools.partial(self._png, match, game, state, seated.seat))
        return posts

    def _private_text(self, match: MatchRecord, game: Game, secret: dict) -> str:
        lines = [f"Your private information in {game.title} #{match.id}:"]
        for key, value in secret.items():
            shown = ", ".join(map(str, value)) if isinstance(value, list | tuple) else value
            lines.append(f"- {key.replace('_', ' ')}: {shown if shown != '' else 'none'}")
        return "\n".join(lines)

    def _seat(self, match: MatchRecord, seat: int):
        return match.by_seat()[seat]

    def _describe(self, match: MatchRecord, game: Game, state: object, seat: int, move: str,
                  viewer: int | None) -> str:
        return self._named(match, game.describe(state, seat, move, viewer))

    def _named(self, match: MatchRecord, text: str) -> str:
        return name_seats(text, match.names)

    def _result_text(self, match: MatchRecord, result: Result) -> str:
        names = match.names
        winners = " and ".join(names[s] for s in result.ranking[0]) if result.ranking else ""
        scores = " · ".join(f"{n} {points_text(v)}" for n, v in zip(names, result.scores,
                                                              strict=False))
        verdict = (f"{winners} win{'s' if len(result.ranking[0]) == 1 else ''}"
                   if len(result.ranking) > 1 else "A draw")
        return f"Game over: {verdict} ({self._named(match, result.reason)}). Scores: {scores}."

    def _table(self, match: MatchRecord, game: Game, state: object
               ) -> list[tuple[str, list[tuple[str, float]]]]:
        breakdown = game.view(state, None).get("breakdown")
        if not breakdown:
            return []
        return [(name, [(str(label), pts) for label, pts in rows])
                for name, rows in zip(match.names, breakdown, strict=False)]

    def _png(self, match: MatchRecord, game: Game, state: object, seat: int | None = None
             ) -> bytes:
        return self._render(game.slug, game.view(state, seat), names=match.names)

    async def _apng(self, match: MatchRecord, game: Game, state: object,
                    seat: int | None) -> bytes:
        """Render off the event loop: a PNG takes tens of milliseconds."""
        return await asyncio.to_thread(self._png, match, game, state, seat)


def _schedule(clock: ClockRecord) -> clocks.Schedule:
    return clocks.Schedule(clock.remind_after, clock.remind_every, clock.deadline,
                           clock.on_timeout)


def _clock(remind: int | None, every: int | None, deadline: int | None,
           on_timeout: str | None) -> ClockRecord:
    """A match's clock from the start options (None: the default), checked."""
    top = clocks.MAX_REMIND_HOURS
    if remind is not None and not 0 <= remind <= top:
        raise ServiceError(f"Choose a first reminder between 1 and {top} hours, or 0 for none.")
    if every is not None and not 0 <= every <= top:
        raise ServiceError(f"Choose a reminder repeat between 1 and {top} hours, "
                           "or 0 to remind once.")
    if deadline is not None and not 0 <= deadline <= clocks.MAX_DEADLINE_HOURS:
        raise ServiceError(f"Choose a deadline between 1 and {clocks.MAX_DEADLINE_HOURS} "
                           "hours per turn, or 0 for none.")
    if on_timeout is not None and on_timeout not in clocks.ON_TIMEOUT:
        raise ServiceError("When time runs out the turn is either skip or forfeit.")
    if on_timeout is not None and not deadline:
        raise ServiceError("on_timeout needs a deadline: set deadline (hours per turn) too.")
    default = ClockRecord()
    return ClockRecord(default.remind_after if remind is None else remind,
                       default.remind_every if every is None else every,
                       deadline or 0, on_timeout or clocks.SKIP)


def positions(game: Game, match: MatchRecord, moves: Iterable[MoveRecord]) -> Iterator[object]:
    """The match's set-up, then the state after each of ``moves``: the log replayed (the
    move log is the source of truth; a snapshot must equal the last of these)."""
    state = game.setup(len(match.seats), match.seed, match.options)
    yield state
    for record in moves:
        state = game.play(state, record.seat, record.notation)
        yield state


def _sentence(text: str) -> str:
    """``text`` with a capital first letter and a full stop."""
    return text[:1].upper() + text[1:].rstrip(".") + "."


def points_text(value: float) -> str:
    """A score as players write it: 7, or 7.5."""
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


def parse_options(text: str | None) -> dict[str, str]:
    """``"terrain=true open_reserves=yes"`` → a dict; raises ServiceError on a bad pair."""
    options: dict[str, str] = {}
    for pair in (text or "").replace(",", " ").split():
        name, sep, value = pair.partition("=")
        if not sep or not name or not value:
            raise ServiceError(f"Options are written name=value, e.g. terrain=true; "
                               f"not {pair[:40]!r}.")
        options[name.strip().lower()] = value.strip()
    return options


__all__: Sequence[str] = ("Actor", "Post", "Reminder", "Service", "ServiceError", "Update",
                          "parse_options", "points_text", "positions")
