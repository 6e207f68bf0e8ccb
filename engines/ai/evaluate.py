"""How good a position is for each seat, as a number in [0, 1] per seat.

A finished match is valued by its ranking (1 for a sole winner, 0 for last, ties share).
A running one by each seat's score margin over its best opponent in the public view,
squashed by ``tanh`` with the game's scale (a typical decisive lead, declared by its spec:
:class:`engines.spec.Computer`).
"""

from __future__ import annotations

import math

import engines
from engines.base import Game, Result, State
from engines.spec import Budget, Computer
from engines.view import Common

DEFAULT = Computer(normal=Budget(), hard=Budget())
"""How an unregistered game is played (a test's stand-in)."""


def computer(game: Game) -> Computer:
    """How the computer plays ``game`` (its spec's tuning)."""
    try:
        return engines.spec(game.slug).computer
    except KeyError:
        return DEFAULT


def ranking_values(result: Result, players: int) -> list[float]:
    """1 for first place, 0 for last, tied seats share the places they cover."""
    values = [0.5] * players
    if players < 2:
        return values
    place = 0
    for group in result.ranking:
        mean = sum(place + k for k in range(len(group))) / len(group)
        for seat in group:
            values[seat] = 1.0 - mean / (players - 1)
        place += len(group)
    return values


def score_values(scores: list[float], scale: float) -> list[float]:
    """Each seat's lead over its best opponent, squashed into (0, 1)."""
    values = []
    for seat, mine in enumerate(scores):
        best_other = max((v for s, v in enumerate(scores) if s != seat), default=mine)
        values.append(0.5 + 0.5 * math.tanh((mine - best_other) / scale))
    return values


def evaluate(game: Game, state: State, players: int) -> list[float]:
    """Values per seat: the result if the match is over, else the score margins (the
    reference evaluation: the greedy player's, and the search's where no better one)."""
    result = game.result(state)
    if result is not None:
        return ranking_values(result, players)
    scores = Common.of(game.view(state, None)).scores
    if not scores:
        return [0.5] * players
    return score_values([float(v) for v in scores], computer(game).scale)


def evaluate_deep(game: Game, state: State, players: int) -> list[float]:
    """The search's evaluation: the score margins, corrected by the game's ``adjust``
    (:class:`engines.spec.Computer`) where the score is a poor guide (what a map promises,
    how safe a god is, what the next conversions would leave)."""
    result = game.result(state)
    if result is not None:
        return ranking_values(result, players)
    view = game.view(state, None)
    scores = Common.of(view).scores
    if not scores:
        return [0.5] * players
    totals = [float(v) for v in scores]
    try:
        found = engines.spec(game.slug)
    except KeyError:
        return score_values(totals, DEFAULT.scale)
    adjust = found.adjust()
    if adjust is not None:
        totals = adjust(state, view, totals)
    return score_values(totals, found.computer.scale)


def players_of(game: Game, state: State) -> int:
    """How many seats the match has (from the public view)."""
    return Common.of(game.view(state, None)).players or game.max_players
