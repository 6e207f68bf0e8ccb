"""Computer players: random, greedy (one ply) and Monte Carlo tree search.

Every player has ``choose(game, state, seat, seed) -> move`` and is deterministic for a
given seed (and, for the search, its iteration budget). None looks at what ``seat`` may
not see: they search states from :meth:`Game.determinise`, never the real one.
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import engines
from engines.ai.evaluate import (
    DEFAULT,
    computer,
    evaluate,
    evaluate_deep,
    players_of,
    ranking_values,
)
from engines.ai.repetition import board, change_key
from engines.base import Game, State
from engines.spec import Budget
from engines.view import Common


@dataclass(frozen=True)
class Decision:
    """A chosen move and what choosing it took."""

    move: str
    iterations: int = 0
    seconds: float = 0.0


class Player:
    """The interface: a move for ``seat`` in ``state``, the same for the same ``seed``.

    ``history`` is the keys (:func:`engines.ai.repetition.move_key`) of the match's
    recent moves, oldest first: a player may use it not to go round in circles."""

    name = "player"

    def decide(self, game: Game, state: State, seat: int, seed: int,
               history: Sequence[str] = ()) -> Decision:
        raise NotImplementedError

    def choose(self, game: Game, state: State, seat: int, seed: int,
               history: Sequence[str] = ()) -> str:
        return self.decide(game, state, seat, seed, history).move


class RandomPlayer(Player):
    """A uniformly random legal move."""

    name = "random"

    def decide(self, game: Game, state: State, seat: int, seed: int,
               history: Sequence[str] = ()) -> Decision:
        return Decision(random.Random(seed).choice(game.legal_moves(state, seat)))


class GreedyPlayer(Player):
    """The legal move whose resulting position evaluates best for ``seat`` (one ply),
    played on one determinisation, so it too never sees future chance or secrets."""

    name = "greedy"

    def __init__(self, noise: float = 0.0) -> None:
        self.noise = noise
        """How often a random legal move is played instead (0: never)."""

    def decide(self, game: Game, state: State, seat: int, seed: int,
               history: Sequence[str] = ()) -> Decision:
        started = time.perf_counter()
        rng = random.Random(seed)
        moves = game.legal_moves(state, seat)
        if len(moves) == 1:
            return Decision(moves[0])
        if self.noise and rng.random() < self.noise:
            return Decision(rng.choice(moves), 1, time.perf_counter() - started)
        world = game.determinise(state, seat, rng)
        best = self.best_moves(game, world, seat, moves, players_of(game, state))
        return Decision(rng.choice(best), len(moves), time.perf_counter() - started)

    def best_moves(self, game: Game, world: State, seat: int, moves: Sequence[str],
                   players: int) -> list[str]:
        """The moves whose position after them is valued best for ``seat``."""
        best: list[str] = []
        best_value = -1.0
        for move in moves:
            value = evaluate(game, game.play(world, seat, move), players)[seat]
            if value > best_value + 1e-12:
                best, best_value = [move], value
            elif abs(value - best_value) <= 1e-12:
                best.append(move)
        return best


class MarginGreedyPlayer(GreedyPlayer):
    """An outside yardstick (issue 57): the legal move after which ``seat``'s score
    margin over its best opponent is largest, on one determinisation — a won match above
    any margin, a lost one below — ties at random. No evaluation function: where
    :class:`GreedyPlayer` squashes margins by the game's scale (large leads then tie), this
    one compares them whole."""

    name = "margin"

    def best_moves(self, game: Game, world: State, seat: int, moves: Sequence[str],
                   players: int) -> list[str]:
        valued = [(margin_after(game, game.play(world, seat, move), seat), move)
                  for move in moves]
        top = max(value for value, _ in valued)
        return [move for value, move in valued if value == top]


def margin_after(game: Game, state: State, seat: int) -> tuple[int, float]:
    """(1, 0) for a match won, (-1, 0) for one lost, else (0, own score minus the best
    other's); a match ended otherwise (a draw, a middle place) counts as a margin of 0."""
    result = game.result(state)
    if result is not None:
        place = ranking_values(result, players_of(game, state))[seat]
        return (1 if place == 1.0 else -1 if place == 0.0 else 0, 0.0)
    scores = [float(v) for v in Common.of(game.view(state, None)).scores]
    if not scores:
        return (0, 0.0)
    return (0, scores[seat] - max((v for s, v in enumerate(scores) if s != seat),
                                  default=scores[seat]))


Evaluation = Callable[[Game, State, int], list[float]]
REPEAT_PENALTY = 0.2
REPEAT_DEPTH = 2


@dataclass(eq=False, slots=True)
class _Search:
    """What one decision's iterations share."""

    game: Game
    seat: int
    players: int
    budget: Budget
    rng: random.Random
    seen: Counter
    before: State | None = None
    before_board: dict = field(default_factory=dict)


@dataclass(eq=False, slots=True)
class _Edge:
    visits: int
    total: float
    available: int
    child: _Node | None


@dataclass(eq=False, slots=True)
class _Node:
    edges: dict[str, _Edge] = field(default_factory=dict)


class MctsPlayer(Player):
    """Single-observer information-set MCTS (Cowling, Powley & Whitehouse, 2012).

    Each iteration searches a fresh determinisation of ``state`` for ``seat``: hidden
    information and future chance are resampled, and one tree over move sequences
    gathers what the iterations share. Selection is UCB1 over the moves legal in that
    determinisation, counting how often each was available; new moves are tried in
    random order; a short random rollout ends in the evaluation of
    :mod:`engines.ai.evaluate`. Each seat maximises its own value: an edge keeps the
    total of the value for the seat that chose it (multi-player aware).
    """

    name = "mcts"

    def __init__(self, budgets: dict[str, Budget] | None = None,
                 default: Budget | None = None, exploration: float = 0.25,
                 repeat_penalty: float = REPEAT_PENALTY,
                 evaluation: Evaluation = evaluate_deep,
                 specialists: dict[str, Player] | None = None, *, hard: bool = False,
                 knobs: Callable[[Budget], Budget] | None = None) -> None:
        self.hard = hard
        """Play at the hard level: each game's hard budget and its hard player, if any
        (:class:`engines.spec.Computer`); else the normal budget."""
        self.specialists = dict(specialists or {})
        """Players that decide instead of the search in their games (by slug); at the hard
        level a game's own hard player (its spec's) decides in the others."""
        self._own: dict[str, Player | None] = {}
        self.budgets = dict(budgets or {})
        """Budgets by slug that replace the games' own (tests, benchmarks)."""
        self.knobs = knobs
        """Changes every budget (see :meth:`with_budget`)."""
        self.evaluation = evaluation
        """How a position is valued (:func:`~engines.ai.evaluate.evaluate_deep`; tests and
        benchmarks may give the reference score margins)."""
        self.default = default
        """The budget of a game without a spec (a test's stand-in)."""
        self.exploration = exploration
        self.repeat_penalty = repeat_penalty
        """Taken off the searching seat's value, per time the match has already been in
        the position a move of its own brings back (0: repetitions are not noticed)."""
        # UCB1's constant, for values in [0, 1]: low, because the budgets are small and the
        # first value of every move is already an informed one.

    @classmethod
    def with_budget(cls, iterations: int | None = None, rollout_depth: int | None = None,
                    seconds: float = 2.0, game: str | None = None) -> MctsPlayer:
        """The production budgets with some knobs overridden (tests, benchmarks); with
        ``game``, only that game's budget is the base for every game."""
        def changed(b: Budget) -> Budget:
            if game is not None:
                b = engines.spec(game).computer.normal
            return Budget(b.iterations if iterations is None else iterations,
                          b.rollout_depth if rollout_depth is None else rollout_depth, seconds)
        return cls(default=changed(Budget()), knobs=changed)

    def budget(self, game: Game) -> Budget:
        if game.slug in self.budgets:
            return self.budgets[game.slug]
        tuning = computer(game)
        if tuning is DEFAULT and self.default is not None:
            return self.default
        chosen = tuning.hard if self.hard else tuning.normal
        return self.knobs(chosen) if self.knobs is not None else chosen

    def specialist(self, game: Game) -> Player | None:
        """The player that decides instead of the search in ``game``, if any."""
        if game.slug in self.specialists or not self.hard:
            return self.specialists.get(game.slug)
        if game.slug not in self._own:
            try:
                self._own[game.slug] = engines.spec(game.slug).hard_player()
            except KeyError:
                self._own[game.slug] = None
        return self._own[game.slug]

    def decide(self, game: Game, state: State, seat: int, seed: int,
               history: Sequence[str] = ()) -> Decision:
        specialist = self.specialist(game)
        if specialist is not None:
            return specialist.decide(game, state, seat, seed, history)
        started = time.perf_counter()
        moves = game.legal_moves(state, seat)
        if len(moves) == 1:
            return Decision(moves[0])
        budget = self.budget(game)
        rng = random.Random(seed)
        players = players_of(game, state)
        root = _Node()
        deadline = started + budget.seconds
        search = _Search(game, seat, players, budget, rng,
                         Counter(history) if self.repeat_penalty else Counter())
        done = 0
        while done < budget.iterations:
            if done and time.perf_counter() > deadline:
                break
            world = game.determinise(state, seat, rng)
            self._iterate(search, world, root, moves)
            done += 1
        visits = {m: e.visits for m, e in root.edges.items() if m in moves}
        most = max(visits.values())
        best = [m for m in moves if visits.get(m) == most]
        if len(best) > 1:  # equal visits: the better mean, then the seeded coin
            mean = max(root.edges[m].total / root.edges[m].visits for m in best)
            best = [m for m in best if root.edges[m].total / root.edges[m].visits >= mean - 1e-12]
        return Decision(rng.choice(best), done, time.perf_counter() - started)

    def _iterate(self, search: _Search, state: State, root: _Node,
                 root_moves: list[str]) -> None:
        game, players = search.game, search.players
        path: list[tuple[_Edge, int]] = []
        node = root
        legal = root_moves
        penalty = 0.0
        while True:
            acting = game.to_act(state)
            if not acting:
                values = self.evaluation(game, state, players)
                break
            mover = acting[0]
            if node is not root:
                legal = game.legal_moves(state, mover)
            if not legal:
                values = self.evaluation(game, state, players)
                break
            fresh = [m for m in legal if m not in node.edges]
            if fresh:
                values = self._expand(search, state, node, mover, legal, fresh,
                                      len(path))
                break
            best_edge, best_move, best_score = None, "", -1.0
            for m in legal:
                e = node.edges[m]
                e.available += 1
                score = e.total / e.visits + self.exploration * math.sqrt(
                    math.log(e.available) / e.visits)
                if score > best_score:
                    best_edge, best_move, best_score = e, m, score
            assert best_edge is not None
            before, state = state, game.play(state, mover, best_move)
            penalty += self._repeated(search, before, state, mover, len(path))
            path.append((best_edge, mover))
            if best_edge.child is None:
                best_edge.child = _Node()
            node = best_edge.child
        if penalty:
            values = list(values)
            values[search.seat] = max(0.0, values[search.seat] - penalty)
        for edge, mover in path:
            edge.visits += 1
            edge.total += values[mover]

    def _repeated(self, search: _Search, before: State, after: State, mover: int,
                  depth: int) -> float:
        """The penalty for the searching seat redoing a change of the board it made in the
        match's recent past, undone since (only its own moves near the root: the loops
        seen in play were a seat undoing what another had just done, turn after turn)."""
        if mover != search.seat or depth >= REPEAT_DEPTH or not search.seen:
            return 0.0
        if search.before is not before:  # the same position before many moves: once
            search.before, search.before_board = before, board(search.game, before)
        key = change_key(mover, search.before_board, board(search.game, after))
        count = search.seen.get(key, 0) if key is not None else 0
        return self.repeat_penalty * min(count, 3)

    def _expand(self, search: _Search, state: State, node: _Node, mover: int,
                legal: list[str], fresh: list[str], depth: int) -> list[float]:
        """Give a node's new moves their first value; returns the value to back up.

        With ``budget.rollout_depth`` 0 every new move is valued at once by the
        evaluation of the position it leads to (one ply of look-ahead at the leaves, so
        the search is never weaker than the greedy player), and the node backs up the
        values of its best move for the mover. Otherwise one new move, at random, is
        valued by a random rollout of that depth.
        """
        game, players, budget, rng = search.game, search.players, search.budget, search.rng
        for m in legal:
            if m in node.edges:
                node.edges[m].available += 1
        if budget.rollout_depth > 0:
            move = rng.choice(fresh)
            after = game.play(state, mover, move)
            penalty = self._repeated(search, state, after, mover, depth)
            values = self._rollout(game, after, players, budget.rollout_depth, rng)
            if penalty:
                values = list(values)
                values[search.seat] = max(0.0, values[search.seat] - penalty)
            node.edges[move] = _Edge(1, values[mover], 1, None)
            return values
        best: list[float] | None = None
        for m in fresh:
            after = game.play(state, mover, m)
            values = self.evaluation(game, after, players)
            penalty = self._repeated(search, state, after, mover, depth)
            if penalty:
                values = list(values)
                values[search.seat] = max(0.0, values[search.seat] - penalty)
            node.edges[m] = _Edge(1, values[mover], 1, None)
            if best is None or values[mover] > best[mover]:
                best = values
        assert best is not None
        return best

    def _rollout(self, game: Game, state: State, players: int, depth: int,
                 rng: random.Random) -> list[float]:
        for _ in range(depth):
            acting = game.to_act(state)
            if not acting:
                break
            moves = game.legal_moves(state, acting[0])
            if not moves:
                break
            state = game.play(state, acting[0], rng.choice(moves))
        return self.evaluation(game, state, players)
