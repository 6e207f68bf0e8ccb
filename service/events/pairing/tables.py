"""Tables of three to six grouped by score, as Board Game Arena seats its multiplayer
Swiss: the active entrants in standings order fill tables from the top, sizes as even
as can be (never more than the seats asked, never fewer than the game needs: the
lowest-ranked entrants without a bye sit out with a bye where nothing else fits). Then
entrants of neighbouring tables are swapped (nobody further than one table from where
their standing puts them) while that lowers the number of table-mates
who met before, so a rematch happens only where the grouping leaves no other way. Within
a table, those who sat late most often sit early."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

from service.events.pairing.model import Table


def sizes(count: int, seats: int, least: int) -> tuple[list[int], int]:
    """Table sizes (largest first) for ``count`` entrants at most ``seats`` a table, at
    least ``least``, and how many byes that leaves."""
    for byes in range(count + 1):
        left = count - byes
        if left == 0:
            return [], byes
        tables = math.ceil(left / seats)
        if left // tables >= least:
            base, extra = divmod(left, tables)
            return [base + 1] * extra + [base] * (tables - extra), byes
    return [], count


def met_pairs(history: Sequence[Table]) -> set[frozenset[int]]:
    return {frozenset(p) for t in history if not t.bye
            for p in itertools.combinations(t.players, 2)}


def repeats(table: Sequence[int], met: set[frozenset[int]]) -> int:
    return sum(frozenset(p) in met for p in itertools.combinations(table, 2))


def pair_tables(ranked: Sequence[int], history: Sequence[Table], seats: int,
                least: int) -> list[tuple[int, ...]]:
    """The round's tables for the active entrants ``ranked`` in standings order."""
    layout, bye_count = sizes(len(ranked), seats, least)
    had_bye = {t.players[0] for t in history if t.bye}
    byes: list[int] = []
    for e in reversed(ranked):  # the lowest-ranked without a bye first
        if len(byes) < bye_count and e not in had_bye:
            byes.append(e)
    for e in reversed(ranked):
        if len(byes) < bye_count and e not in byes:
            byes.append(e)
    playing = [e for e in ranked if e not in byes]
    groups: list[list[int]] = []
    start = 0
    for size in layout:
        groups.append(list(playing[start:start + size]))
        start += size
    met = met_pairs(history)
    home = {e: n for n, g in enumerate(groups) for e in g}
    improved = True
    while improved:
        improved = False
        for n, (upper, lower) in enumerate(itertools.pairwise(groups)):
            before = repeats(upper, met) + repeats(lower, met)
            best: tuple[int, int, int] | None = None
            for i, j in itertools.product(range(len(upper)), range(len(lower))):
                if home[upper[i]] < n or home[lower[j]] > n + 1:
                    continue  # nobody moves further than the next table from their own
                upper[i], lower[j] = lower[j], upper[i]
                after = repeats(upper, met) + repeats(lower, met)
                upper[i], lower[j] = lower[j], upper[i]
                if after < before and (best is None or after < best[0]):
                    best = (after, i, j)
            if best is not None:
                _, i, j = best
                upper[i], lower[j] = lower[j], upper[i]
                improved = True
    return [seat_order(g, history, ranked) for g in groups] + [(e,) for e in byes]


def seat_order(group: Sequence[int], history: Sequence[Table], ranked: Sequence[int]
               ) -> tuple[int, ...]:
    """Those whose seats so far were latest (as a share of their table) sit first."""
    def lateness(e: int) -> float:
        shares = [t.players.index(e) / (len(t.players) - 1) for t in history
                  if not t.bye and e in t.players]
        return sum(shares) / len(shares) if shares else 0.5

    return tuple(sorted(group, key=lambda e: (-lateness(e), ranked.index(e))))
