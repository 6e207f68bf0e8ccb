"""Points and tie-breaks.

A match's points, for any number of seats: each entrant scores, against each table-mate,
1 for finishing above them, ½ for a tie and 0 below, divided by the number of
table-mates — so a two-player game gives 1, ½, 0, and a table of four gives 1, ⅔, ⅓, 0
in the order of its placings. A bye scores :data:`BYE_POINTS`.

Ranking, in order: points; **Buchholz** (the sum of the points of everyone met at a
table, each table-mate once per meeting, divided by table-mates so that a table of four
weighs as one game); **Sonneborn–Berger** (the same sum, each table-mate's points
weighted by the share scored against them); **wins** (tables finished first, alone);
then the entry order. A bye adds nothing to the tie-breaks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from service.events.pairing.model import Table


@dataclass(frozen=True)
class Line:
    """An entrant's line in the standings."""

    entrant: int
    rank: int
    points: float
    buchholz: float
    sonneborn_berger: float
    wins: int
    played: int
    byes: int


def placings_points(ranking: Sequence[Sequence[int]]) -> dict[int, float]:
    """The points of each seat from a match's ranking (groups of tied seats, best first)."""
    seats = [s for group in ranking for s in group]
    others = len(seats) - 1
    if others <= 0:
        return {s: 1.0 for s in seats}
    points: dict[int, float] = {}
    above = 0
    for group in ranking:
        below = len(seats) - above - len(group)
        for seat in group:
            points[seat] = (below + 0.5 * (len(group) - 1)) / others
        above += len(group)
    return points


def _pair_share(table: Table, me: int, other: int) -> float:
    """What ``me`` scored against ``other`` at a finished table: 1, ½ or 0."""
    mine, theirs = table.points.get(me, 0.0), table.points.get(other, 0.0)
    return 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0


def standings(entrants: Sequence[int], history: Sequence[Table]) -> list[Line]:
    """Every entrant ranked by the finished tables of ``history``; ``entrants`` in entry
    order (the last tie-break). Equal on everything but entry order shares a rank."""
    points = {e: 0.0 for e in entrants}
    wins = dict.fromkeys(entrants, 0)
    played = dict.fromkeys(entrants, 0)
    byes = dict.fromkeys(entrants, 0)
    done = [t for t in history if t.done]
    for table in done:
        for e in table.players:
            if e not in points:
                continue
            points[e] += table.scored(e)
            if table.bye:
                byes[e] += 1
                continue
            played[e] += 1
            top = max(table.points.values())
            if table.points.get(e) == top and list(table.points.values()).count(top) == 1:
                wins[e] += 1
    buchholz = dict.fromkeys(entrants, 0.0)
    berger = dict.fromkeys(entrants, 0.0)
    for table in done:
        if table.bye:
            continue
        mates = len(table.players) - 1
        for e in table.players:
            if e not in points:
                continue
            for other in table.players:
                if other == e:
                    continue
                theirs = points.get(other, 0.0)
                buchholz[e] += theirs / mates
                berger[e] += theirs * _pair_share(table, e, other) / mates
    order = {e: i for i, e in enumerate(entrants)}

    def key(e: int) -> tuple[float, float, float, int]:
        return (-round(points[e], 6), -round(buchholz[e], 6), -round(berger[e], 6), -wins[e])

    ranked = sorted(entrants, key=lambda e: (key(e), order[e]))
    lines: list[Line] = []
    for i, e in enumerate(ranked):
        rank = lines[-1].rank if lines and key(ranked[i - 1]) == key(e) else i + 1
        lines.append(Line(e, rank, points[e], round(buchholz[e], 4), round(berger[e], 4),
                          wins[e], played[e], byes[e]))
    return lines
