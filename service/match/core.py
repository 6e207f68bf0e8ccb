"""Finding a match, loading its game and state, its seats and the texts that name them:
what every other part of the service asks first. Nothing is kept in memory between
calls: the store is the only state, so a restart loses nothing.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime

import engines
import speech
from db import ABORTED, FINISHED, LOBBY, RUNNING, MatchRecord, MoveRecord, SeatRecord, Store
from engines.base import Game, Result, State
from engines.replay import replayed
from service.common import boundary, names
from service.common.model import Actor, Choices, ServiceError

Games = Callable[[str], Game]
"""The engine registry: a game by its slug (``engines.get``), KeyError for none."""
Listing = Callable[[], Iterable[Game]]
"""Every game there is (``engines.all``), to name them in an error."""
LESSON_ALONE = "Match #{id} is a lesson: only its learner may see it."
"""The refusal of a lesson to anyone but its learner (:meth:`Matches.learners_own`)."""


class Now:
    """The time the clocks read where no ``now`` is given; one object shared by every
    part of the service, so a test that sets :attr:`Service.now` moves all of them."""

    def __init__(self, read: Callable[[], datetime] | None = None) -> None:
        self.read: Callable[[], datetime] = read or (lambda: datetime.now(UTC))

    def __call__(self) -> datetime:
        return self.read()


@dataclass(eq=False)
class Matches:
    """A match by id or by place, its engine and state, and its seats named in text."""

    store: Store
    games: Games
    listing: Listing
    escape: Callable[[str], str]
    """How a person's name is written into text (the Discord front end escapes
    markdown); pictures get the names as they are."""

    # --- finding matches ----------------------------------------------------------------
    async def match(self, match_id: int, actor: Actor | None = None) -> MatchRecord:
        """The match, if it exists and belongs to the actor's guild."""
        if not isinstance(match_id, int) or not 0 < match_id < 2**63:  # 64-bit stores
            raise ServiceError(f"There is no match #{boundary.number(match_id)} here.")
        match = await self.store.get_match(match_id)
        if match is None:
            raise ServiceError(f"There is no match #{match_id} here.")
        return self.here(match, actor)

    async def readable(self, match_id: int, actor: Actor | None = None) -> MatchRecord:
        """The match, as :meth:`match`, for the actor to look at or ask about (its board,
        history, record, replay, hint, notes, follow): a lesson only for its learner."""
        return self.learners_own(await self.match(match_id, actor), actor)

    @staticmethod
    def learners_own(match: MatchRecord, actor: Actor | None) -> MatchRecord:
        """The match, unless it is a lesson and the actor is not its learner (issue 57):
        a lesson is played in a private thread, and nobody else reads it from outside
        (``None``, the service itself, may)."""
        if match.lesson and actor is not None and match.seat_of(actor.user_id) is None:
            raise ServiceError(LESSON_ALONE.format(id=match.id))
        return match

    @staticmethod
    def here(match: MatchRecord, actor: Actor | None) -> MatchRecord:
        """The match, if it belongs to the actor's guild (else, as for one that does not
        exist: another server's matches are not named)."""
        if actor is not None and actor.guild_id is not None and match.guild_id != actor.guild_id:
            raise ServiceError(f"There is no match #{match.id} here.")
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
                return self.here(found[0], actor)
            hosted = [m for m in await self.store.find_matches(
                channel_id=channel_id, user_id=actor.user_id) if m.hosted]
            if len(hosted) == 1:  # a match without a thread, started here (issue 55)
                return hosted[0]
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

    async def my_started(self, actor: Actor, statuses: tuple[str, ...],
                         limit: int = 25) -> list[MatchRecord]:
        """The actor's matches in this guild with these statuses that have a board (have
        started), newest first."""
        found = await self.store.find_matches(guild_id=actor.guild_id, user_id=actor.user_id,
                                              statuses=statuses, limit=limit)
        return [m for m in found if m.snapshot is not None]

    # --- a match's game, state and seats ------------------------------------------------
    def game_of(self, slug: str) -> Game:
        """The engine of ``slug``; a clear error for a game that does not exist."""
        try:
            return self.games(slug)
        except (KeyError, TypeError):
            games = ", ".join(g.slug for g in self.listing())
            raise ServiceError(f"There is no game called {boundary.clip(slug)}. Games: "
                               f"{games}.") from None

    def state_of(self, match: MatchRecord) -> tuple[Game, State]:
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

    @staticmethod
    def player(match: MatchRecord, actor: Actor) -> SeatRecord:
        """The actor's seat in ``match``; the refusal when they do not play in it."""
        seated = match.seat_of(actor.user_id)
        if seated is None or seated.seat is None:
            raise ServiceError("You are not playing in this match.")
        return seated

    def my_seats(self, match: MatchRecord, actor: Actor, game: Game | None = None,
                 state: State | None = None) -> list[int]:
        """The actor's seats that must act now."""
        if game is None or state is None:
            game, state = self.state_of(match)
        mine = {s.seat for s in match.seats if s.user_id == actor.user_id and not s.resigned}
        return [seat for seat in game.to_act(state) if seat in mine]

    def waiting_humans(self, match: MatchRecord, game: Game, state: State
                       ) -> list[SeatRecord]:
        """The players (not computers, not resigned) who must act now."""
        seats = [self.seat_at(match, s) for s in dict.fromkeys(game.to_act(state))]
        return [s for s in seats if not (s.is_ai or s.resigned)]

    def choices_of(self, match: MatchRecord, game: Game, state: State) -> Choices | None:
        """The moves of the one human who must act now (None when nobody or several do,
        or the match is not running), and whether everyone may see them: the rules say
        so (:meth:`~engines.base.Game.moves_are_public`) and none of them is private."""
        if match.status != RUNNING:
            return None
        humans = self.waiting_humans(match, game, state)
        if len(humans) != 1 or len(set(game.to_act(state))) != 1:
            return None
        seat = humans[0].number
        moves = game.legal_moves(state, seat)
        public = game.moves_are_public(match.options) and not any(
            game.is_private(move) for move in moves)
        return Choices(humans[0].user_id, moves, public, match.version)

    def automatic_to_act(self, match: MatchRecord, game: Game, state: State) -> bool:
        """Whether a computer (or a resigned player's seat) must act now."""
        return any(self.seat_at(match, s).is_ai or self.seat_at(match, s).resigned
                   for s in game.to_act(state))

    def positions(self, match: MatchRecord, moves: Iterable[MoveRecord]) -> Iterator[State]:
        """The match's set-up, then the state after each of ``moves`` (see
        :func:`positions`)."""
        return positions(self.game_of(match.game), match, moves)

    # --- names in text ------------------------------------------------------------------
    def names(self, match: MatchRecord) -> list[str]:
        """The seats' names as written into text (escaped for the front end)."""
        return [self.escape(name) for name in match.names]

    def name(self, seated: SeatRecord | None, default: str = "?") -> str:
        return self.escape(seated.display_name) if seated else default

    def actor_name(self, actor: Actor, default: str = "A player") -> str:
        """The acting person's name as the front end gives it now, cleaned and escaped
        (:func:`service.common.boundary.written`); ``default`` when nothing of it is left."""
        cleaned = boundary.person_name(actor.name, "")
        return self.escape(cleaned) if cleaned else default

    def named(self, match: MatchRecord, text: speech.Words) -> speech.Words:
        """Engine text (a description, a reason, an error) with its seats named: in a
        catalogue text, its facts (a name is a fact, never translated)."""
        seats = self.names(match)
        return speech.filled(text, lambda words: names.named(words, seats))

    def describe(self, match: MatchRecord, game: Game, state: State, seat: int, move: str,
                 viewer: int | None) -> speech.Words:
        """``move`` by ``seat`` as a sentence for ``viewer`` (None: everyone)."""
        return self.named(match, game.said(state, seat, move, viewer))

    def waiting_text(self, match: MatchRecord, game: Game, state: State) -> str:
        return names.waiting_text(self.names(match), game.to_act(state))

    def waiting(self, match: MatchRecord, game: Game, state: State) -> speech.Words:
        """Who must act, by name, as the reader's language lists them."""
        seats = self.names(match)
        acting = [seats[s] for s in dict.fromkeys(game.to_act(state))]
        return speech.Listed(acting) if acting else speech.Text("match-nobody")

    def result_text(self, match: MatchRecord, result: Result) -> str:
        return names.result_text(self.names(match), result, self.score_unit(match))

    def result_said(self, match: MatchRecord, result: Result) -> speech.Text:
        """The end of a match in one line (:meth:`result_text`), as a catalogue text:
        who won, why, and the scores."""
        seats = self.names(match)
        if len(result.ranking) <= 1:
            verdict = speech.Text("match-draw")
        else:
            verdict = speech.Text("match-wins", {
                "who": speech.Listed(seats[s] for s in result.ranking[0]),
                "count": len(result.ranking[0])})
        unit = self.score_unit(match)
        scores = speech.Lines((speech.Text("match-score", {
            "who": name, "unit": unit,
            "score": int(score) if float(score).is_integer() else score})
            for name, score in zip(seats, result.scores, strict=False)), " · ")
        return speech.Text("match-game-over", {
            "verdict": verdict, "reason": self.named(match, result.reason), "scores": scores})

    def score_unit(self, match: MatchRecord) -> str:
        """What the match's scores count ("point", "checker")."""
        return engines.spec(match.game).score_unit

    def private_text(self, match: MatchRecord, game: Game, state: State, seat: int
                     ) -> speech.Text:
        """``seat``'s private information as the game words it, headed by the match."""
        said = game.private_text(state, seat)
        if said is None:
            return speech.Text("match-no-secrets", {"game": game.title})
        return speech.Text("match-private", {"game": game.title, "id": str(match.id),
                                             "secret": self.named(match, said)})

    def table(self, match: MatchRecord, game: Game, state: State
              ) -> list[tuple[str, list[tuple[str, float]]]]:
        """The itemised score table, where the game keeps one."""
        breakdown = game.view(state, None).get("breakdown")
        if not breakdown:
            return []
        return [(name, [(str(label), pts) for label, pts in rows])
                for name, rows in zip(self.names(match), breakdown, strict=False)]


def outcome_of(match: MatchRecord) -> str | None:
    """The line a finished (or aborted) match's pictures show instead of who is to act."""
    if match.status == FINISHED and match.result:
        return names.outcome_text(match.names, Result(**match.result))
    if match.status == ABORTED:
        return "Aborted"
    return None


def positions(game: Game, match: MatchRecord, moves: Iterable[MoveRecord]) -> Iterator[State]:
    """The match's set-up, then the state after each of ``moves``: the log replayed (the
    move log is the source of truth; a snapshot must equal the last of these)."""
    return replayed(game, len(match.seats), match.seed, match.options,
                    ((m.seat, m.notation) for m in moves))


def replay_problem(match: MatchRecord, moves: list[MoveRecord],
                   games: Games | None = None) -> str | None:
    """Why the match's log does not reproduce its snapshot; None if it does (the check
    ``python -m bot migrate`` runs on every match it copies: :mod:`db` knows no
    engines, so the service hands it this)."""
    if match.snapshot is None:
        return f"{len(moves)} moves but no snapshot" if moves else None
    try:
        game = (games or engines.get)(match.game)
        *_, state = positions(game, match, moves)
        again = json.loads(json.dumps(game.dump(state)))
    except Exception as error:  # any failure to replay is a mismatch to report
        return f"the log does not replay ({type(error).__name__}: {error})"
    return None if again == match.snapshot else "the replayed log differs from the snapshot"
