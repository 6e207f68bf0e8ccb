"""Terra, read further than its score: what the map promises.

Terra's points come in steps — a territory is controlled only with strictly the most
structures, a run scores from three plots, a territory from five structures — so the
score margin of a position says nothing of a territory about to change hands, a pair
waiting for its third plot or four structures waiting for a fifth. This adds to each
seat's score, from the public board only, a potential that fades as the map fills:

- control: per territory still open, the seat's lead over its best rival (capped),
  weighted by what controlling it is worth (centre, lines, squares, corners it is part
  of);
- runs: pairs of the seat's structures in a line with an empty plot to extend them;
- territory counts: three or four structures where a fifth still fits;
- the reserve, on the searched state (the searching seat's own, the others' resampled):
  an army is a structure of an enemy's taken off the map later, so it is worth keeping.
"""

from __future__ import annotations

from engines.terra import scoring
from engines.terra.board import STEPS, TERRITORY

PLOTS = 81
ARMY = 1.5
"""An army in the reserve: roughly what removing an enemy structure later costs them."""


def _worth(t: int) -> float:
    """What controlling territory ``t`` is worth, its share of every bonus it is part of."""
    worth = scoring.CENTRE_POINTS if t == scoring.CENTRE else 0.0
    worth += sum(scoring.LINE_POINTS / 3 for line in scoring.LINES if t in line)
    worth += sum(scoring.SQUARE_POINTS / 4 for square in scoring.SQUARES if t in square)
    worth += scoring.CORNER_POINTS / 4 if t in scoring.CORNERS else 0.0
    return worth


WORTH = {t: _worth(t) for t in range(1, 10)}
CONTROL = 0.25
"""Potential per structure of lead in a territory, times the territory's worth (× 1/9)."""
PAIR = 0.8
"""Potential of two in a line with room for the third."""
COUNT = 0.6
"""Potential per structure beyond two in a territory where a fifth still fits."""


def capped_lead(count: list[int], seat: int) -> int:
    """``seat``'s lead in a territory (its structures there, ``count`` per seat) over its
    best rival, at most three either way."""
    best_other = max((n for s, n in enumerate(count) if s != seat), default=0)
    return max(-3, min(3, count[seat] - best_other))


def potential(board: dict, players: int) -> list[float]:
    """Each seat's potential points on the public ``board`` (plot → {owner, type})."""
    owner = {plot: occupant["owner"] for plot, occupant in board.items()}
    found = [0.0] * players
    counts = [[0] * players for _ in range(10)]
    for plot, seat in owner.items():
        counts[TERRITORY[plot]][seat] += 1
    for t in range(1, 10):
        tally = counts[t]
        free = 9 - sum(tally)
        if free == 0:
            continue
        for seat in range(players):
            found[seat] += CONTROL * WORTH[t] * capped_lead(tally, seat) / 3
            if tally[seat] >= 3 and tally[seat] + free >= 5:
                found[seat] += COUNT * (tally[seat] - 2)
    for step in STEPS:
        for plot, seat in owner.items():
            nxt = step[plot]
            if nxt is None or owner.get(nxt) != seat:
                continue
            beyond = step[nxt]
            if beyond is not None and beyond not in owner:
                found[seat] += PAIR
    empty = (PLOTS - len(board)) / PLOTS
    return [p * empty for p in found]


def reserve_worth(state: object, players: int) -> list[float]:
    """Each seat's armies in reserve, valued (the state searched, not the public view)."""
    reserves = getattr(state, "reserves", None)
    if not reserves:
        return [0.0] * players
    return [ARMY * sum(1 for chit in reserves[seat] if chit == "army")
            for seat in range(players)]


def deep_totals(state: object, view: dict, totals: list[float]) -> list[float]:
    """The search's totals (the spec's ``adjust``): each score plus the map's
    :func:`potential` and the :func:`reserve_worth`."""
    extra = zip(potential(view["board"], len(totals)), reserve_worth(state, len(totals)),
                strict=True)
    return [s + p + r for s, (p, r) in zip(totals, extra, strict=True)]
