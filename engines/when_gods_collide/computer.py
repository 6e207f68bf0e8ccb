"""When Gods Collide, read further than its score: how safe each god is.

The score counts checkers, but a match is lost with one checker: the god. A position
where an enemy checker can reach a seat's god on the next roll is worse than its count
says. On the searched state (a determinisation: the searching seat's own god is its
real one, the others' are resampled from what it may know) each seat's god gets a
danger — the chance that one roll of the dice lets some enemy checker land on it, from
king, pawn, knight and sliding moves (a slide stops on the first enemy, so any number at
least the distance will do) — and the god's worth times that danger is taken off the
seat's count. Threatening many enemy checkers then counts too, as any of them may be a
god.
"""

from __future__ import annotations

from engines.when_gods_collide.geometry import COORDS, KNIGHT_JUMPS, NAMES, field

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


def adjusted_counts(state: object, counts: list[float]) -> list[float]:
    """Each seat's checker count less its god's worth times its danger."""
    if getattr(state, "phase", "") not in ("move", "hero"):
        return counts
    board = state.board
    gods = state.gods
    where = {(owner, ident): square for square, (owner, ident) in board.items()}
    squares = field(state.tiles)
    adjusted = list(counts)
    for seat, god in enumerate(gods):
        if god < 0 or seat in state.eliminated:
            continue
        square = where.get((seat, god))
        if square is None:
            continue
        adjusted[seat] -= GOD_WORTH * danger(board, squares, square, seat)
    return adjusted


def deep_totals(state: object, view: dict, totals: list[float]) -> list[float]:
    """The search's totals (the spec's ``adjust``): :func:`adjusted_counts`."""
    return adjusted_counts(state, totals)
