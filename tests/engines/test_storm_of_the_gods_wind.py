"""Storm of the Gods: the wind on hand-built positions: its roll, path, attacks and draws."""

from __future__ import annotations

import pytest

from engines.storm_of_the_gods import GAME
from engines.storm_of_the_gods import tile as T
from tests.engines.storm_of_the_gods_positions import force_roll, illegal, make, play, tile, total

# ---- the wind -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("face", "choices"),
    [
        ("NE", ["wind n", "wind ne"]),
        ("E", ["wind ne", "wind se"]),
        ("SE", ["wind se", "wind s"]),
        ("SW", ["wind s", "wind sw"]),
        ("W", ["wind sw", "wind nw"]),
        ("NW", ["wind nw", "wind n"]),
    ],
)
def test_compass_faces_between_two_directions_offer_a_choice(face, choices):
    s = make(phase="wind", face=face, steps=1)
    assert GAME.legal_moves(s, 0) == choices
    assert GAME.legal_moves(s, 1) == []
    other = {"wind n", "wind ne", "wind se", "wind s", "wind sw", "wind nw"} - set(choices)
    illegal(s, sorted(other)[0], f"the compass shows {face}")
    illegal(s, "end", "first choose the wind's direction")


@pytest.mark.parametrize(("face", "direction", "expected"), [("N", "n", "e6"), ("S", "s", "e4")])
def test_north_and_south_move_straight_without_a_choice(face, direction, expected):
    s = make(phase="develop", current=1, stack=[3] * 10)
    force_roll(s, face, 1)
    s = play(s, "end")
    assert s.current == 0 and s.direction == direction and s.wind == expected
    assert s.phase != "wind"


def test_wind_draws_tiles_and_stops_on_the_last_one():
    s2 = make(phase="wind", face="E", steps=3, stack=[5, 4, 1, 2])
    s2 = play(s2, "wind ne")
    assert s2.path == ["f5", "g5", "h5"] and s2.wind == "h5"
    assert [s2.tiles[p][T.POP] for p in s2.path] == [2, 1, 4]  # the top of the stack first
    assert s2.stack == [5]
    assert s2.drawn == ["f5", "g5", "h5"]
    assert s2.last == ["e5", "f5", "g5", "h5"]
    # the Compass tile stays where the wind left it
    assert GAME.view(s2, None)["board"]["e5"] == {"compass": True}


def test_the_tile_under_the_wind_is_discarded_when_the_wind_leaves_it_empty():
    s = make({"h5": tile(3)}, phase="wind", face="W", steps=1, wind="h5", stack=[2])
    s = play(s, "wind sw")
    assert s.wind == "g5" and "h5" not in s.tiles and s.discarded == 1


def test_the_tile_under_the_wind_stays_at_the_end_of_the_turn():
    s = make(phase="wind", face="E", steps=2, stack=[1, 1, 1])
    s = play(s, "wind ne", "skip")
    assert s.phase == "develop"
    s.stack = [3] * 5
    force_roll(s, "N", 1)
    after = play(s, "end")
    # f5 was drawn and not converted: discarded; g5 is under the wind and stays (the
    # next roll goes north from g5 onto g6, which then removes g5).
    assert "f5" not in after.tiles
    assert after.wind == "g6" and "g5" not in after.tiles
    s2 = make(phase="wind", face="E", steps=2, stack=[1, 1, 1])
    s2 = play(s2, "wind ne", "skip")
    s2.stack = [3] * 5
    force_roll(s2, "SE", 1)  # a choice: the wind waits on g5
    after2 = play(s2, "end")
    assert after2.phase == "wind" and "g5" in after2.tiles and "f5" not in after2.tiles


@pytest.mark.parametrize(
    ("tiles", "wind", "face", "direction", "blocker"),
    [
        ({}, "e4", "N", "n", "the Compass tile"),
        ({"f6": tile(5, 1, 2, sanct=1)}, "f5", "N", "n", "the sanctuary on f6"),
        ({}, "e9", "N", "n", "the edge of the map"),
    ],
)
def test_compass_sanctuary_and_edge_block_the_wind(tiles, wind, face, direction, blocker):
    tiles = dict(tiles)
    tiles.setdefault(wind, tile(1))
    s = make(tiles, phase="wind", face="NE", steps=3, wind=wind, stack=[2] * 5)
    s = play(s, f"wind {direction}")
    assert s.wind == wind and s.path == [] and s.attacked == ""
    assert any(blocker in e for e in s.events)
    assert s.stack == [2] * 5
    if "f6" in tiles:
        assert s.tiles["f6"][T.MEN] == 2 and s.tiles["f6"][T.SANCT] == 1


def test_blocked_after_moving_loses_the_remaining_steps():
    s = make(phase="wind", face="NE", steps=3, wind="e7", stack=[2] * 5)
    s.tiles["e7"] = tile(1)
    s = play(s, "wind n")
    assert s.path == ["e8", "e9"] and s.wind == "e9"


def test_attack_on_worshippers_only_removes_one_per_remaining_step():
    s = make({"f5": tile(2, 1, 5)}, phase="wind", face="E", steps=3)
    s = play(s, "wind ne")
    assert s.wind == "e5" and s.attacked == "f5"
    assert s.tiles["f5"][T.MEN] == 2 and s.tiles["f5"][T.OWNER] == 1
    assert total(s, 1) == 30 and s.limbo[1] == 30 - 10 - 2


def test_attack_after_moving_uses_the_remaining_steps():
    s = make({"g5": tile(2, 1, 5)}, phase="wind", face="E", steps=3, stack=[4])
    s = play(s, "wind ne")
    assert s.wind == "f5" and s.path == ["f5"]
    assert s.tiles["g5"][T.MEN] == 3  # two steps left: two worshippers removed
    assert "g5" in s.last and "f5" in s.last


@pytest.mark.parametrize(("steps", "left"), [(1, 4), (2, 4), (3, 3)])
def test_a_construction_absorbs_the_first_two_steps(steps, left):
    s = make({"f5": tile(2, 1, 4, built=1)}, phase="wind", face="E", steps=steps)
    s = play(s, "wind ne")
    assert s.tiles["f5"][T.MEN] == left and s.tiles["f5"][T.BUILT] == 1
    assert total(s, 1) == 30


@pytest.mark.parametrize(("steps", "said"), [(3, "1 of {seat1}'s worshippers goes to Limbo"),
                                             (4, "2 of {seat1}'s worshippers go to Limbo")])
def test_the_attack_says_goes_for_one_worshipper(steps, said):
    s = make({"f5": tile(2, 1, 4, built=1)}, phase="wind", face="E", steps=steps)
    s = play(s, "wind ne")
    assert any(said in event for event in s.events), s.events


def test_a_construction_alone_is_never_emptied_by_the_wind():
    s = make({"f5": tile(2, 1, 0, built=1)}, phase="wind", face="E", steps=3)
    s = play(s, "wind ne")
    assert s.tiles["f5"][T.BUILT] == 1 and s.tiles["f5"][T.OWNER] == 1 and s.emptied == ""


def test_tile_emptied_by_the_wind_may_be_occupied():
    s = make({"f5": tile(2, 1, 2)}, phase="wind", face="E", steps=3, community=[10, 10])
    s = play(s, "wind ne")
    assert s.phase == "occupy" and s.emptied == "f5"
    assert s.tiles["f5"][T.OWNER] == T.NOBODY and s.limbo[1] == 30 - 10
    assert GAME.legal_moves(s, 0) == ["occupy f5", "skip"]
    illegal(s, "end", "occupy f5 or skip")
    illegal(s, "occupy f4", "only f5")
    s = play(s, "occupy f5")
    assert s.tiles["f5"][T.OWNER] == 0 and s.tiles["f5"][T.MEN] == 3
    assert s.tiles["f5"][T.SINCE] == s.turn
    # occupying counts as the tile's action this turn; then strengthening (1 + 0 + 0)
    assert "f5" in s.used and s.phase == "develop"
    assert s.community[0] == 10 - 3 + 1
    assert total(s, 0) == 30 and total(s, 1) == 30


def test_the_roller_may_occupy_their_own_emptied_tile():
    s = make({"f5": tile(1, 0, 1)}, phase="wind", face="E", steps=2)
    s = play(s, "wind ne")
    assert s.emptied == "f5"
    s = play(s, "occupy f5")
    assert s.tiles["f5"][T.MEN] == 2 and total(s, 0) == 30


def test_emptied_tile_not_occupied_is_discarded():
    s = make({"f5": tile(2, 1, 1)}, phase="wind", face="E", steps=1)
    s = play(s, "wind ne", "skip")
    assert "f5" not in s.tiles and s.discarded == 1 and s.phase == "develop"


def test_emptied_tile_is_discarded_when_the_roller_cannot_pay():
    s = make({"f5": tile(4, 1, 1)}, phase="wind", face="E", steps=1, community=[4, 10])
    s = play(s, "wind ne")
    assert "f5" not in s.tiles and s.phase == "develop"


def test_roller_converts_one_drawn_tile_but_not_the_one_under_the_wind():
    s = make(phase="wind", face="E", steps=3, stack=[3, 2, 1], community=[10, 10])
    s = play(s, "wind ne")
    assert s.phase == "convert"
    assert GAME.legal_moves(s, 0) == ["convert f5", "convert g5", "skip"]
    illegal(s, "convert h5", "under Vaal Er Num")
    illegal(s, "convert e4", "not drawn")
    illegal(s, "build f5", "convert one tile")
    s = play(s, "convert g5")
    assert s.tiles["g5"][T.OWNER] == 0 and s.tiles["g5"][T.MEN] == 3
    assert "g5" in s.used  # ruling: the conversion is the tile's action this turn
    assert s.phase == "develop" and s.community[0] == 10 - 3 + 1
    # ruling: the other drawn tile cannot be converted later in the turn
    illegal(s, "convert f5", "only one tile drawn by the wind")
    assert "convert f5" not in GAME.legal_moves(s, 0)
    s.stack = [2] * 5
    force_roll(s, "SE", 1)
    s = play(s, "end")
    assert "f5" not in s.tiles and "g5" in s.tiles and "h5" in s.tiles


def test_conversion_of_a_drawn_tile_comes_before_strengthening():
    held = {"a1": tile(1, 0, 1), "a2": tile(1, 0, 1)}
    s = make(held, phase="wind", face="E", steps=2, stack=[0, 0], community=[5, 5])
    s = play(s, "wind ne", "convert f5")
    # 3 tiles with worshippers only now: 1 + 1
    assert s.community[0] == 5 - 1 + 2


def test_drawn_tiles_convertible_only_when_affordable():
    s = make(phase="wind", face="E", steps=2, stack=[5, 5], community=[3, 3])
    s = play(s, "wind ne")
    assert s.phase == "develop"  # nothing affordable: no choice offered
    illegal(s, "skip", "nothing to skip")


def test_stack_exhausted_ends_the_game_on_belief_points():
    tiles = {"a1": tile(1, 0, 4), "a5": tile(3, 1, 2, built=1), "i1": tile(5, 1, 0, sanct=1)}
    s = make(tiles, phase="wind", face="E", steps=3, stack=[1])
    s = play(s, "wind ne")
    assert s.phase == "over" and GAME.to_act(s) == [] and GAME.legal_moves(s, 0) == []
    result = GAME.result(s)
    assert result.scores == [4, 2 + 3 + 10] and result.winners == [1]
    assert "stack" in result.reason
    illegal(s, "end", "the game is over")


def test_an_empty_stack_does_not_end_the_game_when_no_tile_is_needed():
    s = make(phase="wind", face="NE", steps=3, wind="e9", stack=[])
    s.tiles["e9"] = tile(1)
    s = play(s, "wind n")
    assert s.phase == "develop" and GAME.result(s) is None
