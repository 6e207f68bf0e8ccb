"""Storm of the Gods test helpers: hand-built positions, a forced wind roll, moves played."""

from __future__ import annotations

import pytest

from engines.base import IllegalMove, chance
from engines.storm_of_the_gods import GAME
from engines.storm_of_the_gods import tile as T
from engines.storm_of_the_gods.map import COMPASS_FACES
from engines.storm_of_the_gods.state import State, on_map
from engines.storm_of_the_gods.wind import DIE_FACES


def tile(
    pop: int, owner: int = T.NOBODY, men: int = 0, built: int = 0, sanct: int = 0, since: int = 1
) -> list[int]:
    return [pop, owner, men, built, sanct, since if owner != T.NOBODY else 0]


def make(
    tiles: dict | None = None,
    players: int = 2,
    *,
    current: int = 0,
    phase: str = "develop",
    turn: int = 5,
    community: list[int] | None = None,
    limbo: list[int] | None = None,
    stack: list[int] | None = None,
    wind: str = "e5",
    face: str = "",
    steps: int = 0,
    **fields,
) -> State:
    """A hand-built position; Limbo makes each god's 30 worshippers add up by default."""
    s = State(players=players, seed=7)
    s.order = list(range(players))
    s.current, s.turn, s.phase = current, turn, phase
    s.tiles = {p: list(t) for p, t in (tiles or {}).items()}
    s.stack = list(stack if stack is not None else [2] * 20)
    s.wind = s.wind_from = wind
    s.face, s.steps = face, steps
    s.step = 10
    s.community = list(community or [10] * players)
    s.limbo = (
        list(limbo)
        if limbo is not None
        else [30 - s.community[p] - on_map(s, p) for p in range(players)]
    )
    for name, value in fields.items():
        setattr(s, name, value)
    return s


def force_roll(state: State, face: str, steps: int) -> None:
    """Move the chance counter to the next step that rolls ``face`` and ``steps``."""
    for step in range(state.step, state.step + 100_000):
        rng = chance(state.seed, step)
        if rng.choice(COMPASS_FACES) == face and rng.choice(DIE_FACES) == steps:
            state.step = step
            return
    raise AssertionError("no such roll found")


def play(state: State, *moves: str, seat: int | None = None) -> State:
    for move in moves:
        state = GAME.play(state, state.current if seat is None else seat, move)
    return state


def illegal(state: State, move: str, words: str, seat: int | None = None) -> None:
    with pytest.raises(IllegalMove, match=words):
        GAME.play(state, state.current if seat is None else seat, move)


def total(state: State, seat: int) -> int:
    return state.community[seat] + state.limbo[seat] + on_map(state, seat)
