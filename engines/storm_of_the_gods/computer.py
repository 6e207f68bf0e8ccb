"""Storm of the Gods, read further than its belief points: who can convert what next.

Most matches end when the stack runs out, on the belief points then on the map, and a
tile held by worshippers alone changes hands for its worshippers + 1 from a community:
the points a seat shows are only as safe as its rivals' communities are small. The search
sees one turn at most, so its leaves are valued as the seat about to act would leave
them: that seat converts the richest enemy tiles its community (strengthened first, if
its turn has not begun) can pay for, the victims' worshippers going to Limbo. Worshippers
still in a community are worth a fraction of a point, less as the stack (the game's
clock) runs down, for at the end only the map counts.
"""

from __future__ import annotations

from engines.storm_of_the_gods.state import State
from engines.storm_of_the_gods.tile import BUILT, MEN, NOBODY, OWNER, SANCT

COMMUNITY_WORTH = 0.4
"""A community worshipper's worth in belief points while the stack is full."""
FULL_STACK = 20
"""At or above this many tiles in the stack, a community worshipper has its full worth."""


def income(state: State, seat: int) -> int:
    """What strengthening will bring ``seat`` from Limbo at its next turn's start."""
    plain = sum(1 for t in state.tiles.values()
                if t[OWNER] == seat and t[MEN] and not t[BUILT] and not t[SANCT])
    built = sum(1 for t in state.tiles.values() if t[OWNER] == seat and (t[BUILT] or t[SANCT]))
    return min(state.limbo[seat], 1 + plain // 3 + built)


def conversions(state: State, seat: int, budget: int) -> list[tuple[int, int]]:
    """The enemy tiles ``seat`` would convert with ``budget`` worshippers, richest first,
    as (owner, worshippers) pairs: tiles of worshippers alone, not yet acted on."""
    targets = sorted(
        ((t[MEN], t[OWNER]) for p, t in state.tiles.items()
         if t[OWNER] not in (seat, NOBODY) and t[MEN] and not t[BUILT] and not t[SANCT]
         and p not in state.used),
        reverse=True)
    taken = []
    for men, owner in targets:
        if men + 1 <= budget:
            budget -= men + 1
            taken.append((owner, men))
    return taken


def adjusted_points(state: State, points: list[float]) -> list[float]:
    """Each seat's belief points as the seat to act would leave them (see above)."""
    totals = list(points)
    stack = len(state.stack)
    worth = COMMUNITY_WORTH * min(1.0, stack / FULL_STACK)
    for seat in range(len(totals)):
        totals[seat] += worth * state.community[seat]
    if state.phase == "over":
        return totals
    acting = state.current
    budget = state.community[acting]
    if state.phase == "wind":
        budget += income(state, acting)
    # The stack may run out before the seat to act gets to convert anything.
    likely = min(1.0, 0.4 + 0.2 * stack)
    for owner, men in conversions(state, acting, budget):
        totals[acting] += likely * (men + 1) * (1 - worth)
        totals[owner] -= likely * men
    return totals


def deep_totals(state: State, view: dict, totals: list[float]) -> list[float]:
    """The search's totals (the spec's ``adjust``): :func:`adjusted_points`."""
    return adjusted_points(state, totals)
