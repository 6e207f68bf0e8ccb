"""A Swiss round as one maximum-weight matching (Edmonds' blossom algorithm, from
``rustworkx``, in Rust), the way bbpPairings turns the Dutch system's criteria into edge
weights.

Every active entrant is a node, and so is the bye when their number is odd. The rules are
tried first as hard ones, by leaving edges out: no pair whose colours would break the
colour rules (:mod:`~service.events.pairing.colours`), no rematch, no bye to an entrant who had
one. When that leaves somebody unseated (small events late on, many withdrawals), every
edge comes back and each broken colour rule, then each rematch or second bye, costs more
than everything below it. Below those the weights order, most important first:

1. the bye to the lowest score group that can take it;
2. the smallest score differences (squared, in half points: two pairs a point apart
   before one two points apart);
3. the fewest colour preferences unmet (absolute 3, strong 2, mild 1);
4. within a score group, the top half against the bottom half in order (1 against
   k+1, 2 against k+2 … as the Dutch system's S1 and S2), and the bye to the
   lowest-ranked of its group.

Each tier's costs are summed into its own bits of one integer weight, so a single matching
optimises them lexicographically; whatever a tier needs past 62 bits in all drops the
lowest tiers first (only the relaxed pass of a very large event could).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from service.events.pairing import colours
from service.events.pairing.colours import WHITE

S1_S2_CAP = 15
UNMET_CAP = 7
SCORE_CAP = 1023
GROUP_CAP = 63
WEIGHT_BITS = 62


@dataclass(frozen=True)
class Seat:
    """What the weights read of one active entrant."""

    entrant: int
    rank: int  # 0 the top of the standings by score, then entry order
    half_points: int
    group: int  # score groups numbered from the bottom: 0 the lowest score
    place: int  # place in the score group, 0 its top
    group_size: int
    byes: int
    white_ok: bool
    black_ok: bool
    wants: str | None
    strength: int


def seats_of(entrants: Sequence[int], active: Sequence[int], score: dict[int, float],
             games: dict[int, list[str]], byes: dict[int, int]) -> list[Seat]:
    """The active entrants in standings order (score, then entry order)."""
    order = {e: i for i, e in enumerate(entrants)}
    ranked = sorted(active, key=lambda e: (-score[e], order[e]))
    halves = [round(2 * score[e]) for e in ranked]
    distinct = sorted(set(halves))
    size = {h: halves.count(h) for h in distinct}
    seen: dict[int, int] = {}
    out = []
    for rank, (e, h) in enumerate(zip(ranked, halves, strict=True)):
        wants, strength = colours.preference(games[e])
        out.append(Seat(e, rank, h, distinct.index(h), seen.get(h, 0), size[h], byes[e],
                        colours.allowed(games[e], WHITE),
                        colours.allowed(games[e], colours.BLACK), wants, strength))
        seen[h] = seen.get(h, 0) + 1
    return out


def _unmet(white: Seat, black: Seat) -> int:
    cost = 0
    if white.wants is not None and white.wants != WHITE:
        cost += white.strength
    if black.wants is not None and black.wants == WHITE:
        cost += black.strength
    return cost


def pair_cost(a: Seat, b: Seat) -> tuple[int, int, int, int]:
    """(colour rules broken, score difference, preferences unmet, S1/S2 distance) of a
    pair, ``a`` ranked above ``b``, seated the better way round."""
    straight = (not a.white_ok) + (not b.black_ok)
    swapped = (not b.white_ok) + (not a.black_ok)
    broken = min(straight, swapped)
    unmet = min(c for s, c in ((straight, _unmet(a, b)), (swapped, _unmet(b, a)))
                if s == broken)
    spread = 0
    if a.group == b.group:
        spread = min(S1_S2_CAP, abs(b.place - a.place - a.group_size // 2))
    return (broken, min(SCORE_CAP, (a.half_points - b.half_points) ** 2),
            min(UNMET_CAP, unmet), spread)


@dataclass(frozen=True)
class Layout:
    """Where each tier's sum sits in the weight: ``shifts[i]`` for tier ``i``
    (most important first: broken colours, repeats, bye group, score, unmet, S1/S2), or
    None for a tier dropped."""

    shifts: tuple[int | None, ...]
    top: int

    @classmethod
    def of(cls, pairs: int, relaxed: bool) -> Layout:
        caps = [2 * pairs, pairs, GROUP_CAP, SCORE_CAP * pairs, UNMET_CAP * pairs,
                S1_S2_CAP * pairs]
        used = [relaxed, relaxed, True, True, True, True]
        while sum(c.bit_length() for c, u in zip(caps, used, strict=True) if u) > WEIGHT_BITS:
            used[max(i for i, u in enumerate(used) if u)] = False
        shifts: list[int | None] = [None] * len(caps)
        bit = 0
        for i in reversed(range(len(caps))):
            if used[i]:
                shifts[i] = bit
                bit += caps[i].bit_length()
        return cls(tuple(shifts), 1 << bit)

    def weight(self, *costs: int) -> int:
        """The edge's weight: the larger, the better; always positive."""
        total = sum(c << s for c, s in zip(costs, self.shifts, strict=True) if s is not None)
        return self.top - total


def pair_by_matching(entrants: Sequence[int], active: Sequence[int],
                     score: dict[int, float], games: dict[int, list[str]],
                     byes: dict[int, int], met: set[tuple[int, int]]
                     ) -> list[tuple[int, ...]]:
    """The round's tables (White first, a bye alone, the top boards first)."""
    seats = seats_of(entrants, active, score, games, byes)
    if len(seats) < 2:
        return [(s.entrant,) for s in seats]
    chosen = _match(seats, met, relaxed=False)
    if chosen is None:
        chosen = _match(seats, met, relaxed=True)
        assert chosen is not None  # every edge is there: a perfect matching exists
    by_seat = {s.entrant: s for s in seats}
    tables: list[tuple[int, ...]] = []
    for pair in sorted(chosen, key=lambda p: min(by_seat[e].rank for e in p)):
        if len(pair) == 1:
            continue
        a, b = sorted(pair, key=lambda e: by_seat[e].rank)
        tables.append(colours.allocate(a, b, games))
    tables += [p for p in chosen if len(p) == 1]
    return tables


def _match(seats: list[Seat], met: set[tuple[int, int]], relaxed: bool
           ) -> list[tuple[int, ...]] | None:
    """The best matching (pairs of entrants, the bye a 1-tuple), or None when the hard
    rules (not ``relaxed``) leave somebody unseated."""
    import rustworkx

    odd = len(seats) % 2
    layout = Layout.of(len(seats) // 2 + odd, relaxed)
    graph = rustworkx.PyGraph()
    graph.add_nodes_from(range(len(seats) + odd))
    graph.add_edges_from(_pair_edges(seats, met, layout, relaxed))
    if odd:
        bye = len(seats)
        graph.add_edges_from(
            (i, bye, layout.weight(0, min(1, a.byes), min(GROUP_CAP, a.group), 0, 0,
                                   min(S1_S2_CAP, a.group_size - 1 - a.place)))
            for i, a in enumerate(seats) if relaxed or not a.byes)
    matching = rustworkx.max_weight_matching(graph, max_cardinality=True,
                                             weight_fn=lambda w: w)
    if 2 * len(matching) < len(seats) + odd:
        return None
    out: list[tuple[int, ...]] = []
    for i, j in matching:
        if odd and len(seats) in (i, j):
            out.append((seats[min(i, j)].entrant,))
        else:
            out.append((seats[i].entrant, seats[j].entrant))
    return out


def _pair_edges(seats: list[Seat], met: set[tuple[int, int]], layout: Layout,
                relaxed: bool) -> list[tuple[int, int, int]]:
    """Every pair's edge (``i`` ranked above ``j``) with its weight, :func:`pair_cost`
    over all pairs at once (numpy: a million pairs in a fraction of a second)."""
    import numpy as np

    def column(name: str) -> Any:
        return np.array([getattr(s, name) for s in seats], dtype=np.int64)

    top, bottom = np.triu_indices(len(seats), 1)
    white_ok, black_ok = column("white_ok").astype(bool), column("black_ok").astype(bool)
    wants = np.array([{None: 0, WHITE: 1}.get(s.wants, 2) for s in seats])
    strength = column("strength")
    wants_black = np.where(wants == 2, strength, 0)
    wants_white = np.where(wants == 1, strength, 0)
    straight = ~white_ok[top] * 1 + ~black_ok[bottom]
    swapped = ~white_ok[bottom] * 1 + ~black_ok[top]
    unmet_straight = wants_black[top] + wants_white[bottom]
    unmet_swapped = wants_black[bottom] + wants_white[top]
    broken = np.minimum(straight, swapped)
    unmet = np.where(straight < swapped, unmet_straight,
                     np.where(swapped < straight, unmet_swapped,
                              np.minimum(unmet_straight, unmet_swapped)))
    half = column("half_points")
    spread = np.minimum(SCORE_CAP, (half[top] - half[bottom]) ** 2)
    group, place, size = column("group"), column("place"), column("group_size")
    s1s2 = np.where(group[top] == group[bottom],
                    np.minimum(S1_S2_CAP, np.abs(place[bottom] - place[top]
                                                 - size[top] // 2)), 0)
    index = {s.entrant: i for i, s in enumerate(seats)}
    played = np.zeros((len(seats), len(seats)), dtype=bool)
    for a, b in met:
        if a in index and b in index:
            played[index[a], index[b]] = played[index[b], index[a]] = True
    again = played[top, bottom]
    costs = (broken, again, np.zeros_like(broken), spread, np.minimum(UNMET_CAP, unmet),
             s1s2)
    weight = np.full(len(top), layout.top, dtype=np.int64)
    for cost, shift in zip(costs, layout.shifts, strict=True):
        if shift is not None:
            weight -= cost.astype(np.int64) << shift
    keep = np.ones(len(top), dtype=bool) if relaxed else (broken == 0) & ~again
    return list(zip(top[keep].tolist(), bottom[keep].tolist(), weight[keep].tolist(),
                    strict=True))
