"""Angry Gods test helpers: the colours, hand-built positions, corners and stones counted."""

from __future__ import annotations

from collections import Counter

from engines import angry_gods as ag

GAME = ag.GAME
R, Y, G, B = "red", "yellow", "green", "blue"


def canon(name: str) -> str:
    return ag.parse_position(name)[1]


def corners(space: str) -> list[str]:
    """A space's corners in the order n, ne, se, s, sw, nw (canonical names)."""
    return [canon(f"{space}{d}") for d in ag.DIRECTIONS]


def build(
    leaders=None,
    gods=None,
    false_gods=(),
    followers=None,
    worshippers=((), ()),
    towers_left=None,
    turn=0,
    pool=None,
) -> ag.AngryGodsState:
    """A hand-built position through ``load``; the pool holds the stones not elsewhere."""
    leaders = dict(leaders or {})
    gods = dict(gods or {})
    followers = {canon(k): v for k, v in (followers or {}).items()}
    used = Counter(leaders.values()) + Counter(gods.values()) + Counter(followers.values())
    for w in worshippers:
        used += Counter(w)
    if pool is None:
        pool = {c: ag.STONES_PER_COLOUR - used[c] for c in ag.COLOURS}
    if towers_left is None:
        towers_left = ag.TOWERS - len(gods) - len(false_gods)
    return GAME.load(
        {
            "seed": 1,
            "step": 2,
            "turn": turn,
            "pool": pool,
            "leaders": leaders,
            "gods": gods,
            "false_gods": list(false_gods),
            "followers": followers,
            "worshippers": [list(w) for w in worshippers],
            "towers_left": towers_left,
        }
    )


def stones(s: ag.AngryGodsState) -> Counter:
    total = Counter(s.pool)
    total += Counter(s.leaders.values()) + Counter(s.gods.values())
    total += Counter(s.followers.values())
    for w in s.worshippers:
        total += Counter(w)
    return total


def surround(space: str, colours: list[str], skip: int = 0) -> dict[str, str]:
    """Followers of ``colours`` (n, ne, se, s, sw, nw) on ``space``'s corners but ``skip``."""
    return {
        c: colour
        for k, (c, colour) in enumerate(zip(corners(space), colours, strict=True))
        if k != skip
    }


def merge(*parts: dict[str, str]) -> dict[str, str]:
    """Followers of several spaces; a shared corner must be given the same colour."""
    out: dict[str, str] = {}
    for part in parts:
        for k, v in part.items():
            assert out.setdefault(k, v) == v, f"{k} given two colours"
    return out
