"""What each Terra player hides — the reserve in hand, the discards, the order of the
cups — in words for its owner and, at the end, for everyone; and the states that a
viewer cannot tell from the real one (determinisation)."""

from __future__ import annotations

import random
from collections import Counter

from engines.base import plural, seat_name
from engines.terra.board import CHIT_TYPES, CHITS_PER_TYPE, sort_chits
from engines.terra.rules import TerraState, clone


def count_chits(chits: list[str], nothing: str) -> str:
    """"2 temples, 1 castle, 1 army" in the types' order, or ``nothing``."""
    counts = Counter(chits)
    many = {"army": "armies"}
    parts = [plural(counts[t], t, many.get(t)) for t in CHIT_TYPES if counts[t]]
    return ", ".join(parts) if parts else nothing


def determinise(state: TerraState, seat: int | None,
                rng: random.Random) -> TerraState:
    """Cups are secret to everyone, reserves and discards to all but their owner (unless
    open): each player's unseen chits (all 70 less the structures on the map
    and whatever ``seat`` may see) are dealt again at random, in the known sizes.
    For the public (``seat`` None) every reserve and discard pile is dealt again."""
    new = clone(state)
    new.seed, new.step, new.auto = rng.getrandbits(62), 0, []
    open_reserves = bool(state.options.get("open_reserves"))
    for p in range(state.players):
        unseen = Counter({t: CHITS_PER_TYPE for t in CHIT_TYPES})
        unseen.subtract(k for o, k in state.board.values() if o == p)
        # Reserve and discards are seen by their owner, and by everyone when face up.
        known = open_reserves or p == seat
        if known:
            unseen.subtract(state.reserves[p])
            unseen.subtract(state.discards[p])
        pool = sorted(unseen.elements())
        rng.shuffle(pool)
        if not known:
            size = len(state.reserves[p])
            new.reserves[p], pool = sort_chits(pool[:size]), pool[size:]
            size = len(state.discards[p])
            new.discards[p], pool = sort_chits(pool[:size]), pool[size:]
        new.cups[p] = pool
    return new


def private_text(state: TerraState, seat: int) -> str | None:
    """E.g. "Your reserve: 2 temples, 1 castle, 1 army. Your discards: 1 town." (None
    with open reserves: everyone sees them)."""
    if state.options.get("open_reserves") or not 0 <= seat < state.players:
        return None
    return (f"Your reserve: {count_chits(state.reserves[seat], 'empty')}. "
            f"Your discards: {count_chits(state.discards[seat], 'none')}.")


def final_reveal(state: TerraState) -> str | None:
    """Every player's final reserve and discards (private reserves only), for when the
    match has ended (by the rules, or by a resignation or deadline)."""
    if state.options.get("open_reserves"):
        return None
    return " ".join(
        f"{seat_name(p)}'s final reserve: {count_chits(state.reserves[p], 'empty')}; "
        f"discards: {count_chits(state.discards[p], 'none')}."
        for p in range(state.players)
    )
