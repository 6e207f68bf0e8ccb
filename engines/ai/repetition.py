"""Noticing a player going round in circles.

The loops seen in play were not exact repetitions of whole positions: in Storm of the
Gods two computers took the same tile from each other turn after turn (each time with one
more worshipper on it), and in Terra one removed a temple with an army and the other
rebuilt it. What repeats is a *change*: a seat puts the same places back into the same
hands. So a move is summed up by what it changed on the public board — each place whose
occupant changed, and who or what stands there now, counts such as worshippers left out
— and a seat that makes a change it made before, in the recent past of the match, is
redoing something that was undone in between: it has gained nothing by the round trip.

Keys come from public views only (no secret, no chance counter). :class:`MctsPlayer`
takes the keys of the match's recent moves and penalises its own moves that repeat one.
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from engines.ai.evaluate import computer
from engines.base import Game, State
from engines.replay import replayed

HISTORY = 40
"""How many recent moves of the real match a computer player is shown."""


def board(game: Game, state: State) -> dict:
    """The public board with each occupant reduced to who or what stands there (the
    fields that grow with each round trip, the spec's ``counts``, left out)."""
    counts = computer(game).counts
    return {pos: ({k: v for k, v in occupant.items() if k not in counts}
                  if isinstance(occupant, dict) else occupant)
            for pos, occupant in game.view(state, None).get("board", {}).items()}


def change_key(seat: int, before: dict, after: dict) -> str | None:
    """What ``seat``'s move changed between two :func:`board` s, as a string (None: it
    changed nothing on the board)."""
    changed = sorted((pos, after.get(pos)) for pos in before.keys() | after.keys()
                     if before.get(pos) != after.get(pos))
    if not changed:
        return None
    return json.dumps([seat, changed], sort_keys=True, separators=(",", ":"), default=str)


def move_key(game: Game, state: State, seat: int, after: State) -> str | None:
    """The key of ``seat`` playing from ``state`` to ``after``."""
    return change_key(seat, board(game, state), board(game, after))


def replay_keys(slug: str, players: int, seed: int, options: dict,
                moves: Iterable[tuple[int, str]], limit: int = HISTORY) -> tuple[str, ...]:
    """The keys of the last ``limit`` moves of a match given by its set-up and move log
    (plain data: this runs in a worker process). Moves that changed nothing on the board
    are left out."""
    import engines

    game = engines.get(slug)
    moves = list(moves)
    states = replayed(game, players, seed, options, moves)
    keys: list[str] = []
    first = max(0, len(moves) - limit)
    state = next(states)
    before = board(game, state) if first == 0 else None
    for number, ((seat, _), state) in enumerate(zip(moves, states, strict=True)):
        if number + 1 == first:
            before = board(game, state)
        elif number >= first:
            assert before is not None
            now = board(game, state)
            key = change_key(seat, before, now)
            if key is not None:
                keys.append(key)
            before = now
    return tuple(keys)
