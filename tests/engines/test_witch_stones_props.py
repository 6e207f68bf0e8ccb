"""Witch Stones property tests: thousands of random legal games keep every invariant."""

from __future__ import annotations

import json
import random

from hypothesis import given
from hypothesis import strategies as st

import engines
from engines.witch_stones import points
from tests.conftest import games_budget, random_games

GAME = engines.get("witch-stones")
VALUES = {"crown": 5, "earth": 1}


def check_invariants(state, history) -> None:
    view = GAME.view(state, None)
    on_board = len(state.board)
    removed = sum(sum(r.values()) for r in state.removed)
    assert on_board + removed == 81, "every piece is on the board or removed"
    for seat in (0, 1):
        side = state.sides[seat]
        expected = sum(points(kind, side) * n for kind, n in state.removed[seat].items())
        assert state.scores[seat] == expected, "scores equal the removed pieces' values"
    assert view["scores"] == list(state.scores)
    assert GAME.load(json.loads(json.dumps(GAME.dump(state)))) == state


@random_games(games_budget(1000))
@given(seed=st.integers(0, 2**62), chooser=st.randoms(use_true_random=False))
def test_random_games_keep_invariants(seed: int, chooser: random.Random) -> None:
    state = GAME.setup(2, seed, {})
    moves: list[tuple[int, str]] = []
    for _ in range(200):
        if GAME.result(state) is not None:
            break
        (seat,) = GAME.to_act(state)
        legal = GAME.legal_moves(state, seat)
        assert legal, "a seat to act always has a move"
        move = chooser.choice(legal)
        frozen = json.dumps(GAME.dump(state), sort_keys=True)
        after = GAME.play(state, seat, move)
        assert json.dumps(GAME.dump(state), sort_keys=True) == frozen, "play never mutates"
        moves.append((seat, move))
        state = after
        check_invariants(state, moves)
    result = GAME.result(state)
    assert result is not None, "a game ends within 200 moves"
    assert GAME.to_act(state) == []
    assert max(state.scores) >= 50 or not any(GAME.legal_moves(state, s) for s in (0, 1))
    replayed = GAME.setup(2, seed, {})
    for seat, move in moves:
        replayed = GAME.play(replayed, seat, move)
    assert replayed == state, "replay of the move log reproduces the state"
