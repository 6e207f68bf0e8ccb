"""Every view of whole seeded random matches, as the service shows them: after each move
the public view with the marks of the moves since the seat to act last moved, and each
seat's view with the marks since that seat last moved (:mod:`service.match.recent`); the last
position with the match's outcome line. Shared by tests/rendering/test_alt_full_games.py and
``bench/alt_lengths.py``."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

import engines
from db import MoveRecord
from service.common.names import outcome_text
from service.match.recent import marks_for

NAMES = ["Ana", "Bartholomew the Magnificent", "Chen", "Dee", "Eve", "Fitz"]
SEEDS = (1, 2)
MAX_MOVES = 4000


@dataclass(frozen=True)
class Shown:
    """One view as a post shows it: whose (None: public), the view, marks, outcome."""

    move: int
    viewer: int | None
    view: dict
    marks: dict[int, list[str]] | None
    outcome: str | None


def shown(slug: str, players: int, seed: int) -> Iterator[Shown]:
    """Every view of a whole seeded random match with ``players`` seats."""
    game = engines.get(slug)
    rng = random.Random(seed)
    state = game.setup(players, seed, {})
    played: list[MoveRecord] = []
    for number in range(MAX_MOVES + 1):
        result = game.result(state)
        acting = game.to_act(state)
        outcome = outcome_text(NAMES[:players], result) if result is not None else None
        yield Shown(number, None, game.view(state, None),
                    marks_for(played, acting[0] if acting and result is None else None),
                    outcome)
        for seat in range(players):
            yield Shown(number, seat, game.view(state, seat), marks_for(played, seat), outcome)
        if result is not None or not acting:
            return
        seat = acting[0]
        move = rng.choice(game.legal_moves(state, seat))
        state = game.play(state, seat, move)
        played.append(MoveRecord(number, seat, move, "",
                                 marks=list(game.view(state, None).get("last", []))))
