"""The battlefield's coordinates: a fixed 16×16 square area made of 8×8 tile blocks.

Squares are named like chess squares (``a1`` bottom left, ``p16`` top right). A tile is
a 2×2 block named by its lower-left square, so blocks start on files a, c, e … and rows
1, 3, 5 … Squares of the area without a tile are gaps.
"""

from __future__ import annotations

from functools import lru_cache

SIZE = 16
FILES = "abcdefghijklmnop"

ORTHOGONAL = ((0, 1), (0, -1), (1, 0), (-1, 0))
DIAGONAL = ((1, 1), (1, -1), (-1, 1), (-1, -1))
ALL_DIRECTIONS = ORTHOGONAL + DIAGONAL
KNIGHT_JUMPS = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))

NAMES: tuple[tuple[str, ...], ...] = tuple(
    tuple(f"{FILES[x]}{y + 1}" for y in range(SIZE)) for x in range(SIZE)
)
COORDS: dict[str, tuple[int, int]] = {NAMES[x][y]: (x, y) for x in range(SIZE) for y in range(SIZE)}

# NEXT[square][offset] -> the square at that offset, for offsets inside the area.
NEXT: dict[str, dict[tuple[int, int], str]] = {}
for _square, (_x, _y) in COORDS.items():
    NEXT[_square] = {
        (dx, dy): NAMES[_x + dx][_y + dy]
        for dx, dy in ALL_DIRECTIONS + KNIGHT_JUMPS
        if 0 <= _x + dx < SIZE and 0 <= _y + dy < SIZE
    }

# RAYS[square][direction] -> the squares from there to the area's edge, nearest first.
RAYS: dict[str, dict[tuple[int, int], tuple[str, ...]]] = {
    NAMES[x][y]: {
        (dx, dy): tuple(
            NAMES[x + dx * k][y + dy * k]
            for k in range(1, SIZE)
            if 0 <= x + dx * k < SIZE and 0 <= y + dy * k < SIZE
        )
        for dx, dy in ALL_DIRECTIONS
    }
    for x in range(SIZE)
    for y in range(SIZE)
}

BLOCKS: tuple[str, ...] = tuple(NAMES[x][y] for y in range(0, SIZE, 2) for x in range(0, SIZE, 2))
CENTRE_BLOCKS: tuple[str, ...] = ("g7", "i7", "g9", "i9")


def square_order(square: str) -> tuple[int, int]:
    """Sort key: by file, then by row."""
    return COORDS[square]


def block_squares(block: str) -> tuple[str, str, str, str]:
    x, y = COORDS[block]
    return (NAMES[x][y], NAMES[x + 1][y], NAMES[x][y + 1], NAMES[x + 1][y + 1])


def block_of(square: str) -> str:
    x, y = COORDS[square]
    return NAMES[x - x % 2][y - y % 2]


def block_neighbours(block: str) -> list[str]:
    x, y = COORDS[block]
    return [
        NAMES[x + dx][y + dy]
        for dx, dy in ((2, 0), (-2, 0), (0, 2), (0, -2))
        if 0 <= x + dx < SIZE and 0 <= y + dy < SIZE
    ]


@lru_cache(maxsize=4096)
def _field(blocks: frozenset[str]) -> frozenset[str]:
    return frozenset(square for block in blocks for square in block_squares(block))


def field(tiles: dict[str, int]) -> frozenset[str]:
    """Every square on a tile (the squares a checker may stand on)."""
    return _field(frozenset(tiles))


def line(a: str, b: str) -> tuple[tuple[int, int], int] | None:
    """The unit direction and distance from ``a`` to ``b`` along a row, column or diagonal."""
    ax, ay = COORDS[a]
    bx, by = COORDS[b]
    dx, dy = bx - ax, by - ay
    if (dx, dy) == (0, 0) or (dx and dy and abs(dx) != abs(dy)):
        return None
    n = max(abs(dx), abs(dy))
    return ((dx > 0) - (dx < 0), (dy > 0) - (dy < 0)), n


def offset(a: str, b: str) -> tuple[int, int]:
    ax, ay = COORDS[a]
    bx, by = COORDS[b]
    return bx - ax, by - ay
