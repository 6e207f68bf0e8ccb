"""An Angry Gods position (plain data) and what can be read from it: who occupies a
space, where stones may go, the score."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from engines.angry_gods.board import (
    COLOURS,
    CORNERS,
    INNER_SPACES,
    INTERSECTION_SPACES,
    INTERSECTIONS,
    NEIGHBOURS,
    TOWERS,
)
from engines.base import copied

# --------------------------------------------------------------------------- state


@dataclass
class AngryGodsState:
    seed: int
    step: int = 0
    turn: int = 0
    pool: dict[str, int] = field(default_factory=dict)
    leaders: dict[str, str] = field(default_factory=dict)  # space -> colour
    gods: dict[str, str] = field(default_factory=dict)  # space -> colour
    false_gods: list[str] = field(default_factory=list)  # spaces, in notation order
    followers: dict[str, str] = field(default_factory=dict)  # intersection -> colour
    worshippers: list[list[str]] = field(default_factory=list)  # per seat, in gained order
    towers_left: int = TOWERS
    placements: int = 0
    last: list[str] = field(default_factory=list)  # placed position + completed spaces
    removed: list[str] = field(default_factory=list)  # followers removed by the last move
    end: str = ""  # why the game ended; "" while it runs



def copy_state(s: AngryGodsState) -> AngryGodsState:
    return copied(s, lists=("false_gods", "last", "removed"), nested=("worshippers",),
                  dicts=("pool", "leaders", "gods", "followers"))


def occupant(s: AngryGodsState, space: str) -> str | None:
    if space in s.leaders:
        return f"a {s.leaders[space]} leader"
    if space in s.gods:
        return f"a {s.gods[space]} god"
    if space in s.false_gods:
        return "a False God"
    return None


def false_god_next_to(s: AngryGodsState, space: str) -> str | None:
    for n in NEIGHBOURS[space]:
        if n in s.false_gods:
            return n
    return None


def false_god_at_corner(s: AngryGodsState, intersection: str) -> str | None:
    for sp in INTERSECTION_SPACES[intersection]:
        if sp in s.false_gods:
            return sp
    return None


def leader_spots(s: AngryGodsState) -> list[str]:
    fg = set(s.false_gods)
    return [
        sp
        for sp in INNER_SPACES
        if sp not in s.leaders
        and sp not in s.gods
        and sp not in fg
        and not any(n in fg for n in NEIGHBOURS[sp])
    ]


def follower_spots(s: AngryGodsState) -> list[str]:
    if not s.leaders:
        return []
    fg = set(s.false_gods)
    candidates: set[str] = set()
    for sp in s.leaders:
        candidates.update(CORNERS[sp])
    return [
        i
        for i in INTERSECTIONS
        if i in candidates
        and i not in s.followers
        and not any(sp in fg for sp in INTERSECTION_SPACES[i])
    ]


def follower_colours(s: AngryGodsState) -> list[str]:
    led = set(s.leaders.values())
    return [c for c in COLOURS if c in led and s.pool.get(c, 0) > 0]


def pool_colours(s: AngryGodsState) -> list[str]:
    return [c for c in COLOURS if s.pool.get(c, 0) > 0]


def any_placement(s: AngryGodsState) -> bool:
    if pool_colours(s) and leader_spots(s):
        return True
    return bool(follower_colours(s)) and bool(follower_spots(s))


def score(s: AngryGodsState) -> list[int]:
    gods = Counter(s.gods.values())
    return [sum(gods[c] for c in w) for w in s.worshippers]


