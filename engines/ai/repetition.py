"""Positions as keys, to notice a player going round in circles.

A key is built from the public view only (no secret, no chance counter): the board, who
acts and in which phase, and the few public fields that say where the game stands (the
wind in Storm of the Gods, the tiles in When Gods Collide, territory control in Terra).
Two positions with the same key look the same to everyone, so a seat that brings one
back has gained nothing by the moves in between.
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from engines.base import Game, State

KEY_FIELDS = ("board", "to_act", "phase", "wind", "tiles", "control", "worshippers",
              "current")
HISTORY = 24
"""How many recent positions of the real match a computer player is shown."""


def position_key(game: Game, state: State) -> str:
    """The public position as a string: equal keys, positions nobody can tell apart."""
    view = game.view(state, None)
    return json.dumps({k: view[k] for k in KEY_FIELDS if k in view}, sort_keys=True,
                      separators=(",", ":"), default=str)


def recent_keys(game: Game, states: Iterable[State], limit: int = HISTORY) -> tuple[str, ...]:
    """The keys of the last ``limit`` of ``states`` (oldest first)."""
    kept = list(states)[-limit:]
    return tuple(position_key(game, s) for s in kept)


def replay_keys(slug: str, players: int, seed: int, options: dict,
                moves: list[tuple[int, str]], limit: int = HISTORY) -> tuple[str, ...]:
    """The keys of the last ``limit`` positions of a match given by its set-up and its
    move log (plain data: this runs in a worker process)."""
    import engines

    game = engines.get(slug)
    state = game.setup(players, seed, options)
    tail: list[State] = [state]
    for seat, move in moves:
        state = game.play(state, seat, move)
        tail.append(state)
        if len(tail) > limit:
            del tail[0]
    return recent_keys(game, tail, limit)
