"""Terra's map: 81 plots in nine 3×3 territories, the chit types, and terrain.

Plots are named like chess squares: columns ``a``–``i`` left to right, rows ``1``–``9``
bottom to top. Territory 1 is the top-left 3×3 (a7–c9), 5 the centre (d4–f6), 9 the
bottom-right (g1–i3).
"""

from __future__ import annotations

import random

COLUMNS = "abcdefghi"
SIZE = 9
PLOTS: tuple[str, ...] = tuple(f"{c}{r}" for r in range(1, SIZE + 1) for c in COLUMNS)
PLOT_SET = frozenset(PLOTS)

STRUCTURES: tuple[str, ...] = ("temple", "castle", "town", "farm", "mine", "palace")
ARMY = "army"
CHIT_TYPES: tuple[str, ...] = (*STRUCTURES, ARMY)
CHITS_PER_TYPE = 10
CHITS_PER_PLAYER = CHITS_PER_TYPE * len(CHIT_TYPES)
PLURAL = {
    "temple": "temples",
    "castle": "castles",
    "town": "towns",
    "farm": "farms",
    "mine": "mines",
    "palace": "palaces",
    "army": "armies",
}
TYPE_ORDER = {t: i for i, t in enumerate(CHIT_TYPES)}
# A structure of these types may not stand next to an enemy structure of the same type.
EXCLUSIVE = frozenset({"castle", "temple", "palace"})

MOUNTAINS = 6
RIVER_LENGTH = 9


def xy(plot: str) -> tuple[int, int]:
    """Column 0–8 (a–i) and row 0–8 (1–9)."""
    return COLUMNS.index(plot[0]), int(plot[1:]) - 1


def plot_at(x: int, y: int) -> str | None:
    if 0 <= x < SIZE and 0 <= y < SIZE:
        return f"{COLUMNS[x]}{y + 1}"
    return None


def territory_of(plot: str) -> int:
    x, y = xy(plot)
    return (2 - y // 3) * 3 + x // 3 + 1


TERRITORY: dict[str, int] = {p: territory_of(p) for p in PLOTS}
TERRITORY_PLOTS: dict[int, tuple[str, ...]] = {
    t: tuple(p for p in PLOTS if TERRITORY[p] == t) for t in range(1, 10)
}


def _around(plot: str, steps: tuple[tuple[int, int], ...]) -> tuple[str, ...]:
    x, y = xy(plot)
    found = (plot_at(x + dx, y + dy) for dx, dy in steps)
    return tuple(p for p in found if p is not None)


_EIGHT = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))
_FOUR = ((0, -1), (-1, 0), (1, 0), (0, 1))
NEIGHBOURS: dict[str, tuple[str, ...]] = {p: _around(p, _EIGHT) for p in PLOTS}
ORTHOGONAL: dict[str, tuple[str, ...]] = {p: _around(p, _FOUR) for p in PLOTS}
# The four directions of a run, read from its first plot: left to right, bottom to top,
# and the two diagonals from the left. STEPS[d][plot] is the next plot (or None).
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))
STEPS: tuple[dict[str, str | None], ...] = tuple(
    {p: plot_at(xy(p)[0] + dx, xy(p)[1] + dy) for p in PLOTS} for dx, dy in DIRECTIONS
)
BACK_STEPS: tuple[dict[str, str | None], ...] = tuple(
    {p: plot_at(xy(p)[0] - dx, xy(p)[1] - dy) for p in PLOTS} for dx, dy in DIRECTIONS
)


def parse_plot(text: str) -> str | None:
    """``"E5"`` → ``"e5"``; None when it is not a plot."""
    text = text.strip().lower()
    return text if text in PLOT_SET else None


def sort_chits(chits: list[str]) -> list[str]:
    return sorted(chits, key=TYPE_ORDER.__getitem__)


def near(plots: list[str]) -> frozenset[str]:
    """The plots given and every plot next to one of them (8 neighbours)."""
    found = set(plots)
    for p in plots:
        found.update(NEIGHBOURS[p])
    return frozenset(found)


def make_terrain(rng: random.Random) -> tuple[list[str], list[str]]:
    """Six mountain plots and a river of nine orthogonally connected plots.

    The river is a thin winding path that starts on the edge of the map; mountains are
    on plots the river does not cross.
    """
    edge = [p for p in PLOTS if {xy(p)[0], xy(p)[1]} & {0, SIZE - 1}]
    while True:
        path = [rng.choice(edge)]
        while len(path) < RIVER_LENGTH:
            head = path[-1]
            options = [
                n
                for n in ORTHOGONAL[head]
                if n not in path and not any(m in path and m != head for m in ORTHOGONAL[n])
            ]
            if not options:
                break
            path.append(rng.choice(options))
        if len(path) == RIVER_LENGTH:
            break
    dry = [p for p in PLOTS if p not in path]
    mountains = rng.sample(dry, MOUNTAINS)
    order = {p: i for i, p in enumerate(PLOTS)}
    return sorted(mountains, key=order.__getitem__), path
