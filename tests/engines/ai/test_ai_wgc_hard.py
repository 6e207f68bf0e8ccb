"""When Gods Collide's hard player: a refuge planned in the set-up, the battle weighed
roll by roll, and nothing read that its seat may not know."""

from __future__ import annotations

import dataclasses
import math

import pytest

import engines
from engines.ai import GreedyPlayer, MctsPlayer, player
from engines.when_gods_collide import tactics
from engines.when_gods_collide.computer import danger
from engines.when_gods_collide.fortress import arrangement, distance, god_square, tile_block
from engines.when_gods_collide.geometry import NEXT, block_squares, field
from engines.when_gods_collide.hard import HardPlayer
from engines.when_gods_collide.state import State
from tests.engines.ai.test_ai_determinise import acting_twins
from tests.engines.ai.test_ai_wgc import battle

GAME = engines.get("when-gods-collide")
# Seat 0 holds a row of tiles reaching the area's left edge; seat 1 the tiles beyond.
SPLIT = {"g7": 0, "e7": 0, "c7": 0, "a7": 0, "a9": 0, "a5": 0,
         "i7": 1, "k7": 1, "i9": 1, "i5": 1, "m7": 1, "k9": 1}


def test_the_hard_level_is_this_player():
    assert isinstance(engines.spec("when-gods-collide").hard_player(), HardPlayer)


@pytest.mark.parametrize("players", [2, 3])
def test_hard_sees_only_its_view_and_plays_what_the_rules_accept(players):
    hard = player("hard")
    own = hard.specialist(GAME) if isinstance(hard, MctsPlayer) else None
    assert isinstance(own, HardPlayer)
    # The search's wall-clock cap lifted: on a loaded machine it would stop each twin's
    # search after a different number of iterations, and the twins' moves could differ
    # for that alone (seen in CI at load 19), not for anything hidden.
    search = own.search.budgets
    search[GAME.slug] = dataclasses.replace(search[GAME.slug], seconds=math.inf)
    for n, state, seat, other in acting_twins(GAME, players, 10, seed=players + 20):
        move = hard.choose(GAME, state, seat, n)
        GAME.play(state, seat, move)  # accepted (an arrangement is named square by square)
        if state.phase != "arrange":
            assert move in GAME.legal_moves(state, seat)
        assert move == hard.choose(GAME, other, seat, n)


def test_a_tile_is_laid_away_from_the_enemy():
    state = State(players=2, seed=1, step=1, phase="tiles", first=0, current=0,
                  gods=[-1, -1], known=[[], []], tiles={"g7": 0, "i7": 1})
    blocks = [move.split()[1] for move in GAME.legal_moves(state, 0)]
    chosen = tile_block(state, 0, blocks)
    enemy = block_squares("i7")

    def away(block: str) -> int:
        return min(distance(a, b) for a in block_squares(block) for b in enemy)
    assert away(chosen) == max(away(block) for block in blocks) > 1


def test_the_army_is_packed_around_a_god_out_of_reach():
    state = State(players=2, seed=1, step=1, phase="arrange", first=0, current=0,
                  gods=[-1, -1], known=[[], []], tiles=dict(SPLIT))
    squares = arrangement(state, 0)
    assert len(set(squares)) == 12
    state = GAME.play(state, 0, "arrange " + " ".join(squares))
    god = god_square(state, 0)
    squares_on_tiles = field(state.tiles)
    # every square next to the god is off the tiles or holds one of its own checkers
    for near in NEXT[god].values():
        assert near not in squares_on_tiles or state.board[near][0] == 0
    # the enemy, not arranged yet, pictured on all its tiles cannot reach it in a roll
    enemy = {sq: [1, -1] for block, owner in SPLIT.items() if owner == 1
             for sq in block_squares(block)}
    assert danger({**state.board, **enemy}, squares_on_tiles, god, 0) == 0.0
    nearest = min(distance(god, sq) for sq in enemy)
    assert nearest >= max(min(distance(sq, e) for e in enemy) for sq in squares) - 2
    GAME.play(state, 0, f"god {god}")


def test_a_free_capture_is_taken():
    # A king roll: a1's checker takes the lone enemy on b2, which nothing can take back.
    state = battle({"a1": (0, 0), "b2": (1, 12), "p16": (1, 13), "h1": (0, 1)}, current=0,
                   gods=(1, 13))
    values = tactics.weigh(state, 0, GAME.actions(state, 0))
    assert max(values, key=values.__getitem__) == "a1-b2"


FAR = {sq: (1, 16 + k) for k, sq in enumerate(("o15", "o16", "p15", "p16", "n16", "m16"))}
"""Six more enemy checkers in a far corner: a capture is then seldom the god."""


def test_a_checker_is_not_walked_into_reach_for_nothing():
    # A rook roll of 1, nothing to capture: h4 may step to h5, next to g6 and a knight's
    # jump from j6, where the enemy (first to roll) takes it more often than not, or to
    # h3, out of every enemy's reach.
    state = battle({"a1": (0, 0), "h4": (0, 1), "g6": (1, 12), "j6": (1, 13), **FAR},
                   current=0, gods=(0, 13))
    state.chess, state.number = "rook", 1
    values = tactics.weigh(state, 0, GAME.actions(state, 0))
    assert values["h4-h5"] < values["h4-h3"] - 0.1


def test_the_god_steps_out_of_reach():
    # The god on d4 has an enemy next to it on e5, with two more behind, and eight of
    # its own far away; a queen's 6 lets it take e5 (seldom the god) and stand next to
    # the other two, or slide away out of every enemy's reach.
    own = {sq: (0, 1 + k) for k, sq in enumerate(("m1", "n1", "o1", "p1",
                                                   "m2", "n2", "o2", "p2"))}
    state = battle({"d4": (0, 0), **own, "e5": (1, 12), "e6": (1, 13), "f5": (1, 14),
                    **FAR}, current=0, gods=(0, 16))
    state.chess, state.number = "queen", 6
    values = tactics.weigh(state, 0, GAME.actions(state, 0))
    best = max(values, key=values.__getitem__)
    assert best.startswith("d4-") and best != "d4-e5"
    after = GAME.play(state, 0, best)
    assert danger(after.board, field(after.tiles), after.square_of(0), 0) == 0.0


def test_a_god_it_knows_is_taken():
    state = battle({"a1": (0, 0), "b2": (1, 12), "a2": (1, 13), "p16": (0, 1)}, current=0,
                   gods=(0, 13))
    state.known = [[13], []]
    values = tactics.weigh(state, 0, GAME.actions(state, 0))
    assert max(values, key=values.__getitem__) == "a1-a2"
    assert values["a1-a2"] == tactics.WIN


def test_a_match_against_the_greedy_player_is_played_to_the_end():
    state = GAME.setup(2, 5, {})
    hard, greedy = HardPlayer(), GreedyPlayer()
    ply = 0
    while GAME.result(state) is None and ply < 1500:
        seat = GAME.to_act(state)[0]
        move = (hard if seat == 0 else greedy).choose(GAME, state, seat, ply)
        state = GAME.play(state, seat, move)
        ply += 1
    assert GAME.result(state) is not None
