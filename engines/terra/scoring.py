"""Terra's scoring table, itemised: every combination a player scores, with its points.

``score(board, players)`` returns the totals by seat and, per seat, a list of
``[label, points]`` rows whose points add up to the total. The board maps a plot to
``[owner, type]`` (or any two-item sequence).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence

from engines.terra.board import (
    BACK_STEPS,
    PLURAL,
    STEPS,
    STRUCTURES,
    TERRITORY,
    TERRITORY_PLOTS,
    xy,
)

CENTRE = 5
LINES: tuple[tuple[int, int, int], ...] = (
    (1, 2, 3),
    (4, 5, 6),
    (7, 8, 9),  # rows of territories
    (1, 4, 7),
    (2, 5, 8),
    (3, 6, 9),  # columns
    (1, 5, 9),
    (3, 5, 7),  # diagonals
)
SQUARES: tuple[tuple[int, int, int, int], ...] = (
    (1, 2, 4, 5),
    (2, 3, 5, 6),
    (4, 5, 7, 8),
    (5, 6, 8, 9),
)
CORNERS = (1, 3, 7, 9)
CENTRE_POINTS = 5
LINE_POINTS = 9
SQUARE_POINTS = 8
CORNER_POINTS = 8
MOST_POINTS = 3
ALL_TYPES_POINTS = 6

Board = Mapping[str, Sequence]
Row = list  # [label, points]


Key = frozenset[tuple[str, int, str]]
"""A board as a cache key: its (plot, owner, type) triples."""


def _key(board: Board) -> Key:
    return frozenset((plot, owner, kind) for plot, (owner, kind) in board.items())


def controllers(board: Board) -> list[int | None]:
    """Who controls territories 1–9 (index 0–8): strictly the most structures, else None."""
    return list(_controllers(_key(board)))


@functools.lru_cache(maxsize=256)
def _controllers(key: Key) -> tuple[int | None, ...]:
    """:func:`controllers` of the board ``key`` holds: a view, its pictures and its
    alt text ask for the same board many times (each viewer, a twin), so it is kept."""
    board = {plot: (owner, kind) for plot, owner, kind in key}
    counts: list[dict[int, int]] = [{} for _ in range(9)]
    for plot, (owner, _kind) in board.items():
        tally = counts[TERRITORY[plot] - 1]
        tally[owner] = tally.get(owner, 0) + 1
    found: list[int | None] = []
    for tally in counts:
        best = max(tally.values(), default=0)
        leaders = [s for s, n in tally.items() if n == best]
        found.append(leaders[0] if best > 0 and len(leaders) == 1 else None)
    return tuple(found)


def runs(board: Board) -> list[tuple[int, list[str], bool]]:
    """Every maximal straight run of 3+ plots held by one player's structures.

    Each entry is ``(owner, plots, all_one_type)``.
    """
    found = []
    for step, back in zip(STEPS, BACK_STEPS, strict=True):
        for plot, (owner, _kind) in board.items():
            before = back[plot]
            if before is not None and before in board and board[before][0] == owner:
                continue  # not the start of a run
            line = [plot]
            nxt = step[plot]
            while nxt is not None and nxt in board and board[nxt][0] == owner:
                line.append(nxt)
                nxt = step[nxt]
            if len(line) >= 3:
                same = len({board[p][1] for p in line}) == 1
                found.append((owner, line, same))
    return found


def score(board: Board, players: int) -> tuple[list[int], list[list[Row]]]:
    """Totals by seat and the itemised rows behind them (fresh lists: the caller may
    change them)."""
    totals, rows = _score(_key(board), players)
    return list(totals), [[list(row) for row in seat_rows] for seat_rows in rows]


@functools.lru_cache(maxsize=256)
def _score(key: Key, players: int) -> tuple[tuple[int, ...], tuple[tuple[tuple, ...], ...]]:
    """:func:`score` of the board ``key`` holds, kept: every viewer's view of a position
    scores the same board (and so does a twin that differs only in what is hidden).
    The rows do not depend on the board's order: runs are sorted, the rest follows
    fixed orders."""
    board = {plot: (owner, kind) for plot, owner, kind in key}
    rows: list[list[Row]] = [[] for _ in range(players)]
    per_territory: list[list[list[str]]] = [[[] for _ in range(9)] for _ in range(players)]
    for plot, (owner, kind) in board.items():
        per_territory[owner][TERRITORY[plot] - 1].append(kind)

    for seat in range(players):
        for t in TERRITORY_PLOTS:
            kinds = per_territory[seat][t - 1]
            if 5 <= len(kinds) <= 9:
                rows[seat].append([f"Territory {t}: {len(kinds)} structures", len(kinds)])
        for t in TERRITORY_PLOTS:
            if set(per_territory[seat][t - 1]) >= set(STRUCTURES):
                rows[seat].append([f"Territory {t}: one of each type", ALL_TYPES_POINTS])

    control = _controllers(key)
    for seat in range(players):
        held = {t for t in range(1, 10) if control[t - 1] == seat}
        if CENTRE in held:
            rows[seat].append(["Control of centre", CENTRE_POINTS])
        for line in LINES:
            if held.issuperset(line):
                rows[seat].append([f"Line of territories {'-'.join(map(str, line))}", LINE_POINTS])
        for square in SQUARES:
            if held.issuperset(square):
                rows[seat].append(
                    [f"Square of territories {'-'.join(map(str, square))}", SQUARE_POINTS]
                )
        if held.issuperset(CORNERS):
            rows[seat].append(["Four corner territories", CORNER_POINTS])

    for kind in STRUCTURES:
        tally = [0] * players
        for owner, k in board.values():
            if k == kind:
                tally[owner] += 1
        best = max(tally)
        if best > 0 and tally.count(best) == 1:
            rows[tally.index(best)].append([f"Most {PLURAL[kind]}", MOST_POINTS])

    for owner, line, same in sorted(runs(board), key=_run_order):
        n = len(line)
        what = PLURAL[board[line[0]][1]] if same else "structures"
        rows[owner].append([f"Run of {n} {what} {line[0]}-{line[-1]}", 2 * n if same else n])

    totals = tuple(sum(points for _label, points in seat_rows) for seat_rows in rows)
    return totals, tuple(tuple(tuple(row) for row in seat_rows) for seat_rows in rows)


def _run_order(run: tuple[int, list[str], bool]) -> tuple[int, int, int]:
    x, y = xy(run[1][0])
    return -len(run[1]), y, x
