"""The Storm of the Gods evaluation: points as the seat to act would leave them."""

from __future__ import annotations

import engines
from engines.ai.evaluate import evaluate, evaluate_deep
from engines.storm_of_the_gods.computer import (
    COMMUNITY_WORTH,
    FULL_STACK,
    adjusted_points,
    conversions,
)
from engines.storm_of_the_gods.state import belief_points
from tests.engines.storm_of_the_gods_positions import make, tile

GAME = engines.get("storm-of-the-gods")


def test_conversions_take_the_richest_enemy_tiles_the_community_pays_for():
    state = make({"a1": tile(3, 1, men=4), "b1": tile(2, 1, men=2), "c1": tile(1, 1, men=1),
                  "d1": tile(4, 1, men=6, built=1), "e1": tile(5, 1, men=3, sanct=1),
                  "f1": tile(2, 0, men=3)},
                 community=[8, 5])
    # 4 + 1 for a1, 2 + 1 for b1; c1 would need 2 more. Constructions, sanctuaries and
    # one's own tiles cannot be converted.
    assert conversions(state, 0, 8) == [(1, 4), (1, 2)]
    assert conversions(state, 0, 2) == [(1, 1)]


def test_a_tile_acted_on_this_turn_is_not_converted_again():
    state = make({"a1": tile(3, 1, men=4), "b1": tile(2, 1, men=2)}, used=["a1"])
    assert conversions(state, 0, 10) == [(1, 2)]


def twins(rival_community: int, **fields):
    """The same board, with seat 1 (about to act) richer or poorer in its community."""
    tiles = {"a1": tile(3, 0, men=5), "b1": tile(2, 1, men=1)}
    return make(tiles, current=1, phase="develop", community=[4, rival_community], **fields)


def test_points_a_rich_rival_can_convert_next_are_worth_less():
    poor, rich = twins(2), twins(6)
    assert belief_points(poor) == belief_points(rich)
    assert evaluate(GAME, poor, 2) == evaluate(GAME, rich, 2)  # the reference sees no change
    assert evaluate_deep(GAME, rich, 2)[0] < evaluate_deep(GAME, poor, 2)[0]


def test_a_construction_keeps_its_points_from_a_rich_rival():
    exposed = make({"a1": tile(3, 0, men=3)}, current=1, community=[4, 9])
    built = make({"a1": tile(3, 0, men=0, built=1)}, current=1, community=[4, 9])
    assert belief_points(exposed) == belief_points(built)
    assert adjusted_points(built, [3.0, 0.0])[0] > adjusted_points(exposed, [3.0, 0.0])[0]


def test_a_community_is_worth_less_as_the_stack_runs_down():
    full = make({}, community=[10, 0], current=1, stack=[2] * FULL_STACK)
    short = make({}, community=[10, 0], current=1, stack=[2] * 2)
    assert adjusted_points(full, [0.0, 0.0])[0] == COMMUNITY_WORTH * 10
    assert adjusted_points(short, [0.0, 0.0])[0] < adjusted_points(full, [0.0, 0.0])[0]


def test_a_rival_whose_turn_has_not_begun_is_counted_with_its_strengthening():
    # Seat 1 has 3 in its community: not enough for a1 (5 + 1) until Limbo brings more.
    tiles = {"a1": tile(3, 0, men=5)}
    developing = make(tiles, current=1, phase="develop", community=[0, 3])
    starting = make(tiles, current=1, phase="wind", community=[0, 3], limbo=[25, 27])
    assert conversions(developing, 1, developing.community[1]) == []
    assert adjusted_points(starting, [5.0, 0.0])[0] == adjusted_points(developing, [5.0, 0.0])[0]
    rich_limbo = make({**tiles, **{f"{c}2": tile(1, 1, men=1) for c in "bcd"},
                       "b3": tile(2, 1, built=1), "c3": tile(2, 1, built=1)},
                      current=1, phase="wind", community=[0, 3], limbo=[25, 20])
    assert adjusted_points(rich_limbo, [5.0, 0.0])[0] < 5.0
