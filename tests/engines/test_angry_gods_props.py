"""Angry Gods property tests: random legal games keep every invariant.

``PANTHEON_GAMES`` sets how many random games hypothesis plays (default below).
Worshippers are taken out of the pool (set-up and ascensions) and never return, so the
80 stones are always pool + leaders + gods + followers + worshippers.
"""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from engines import angry_gods as ag
from tests.conftest import games_budget, random_games

GAME = ag.GAME
GAMES = games_budget(1000)
MAX_PLACEMENTS = 200  # each tower returns at most 6 stones: 76 + 9·6 bounds the game


def check_invariants(s: ag.AngryGodsState) -> None:
    stones = Counter(s.pool) + Counter(s.leaders.values()) + Counter(s.gods.values())
    stones += Counter(s.followers.values())
    for w in s.worshippers:
        stones += Counter(w)
    assert stones == Counter({c: ag.STONES_PER_COLOUR for c in ag.COLOURS})
    assert all(v >= 0 for v in s.pool.values())
    assert len(s.gods) + len(s.false_gods) + s.towers_left == ag.TOWERS
    assert s.towers_left >= 0
    occupied = set(s.leaders) | set(s.gods) | set(s.false_gods)
    assert len(occupied) == len(s.leaders) + len(s.gods) + len(s.false_gods)
    assert not occupied & ag.OUTER_RING
    assert set(s.followers) <= set(ag.INTERSECTIONS)
    for fg in s.false_gods:
        assert not any(i in s.followers for i in ag.CORNERS[fg])
        # (Leaders placed before it arose may stand next to it; no later leader may.)
    if not s.end:
        # Nothing surrounded is left unresolved while the game runs.
        for sp in ag.INNER_SPACES:
            if all(i in s.followers for i in ag.CORNERS[sp]):
                assert sp in s.gods
    gods = Counter(s.gods.values())
    view = GAME.view(s, None)
    assert view["scores"] == [sum(gods[c] for c in w) for w in s.worshippers]
    assert sum(view["gods"].values()) == len(s.gods)
    json.dumps(view)
    assert (GAME.result(s) is None) == (not s.end)
    assert bool(GAME.to_act(s)) == (not s.end)


def play_random_game(
    seed: int, rnd: random.Random, check_all_moves: bool = False
) -> tuple[ag.AngryGodsState, list[tuple[int, str]]]:
    s = GAME.setup(2, seed, {})
    history: list[tuple[int, str]] = []
    while GAME.result(s) is None:
        assert len(history) < MAX_PLACEMENTS
        seat = GAME.to_act(s)[0]
        moves = GAME.legal_moves(s, seat)
        assert moves, "a running game always has a placement for the player to move"
        assert GAME.legal_moves(s, 1 - seat) == []
        followers = [m for m in moves if m.startswith("follower")]
        # Lean to followers so that gods and False Gods arise often.
        move = rnd.choice(followers if followers and rnd.random() < 0.8 else moves)
        before = GAME.dump(s)
        if check_all_moves:
            for m in moves:
                GAME.play(s, seat, m)
        after = GAME.play(s, seat, move)
        assert GAME.dump(s) == before  # no mutation
        data = json.loads(json.dumps(GAME.dump(after)))
        assert GAME.load(data) == after
        assert GAME.describe(s, seat, move, None).startswith(f"{{seat{seat}}} placed")
        check_invariants(after)
        history.append((seat, move))
        s = after
    return s, history


@random_games(GAMES)
@given(st.integers(0, 2**32), st.integers(0, 2**32))
def test_random_games_keep_invariants_and_replay(seed, choices):
    # The move choices come from a generator seeded by hypothesis (cheaper than
    # st.randoms, which records every draw).
    final, history = play_random_game(seed, random.Random(choices))
    res = GAME.result(final)
    assert res is not None and res.scores == GAME.view(final, None)["scores"]
    assert sorted(s for group in res.ranking for s in group) == [0, 1]
    # Replay from set-up with the same seed reproduces the state.
    s = GAME.setup(2, seed, {})
    for seat, move in history:
        s = GAME.play(s, seat, move)
    assert s == final


@random_games(max(5, GAMES // 20))
@given(st.integers(0, 2**32), st.integers(0, 2**32))
def test_every_legal_move_is_accepted(seed, choices):
    play_random_game(seed, random.Random(choices), check_all_moves=True)


@random_games(max(10, GAMES // 10))
@given(st.integers(0, 2**32))
def test_setup_invariants(seed):
    s = GAME.setup(2, seed, {})
    check_invariants(s)
    assert sorted(s.worshippers[0]) != sorted(s.worshippers[1])
    assert GAME.setup(2, seed, {}) == s
