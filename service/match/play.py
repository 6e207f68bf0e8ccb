"""Playing a match on: recording a move (with the time banks it changes), then playing
the automatic seats and building what to show whom. Every change of a running match's
position (a move, a resignation, a take-back, a timeout, an import) ends here."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import groupby
from typing import Protocol

from db import FINISHED, RUNNING, MatchRecord, MoveRecord, StaleVersion, Store, records
from engines.ai.repetition import HISTORY, move_key
from engines.base import Game, Result, State, plural, seat_name
from service.clocks.bank import Banks
from service.clocks.turn_clocks import TurnClocks
from service.common.model import STALE, EventNews, Post, ServiceError, Update
from service.learning import lessons
from service.learning.coach import hint_lines
from service.match.computer import Computer
from service.match.core import Matches, Now
from service.match.pictures import Pictures
from service.match.ratings import Ratings
from service.match.recent import marks_for, recent

log = logging.getLogger(__name__)

AI_MOVE_LIMIT = 20000  # a safety bound on consecutive automatic moves in one call
MAX_POST_LINES = 12  # a public post shows at most this many move lines


class MatchEnds(Protocol):
    """Who hears of a match's end besides its players: the tournaments."""

    async def match_over(self, match: MatchRecord) -> list[EventNews]: ...

    async def timed_out(self, match: MatchRecord, user_id: int) -> None: ...


@dataclass(eq=False)
class Play:
    store: Store
    matches: Matches
    banks: Banks
    clocks: TurnClocks
    pictures: Pictures
    computer: Computer
    ratings: Ratings
    now: Now
    events: MatchEnds | None = None
    """Told when a match ends or a player runs out of time (set by the service)."""

    async def ended(self, match: MatchRecord) -> list[EventNews]:
        """Tell :attr:`events` that ``match`` is over; what that changed."""
        return await self.events.match_over(match) if self.events is not None else []

    async def timed_out(self, match: MatchRecord, user_id: int) -> None:
        """Tell :attr:`events` that ``user_id`` forfeits ``match`` on time."""
        if self.events is not None:
            await self.events.timed_out(match, user_id)

    async def record(self, match: MatchRecord, game: Game, before: State, after: State,
                     seat: int, move: str, said: str | None = None) -> MatchRecord:
        """Store ``move`` (played in ``before``) and the state ``after`` it in one versioned
        transaction, with what it showed everyone: where it happened and its public words
        (``said``, the engine's :meth:`describe` for everyone, when the caller has it)."""
        result = game.result(after)
        status = RUNNING if result is None else FINISHED
        final = final_result(match, result) if result else None
        now = self.now()
        clock = await self.store.clock(match.id)
        banks, spent = await self.banks.changes(match, clock, game, before, after, seat, now)
        snapshot = game.dump(after)
        try:
            version = await self.store.record_move(
                match.id, version=match.version, seat=seat, notation=move,
                snapshot=snapshot, status=status,
                result=final.to_dict() if final else None,
                marks=game.view(after, None).get("last", []),
                said=said if said is not None else game.describe(before, seat, move, None),
                banks=banks, spent=spent, turn_began=match.updated_at)
        except StaleVersion:
            raise ServiceError(STALE) from None
        match.version, match.status, match.updated_at = version, status, records.now()
        for number, left in banks.items():
            self.matches.seat_at(match, number).bank = left
        match.snapshot = snapshot
        match.result = final.to_dict() if final else None
        return match

    async def after(self, match: MatchRecord, game: Game, state: State, lines: list[str],
                    previous: State | None, moved: int = 0) -> Update:
        """Play the automatic seats, then build the public and private posts. ``moved``:
        how many moves the caller recorded just before (their lines are in ``lines``)."""
        first_previous = previous
        history: list[str] | None = None
        for _ in range(AI_MOVE_LIMIT):
            if match.status != RUNNING:
                break
            auto = [s for s in game.to_act(state)
                    if self.matches.seat_at(match, s).is_ai
                    or self.matches.seat_at(match, s).resigned]
            if not auto:
                break
            seat = auto[0]
            if history is None:
                history = list(await self.computer.recent_moves(match, game))
            move = await self.computer.choose(match, game, state, seat, history)
            said = game.describe(state, seat, move, None)
            lines.append(self.matches.named(match, said))
            after = game.play(state, seat, move)
            match = await self.record(match, game, state, after, seat, move, said)
            before, state = state, after
            moved += 1
            key = move_key(game, before, seat, state)
            if key is not None:
                history = [*history[-(HISTORY - 1):], key]
        played = await self.store.moves(match.id)
        update = await self.posts(match, game, state, lines, first_previous, played, moved)
        if match.lesson and update.public is not None:
            update.public = lessons.framed(update.public, match, played)
        if match.status != RUNNING:
            update.news = await self.ended(match)
        return await self.with_clock_lines(update)

    async def posts(self, match: MatchRecord, game: Game, state: State, lines: list[str],
                    previous: State | None, played: list[MoveRecord], moved: int) -> Update:
        """The public post (the moves' lines, who acts now or how it ended, the picture)
        and the private ones. While the player to act made the last move (a step of their
        turn: Storm's roll before its actions, Terra's build before its discard), the post
        is the whole turn's so far, for the bot to edit in place (:attr:`Update.turn`),
        and it pings nobody: the mover is here already."""
        names = self.matches.names(match)
        acting = game.to_act(state)[:1] if match.status == RUNNING else []
        start = turn_start(played, acting[0]) if acting else len(played)
        goes_on = start < len(played)  # the player to act moved last: their turn goes on
        if acting:
            # The turn's post: what is not a move (a resignation, a timeout), what others
            # did since this player's last turn, one line a player's turn, then this
            # turn's steps.
            others = lines[:max(len(lines) - moved, 0)]
            last = next((i for i in range(start - 1, -1, -1)
                         if played[i].seat == acting[0]), -1)
            if last >= 0 and all(self.automatic(match, m.seat)
                                 for m in played[last + 1:start]):
                # Their own last move and the computers' replies: they saw all before,
                # so no heading; their move, then the replies.
                head = self.recap(match, played[last:start])
            else:
                earlier = recent(played[:start], acting[0])
                head = [f"Since {names[acting[0]]}'s last turn:" if last >= 0
                        else f"Before {names[acting[0]]}'s first turn:",
                        *self.recap(match, earlier)] if earlier else []
            lines = [*others, *head,
                     *(self.matches.named(match, m.said) for m in played[start:] if m.said)]
        lines = elided(lines)
        if match.status == FINISHED and match.result:
            lines.extend(await self.final_lines(match, game, state))
        else:
            lines.append(f"To act: {self.matches.waiting_text(match, game, state)}.")
        seat_at = self.matches.seat_at
        mentions = [seat_at(match, s).user_id for s in game.to_act(state)
                    if not seat_at(match, s).is_ai and not (goes_on and s == acting[0])
                    ] if match.status == RUNNING else []
        # The itemised table (Terra's) comes at the end, and on request (/score): after
        # every move it would bury the move under a screen of numbers.
        table = self.matches.table(match, game, state) if match.status == FINISHED else []
        marks = marks_for(played, acting[0] if acting else None)
        public = Post("\n".join(lines),
                      await self.pictures.picture(match, game, state, None, marks),
                      mentions=mentions, table=table,
                      alt=self.pictures.alt(match, game, state, None, marks),
                      pending=self.pictures.later(match, game, state, None, marks),
                      accent=self.pictures.accent(match, game, state))
        turn = f"{acting[0]}:{start}" if acting else None
        private = self.private_posts(match, game, state, previous, played)
        actor = seat_at(match, acting[0]).user_id if acting else None
        caused = moved_turn(played, moved)
        return Update(match, public, private, self.matches.choices_of(match, game, state),
                      choices_known=True, turn=turn,
                      private_turns={u: key for u in private
                                     if (key := turn if u == actor else caused)})

    def automatic(self, match: MatchRecord, seat: int) -> bool:
        """Whether the bot plays ``seat`` (a computer's, or a resigned player's)."""
        seated = self.matches.seat_at(match, seat)
        return seated.is_ai or seated.resigned

    def recap(self, match: MatchRecord, moves: Sequence[MoveRecord]) -> list[str]:
        """The moves as one line per player's turn: the first step names the player, the
        next ones follow it ("Bo rolled 5; converted f6; ended their turn.")."""
        turns: list[tuple[list[int], str]] = []  # (seats, the turn's words after the name)
        for seat, group in groupby(moves, key=lambda m: m.seat):
            steps = [m.said.rstrip(". ") for m in group if m.said]
            if not steps:
                continue
            own = seat_name(seat) + " "
            words = [s[len(own):] if s.startswith(own) else s for s in steps]
            if not steps[0].startswith(own):
                turns.append(([], "; ".join([steps[0], *words[1:]])))
            elif turns and turns[-1][0] and turns[-1][1] == "; ".join(words):
                turns[-1][0].append(seat)  # the same turn as the player before
            else:
                turns.append(([seat], "; ".join(words)))
        return [self.matches.named(match, _who(seats) + text + ".") for seats, text in turns]

    async def with_clock_lines(self, update: Update) -> Update:
        """The update with the clock lines of a match that has a time bank or pauses on
        weekends (each player's bank, after every move)."""
        if update.public is None or update.match.status != RUNNING:
            return update
        clock = await self.store.clock(update.match.id)
        if clock.bank or clock.weekend_pause:
            said = await self.clocks.clock_lines(update.match, clock=clock)
            update.public.text = "\n".join([update.public.text, *said])
        return update

    async def final_lines(self, match: MatchRecord, game: Game, state: State) -> list[str]:
        """The end of a match: who won and why, every secret revealed, rating changes."""
        result = Result(**match.result) if match.result else None
        lines = [self.matches.result_text(match, result)] if result else []
        reveal = game.final_reveal(state)
        if reveal:
            lines.append("Revealed: " + self.matches.named(match, reveal))
        lines += await hint_lines(self.store, self.matches, match)
        return [*lines, *await self.ratings.settle(match)]

    def private_posts(self, match: MatchRecord, game: Game, state: State,
                      previous: State | None, moves: Sequence[MoveRecord] = ()
                      ) -> dict[int, Post]:
        """A post for each human whose private view changed since ``previous``; its picture
        marks what was played since that player's last turn."""
        posts: dict[int, Post] = {}
        for seated in match.by_seat():
            if seated.is_ai or seated.resigned or seated.seat is None:
                continue
            secret = game.private_view(state, seated.seat)
            if secret is None:
                continue
            if previous is not None and game.private_view(previous, seated.seat) == secret:
                continue
            marks = marks_for(moves, seated.seat)
            posts[seated.user_id] = Post(
                self.matches.private_text(match, game, state, seated.seat),
                filename="my-view.png",
                pending=self.pictures.later(match, game, state, seated.seat, marks),
                alt=self.pictures.alt(match, game, state, seated.seat, marks),
                accent=self.pictures.accent(match, game, state))
        return posts


def turn_start(played: Sequence[MoveRecord], seat: int) -> int:
    """Where ``seat``'s turn began in ``played``: after the last move by another seat
    (``len(played)`` when another seat moved last: the turn has just come to them)."""
    start = len(played)
    while start > 0 and played[start - 1].seat == seat:
        start -= 1
    return start


def moved_turn(played: Sequence[MoveRecord], moved: int) -> str | None:
    """The turn (:attr:`Update.turn`'s key) of the first of the last ``moved`` moves."""
    first = len(played) - moved
    if moved <= 0 or first < 0:
        return None
    seat = played[first].seat
    return f"{seat}:{turn_start(played[:first + 1], seat)}"


def elided(lines: list[str], limit: int = MAX_POST_LINES) -> list[str]:
    """At most ``limit`` lines: the first, "… N more moves (see /history) …" in place of
    those in the middle, then the latest. A marker never stands for one line alone: that
    line is shown instead."""
    if len(lines) <= limit + 1:
        return lines
    skipped = len(lines) - limit
    return [lines[0], f"… {plural(skipped, 'more move')} (see /history) …",
            *lines[-(limit - 1):]]


def final_result(match: MatchRecord, result: Result) -> Result:
    """Resigned seats rank last, whatever the engine's ranking."""
    resigned = {s.seat for s in match.seats if s.resigned and s.seat is not None}
    if not resigned:
        return result
    ranking = [[s for s in group if s not in resigned] for group in result.ranking]
    ranking = [g for g in ranking if g] + [sorted(resigned)]
    return Result(result.scores, ranking, result.reason)


def _who(seats: list[int]) -> str:
    """Who a recap line is about: "{seat0} ", or "{seat0}, {seat1} and {seat2} each "
    when several players' turns said the same words (When Gods Collide's set-up)."""
    if not seats:
        return ""
    names = [seat_name(seat) for seat in seats]
    if len(names) == 1:
        return names[0] + " "
    return ", ".join(names[:-1]) + " and " + names[-1] + " each "
