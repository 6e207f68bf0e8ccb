"""Terra test helpers: hand-built positions (a war, a discard, terrain) and chits counted."""

from __future__ import annotations

from collections import Counter

from engines.terra import GAME, TerraState
from engines.terra.board import CHIT_TYPES, sort_chits


def full_set() -> list[str]:
    return [t for t in CHIT_TYPES for _ in range(10)]


def make(
    board: dict | None = None,
    reserves: list | None = None,
    discards: list | None = None,
    cups: list | None = None,
    players: int = 2,
    turn: int = 0,
    phase: str = "build",
    options: dict | None = None,
    mountains: list | None = None,
    river: list | None = None,
    turns: int = 1,
    idle: int = 0,
) -> TerraState:
    """A position; each cup holds whatever of the player's 70 chits is elsewhere unused."""
    placed = {p: [o, k] for p, (o, k) in (board or {}).items()}
    reserves = [sort_chits(list(r)) for r in reserves] if reserves else [[]] * players
    discards = [list(d) for d in discards] if discards else [[]] * players
    if cups is None:
        cups = []
        for seat in range(players):
            left = Counter(full_set())
            left.subtract(k for o, k in placed.values() if o == seat)
            left.subtract(reserves[seat])
            left.subtract(discards[seat])
            cups.append(sorted(left.elements()))
    return TerraState(
        players=players,
        seed=7,
        step=10,
        options=GAME.parse_options(options or {}),
        board=placed,
        cups=[list(c) for c in cups],
        reserves=[list(r) for r in reserves],
        discards=[list(d) for d in discards],
        mountains=list(mountains or []),
        river=list(river or []),
        first=0,
        turn=turn,
        phase=phase,
        turns=turns,
        idle=idle,
        last_turn=turns,
    )


def chits_of(s: TerraState, seat: int) -> Counter:
    c = Counter(s.cups[seat]) + Counter(s.reserves[seat]) + Counter(s.discards[seat])
    c.update(k for o, k in s.board.values() if o == seat)
    return c


def war_state() -> TerraState:
    return make(
        board={"e5": (1, "castle"), "d4": (0, "town")},
        reserves=[["army", "castle", "town"], []],
    )


def discard_state() -> TerraState:
    return make(phase="discard", reserves=[["town", "town", "army", "farm", "mine", "castle"], []])


def terrain_state(kind: str) -> TerraState:
    return make(
        reserves=[[kind], []],
        options={"terrain": True},
        mountains=["a1", "i9", "e9", "a5", "i1", "i5"],
        river=["e1", "e2", "e3", "d3", "c3", "c4", "c5", "c6", "c7"],
    )
