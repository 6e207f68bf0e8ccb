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

from engines.when_gods_collide.geometry import COORDS, KNIGHT_JUMPS, NAMES, block_squares, field

SIXTH = 1 / 6
GOD_WORTH = 4.0
"""Checkers a god's capture is worth in the evaluation (the army goes with it)."""
KNIGHT = frozenset(KNIGHT_JUMPS)


def danger(board: dict, squares: frozenset[str], god: str, seat: int) -> float:
    """The chance that one roll lets an enemy of ``seat`` land on ``god``."""
    gx, gy = COORDS[god]
    safe = 1.0
    for square, (owner, _id) in board.items():
        if owner == seat:
            continue
        x, y = COORDS[square]
        dx, dy = gx - x, gy - y
        ax, ay = abs(dx), abs(dy)
        threat = 0.0
        if max(ax, ay) == 1:
            threat += SIXTH  # king
            if ax == 1 and ay == 1:
                threat += SIXTH  # pawn, capturing diagonally
        if (dx, dy) in KNIGHT:
            threat += SIXTH
        if (dx == 0 or dy == 0 or ax == ay) and 0 < max(ax, ay) <= 6:
            distance = max(ax, ay)
            sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
            clear = all(NAMES[x + sx * k][y + sy * k] in squares
                        and NAMES[x + sx * k][y + sy * k] not in board
                        for k in range(1, distance))
            if clear:
                threat += 2 * SIXTH * (7 - distance) / 6  # rook or bishop, or queen
        if threat:
            safe *= 1.0 - min(1.0, threat)
    return 1.0 - safe


def gods_at_risk(state: object) -> dict[int, float]:
    """Each living seat's god's :func:`danger`, by seat (seats without a god on the board
    left out). Before the battle a seat that has not arranged its army yet is pictured
    with a checker on every square of its tiles, so a god is chosen away from where the
    enemy will stand (an over-estimate, the same for every square's choice)."""
    board = state.board
    squares = field(state.tiles)
    if state.phase in ("arrange", "god"):
        placed = {owner for owner, _ in board.values()}
        board = dict(board)
        for block, owner in state.tiles.items():
            if owner not in placed:
                for square in block_squares(block):
                    board.setdefault(square, [owner, -1])
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
