"""Num Oluur: a flat-topped hexagon of 61 positions (radius 4).

Columns ``a``–``i`` run left to right with 5, 6, 7, 8, 9, 8, 7, 6, 5 positions, each
numbered from its bottom, so ``e5`` is the centre. Inside, a position is a column offset
``q`` (-4..4) and a doubled height ``y``: one step north is ``y + 2``, a step to a
neighbouring column is ``y ± 1``.
"""

from __future__ import annotations

COLUMNS = "abcdefghi"
CENTRE = "e5"
DIRECTIONS = ("n", "ne", "se", "s", "sw", "nw")
DIRECTION_NAMES = {
    "n": "north",
    "ne": "north-east",
    "se": "south-east",
    "s": "south",
    "sw": "south-west",
    "nw": "north-west",
}
_STEP = {"n": (0, 2), "ne": (1, 1), "se": (1, -1), "s": (0, -2), "sw": (-1, -1), "nw": (-1, 1)}

# The compass die: each face and the hex directions the wind may take for it.
COMPASS_FACES = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
FACE_CHOICES: dict[str, tuple[str, ...]] = {
    "N": ("n",),
    "NE": ("n", "ne"),
    "E": ("ne", "se"),
    "SE": ("se", "s"),
    "S": ("s",),
    "SW": ("s", "sw"),
    "W": ("sw", "nw"),
    "NW": ("nw", "n"),
}


def column_length(q: int) -> int:
    return 9 - abs(q)


def to_position(q: int, y: int) -> str | None:
    """The name of the position at (q, y), or None when it is off the map."""
    if abs(q) > 4 or abs(y) > 8 - abs(q) or (y - q) % 2:
        return None
    length = column_length(q)
    row = (y + length - 1) // 2 + 1
    return f"{COLUMNS[q + 4]}{row}"


def to_coords(position: str) -> tuple[int, int]:
    """(q, y) of a position name; ValueError when it is not on the map."""
    digits = position[1:]
    if len(position) < 2 or position[0] not in COLUMNS or not (
            digits.isascii() and digits.isdigit()):
        raise ValueError(f"{position!r} is not a position (columns a–i, e.g. e5)")
    q = COLUMNS.index(position[0]) - 4
    row = int(position[1:])
    length = column_length(q)
    if not 1 <= row <= length:
        raise ValueError(f"column {position[0]} has positions 1 to {length}, not {row}")
    return q, 2 * (row - 1) - (length - 1)


POSITIONS: tuple[str, ...] = tuple(
    f"{COLUMNS[q + 4]}{row}" for q in range(-4, 5) for row in range(1, column_length(q) + 1)
)
COORDS: dict[str, tuple[int, int]] = {p: to_coords(p) for p in POSITIONS}


def _neighbour(position: str, direction: str) -> str | None:
    q, y = COORDS[position]
    dq, dy = _STEP[direction]
    return to_position(q + dq, y + dy)


STEP: dict[str, dict[str, str | None]] = {
    p: {d: _neighbour(p, d) for d in DIRECTIONS} for p in POSITIONS
}
NEIGHBOURS: dict[str, tuple[str, ...]] = {
    p: tuple(n for n in STEP[p].values() if n is not None) for p in POSITIONS
}


def is_position(text: str) -> bool:
    return text in COORDS
