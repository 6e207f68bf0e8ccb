"""Property tests: random legal games of Terra, checking invariants after every move.

The number of games comes from PANTHEON_GAMES (default chosen so that all of Terra's
tests run within a minute on two cores).
"""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from engines.base import IllegalMove
from engines.terra import GAME, MAX_TURNS, TerraState
from engines.terra.board import CHIT_TYPES, PLOTS, STRUCTURES
from tests.conftest import games_budget, random_games

GAMES = games_budget(300)
FULL = Counter({t: 10 for t in CHIT_TYPES})
SECRET_KEYS = {"reserve", "reserves", "cups", "cup", "discards"}


def conserved(s: TerraState) -> None:
    for seat in range(s.players):
        held = Counter(s.cups[seat]) + Counter(s.reserves[seat]) + Counter(s.discards[seat])
        held.update(k for o, k in s.board.values() if o == seat)
        assert held == FULL, f"seat {seat} has {held}"
        assert len(s.reserves[seat]) <= 6


def scrambled(s: TerraState, rnd: random.Random) -> TerraState:
    """The same public position with different hidden cups and reserves."""
    twin = GAME.load(GAME.dump(s))
    for seat in range(s.players):
        pool = twin.cups[seat] + twin.reserves[seat]
        rnd.shuffle(pool)
        n = len(twin.reserves[seat])
        twin.reserves[seat] = sorted(pool[:n], key=CHIT_TYPES.index)
        twin.cups[seat] = pool[n:]
    return twin


def check_views(s: TerraState, rnd: random.Random) -> None:
    public = GAME.view(s, None)
    json.dumps(public)
    assert public["scores"] == [sum(p for _l, p in rows) for rows in public["breakdown"]]
    assert public["reserve_sizes"] == [len(r) for r in s.reserves]
    assert public["to_act"] == GAME.to_act(s)
    for seat in range(s.players):
        assert GAME.private_view(s, seat) == {"reserve": s.reserves[seat]}
        mine = GAME.view(s, seat)
        assert mine["reserve"] == s.reserves[seat]
        if not s.options["open_reserves"]:
            assert "reserves" not in mine
    if s.options["open_reserves"]:
        assert public["reserves"] == s.reserves
        assert "cups" not in public
    else:
        assert not SECRET_KEYS & set(public)
        assert GAME.view(scrambled(s, rnd), None) == public


def check_legal_moves(s: TerraState, seat: int, legal: list[str], rnd: random.Random) -> None:
    for other in range(s.players):
        if other != seat:
            assert GAME.legal_moves(s, other) == []
    assert len(legal) == len(set(legal)) and legal
    sample = legal if len(legal) <= 20 else rnd.sample(legal, 20)
    for move in sample:
        GAME.play(s, seat, move)
    if s.phase == "build":  # builds not listed are refused
        listed = set(legal)
        for move in ("nowar", "pass"):  # every accepted move is listed, and only those
            try:
                GAME.play(s, seat, move)
                accepted = True
            except IllegalMove:
                accepted = False
            assert accepted == (move in listed), (move, legal[-3:])
        for _ in range(10):
            move = f"build {rnd.choice(STRUCTURES)} {rnd.choice(PLOTS)}"
            try:
                GAME.play(s, seat, move)
                accepted = True
            except IllegalMove:
                accepted = False
            assert accepted == (move in listed), move


def play_random_game(seed: int, rnd: random.Random, players: int, options: dict) -> None:
    s = GAME.setup(players, seed, options)
    start = GAME.dump(s)
    history: list[tuple[int, str]] = []
    while GAME.result(s) is None:
        assert s.turns <= MAX_TURNS and len(history) <= 4 * MAX_TURNS
        conserved(s)
        (seat,) = GAME.to_act(s)
        legal = GAME.legal_moves(s, seat)
        if rnd.random() < 0.1:
            check_legal_moves(s, seat, legal, rnd)
            check_views(s, rnd)
        move = rnd.choice(legal)
        before = json.dumps(GAME.dump(s), sort_keys=True)
        text = GAME.describe(s, seat, move, None)
        after = GAME.play(s, seat, move)
        assert json.dumps(GAME.dump(s), sort_keys=True) == before  # input untouched
        if not s.options["open_reserves"]:
            if move.startswith("discard"):
                assert not any(t in text.split(";")[0] for t in CHIT_TYPES), text
            for event in after.auto:
                if event[0] == "discard":
                    assert f"discarded {len(event[2])} chit" in text
        history.append((seat, move))
        s = after
    conserved(s)
    check_views(s, rnd)
    result = GAME.result(s)
    assert result.scores == GAME.view(s, None)["scores"]
    assert result.reason
    # dump/load, JSON and replay from the start reproduce the state
    assert GAME.load(json.loads(json.dumps(GAME.dump(s)))) == s
    assert GAME.load(start) == GAME.setup(players, seed, options)
    replay = GAME.setup(players, seed, options)
    for seat, move in history:
        replay = GAME.play(replay, seat, move)
    assert replay == s


@random_games(GAMES)
@given(
    seed=st.integers(0, 2**32),
    choices=st.integers(0, 2**32),
    players=st.integers(2, 4),
    terrain=st.booleans(),
    open_reserves=st.booleans(),
)
def test_random_games(
    seed: int, choices: int, players: int, terrain: bool, open_reserves: bool
) -> None:
    # Move choices come from their own seed: a random game asks for thousands of choices,
    # more than hypothesis's own data stream is meant to carry.
    rnd = random.Random(choices)
    play_random_game(seed, rnd, players, {"terrain": terrain, "open_reserves": open_reserves})


@random_games(max(5, GAMES // 4))
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4), moves=st.integers(0, 300))
def test_dump_load_mid_game(seed: int, players: int, moves: int) -> None:
    s = GAME.setup(players, seed, {"terrain": seed % 2 == 0})
    rnd = random.Random(seed)
    for _ in range(moves):
        if GAME.result(s) is not None:
            break
        s = GAME.play(s, s.turn, rnd.choice(GAME.legal_moves(s, s.turn)))
    data = json.loads(json.dumps(GAME.dump(s)))
    assert GAME.load(data) == s
    assert GAME.dump(GAME.load(data)) == data
