"""The heart of the match service: finding a match, loading its state, recording a move,
playing the automatic seats and building what to show whom.

The other modules of this package (lobby, turns, clocks, reading, undo, …) build on the
public methods of :class:`MatchCore`. Nothing is kept in memory between calls: the store
is the only state, so a restart loses nothing.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import random
import secrets
from collections.abc import Callable, Iterable, Iterator, Sequence
from datetime import UTC, datetime

import engines
import rendering
from db import (
    ABORTED,
    FINISHED,
    LOBBY,
    RUNNING,
    MatchRecord,
    MoveRecord,
    SeatRecord,
    StaleVersion,
    Store,
    records,
)
from engines.ai import LEVELS, Player, level_name
from engines.ai import player as level_player
from engines.ai.repetition import HISTORY, move_key
from engines.base import Game, Result
from service import boundary, clock_math, names, pool, ratings
from service.model import STALE, Actor, Post, Renderer, ServiceError, Update
from service.recent import marks_of, recent

log = logging.getLogger(__name__)

AI_MOVE_LIMIT = 20000  # a safety bound on consecutive automatic moves in one call
MAX_POST_LINES = 12  # a public post shows at most this many move lines


class MatchCore:
    """What every part of the service shares: the store, the clock, the computer player,
    the renderer, and the steps of running a match."""

    def __init__(self, store: Store, *, render: Renderer = rendering.render,
                 seed_source: Callable[[], int] | None = None,
                 shuffle: Callable[[list], None] | None = None,
                 vacation_days: int = clock_math.VACATION_DAYS,
                 now: Callable[[], datetime] | None = None,
                 player: Player | None = None,
                 escape: Callable[[str], str] | None = None,
                 level: str = "normal", offload: str = "thread") -> None:
        self.store = store
        self.vacation_days = vacation_days
        self.now = now or (lambda: datetime.now(UTC))
        """The time the clocks read where no ``now`` is given (tests put a fake clock)."""
        self.player: Player | None = player
        """A player object for every computer seat (tests, ``--ai-iterations``): it runs
        in a thread. Without one, each seat plays at its level (:meth:`level_of`)."""
        self.level = level_name(level)
        """The level of computer seats added without one, and of resigned seats."""
        if offload not in ("thread", "process"):
            raise ValueError(f"offload is 'thread' or 'process', not {offload!r}")
        self.offload = offload
        """Where decisions and pictures run: ``process`` (:mod:`service.pool`, the bot
        and the console) or ``thread`` (``asyncio.to_thread``: tests, no processes)."""
        self.render = render
        self.escape = escape or (lambda name: name)
        """How a person's name is written into text (the Discord front end escapes
        markdown); pictures get the names as they are."""
        self._seed = seed_source or (lambda: secrets.randbits(62))
        self._shuffle = shuffle or random.SystemRandom().shuffle

    # --- finding matches ----------------------------------------------------------------
    async def match(self, match_id: int, actor: Actor | None = None) -> MatchRecord:
        """The match, if it exists and belongs to the actor's guild."""
        if not isinstance(match_id, int) or not 0 < match_id < 2**63:  # 64-bit stores
            raise ServiceError(f"There is no match #{boundary.number(match_id)} here.")
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
        return [(match, match.status == RUNNING and bool(self.my_seats(match, actor)))
                for match in found]

    # --- a match's game, state and seats ------------------------------------------------
    def game_of(self, slug: str) -> Game:
        """The engine of ``slug``; a clear error for a game that does not exist."""
        try:
            return engines.get(slug)
        except (KeyError, TypeError):
            games = ", ".join(g.slug for g in engines.all())
            raise ServiceError(f"There is no game called {boundary.clip(slug)}. Games: "
                               f"{games}.") from None

    def state_of(self, match: MatchRecord) -> tuple[Game, object]:
        """The match's engine and its current state (from the snapshot)."""
        game = self.game_of(match.game)
        if match.snapshot is None:
            raise ServiceError("This match has not started yet.")
        return game, game.load(match.snapshot)

    @staticmethod
    def seat_at(match: MatchRecord, seat: int) -> SeatRecord:
        return match.by_seat()[seat]

    @staticmethod
    def require_running(match: MatchRecord) -> None:
        if match.status == LOBBY:
            raise ServiceError("This match has not started yet.")
        if match.status != RUNNING:
            raise ServiceError("This match is over.")

    def my_seats(self, match: MatchRecord, actor: Actor, game: Game | None = None,
                 state: object | None = None) -> list[int]:
        """The actor's seats that must act now."""
        if game is None or state is None:
            game, state = self.state_of(match)
        mine = {s.seat for s in match.seats if s.user_id == actor.user_id and not s.resigned}
        return [seat for seat in game.to_act(state) if seat in mine]

    def waiting_humans(self, match: MatchRecord, game: Game, state: object
                       ) -> list[SeatRecord]:
        """The players (not computers, not resigned) who must act now."""
        seats = [self.seat_at(match, s) for s in dict.fromkeys(game.to_act(state))]
        return [s for s in seats if not (s.is_ai or s.resigned)]

    # --- names in text ------------------------------------------------------------------
    def names(self, match: MatchRecord) -> list[str]:
        """The seats' names as written into text (escaped for the front end)."""
        return [self.escape(name) for name in match.names]

    def name(self, seated: SeatRecord | None, default: str = "?") -> str:
        return self.escape(seated.display_name) if seated else default

    def named(self, match: MatchRecord, text: str) -> str:
        """Engine text (a description, a reason, an error) with its seats named."""
        return names.named(text, self.names(match))

    def describe(self, match: MatchRecord, game: Game, state: object, seat: int, move: str,
                 viewer: int | None) -> str:
        """``move`` by ``seat`` as a sentence for ``viewer`` (None: everyone)."""
        return self.named(match, game.describe(state, seat, move, viewer))

    def waiting_text(self, match: MatchRecord, game: Game, state: object) -> str:
        return names.waiting_text(self.names(match), game.to_act(state))

    def result_text(self, match: MatchRecord, result: Result) -> str:
        return names.result_text(self.names(match), result)

    # --- recording and what follows -----------------------------------------------------
    async def record(self, match: MatchRecord, game: Game, before: object, after: object,
                     seat: int, move: str) -> MatchRecord:
        """Store ``move`` (played in ``before``) and the state ``after`` it in one versioned
        transaction, with what it showed everyone: where it happened and its public words."""
        result = game.result(after)
        status = RUNNING if result is None else FINISHED
        final = self.final_result(match, result) if result else None
        now = self.now()
        banks, spent = await self.banks_after(match, game, before, after, seat, now)
        try:
            version = await self.store.record_move(
                match.id, version=match.version, seat=seat, notation=move,
                snapshot=game.dump(after), status=status,
                result=final.to_dict() if final else None,
                marks=game.view(after, None).get("last", []),
                said=game.describe(before, seat, move, None), banks=banks, spent=spent,
                turn_began=match.updated_at)
        except StaleVersion:
            raise ServiceError(STALE) from None
        match.version, match.status, match.updated_at = version, status, records.now()
        for number, seconds in banks.items():
            self.seat_at(match, number).bank = seconds
        match.snapshot = game.dump(after)
        match.result = final.to_dict() if final else None
        return match

    async def banks_after(self, *move: object) -> tuple[dict[int, int], dict[int, int]]:
        """The time banks a move changes, recorded with it (:mod:`service.bank`): none."""
        return {}, {}

    @staticmethod
    def final_result(match: MatchRecord, result: Result) -> Result:
        """Resigned seats rank last, whatever the engine's ranking."""
        resigned = {s.seat for s in match.seats if s.resigned}
        if not resigned:
            return result
        ranking = [[s for s in group if s not in resigned] for group in result.ranking]
        ranking = [g for g in ranking if g] + [sorted(resigned)]
        return Result(result.scores, ranking, result.reason)

    async def after(self, match: MatchRecord, game: Game, state: object, lines: list[str],
                    previous: object | None, moved: int = 0) -> Update:
        """Play the automatic seats, then build the public and private posts. ``moved``:
        how many moves the caller recorded just before (their lines are in ``lines``)."""
        first_previous = previous
        history: list[str] | None = None
        for _ in range(AI_MOVE_LIMIT):
            if match.status != RUNNING:
                break
            auto = [s for s in game.to_act(state)
                    if self.seat_at(match, s).is_ai or self.seat_at(match, s).resigned]
            if not auto:
                break
            seat = auto[0]
            if history is None:
                history = list(await self.recent_moves(match, game))
            move = await self.choose(match, game, state, seat, history)
            lines.append(self.describe(match, game, state, seat, move, viewer=None))
            after = game.play(state, seat, move)
            match = await self.record(match, game, state, after, seat, move)
            before, state = state, after
            moved += 1
            key = move_key(game, before, seat, state)
            if key is not None:
                history = [*history[-(HISTORY - 1):], key]
        played = await self.store.moves(match.id)
        acting = game.to_act(state)[:1] if match.status == RUNNING else []
        # What others did since this player's last turn, before this update: listed when
        # the turn comes to them (not again at each step of their own turn).
        comes_back = acting and played and played[-1].seat != acting[0]
        earlier = recent(played[:len(played) - moved], acting[0]) if comes_back else []
        if earlier:
            name = self.names(match)[acting[0]]
            lines = [f"Since {name}'s last turn:",
                     *(self.named(match, m.said) for m in earlier if m.said), *lines]
        if len(lines) > MAX_POST_LINES:
            skipped = len(lines) - MAX_POST_LINES
            lines = [lines[0], f"… {skipped} more moves (see /history) …",
                     *lines[-(MAX_POST_LINES - 1):]]
        if match.status == FINISHED and match.result:
            lines.extend(await self.final_lines(match, game, state))
        else:
            lines.append(f"To act: {self.waiting_text(match, game, state)}.")
        mentions = [self.seat_at(match, s).user_id for s in game.to_act(state)
                    if not self.seat_at(match, s).is_ai] if match.status == RUNNING else []
        # The itemised table (Terra's) comes at the end, and on request (/score): after
        # every move it would bury the move under a screen of numbers.
        table = self.table(match, game, state) if match.status == FINISHED else []
        marks = (marks_of(recent(played, acting[0])) or None) if acting else None
        public = Post("\n".join(lines), await self.picture(match, game, state, None, marks),
                      mentions=mentions, table=table)
        return Update(match, public, self.private_posts(match, game, state, first_previous,
                                                        played))

    async def final_lines(self, match: MatchRecord, game: Game, state: object) -> list[str]:
        """The end of a match: who won and why, every secret revealed, rating changes."""
        result = Result(**match.result) if match.result else None
        lines = [self.result_text(match, result)] if result else []
        reveal = game.final_reveal(state)
        if reveal:
            lines.append("Revealed: " + self.named(match, reveal))
        return [*lines, *await ratings.settle(self.store, match, self.escape)]

    async def choose(self, match: MatchRecord, game: Game, state: object, seat: int,
                     history: Sequence[str] = ()) -> str:
        """The move the computer plays for ``seat`` (a computer seat, or one whose player
        resigned): the same for the same match and position, in a thread or the pool.
        ``history``: the keys of the match's recent moves (not to go round in
        circles)."""
        seed = random.Random(f"{match.seed}:ai:{match.version}").getrandbits(62)
        history = tuple(history)
        if self.player is not None:
            return await asyncio.to_thread(self.player.choose, game, state, seat, seed,
                                           history)
        level = self.level_of(self.seat_at(match, seat))
        if self.offload == "process":
            move, _, _ = await pool.run(pool.decide, game.slug, game.dump(state), seat,
                                        seed, level, history)
            return move
        return await asyncio.to_thread(
            lambda: level_player(level).choose(game, state, seat, seed, history))

    def level_of(self, seated: SeatRecord) -> str:
        """A computer seat's level: written after its name ("Computer 1 (hard)"), else
        the service's level (also for a player who resigned)."""
        name = seated.display_name
        if seated.is_ai and name.endswith(")") and "(" in name:
            written = name[name.rindex("(") + 1:-1]
            if written in LEVELS:
                return written
        return self.level

    async def recent_moves(self, match: MatchRecord, game: Game) -> tuple[str, ...]:
        """The keys of the match's last moves (:mod:`engines.ai.repetition`), replayed
        from its move log off the event loop."""
        moves = [(m.seat, m.notation) for m in await self.store.moves(match.id)]
        args = (game.slug, len(match.seats), match.seed, match.options, moves)
        if self.offload == "process":
            return await pool.run(pool.recent_keys, *args)
        return await asyncio.to_thread(pool.recent_keys, *args)

    def private_posts(self, match: MatchRecord, game: Game, state: object,
                      previous: object | None, moves: Sequence[MoveRecord] = ()
                      ) -> dict[int, Post]:
        """A post for each human whose private view changed since ``previous``; its picture
        marks what was played since that player's last turn."""
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
                self.private_text(match, game, state, seated.seat), filename="my-view.png",
                pending=functools.partial(self.draw, match, game, state, seated.seat,
                                          marks_of(recent(moves, seated.seat)) or None))
        return posts

    def private_text(self, match: MatchRecord, game: Game, state: object, seat: int) -> str:
        """``seat``'s private information as the game words it, headed by the match."""
        said = game.private_text(state, seat)
        if said is None:
            return f"{game.title} has no hidden information: everything is on the board."
        return f"{game.title} #{match.id}, for your eyes only: " + self.named(match, said)

    def table(self, match: MatchRecord, game: Game, state: object
              ) -> list[tuple[str, list[tuple[str, float]]]]:
        """The itemised score table, where the game keeps one."""
        breakdown = game.view(state, None).get("breakdown")
        if not breakdown:
            return []
        return [(name, [(str(label), pts) for label, pts in rows])
                for name, rows in zip(self.names(match), breakdown, strict=False)]

    # --- pictures -----------------------------------------------------------------------
    def draw(self, match: MatchRecord, game: Game, state: object, seat: int | None = None,
             marks: dict[int, list[str]] | None = None) -> bytes:
        """The PNG of ``seat``'s view (None: the public view); a finished match's picture
        says who won and why, in the words of its text (one result, shown everywhere).
        ``marks``: each seat's moves to outline (see :func:`recent`)."""
        return self.render(game.slug, game.view(state, seat), names=match.names,
                           outcome=outcome_of(match), marks=marks)

    async def picture(self, match: MatchRecord, game: Game, state: object,
                      seat: int | None, marks: dict[int, list[str]] | None = None) -> bytes:
        """:meth:`draw` off the event loop (a PNG takes tens of milliseconds): in the
        process pool when the service offloads there and draws with the real renderer."""
        if self.offload == "process" and self.render is rendering.render:
            return await pool.run(pool.picture, game.slug, game.view(state, seat),
                                  list(match.names), outcome_of(match), marks)
        return await asyncio.to_thread(self.draw, match, game, state, seat, marks)


def outcome_of(match: MatchRecord) -> str | None:
    """The line a finished (or aborted) match's pictures show instead of who is to act."""
    if match.status == FINISHED and match.result:
        return names.outcome_text(match.names, Result(**match.result))
    if match.status == ABORTED:
        return "Aborted"
    return None


def positions(game: Game, match: MatchRecord, moves: Iterable[MoveRecord]) -> Iterator[object]:
    """The match's set-up, then the state after each of ``moves``: the log replayed (the
    move log is the source of truth; a snapshot must equal the last of these)."""
    state = game.setup(len(match.seats), match.seed, match.options)
    yield state
    for record in moves:
        state = game.play(state, record.seat, record.notation)
        yield state
