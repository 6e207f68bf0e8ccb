"""Storm of the Gods: strengthening and development (convert, build, destroy, explore)."""

from __future__ import annotations

import pytest

from engines.storm_of_the_gods import GAME
from engines.storm_of_the_gods import tile as T
from engines.storm_of_the_gods.map import NEIGHBOURS
from tests.engines.storm_of_the_gods_positions import force_roll, illegal, make, play, tile, total

# ---- strengthening --------------------------------------------------------------------


def test_strengthening_counts_groups_of_three_and_buildings_once():
    tiles = {p: tile(1, 0, 1) for p in ("a1", "a2", "a3", "a4", "a5", "b1", "b2")}
    tiles["c1"] = tile(2, 0, 3, built=1)
    tiles["c2"] = tile(2, 0, 0, built=1)
    tiles["d1"] = tile(2, 1, 3)
    s = make(tiles, phase="wind", face="NE", steps=1, wind="i5", community=[0, 0])
    s.tiles["i5"] = tile(0)
    s = play(s, "wind n")
    assert s.community[0] == 1 + 7 // 3 + 2


def test_strengthening_is_capped_by_limbo():
    s = make(phase="wind", face="NE", steps=1, wind="i5", community=[30, 0])
    s.tiles["i5"] = tile(0)
    s = play(s, "wind n")
    assert s.community[0] == 30 and s.limbo[0] == 0


def test_sanctuary_upkeep_moves_one_worshipper_to_limbo():
    tiles = {"a3": tile(5, 0, 2, sanct=1), "i5": tile(0)}
    s = make(tiles, phase="wind", face="NE", steps=1, wind="i5", community=[4, 4])
    s = play(s, "wind n")
    # ruling: the sanctuary tile counts as a building (+1), then upkeep (-1)
    assert s.community[0] == 4 + 1 + 1 - 1
    assert s.tiles["a3"][T.SANCT] == 1 and total(s, 0) == 30


def test_sanctuary_tile_counts_as_a_building_for_strengthening():
    tiles = {"a3": tile(5, 0, 2, sanct=1), "i5": tile(0)}
    s = make(tiles, phase="wind", face="NE", steps=1, wind="i5", community=[0, 0])
    s = play(s, "wind n")
    assert s.community[0] == 1 + 1 - 1


def test_upkeep_failure_removes_the_sanctuary_and_its_bare_tile():
    tiles = {"a3": tile(5, 0, 0, sanct=1), "i5": tile(0)}
    s = make(tiles, phase="wind", face="NE", steps=1, wind="i5", community=[0, 0], limbo=[0, 30])
    s.tiles.update({p: tile(1, 0, 6) for p in ("b1", "b2", "b3", "b4", "b5")})
    assert total(s, 0) == 30
    s = play(s, "wind n")
    assert "a3" not in s.tiles and s.community[0] == 0 and total(s, 0) == 30
    assert any("cannot keep the sanctuary" in e for e in s.events)


def test_upkeep_failure_leaves_a_tile_with_worshippers():
    tiles = {"a3": tile(5, 0, 5, sanct=1), "i5": tile(0)}
    tiles.update({p: tile(1, 0, 5) for p in ("b1", "b2", "b3", "b4", "b5")})
    s = make(tiles, phase="wind", face="NE", steps=1, wind="i5", community=[0, 0], limbo=[0, 30])
    s = play(s, "wind n")
    assert s.tiles["a3"][T.SANCT] == 0 and s.tiles["a3"][T.MEN] == 5 and s.tiles["a3"][T.OWNER] == 0


# ---- development ----------------------------------------------------------------------


def test_convert_an_enemy_tile_with_one_more_worshipper():
    s = make({"c3": tile(1, 1, 4)}, community=[5, 5])
    assert "convert c3" in GAME.legal_moves(s, 0)
    s = play(s, "convert c3")
    assert s.tiles["c3"][T.OWNER] == 0 and s.tiles["c3"][T.MEN] == 5
    assert s.community[0] == 0 and s.limbo[1] == 30 - 5
    assert total(s, 0) == 30 and total(s, 1) == 30


def test_convert_needs_enough_community():
    s = make({"c3": tile(1, 1, 4)}, community=[4, 5])
    illegal(s, "convert c3", "needs 5 worshippers from your community and you have 4")
    assert "convert c3" not in GAME.legal_moves(s, 0)


def test_convert_refuses_constructions_sanctuaries_own_and_bare_positions():
    tiles = {"c3": tile(1, 1, 1, built=1), "c4": tile(5, 1, 1, sanct=1), "c5": tile(1, 0, 1)}
    s = make(tiles)
    illegal(s, "convert c3", "destroy it instead")
    illegal(s, "convert c4", "sanctuary cannot be attacked")
    illegal(s, "convert c5", "already yours")
    illegal(s, "convert c6", "no tile on c6")


def test_nothing_may_be_placed_under_the_wind():
    s = make({"c3": tile(1)}, wind="c3", explored=["c3"])
    illegal(s, "convert c3", "under Vaal Er Num")


def test_build_costs_two_and_sends_the_worshippers_to_limbo():
    s = make({"c3": tile(2, 0, 3)}, community=[5, 5])
    assert {"build c3", "build c3 keep"} <= set(GAME.legal_moves(s, 0))
    s = play(s, "build c3")
    assert s.tiles["c3"][T.BUILT] == 1 and s.tiles["c3"][T.MEN] == 0 and s.tiles["c3"][T.OWNER] == 0
    assert s.community[0] == 3 and total(s, 0) == 30


def test_build_keep_leaves_the_worshippers():
    s = make({"c3": tile(2, 0, 3)}, community=[5, 5])
    s = play(s, "build c3 keep")
    assert s.tiles["c3"][T.BUILT] == 1 and s.tiles["c3"][T.MEN] == 3 and s.community[0] == 3


@pytest.mark.parametrize("population", [0, 5])
def test_no_construction_on_population_0_or_5(population):
    s = make({"c3": tile(population, 0, 3)})
    illegal(s, "build c3", f"population {population}")


def test_build_needs_two_in_the_community_and_a_free_construction():
    s = make({"c3": tile(2, 0, 3)}, community=[1, 5])
    illegal(s, "build c3", "needs 2 worshippers")
    five = {p: tile(2, 0, 0, built=1) for p in ("a1", "a2", "a3", "a4", "a5")}
    s = make({**five, "c3": tile(2, 0, 3)})
    illegal(s, "build c3", "all your 5 constructions")
    s = make({"c3": tile(2, 0, 3, built=1)})
    illegal(s, "build c3", "already has a construction")
    s = make({"c3": tile(2, 1, 3)})
    illegal(s, "build c3", "held by your worshippers")


def test_a_turn_must_pass_between_conversion_and_building():
    s = make({"c3": tile(2, 1, 1)}, community=[10, 10], stack=[2] * 30)
    s = play(s, "convert c3")
    illegal(s, "build c3", "already been used")
    s.used = []  # even apart from the one-action rule, the tile was taken this turn
    illegal(s, "build c3", "taken this turn: a construction must wait for your next turn")
    assert not any(m.startswith("build") for m in GAME.legal_moves(s, 0))
    # at the same player's next turn it is allowed
    s.turn += 2
    assert {"build c3", "build c3 keep"} <= set(GAME.legal_moves(s, 0))


def test_one_action_per_tile_per_turn():
    s = make({"c3": tile(2, 0, 3, built=1), "c4": tile(2, 1, 3)}, community=[20, 10])
    s = play(s, "destroy c3")
    illegal(s, "build c3", "already been used")
    s = play(s, "convert c4")
    illegal(s, "convert c4", "already been used")


def test_destroy_an_enemy_construction():
    s = make({"c3": tile(2, 1, 1, built=1)}, community=[4, 5], wind="i5")
    s.tiles["i5"] = tile(0)
    assert "destroy c3" in GAME.legal_moves(s, 0)
    s = play(s, "destroy c3")
    assert s.tiles["c3"] == [2, 0, 4, 0, 0, s.turn]
    assert s.community[0] == 0 and s.limbo[1] == 30 - 5
    assert total(s, 0) == 30 and total(s, 1) == 30


def test_destroying_an_enemy_construction_needs_worshippers_plus_three():
    s = make({"c3": tile(2, 1, 1, built=1)}, community=[3, 5], wind="i5")
    s.tiles["i5"] = tile(0)
    illegal(s, "destroy c3", "needs 4 worshippers")


def test_a_construction_next_to_the_wind_cannot_be_attacked():
    s = make({"f5": tile(2, 1, 1, built=1)}, community=[20, 5])
    illegal(s, "destroy f5", "next to Vaal Er Num")
    assert "destroy f5" not in GAME.legal_moves(s, 0)
    own = make({"f5": tile(2, 0, 1, built=1)})
    assert "destroy f5" in GAME.legal_moves(own, 0)


def test_destroy_own_construction_sacrifices_one_and_the_bare_tile_vanishes():
    s = make(
        {"c3": tile(2, 0, 0, built=1), "c4": tile(2, 0, 2, built=1)},
        community=[5, 5],
        stack=[1] * 10,
    )
    s = play(s, "destroy c3", "destroy c4")
    assert s.community[0] == 3 and total(s, 0) == 30
    assert s.tiles["c3"][T.BUILT] == 0 and s.tiles["c4"] == [2, 0, 2, 0, 0, 1]
    force_roll(s, "SE", 1)
    s = play(s, "end")
    assert "c3" not in s.tiles and "c4" in s.tiles


def test_destroy_needs_a_construction():
    s = make({"c3": tile(2, 1, 1), "c4": tile(5, 1, 1, sanct=1), "c5": tile(5, 0, 1, sanct=1)})
    illegal(s, "destroy c3", "no construction on c3")
    illegal(s, "destroy c4", "sanctuary cannot be destroyed")
    illegal(s, "destroy c5", "sanctuary cannot be destroyed")


def test_explore_next_to_a_construction_then_convert_it():
    s = make({"c3": tile(2, 0, 0, built=1)}, community=[5, 5], stack=[1, 3])
    moves = GAME.legal_moves(s, 0)
    assert {f"explore {n}" for n in NEIGHBOURS["c3"]} <= set(moves)
    s = play(s, "explore c4")
    assert s.tiles["c4"] == [3, T.NOBODY, 0, 0, 0, 0] and s.community[0] == 4
    assert s.stack == [1] and total(s, 0) == 30
    assert "convert c4" in GAME.legal_moves(s, 0)
    s = play(s, "convert c4")
    assert s.tiles["c4"][T.OWNER] == 0 and s.tiles["c4"][T.MEN] == 4 and s.community[0] == 0


def test_an_explored_tile_not_converted_is_discarded_at_the_end_of_turn():
    s = make({"c3": tile(2, 0, 0, built=1)}, community=[5, 5], stack=[2] * 5 + [3])
    s = play(s, "explore c4")
    force_roll(s, "SE", 1)
    s = play(s, "end")
    assert "c4" not in s.tiles and s.discarded == 1


def test_explore_rules():
    s = make({"c3": tile(2, 0, 0, built=1), "f8": tile(1, 0, 3)}, community=[5, 5])
    illegal(s, "explore c3", "not an empty position")
    illegal(s, "explore f7", "not next to one of your constructions")
    s = make({"c3": tile(2, 0, 0, built=1)}, community=[5, 5], stack=[])
    illegal(s, "explore c4", "stack of tiles is empty")
    s = make({"c3": tile(2, 0, 0, built=1)}, community=[0, 5])
    illegal(s, "explore c4", "needs 1 worshipper from")
    s = make({"c3": tile(5, 0, 1, sanct=1)}, community=[1, 5])
    assert "explore c4" in GAME.legal_moves(s, 0)


def test_build_a_sanctuary():
    s = make({"c3": tile(5, 0, 6)}, community=[3, 5])
    assert "sanctuary c3" in GAME.legal_moves(s, 0)
    s = play(s, "sanctuary c3")
    assert s.tiles["c3"][T.SANCT] == 1 and s.tiles["c3"][T.MEN] == 6 and s.community[0] == 0
    assert total(s, 0) == 30


def test_sanctuary_rules():
    s = make({"c3": tile(5, 0, 6)}, community=[2, 5])
    illegal(s, "sanctuary c3", "needs 3 worshippers")
    s = make({"c3": tile(4, 0, 6)})
    illegal(s, "sanctuary c3", "population 5")
    s = make({"c3": tile(5, 0, 6, since=5)}, turn=5)
    illegal(s, "sanctuary c3", "taken this turn")
    s = make({"c3": tile(5, 0, 6), "c5": tile(5, 0, 1, sanct=1)})
    illegal(s, "sanctuary c3", "already have a sanctuary")
    illegal(s, "sanctuary c5", "already has a sanctuary")


def test_an_unbuilt_sanctuary_tile_may_be_converted_by_an_opponent():
    s = make({"c3": tile(5, 1, 6)}, community=[7, 5])
    s = play(s, "convert c3")
    assert s.tiles["c3"][T.OWNER] == 0


def test_a_sanctuary_tile_attacked_by_the_wind_before_building_is_discarded_when_bare():
    s = make({"f5": tile(5, 1, 2)}, phase="wind", face="E", steps=3, community=[0, 5])
    s = play(s, "wind ne")
    assert "f5" not in s.tiles


def test_moves_are_read_with_variants():
    s = make(phase="wind", face="E", steps=1, stack=[1])
    assert play(s, "  WIND   North-East ") == play(s, "wind ne")
    t = make({"c3": tile(2, 0, 3)})
    assert play(t, "Build C3  KEEP") == play(t, "build c3 keep")
    assert play(t, "build c 3") == play(t, "build c3")
    illegal(t, "fly c3", "unknown move")
    illegal(t, "build", "needs a position")
    illegal(t, "build z9", "not a position")
    illegal(t, "build a7", "column a has positions 1 to 5")
    illegal(t, "convert c3 keep", "only build takes keep")
    illegal(t, "end now", "takes nothing")
    illegal(t, "", "empty")
    illegal(t, "end", "not your turn", seat=1)
    illegal(t, "wind n", "already moved")
    illegal(t, "occupy c3", "only a tile the wind has just emptied")


def test_play_does_not_mutate_its_input():
    s = make({"c3": tile(2, 1, 1)}, community=[5, 5])
    before = GAME.dump(s)
    play(s, "convert c3")
    assert GAME.dump(s) == before
