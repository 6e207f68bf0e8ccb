"""Storm of the Gods: property tests over random legal games of 2 to 6 players."""

from __future__ import annotations

import json
import random

from hypothesis import given
from hypothesis import strategies as st

from engines.base import IllegalMove
from engines.storm_of_the_gods import GAME
from engines.storm_of_the_gods import tile as T
from engines.storm_of_the_gods.actions import Move, why_not
from engines.storm_of_the_gods.map import POSITIONS
from engines.storm_of_the_gods.state import State, belief_points, on_map
from tests.conftest import games_budget, random_games

GAMES = games_budget(1000)
MAX_MOVES = 20_000  # 300 turns, each a handful of moves: games end long before


def pick(rnd: random.Random, state: State, moves: list[str], purposeful: bool) -> str:
    """A random legal move; a purposeful player builds and converts when it can, so
    that sanctuaries, constructions and encirclements happen."""
    if purposeful:
        for verb in ("sanctuary", "build"):
            chosen = [m for m in moves if m.startswith(verb)]
            if chosen:
                return rnd.choice(chosen)
        fives = [
            m for m in moves if m.startswith("convert") and state.tiles[m.split()[1]][T.POP] == 5
        ]
        if fives:
            return fives[0]
        taking = [m for m in moves if m.startswith(("convert", "occupy", "destroy"))]
        if taking and rnd.random() < 0.7:
            return rnd.choice(taking)
    return rnd.choice(moves)


def check(state: State) -> None:
    n = state.players
    for seat in range(n):
        assert state.community[seat] >= 0 and state.limbo[seat] >= 0
        assert state.community[seat] + state.limbo[seat] + on_map(state, seat) == 30
        built = sum(t[T.BUILT] for t in state.tiles.values() if t[T.OWNER] == seat)
        sanctuaries = sum(t[T.SANCT] for t in state.tiles.values() if t[T.OWNER] == seat)
        assert built <= 5 and sanctuaries <= 1
    assert len(state.tiles) + len(state.stack) + state.discarded == 59
    assert "e5" not in state.tiles
    for p, t in state.tiles.items():
        if t[T.OWNER] == T.NOBODY:
            assert t[T.MEN] == t[T.BUILT] == t[T.SANCT] == 0, p
        else:
            assert t[T.MEN] or t[T.BUILT] or t[T.SANCT], p
        if t[T.BUILT]:
            assert 1 <= t[T.POP] <= 4
        if t[T.SANCT]:
            assert t[T.POP] == 5
    if state.wind in state.tiles:
        assert state.tiles[state.wind][T.OWNER] == T.NOBODY
    view = GAME.view(state, None)
    json.dumps(view)
    assert view["scores"] == belief_points(state)
    assert view["stack_size"] == len(state.stack)
    assert not {"stack", "seed", "step"} & set(view)
    if state.phase == "over":
        assert GAME.to_act(state) == [] and GAME.result(state) is not None
    else:
        assert GAME.to_act(state) == [state.current] and GAME.result(state) is None
        for seat in range(n):
            if seat != state.current:
                assert GAME.legal_moves(state, seat) == []


def every_legal_move(state: State, seat: int) -> set[str]:
    """The legal list by brute force: every verb on every position, kept if allowed."""
    found = set()
    for p in POSITIONS:
        for verb in ("convert", "build", "destroy", "explore", "sanctuary"):
            for keep in (False, True) if verb == "build" else (False,):
                move = Move(verb, p, keep)
                if why_not(state, seat, move) is None:
                    found.add(move.notation())
                elif verb == "explore":  # several sources: the long form names one
                    for source in POSITIONS:
                        move = Move(verb, p, keep, source)
                        if why_not(state, seat, move) is None:
                            found.add(move.notation())
    return found | {"end"}


def hidden_stack_does_not_show(state: State) -> None:
    other = GAME.load(GAME.dump(state))
    other.stack = sorted(other.stack)
    for seat in (None, *range(state.players)):
        assert GAME.view(other, seat) == GAME.view(state, seat)


@random_games(GAMES)
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 6),
    choices=st.integers(0, 2**32),
    purposeful=st.booleans(),
)
def test_random_games(seed: int, players: int, choices: int, purposeful: bool) -> None:
    rnd = random.Random(choices)  # the players' choices (cheaper than hypothesis draws)
    state = GAME.setup(players, seed, {})
    played: list[tuple[int, str]] = []
    while GAME.result(state) is None:
        assert len(played) < MAX_MOVES
        check(state)
        seat = state.current
        moves = GAME.legal_moves(state, seat)
        assert moves and len(moves) == len(set(moves))
        if state.phase == "develop" and rnd.random() < 0.02:
            assert set(moves) == every_legal_move(state, seat)
        move = pick(rnd, state, moves, purposeful)
        before = GAME.dump(state)
        text = GAME.describe(state, seat, move, None)
        assert isinstance(text, str) and text.startswith(f"{{seat{seat}}}")
        new = GAME.play(state, seat, move)
        assert GAME.dump(state) == before  # play never mutates its input
        if rnd.random() < 0.05:  # any other legal move is accepted too
            GAME.play(state, seat, rnd.choice(moves))
        if rnd.random() < 0.02:
            wrong = (seat + 1) % players
            try:
                GAME.play(state, wrong, move)
                raise AssertionError("a move out of turn was accepted")
            except IllegalMove:
                pass
        if rnd.random() < 0.05:
            hidden_stack_does_not_show(new)
        played.append((seat, move))
        state = new
    check(state)
    assert GAME.load(json.loads(json.dumps(GAME.dump(state)))) == state
    replay = GAME.setup(players, seed, {})
    for seat, move in played:
        replay = GAME.play(replay, seat, move)
    assert replay == state
    result = GAME.result(state)
    assert result.ranking and sorted(s for g in result.ranking for s in g) == list(range(players))
