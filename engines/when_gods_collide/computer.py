"""When Gods Collide, read further than its score: how safe each god is.

The score counts checkers, but a match is lost with one checker: the god. A position
where an enemy checker can reach a seat's god on the next roll is worse than its count
says. On the searched state (a determinisation: the searching seat's own god is its
real one, the others' are resampled from what it may know) each seat's god gets a
danger — the chance that one roll of the dice lets some enemy checker land on it, from
king, pawn, knight and sliding moves (a slide stops on the first enemy, so any number at
least the distance will do). With two players the god of the seat not to move is lost
with that chance, and its value is scaled down so (:func:`adjusted_counts`); the mover's
own god, which it may still take away, costs its worth times its danger. Threatening
many enemy checkers then counts too, as any of them may be a god. Before the battle an
army not yet arranged is pictured on all its tiles, so the god is chosen out of reach.
"""

from __future__ import annotations

import math
from functools import cache

from engines.when_gods_collide.geometry import (
    ALL_DIRECTIONS,
    KNIGHT_JUMPS,
    NEXT,
    RAYS,
    block_squares,
    field,
)

SIXTH = 1 / 6
GOD_WORTH = 4.0
"""Checkers a god's capture is worth in the evaluation (the army goes with it)."""
KNIGHT_FROM = {square: tuple(near[jump] for jump in KNIGHT_JUMPS if jump in near)
               for square, near in NEXT.items()}
"""The squares a knight's jump away from each square."""


def danger(board: dict, squares: frozenset[str], god: str, seat: int) -> float:
    """The chance that one roll lets an enemy of ``seat`` land on ``god``: each enemy
    checker a king, pawn or knight step away, or first along a row, column or diagonal
    within six squares of tiles, threatens it independently (walked out from the god)."""
    safe = 1.0
    for direction in ALL_DIRECTIONS:
        diagonal = direction[0] != 0 and direction[1] != 0
        for distance, square in enumerate(RAYS[god][direction][:6], start=1):
            if square not in squares:
                break
            held = board.get(square)
            if held is None:
                continue
            if held[0] != seat:
                threat = 2 * SIXTH * (7 - distance) / 6  # rook or bishop, or queen
                if distance == 1:
                    threat += 2 * SIXTH if diagonal else SIXTH  # king (and pawn)
                safe *= 1.0 - min(1.0, threat)
            break
    for square in KNIGHT_FROM[god]:
        held = board.get(square)
        if held is not None and held[0] != seat:
            safe *= 1.0 - SIXTH
    return 1.0 - safe


def pictured(state: object) -> dict:
    """The board with each army not arranged yet pictured on every square of its tiles."""
    board = dict(state.board)
    placed = {owner for owner, _ in board.values()}
    for block, owner in state.tiles.items():
        if owner not in placed:
            for square in block_squares(block):
                board.setdefault(square, [owner, -1])
    return board


def gods_at_risk(state: object) -> dict[int, float]:
    """Each living seat's god's :func:`danger`, by seat (seats without a god on the board
    left out). Before the battle a seat that has not arranged its army yet is pictured
    with a checker on every square of its tiles, so a god is chosen away from where the
    enemy will stand (an over-estimate, the same for every square's choice)."""
    board = pictured(state) if state.phase in ("arrange", "god") else state.board
    squares = field(state.tiles)
    where = {(owner, ident): square for square, (owner, ident) in board.items()}
    found = {}
    for seat, god in enumerate(state.gods):
        if god < 0 or seat in state.eliminated:
            continue
        square = where.get((seat, god))
        if square is not None:
            found[seat] = danger(board, squares, square, seat)
    return found


@cache
def scale() -> float:
    """The spec's score scale (a position is valued by ``tanh(margin / scale)``)."""
    import engines
    return engines.spec("when-gods-collide").computer.scale


def adjusted_counts(state: object, counts: list[float]) -> list[float]:
    """The counts the search values, each god's danger taken into account.

    Two players in battle: the seat to move captures the other's god with the chance
    its danger says, winning the match — so the other's value becomes, exactly,
    ``(1 - danger) × its value`` (the totals are moved so that ``tanh`` gives that),
    whatever its lead: a god left in reach is not a checker or four, it is the match.
    The seat to move may still take its own god away: its danger costs
    :data:`GOD_WORTH` checkers times the danger, as every god's does with more seats
    (and before the battle, where no one captures yet).
    """
    if getattr(state, "phase", "") not in ("arrange", "god", "move", "hero"):
        return counts
    risk = gods_at_risk(state)
    adjusted = list(counts)
    mover = state.current
    battle = state.phase in ("move", "hero")
    exact = battle and len(counts) == 2 and not state.eliminated
    for seat, chance in risk.items():
        if not (exact and seat != mover):
            adjusted[seat] -= GOD_WORTH * chance
    if exact:
        other = 1 - mover
        chance = risk.get(other, 0.0)
        if chance > 0:
            k = scale()
            value = 0.5 + 0.5 * math.tanh((adjusted[mover] - adjusted[other]) / k)
            value = chance + (1.0 - chance) * value
            margin = k * math.atanh(max(-1 + 1e-12, min(2 * value - 1, 1 - 1e-12)))
            adjusted[mover] = adjusted[other] + margin
    return adjusted


def deep_totals(state: object, view: dict, totals: list[float]) -> list[float]:
    """The search's totals (the spec's ``adjust``): :func:`adjusted_counts`."""
    return adjusted_counts(state, totals)
