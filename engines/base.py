"""The engine contract every game implements, and the small pieces they share.

An engine is a module-level object (usually a class instance) with the names of
:class:`Game`. Engines are pure: no I/O, no clocks, no global randomness. All chance
comes from :func:`chance`, seeded from the match's seed and a counter kept in the state,
so the same seed and the same moves always give the same state.

The contract (``engines.get(slug)`` returns the game):

- ``setup(players, seed, options)``, ``to_act(state)``, ``legal_moves(state, seat)``,
  ``play(state, seat, move)`` (never mutates ``state``; :class:`IllegalMove` says why),
  ``view(state, seat | None)``, ``describe(state_before, seat, move, viewer)``,
  ``result(state)``, ``dump(state)`` / ``load(data)``: required.
- ``said(state_before, seat, move, viewer)``: ``describe`` as a catalogue text
  (:class:`speech.Text`, seats as markers), for every reader's language; ``describe``
  stays its English (outside checks read it).
- ``private_view(state, seat)`` and ``is_private(move)``: a game with secrets.
- ``reveals(state, seat, move)``: whether a move let anyone learn something (a die, a
  draw, a secret), so that taking it back needs consent. :class:`GameBase` finds chance
  by replaying under other seeds; games with hidden order fixed at set-up override it.
- ``determinise(state, seat, rng)``: a state ``seat`` cannot tell from ``state`` with
  everything it may not know resampled, for computer players; ``seat=None`` is the public
  observer (every hidden value resampled: the twin tests). The default draws a fresh
  chance seed; games with secrets override it.
- ``private_text(state, seat)`` and ``final_reveal(state)``: a seat's secrets, and at the
  end everyone's, as sentences in the game's words.
- ``moves_are_public(options)``: whether the rules make every player's legal moves
  follow from the public view (then they may be public buttons); :func:`public_moves`
  checks a position against public twins.
- ``version``: a string naming the rules the engine plays ("1"), written into game
  records (:mod:`service.records.export`); bump it when a recorded match (seed, options, moves)
  might no longer replay to the same position, so old records are refused clearly.
- ``public_setup`` and ``chance_after_setup``: what the seed decides, declared by each
  game: whether everything its set-up draws from the seed is shown to everyone (no hand,
  cup, stack or hidden piece is dealt), and whether chance still decides anything after
  the set-up (dice, draws, reshuffles). Only a game whose set-up is public and which has
  no chance after it has a seed that tells nothing hidden or to come: a running match's
  game record may carry it and be continued (:func:`service.records.export.seed_is_public`).
  The defaults (a hidden set-up, chance after it) keep the seed secret.

Text that names a seat (descriptions, reasons, errors) uses :func:`seat_name` markers
(``{seat0}``), which the service fills with the players' names (:func:`name_seats`).
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar, cast, runtime_checkable

import speech

State = Any
"""A game's state: a dataclass of plain data, private to its engine."""

CHANCE_PROBES = 8
"""How many other seeds :meth:`GameBase.reveals` tries: a coin flip escapes all of them
once in 256 tries, a die roll practically never."""


class IllegalMove(ValueError):
    """A move that cannot be played. The message tells the player why, in words: the
    rule that forbids it as the rules text says it ("a follower must be placed next to
    a leader"), or, for a move that cannot be read, how to write one.

    ``rule``, when given, is the rules text's section the rule is in, by its label
    (``"A turn"``, ``"Notation"``), so a front end may point to it; ``str(error)`` is
    the one sentence either way (``IllegalMove(message)`` still works)."""

    def __init__(self, message: str = "", rule: str | None = None) -> None:
        super().__init__(message)
        self.rule = rule

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (str(self), self.rule))


@dataclass(frozen=True)
class Result:
    """How a finished match ended.

    ``ranking`` lists groups of seats from best to worst; seats in one group tied.
    """

    scores: list[float]
    ranking: list[list[int]]
    reason: str

    @property
    def winners(self) -> list[int]:
        return list(self.ranking[0]) if self.ranking else []

    def to_dict(self) -> dict[str, Any]:
        return {"scores": list(self.scores), "ranking": [list(g) for g in self.ranking],
                "reason": self.reason}

    @classmethod
    def from_scores(cls, scores: Sequence[float], reason: str,
                    higher_is_better: bool = True) -> Result:
        """Rank seats by score; equal scores share a place."""
        order = sorted(set(scores), reverse=higher_is_better)
        ranking = [[s for s, v in enumerate(scores) if v == value] for value in order]
        return cls(list(scores), ranking, reason)


@dataclass(frozen=True)
class Option:
    """A match option a host may set when starting a match (``name=value``)."""

    name: str
    default: bool | int
    help: str
    choices: tuple[Any, ...] = field(default=())

    def parse(self, text: str) -> bool | int:
        text = text.strip().lower()
        if isinstance(self.default, bool):
            if text in ("1", "true", "yes", "on"):
                return True
            if text in ("0", "false", "no", "off"):
                return False
            raise ValueError(f"option {self.name} takes true or false, not {text!r}")
        try:
            value = int(text)
        except ValueError:
            raise ValueError(f"option {self.name} takes a whole number, not {text!r}") from None
        if self.choices and value not in self.choices:
            allowed = ", ".join(map(str, self.choices))
            raise ValueError(f"option {self.name} takes one of {allowed}")
        return value


@runtime_checkable
class Game(Protocol):
    """The contract. See ``docs/DESIGN.md``, "The engine contract"."""

    slug: str
    title: str
    min_players: int
    max_players: int
    options: tuple[Option, ...]
    version: str
    public_setup: bool
    chance_after_setup: bool

    def setup(self, players: int, seed: int, options: dict[str, Any]) -> State: ...

    def to_act(self, state: State) -> list[int]: ...

    def legal_moves(self, state: State, seat: int) -> list[str]: ...

    def play(self, state: State, seat: int, move: str) -> State: ...

    def view(self, state: State, seat: int | None) -> dict[str, Any]: ...

    def describe(self, state_before: State, seat: int, move: str, viewer: int | None) -> str: ...

    def said(self, state_before: State, seat: int, move: str, viewer: int | None
             ) -> speech.Words:
        """What :meth:`describe` says, as a catalogue text (its id and facts, seats as
        markers) for a front end to say in its reader's language; ``describe`` is its
        English. :class:`GameBase`'s is ``describe`` itself (a game not yet translated)."""
        ...

    def result(self, state: State) -> Result | None: ...

    def dump(self, state: State) -> dict[str, Any]: ...

    def load(self, data: dict[str, Any]) -> State: ...

    def private_view(self, state: State, seat: int) -> dict[str, Any] | None:
        """What only ``seat`` knows (a hand, a god), or None in a game with no secrets.

        The service sends it by DM whenever it changes.
        """
        ...

    def is_private(self, move: str) -> bool:
        """True for moves others must not see (e.g. choosing a god checker)."""
        ...

    def reveals(self, state: State, seat: int, move: str) -> bool:
        """True if playing ``move`` reveals anything (chance, a draw, a secret), so that
        taking it back needs the opponents' consent. :class:`GameBase` has a generic one."""
    def determinise(self, state: State, seat: int | None, rng: random.Random) -> State:
        """A state ``seat`` cannot tell from ``state``: everything it may not know (other
        players' secrets, the order of cups and stacks, future chance) resampled from
        ``rng``, consistently with its view and private view. Computer players search
        these states, so they never use what their seat may not see.

        ``seat=None`` is the public observer: every hidden value of every player is
        resampled (each god checker, each reserve, discard pile and cup order, the order
        of a face-down stack, future chance) consistently with ``view(state, None)``
        alone, so ``view(twin, None) == view(state, None)``. Twin tests and
        :func:`public_moves` use it."""
        ...

    def private_text(self, state: State, seat: int) -> str | None:
        """``seat``'s private information as sentences in the game's words (seats as
        markers), or None in a game with no secrets."""
        ...

    def moves_are_public(self, options: dict[str, Any]) -> bool:
        """Whether whoever acts has legal moves that follow from the public view alone
        (see :func:`public_moves`, which the twin tests check it against)."""
        ...

    def final_reveal(self, state: State) -> str | None:
        """Every player's hidden values as sentences (seats as markers), or None when
        nothing was hidden: said once the match has ended, which the caller decides (the
        rules, a resignation or a deadline end it)."""
        ...

    def parse_options(self, raw: dict[str, Any]) -> dict[str, Any]:
        """The match options from ``name=value`` text, checked and completed with their
        defaults (:class:`GameBase` has it); ValueError says what is wrong."""
        ...


class GameBase:
    """Defaults for the optional parts of :class:`Game`; engines inherit from it."""

    options: tuple[Option, ...] = ()
    version: str = "1"
    """The rules the engine plays: bump it (in the engine) when old game records may no
    longer replay."""
    public_setup: bool = False
    """Whether everything the set-up draws from the seed is shown to everyone. Declare it
    in the engine, from its ``setup`` and ``view``; the default assumes a hidden deal."""
    chance_after_setup: bool = True
    """Whether chance decides anything after the set-up (dice, draws from a shuffled cup
    or stack, reshuffles). Declare it in the engine; the default assumes it does."""

    def private_view(self, state: State, seat: int) -> dict[str, Any] | None:
        return None

    def said(self, state_before: State, seat: int, move: str, viewer: int | None
             ) -> speech.Words:
        return cast(Game, self).describe(state_before, seat, move, viewer)

    def is_private(self, move: str) -> bool:
        return False

    def reveals(self, state: State, seat: int, move: str) -> bool:
        """True when playing ``move`` lets someone learn something new besides the move:
        the move is private, a seat's private view changes (a draw into a hand), or the
        move consumed chance (a die, a draw from a shuffled cup).

        Chance is detected by playing the move again on copies of ``state`` whose seed
        differs: if any view of the results differs, the outcome came from the seed. A
        state that keeps the usual ``step`` counter is also caught when it advances.
        Engines with hidden order fixed at set-up (a face-down stack) override this.
        """
        if self.is_private(move):
            return True
        game = cast(Game, self)  # an engine is both: GameBase gives the defaults
        after = game.play(state, seat, move)
        seats = range(self._seat_count(state))
        if any(self.private_view(state, s) != self.private_view(after, s) for s in seats):
            return True
        data = game.dump(state)
        if "step" in data and game.dump(after).get("step") != data["step"]:
            return True
        if not isinstance(data.get("seed"), int):
            return False
        seen = self._observed(after, seats)
        for probe in range(1, CHANCE_PROBES + 1):
            other = dict(data, seed=data["seed"] ^ (0x9E3779B97F4A7C15 * probe) % 2**62)
            try:
                replayed = game.play(game.load(other), seat, move)
            except IllegalMove:
                return True
            if self._observed(replayed, seats) != seen:
                return True
        return False

    def _seat_count(self, state: State) -> int:
        game = cast(Game, self)
        players = game.dump(state).get("players")
        if isinstance(players, int):
            return players
        scores = game.view(state, None).get("scores")
        return len(scores) if scores else int(getattr(self, "max_players", 2))

    def _observed(self, state: State, seats: range) -> list[Any]:
        """Everything any viewer can see of ``state``."""
        game = cast(Game, self)
        return [game.view(state, None), *(game.view(state, s) for s in seats)]
    def private_text(self, state: State, seat: int) -> str | None:
        return None

    def moves_are_public(self, options: dict[str, Any]) -> bool:
        """Whether the legal moves of whoever acts always follow from the public view in
        a match with these options, so they may be shown to everyone (public buttons).
        Decided by the rules, never by a position, so the answer itself tells nothing."""
        return True

    def final_reveal(self, state: State) -> str | None:
        return None

    def determinise(self, state: State, seat: int | None, rng: random.Random) -> State:
        """Default for a game whose only secret is future chance: the same position with
        a fresh chance seed (states keep ``seed`` and a step counter, see :func:`chance`).
        The same for every ``seat``, the public observer (None) included."""
        if (dataclasses.is_dataclass(state) and not isinstance(state, type)
                and hasattr(state, "seed")):
            changes = {"seed": rng.getrandbits(62)}
            if hasattr(state, "step"):
                changes["step"] = 0
            return dataclasses.replace(state, **changes)
        return state

    def setup_options(self, players: int, options: dict[str, Any] | None) -> dict[str, Any]:
        """What every ``setup`` checks first: the number of players, then the options
        (:meth:`parse_options`); ValueError says what is wrong."""
        game = cast(Game, self)
        low, high = game.min_players, game.max_players
        if not low <= players <= high:
            seats = f"exactly {low}" if low == high else f"{low} to {high}"
            raise ValueError(f"{game.title} is for {seats} players")
        return self.parse_options(options or {})

    def parse_options(self, raw: dict[str, Any]) -> dict[str, Any]:
        """Validate and complete options: unknown names and bad values raise ValueError."""
        known = {o.name: o for o in self.options}
        parsed = {o.name: o.default for o in self.options}
        for name, value in raw.items():
            if name not in known:
                names = ", ".join(known) or "none"
                raise ValueError(f"unknown option {name!r} (this game has: {names})")
            parsed[name] = known[name].parse(str(value))
        return parsed


S = TypeVar("S")


def copied(state: S, *, lists: Iterable[str] = (), nested: Iterable[str] = (),
           dicts: Iterable[str] = ()) -> S:
    """A copy of a state (a dataclass) whose containers the next move may change: the
    fields named in ``lists`` and ``dicts`` are copied, those in ``nested`` (lists of
    lists) one level deeper; the others are shared (numbers, text, or containers that are
    replaced, never changed in place)."""
    new = object.__new__(type(state))
    values = new.__dict__
    values.update(state.__dict__)
    for name in lists:
        values[name] = list(values[name])
    for name in nested:
        values[name] = [list(inner) for inner in values[name]]
    for name in dicts:
        values[name] = dict(values[name])
    return new


def chance(seed: int, step: int) -> random.Random:
    """The random generator for chance event number ``step`` of a match.

    Deriving a fresh generator per event (instead of pickling one) keeps states small,
    JSON-safe and exactly reproducible: a state stores ``seed`` and a step counter.
    """
    return random.Random(f"pantheon:{seed}:{step}")


def turn_problem(over: bool, seat: int, turn: int) -> str | None:
    """Why ``seat`` may not move now — the game is over, or it is ``turn``'s move — in the
    same words in every game; None when it may."""
    if over:
        return "the game is over"
    if seat != turn:
        return f"it is not your turn: {seat_name(turn)} is to move"
    return None


def check_turn(over: bool, seat: int, turn: int) -> None:
    """Raise IllegalMove with :func:`turn_problem`'s reason, if there is one."""
    problem = turn_problem(over, seat, turn)
    if problem is not None:
        raise IllegalMove(problem)


def normalise(move: str) -> str:
    """Lower-case, trim and collapse the spaces of a typed move."""
    return " ".join(move.strip().lower().split())


SEAT_MARKER = re.compile(r"\{seat(\d+)\}")
"""How engine text refers to a seat: ``{seat0}`` for the first. Markers are structure, not
words, so no player's name (say, "Player 1") can be taken for a seat."""


def seat_name(seat: int) -> str:
    """The marker for ``seat`` in descriptions, reasons and errors; see :func:`name_seats`."""
    return f"{{seat{seat}}}"


def name_seats(text: str, names: Sequence[str]) -> str:
    """``text`` with each seat marker replaced by that seat's name, in one pass (a name
    that itself looks like a marker stays as written). A seat without a name reads
    "Seat N"."""

    def name(found: re.Match[str]) -> str:
        seat = int(found[1])
        return names[seat] if seat < len(names) and names[seat] else f"Seat {seat + 1}"

    return SEAT_MARKER.sub(name, text)


PUBLIC_PROBES = 8
"""How many public twins :func:`public_moves` compares."""


def public_moves(game: Game, state: State, seat: int,
                 probes: int = PUBLIC_PROBES) -> list[str] | None:
    """``seat``'s legal moves when they follow from the public view alone, else None.

    The moves are compared in ``probes`` public twins (``determinise(state, None, ·)``,
    seeded from the match so the answer is reproducible): identical in all of them and
    in ``state``, they reveal nothing and may be shown to everyone (public buttons);
    otherwise (None) show them only to the player (ephemerally)."""
    moves = game.legal_moves(state, seat)
    rng = random.Random(f"public-moves:{probes}:{len(moves)}")
    for _ in range(probes):
        twin = game.determinise(state, None, rng)
        if game.legal_moves(twin, seat) != moves:
            return None
    return moves


def number_text(value: float) -> str:
    """A number as players write it: 7, or 7.5."""
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


def plural(count: float, word: str, many: str | None = None) -> str:
    """``count`` and ``word``, in the plural unless ``count`` is 1: ``plural(1, "tile")``
    is "1 tile", ``plural(2, "tile")`` "2 tiles", ``plural(3, "army", "armies")``
    "3 armies", ``plural(2.5, "pt")`` "2.5 pts". The one plural of every text and
    picture."""
    if count == 1:
        return f"1 {word}"
    if many is None:
        if word.endswith(("s", "sh", "ch", "x")):
            many = word + "es"
        elif word.endswith("y") and word[-2:-1] not in "aeiou":
            many = word[:-1] + "ies"
        else:
            many = word + "s"
    return f"{number_text(count)} {many}"


def join_words(items: Sequence[str], last: str = "and") -> str:
    """"a", "a and b", "a, b and c"."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {last} " + items[-1]
