"""The coach's look at one decision: the move the computer prefers for a seat, what it
expects of it, and what it thinks of the move played instead (``/hint``, ``/review``).

Pure, like the players: given a game, a state, a seat, a seed and a budget (:class:`Look`)
it returns an :class:`Analysis`, the same for the same arguments. It never reads what the
seat may not know: every position it values is a determinisation for that seat
(:meth:`Game.determinise`), so two real states that look the same to the seat give the
same analysis (the twin tests check it through the service).

How a move is valued: on each of ``worlds`` determinisations it is played, then the
players answer for up to ``plies`` plies, each with its own best move by the search's
evaluation (:func:`~engines.ai.evaluate.evaluate_deep`) among at most ``replies`` of its
legal moves; the seat's value at the end, averaged over the worlds, is the move's
estimate (0 to 1: a sure loss to a sure win). A seat with many moves has them first
sorted by the value one ply ahead on the first world, at most ``scan`` of them, and the
best ``candidates`` are looked at deeper (the move played always is).

This is its own small search rather than the players' tree search
(:mod:`engines.ai.players`), so that an explanation comes with it: the points a move
scores at once, and the answer another player would have to a greedier move (a threat).
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from engines.ai.evaluate import evaluate_deep, players_of
from engines.base import Game, State
from engines.view import Common

EPSILON = 1e-9
THREAT = 0.02
"""How much better (in estimate) the preferred move must be than a greedier one for the
reason to name the answer the greedier move allows."""


@dataclass(frozen=True)
class Look:
    """How much the coach looks at one decision (see the module). ``seconds``: a safety
    cap on the wall clock (0: none); past it, what was valued so far decides."""

    worlds: int = 4
    candidates: int = 8
    scan: int = 60
    replies: int = 16
    plies: int = 2
    seconds: float = 0.0

    def scaled(self, share: float) -> Look:
        """This look with its breadth times ``share`` (at least one world, two
        candidates, eight moves scanned and four replies): a review's budget per
        position when the match is long."""
        share = max(0.0, min(1.0, share))
        return Look(max(1, round(self.worlds * share)),
                    max(2, round(self.candidates * share)),
                    max(8, round(self.scan * share)), max(4, round(self.replies * share)),
                    self.plies, self.seconds)


LOOKS = {"easy": Look(worlds=2, candidates=4, scan=24, replies=8, plies=1),
         "normal": Look(worlds=3, candidates=6, scan=60, replies=12, plies=2),
         "hard": Look(worlds=6, candidates=10, scan=120, replies=24, plies=2)}
"""The look at each computer level."""


@dataclass(frozen=True)
class Analysis:
    """One decision of ``seat`` as the coach sees it. Texts carry seat markers
    (``{seat0}``) for the service to fill with names."""

    seat: int
    best: str
    best_value: float
    """The estimate after the preferred move (0 to 1, for ``seat``)."""
    before: float
    """The estimate of the position as it stands (the evaluation, before any move)."""
    points: float
    """The points the preferred move scores for ``seat`` at once (the mean over worlds)."""
    reason: str
    """One line: what the preferred move does, what it scores, what it expects."""
    played: str | None = None
    played_value: float | None = None
    threat: str | None = None
    """The answer a greedier move would allow (a sentence with markers), if any."""
    values: tuple[tuple[str, float], ...] = ()
    """Each move looked at deeply and its estimate, best first."""

    @property
    def swing(self) -> float:
        """How much the move played lost against the preferred one (0 if it was it)."""
        if self.played_value is None:
            return 0.0
        return max(0.0, self.best_value - self.played_value)


def analyse(game: Game, state: State, seat: int, seed: int, look: Look = Look(),
            played: str | None = None) -> Analysis:
    """The coach's view of ``seat``'s decision in ``state`` (``played``: the move that
    was made there, valued too). ValueError if ``seat`` has no move to make."""
    moves = game.legal_moves(state, seat)
    if seat not in game.to_act(state) or not moves:
        raise ValueError("that seat has no move to make here")
    if played is not None and played not in moves:
        raise ValueError(f"{played!r} is not a legal move here")
    rng = random.Random(seed)
    players = players_of(game, state)
    deadline = time.perf_counter() + look.seconds if look.seconds > 0 else None
    worlds = _worlds(game, state, seat, rng, look.worlds)
    before = sum(evaluate_deep(game, w, players)[seat] for w in worlds) / len(worlds)
    chosen = _candidates(game, worlds[0], seat, moves, players, rng, look, played)
    values: dict[str, float] = {}
    answers: dict[str, set[str | None]] = {}
    for move in chosen:
        if deadline is not None and values and time.perf_counter() > deadline:
            break
        total = 0.0
        for n, world in enumerate(worlds):
            value, answer = _line(game, world, seat, move, players, look,
                                  random.Random(f"{seed}:{n}:{move}"))
            total += value
            answers.setdefault(move, set()).add(answer)
        values[move] = total / len(worlds)
    if played is not None and played not in values:  # cut short by the clock
        values[played] = sum(_line(game, w, seat, played, players, look,
                                   random.Random(f"{seed}:{n}:{played}"))[0]
                             for n, w in enumerate(worlds)) / len(worlds)
    ranked = sorted(values.items(), key=lambda mv: (-mv[1], moves.index(mv[0])))
    best, best_value = ranked[0]
    gains = {m: _points(game, worlds, seat, m) for m in values}
    threat = None
    greedy = max(values, key=lambda m: (gains[m], values[m], -moves.index(m)))
    if (greedy != best and gains[greedy] > gains[best] + EPSILON
            and values[greedy] < best_value - THREAT):
        found = answers.get(greedy, set())
        threat = next(iter(found)) if len(found) == 1 else None  # else chance decides
    reason = _reason(game, worlds, seat, best, gains[best], best_value, greedy,
                     gains[greedy], threat)
    return Analysis(seat, best, best_value, before, gains[best], reason, played,
                    values.get(played) if played is not None else None, threat,
                    tuple(ranked))


def _worlds(game: Game, state: State, seat: int, rng: random.Random, count: int
            ) -> list[State]:
    """``count`` determinisations for ``seat``, each different one once (equal dumps are
    one world)."""
    found: dict[str, State] = {}
    for _ in range(max(1, count)):
        world = game.determinise(state, seat, rng)
        found.setdefault(repr(game.dump(world)), world)
    return list(found.values())


def _candidates(game: Game, world: State, seat: int, moves: list[str], players: int,
                rng: random.Random, look: Look, played: str | None) -> list[str]:
    """The moves to value deeply: all if few, else the best ``candidates`` one ply ahead
    among ``scan`` of them (a seeded sample when there are more), and ``played``."""
    if len(moves) <= look.candidates:
        return list(moves)
    scanned = moves if len(moves) <= look.scan else rng.sample(moves, look.scan)
    if played is not None and played not in scanned:
        scanned = [*scanned, played]
    first = {m: evaluate_deep(game, game.play(world, seat, m), players)[seat]
             for m in scanned}
    order = sorted(scanned, key=lambda m: (-first[m], moves.index(m)))
    kept = order[:look.candidates]
    if played is not None and played not in kept:
        kept.append(played)
    return kept


def _line(game: Game, world: State, seat: int, move: str, players: int, look: Look,
          rng: random.Random) -> tuple[float, str | None]:
    """``move`` played in ``world``, then ``plies`` best answers (each player's own best
    one ply ahead, among at most ``replies`` of its moves): the seat's value at the end,
    and the first answer by another seat, said as ``seat`` would see it."""
    state = game.play(world, seat, move)
    answer = None
    for _ in range(look.plies):
        acting = game.to_act(state)
        if not acting:
            break
        mover = acting[0]
        moves = game.legal_moves(state, mover)
        if not moves:
            break
        if len(moves) > look.replies:
            moves = rng.sample(moves, look.replies)
        reply = max(moves, key=lambda m: evaluate_deep(game, game.play(state, mover, m),
                                                       players)[mover])
        if mover != seat and answer is None:
            answer = game.describe(state, mover, reply, seat)
        state = game.play(state, mover, reply)
    return evaluate_deep(game, state, players)[seat], answer


def _score(game: Game, state: State, seat: int) -> float:
    scores = Common.of(game.view(state, None)).scores
    return float(scores[seat]) if scores and seat < len(scores) else 0.0


def _points(game: Game, worlds: Sequence[State], seat: int, move: str) -> float:
    """The points ``move`` scores for ``seat`` at once, the mean over ``worlds``."""
    gained = [_score(game, game.play(w, seat, move), seat) - _score(game, w, seat)
              for w in worlds]
    return sum(gained) / len(gained)


def said(game: Game, worlds: Sequence[State], seat: int, move: str) -> str | None:
    """``move`` as ``seat`` would read it, if it reads the same on every world (else it
    depends on chance or secrets the seat cannot know, and is not said), without its
    final full stop."""
    texts = {game.describe(w, seat, move, seat).strip().rstrip(".") for w in worlds}
    return texts.pop() if len(texts) == 1 else None


def percent(value: float) -> str:
    return f"{round(100 * value)}%"


def signed(points: float) -> str:
    shown = round(points, 1)
    shown = int(shown) if shown == int(shown) else shown
    return f"+{shown}" if shown > 0 else str(shown)


def _reason(game: Game, worlds: Sequence[State], seat: int, best: str, points: float,
            value: float, greedy: str, greedy_points: float, threat: str | None) -> str:
    """The one line of a hint: the move, what it does, what it scores and expects, and
    the answer a greedier move would allow."""
    what = said(game, worlds, seat, best)
    line = f"{best}: {what}" if what else best
    gain = f"{signed(points)} now, " if abs(points) > EPSILON else ""
    if what and f"({signed(points)})" in what:
        gain = ""  # the description says it
    line += f" ({gain}your chances {percent(value)} by its estimate)"
    if threat:
        line += (f"; the greedier {greedy} ({signed(greedy_points)}) would allow this "
                 f"answer: {threat.strip().rstrip('.')}")
    return line + "."
