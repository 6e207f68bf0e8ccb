"""Storm of the Gods: every rule and ruling on hand-built positions."""

from __future__ import annotations

import json
from collections import Counter

import pytest

import engines
from engines.base import IllegalMove, chance
from engines.storm_of_the_gods import GAME
from engines.storm_of_the_gods import tile as T
from engines.storm_of_the_gods.map import COMPASS_FACES, NEIGHBOURS, POSITIONS, STEP
from engines.storm_of_the_gods.state import TILE_POPULATIONS, State, on_map
from engines.storm_of_the_gods.wind import DIE_FACES

# ---- helpers ----------------------------------------------------------------------------


def tile(
    pop: int, owner: int = T.NOBODY, men: int = 0, built: int = 0, sanct: int = 0, since: int = 1
) -> list[int]:
    return [pop, owner, men, built, sanct, since if owner != T.NOBODY else 0]


def make(
    tiles: dict | None = None,
    players: int = 2,
    *,
    current: int = 0,
    phase: str = "develop",
    turn: int = 5,
    community: list[int] | None = None,
    limbo: list[int] | None = None,
    stack: list[int] | None = None,
    wind: str = "e5",
    face: str = "",
    steps: int = 0,
    **fields,
) -> State:
    """A hand-built position; Limbo makes each god's 30 worshippers add up by default."""
    s = State(players=players, seed=7)
    s.order = list(range(players))
    s.current, s.turn, s.phase = current, turn, phase
    s.tiles = {p: list(t) for p, t in (tiles or {}).items()}
    s.stack = list(stack if stack is not None else [2] * 20)
    s.wind = s.wind_from = wind
    s.face, s.steps = face, steps
    s.step = 10
    s.community = list(community or [10] * players)
    s.limbo = (
        list(limbo)
        if limbo is not None
        else [30 - s.community[p] - on_map(s, p) for p in range(players)]
    )
    for name, value in fields.items():
        setattr(s, name, value)
    return s


def force_roll(state: State, face: str, steps: int) -> None:
    """Move the chance counter to the next step that rolls ``face`` and ``steps``."""
    for step in range(state.step, state.step + 100_000):
        rng = chance(state.seed, step)
        if rng.choice(COMPASS_FACES) == face and rng.choice(DIE_FACES) == steps:
            state.step = step
            return
    raise AssertionError("no such roll found")


def play(state: State, *moves: str, seat: int | None = None) -> State:
    for move in moves:
        state = GAME.play(state, state.current if seat is None else seat, move)
    return state


def illegal(state: State, move: str, words: str, seat: int | None = None) -> None:
    with pytest.raises(IllegalMove, match=words):
        GAME.play(state, state.current if seat is None else seat, move)


def total(state: State, seat: int) -> int:
    return state.community[seat] + state.limbo[seat] + on_map(state, seat)


# ---- the map and set-up -------------------------------------------------------------------


def test_map_has_61_positions_in_columns_of_5_to_9():
    assert len(POSITIONS) == 61
    counts = Counter(p[0] for p in POSITIONS)
    assert [counts[c] for c in "abcdefghi"] == [5, 6, 7, 8, 9, 8, 7, 6, 5]
    assert STEP["e5"] == {"n": "e6", "ne": "f5", "se": "f4", "s": "e4", "sw": "d4", "nw": "d5"}
    assert STEP["a1"]["s"] is None and STEP["a1"]["sw"] is None and STEP["a1"]["nw"] is None
    assert len(NEIGHBOURS["e5"]) == 6 and len(NEIGHBOURS["a1"]) == 3


def test_tiles_and_cults_at_set_up():
    assert Counter(TILE_POPULATIONS) == {0: 8, 1: 12, 2: 14, 3: 12, 4: 8, 5: 5}
    s = GAME.setup(4, 123, {})
    drawn = [t[T.POP] for t in s.tiles.values()]
    assert Counter(s.stack + drawn) == Counter(TILE_POPULATIONS)
    assert s.discarded == 0 and s.wind_from == "e5"
    view = GAME.view(s, None)
    assert view["board"]["e5"] == {"compass": True}
    for seat in range(4):
        assert total(s, seat) == 30
        assert s.community[seat] + s.limbo[seat] == 30
    assert s.limbo[s.current] <= 23
    assert all(s.community[p] == 7 and s.limbo[p] == 23 for p in range(4) if p != s.current)


def test_first_player_is_random_then_seat_order():
    firsts = {GAME.setup(3, seed, {}).order[0] for seed in range(40)}
    assert firsts == {0, 1, 2}
    s = GAME.setup(5, 9, {})
    assert s.order == [(s.order[0] + i) % 5 for i in range(5)]
    assert GAME.setup(5, 9, {}) == s


def test_player_count_and_options_are_checked():
    with pytest.raises(ValueError):
        GAME.setup(1, 1, {})
    with pytest.raises(ValueError):
        GAME.setup(7, 1, {})
    with pytest.raises(ValueError, match="unknown option"):
        GAME.setup(2, 1, {"oceans": "true"})
    assert engines.get("storm-of-the-gods") is GAME
    assert GAME.options == ()
    assert "Storm of the Gods" in engines.rules_text("storm-of-the-gods")
    assert len(engines.rules_text("storm-of-the-gods")) < 3600


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


# ---- victory --------------------------------------------------------------------------


def construction_position(**kwargs) -> State:
    tiles = {
        "a3": tile(5, 0, 1, sanct=1),
        "b3": tile(2, 0, 0, built=1),
        "b4": tile(2, 0, 0, built=1),
        "i5": tile(0),
    }
    return make(tiles, wind="i5", stack=[2] * 30, **kwargs)


def test_construction_victory_needs_the_start_of_the_next_turn():
    s = construction_position()
    force_roll(s, "SE", 1)
    s = play(s, "end")
    assert s.pending == [0] and GAME.result(s) is None
    assert GAME.view(s, None)["pending_construction_victory"] == [0]
    s = play(s, "wind s", "end")
    result = GAME.result(s)
    assert result is not None and result.winners == [0] and "sanctuary" in result.reason
    assert s.phase == "over"


def test_construction_victory_is_lost_if_a_construction_falls_in_between():
    s = construction_position(community=[5, 10])
    force_roll(s, "SE", 1)
    s = play(s, "end", "wind s")
    s = play(s, "destroy b3")
    assert s.pending == []  # the flag clears as soon as it no longer holds
    force_roll(s, "SE", 1)
    s = play(s, "end")
    assert GAME.result(s) is None and s.current == 0


def test_construction_victory_is_not_won_during_the_turn_it_is_built():
    s = construction_position()
    s.tiles["b4"] = tile(2, 0, 2)
    s = play(s, "build b4")
    assert GAME.result(s) is None and s.pending == []


def surrounded_position(**kwargs) -> State:
    tiles = {
        "a1": tile(1),
        "a2": tile(5, 0, 5, sanct=1),
        "b2": tile(2, 0, 5, built=1),
        "b1": tile(2, 1, 5, built=1),
    }
    return make(tiles, wind="a1", stack=[2] * 30, **kwargs)


def to_develop(state: State) -> State:
    """Resolve the wind phase with the first offered choice (skip when offered)."""
    while state.phase in ("wind", "occupy", "convert"):
        moves = GAME.legal_moves(state, state.current)
        state = play(state, moves[0] if state.phase == "wind" else moves[-1])
    return state


def run_turn(state: State) -> State:
    """Finish the current turn: resolve the wind phase, then end."""
    return play(to_develop(state), "end")


def test_encirclement_ends_the_game_when_it_comes_back_round():
    s = surrounded_position(current=1)
    s = run_turn(s)
    assert s.current == 0 and s.encircled_since == 0
    view = GAME.view(s, None)
    assert view["surrounded"] and view["encircled_since"] == 0
    s = run_turn(s)
    assert s.current == 1 and s.encircled_since == 0 and GAME.result(s) is None
    s = run_turn(s)
    result = GAME.result(s)
    assert result is not None and "surrounded" in result.reason
    # points on the tiles around the wind (the wind's attacks may have taken one
    # worshipper from a construction tile)
    around = [0, 0]
    for p in ("a2", "b2", "b1"):
        t = s.tiles[p]
        around[t[T.OWNER]] += t[T.MEN] + 3 * t[T.BUILT] + 10 * t[T.SANCT]
    assert result.scores == around and result.winners == [0]
    assert around[0] >= 5 + 10 + 4 + 3


def test_encirclement_broken_before_it_comes_back_round():
    s = surrounded_position(current=1)
    s = to_develop(run_turn(s))
    assert s.current == 0 and s.encircled_since == 0
    # Player 1 destroys their own construction on b2 with no worshipper left on it: at
    # the end of the turn the tile vanishes next to the wind and breaks the encirclement.
    s.limbo[0] += s.tiles["b2"][T.MEN]
    s.tiles["b2"][T.MEN] = 0
    s = play(s, "destroy b2")
    force_roll(s, "NE", 1)
    s = play(s, "end")
    assert "b2" not in s.tiles and s.encircled_since is None and s.current == 1
    # Player 2 blows north into the sanctuary, explores b2 from their construction on b1
    # and converts it: the wind is surrounded again, seen afresh at Player 1's turn...
    s = play(s, "wind n", "explore b2", "convert b2", "end")
    assert s.current == 0 and s.encircled_since == 0
    # ...so the game does not end there: it needs another whole round.
    assert GAME.result(s) is None
    s = run_turn(s)
    assert GAME.result(s) is None and s.current == 1
    s = run_turn(s)
    assert GAME.result(s) is not None


def test_encirclement_broken_and_renewed_within_a_turn_needs_a_full_round_again():
    s = surrounded_position(current=1)
    s = run_turn(s)  # first seen at Player 1's turn
    s = to_develop(run_turn(s))  # Player 2's turn: still surrounded
    assert s.current == 1 and s.encircled_since == 0
    from engines.storm_of_the_gods.wind import discard

    kept = s.tiles["b1"]
    discard(s, "b1")  # a tile next to the wind vanishes: broken
    assert s.encircled_since is None
    s.tiles["b1"] = kept  # ...and is filled again before the turn ends
    s.discarded -= 1
    s = play(s, "end")
    assert GAME.result(s) is None and s.encircled_since == 0
    s = run_turn(s)
    assert GAME.result(s) is None
    s = run_turn(s)
    assert GAME.result(s) is not None


def test_the_wind_moving_breaks_an_encirclement():
    tiles = {p: tile(1, 1, 3) for p in NEIGHBOURS["e6"] if p != "e5"}
    tiles["e6"] = tile(1)
    s = make(tiles, wind="e6", phase="wind", face="E", steps=2, encircled_since=0, stack=[2] * 5)
    s.tiles.pop("f6")
    s = play(s, "wind ne")
    assert s.wind != "e6" and s.encircled_since is None


def test_order_of_checks_at_the_start_of_a_turn():
    """Ruling: safety stop, then the construction victory, then the encirclement."""
    tiles = {
        "a1": tile(1),
        "a2": tile(5, 0, 5, sanct=1),
        "b2": tile(2, 0, 1, built=1),
        "b1": tile(2, 0, 1, built=1),
    }
    s = make(tiles, wind="a1", current=1, pending=[0], encircled_since=0, stack=[2] * 9)
    won = GAME.result(play(s, "end"))
    assert won.winners == [0] and "sanctuary" in won.reason
    s.turn = 300
    stopped = GAME.result(play(s, "end"))
    assert "300 turns" in stopped.reason


def test_safety_stop_after_300_turns():
    s = make({"c3": tile(2, 0, 3), "c4": tile(2, 1, 2, built=1)}, turn=300)
    s = play(s, "end")
    result = GAME.result(s)
    assert result is not None and "300 turns" in result.reason
    assert result.scores == [3, 5] and result.winners == [1]


def test_belief_points_and_ties():
    tiles = {"c3": tile(2, 0, 3, built=1), "c4": tile(5, 1, 3, sanct=1), "c5": tile(1, 0, 10)}
    s = make(tiles)
    assert GAME.view(s, None)["scores"] == [3 + 3 + 10, 3 + 10]
    s = make({"c3": tile(2, 0, 3), "c4": tile(2, 1, 3)}, turn=300)
    result = GAME.result(play(s, "end"))
    assert result.ranking == [[0, 1]]


# ---- views, description, dump --------------------------------------------------------


def test_view_shape_and_no_stack_order():
    s = GAME.setup(3, 5, {})
    view = GAME.view(s, None)
    json.dumps(view)
    for key in (
        "board",
        "to_act",
        "scores",
        "last",
        "wind",
        "community",
        "limbo",
        "stack_size",
        "encircled_since",
        "pending_construction_victory",
    ):
        assert key in view
    assert "stack" not in view and "seed" not in view and "step" not in view
    assert view["stack_size"] == len(s.stack)
    shuffled = GAME.load(GAME.dump(s))
    shuffled.stack = list(reversed(shuffled.stack))
    assert GAME.view(shuffled, None) == view
    assert GAME.view(shuffled, 1) == GAME.view(s, 1)
    assert GAME.private_view(s, 0) is None


def test_board_entries_have_the_ruled_form():
    s = make({"c3": tile(2, 0, 3, built=1), "c4": tile(1)})
    board = GAME.view(s, None)["board"]
    assert board["c3"] == {
        "population": 2,
        "owner": 0,
        "worshippers": 3,
        "construction": True,
        "sanctuary": False,
    }
    assert board["c4"]["owner"] is None and board["e5"] == {"compass": True}


def test_describe_names_the_player_and_the_move():
    s = make({"c3": tile(1, 1, 4)}, community=[5, 5])
    text = GAME.describe(s, 0, "convert c3", None)
    assert text.startswith("{seat0} converted c3 from {seat1} with 5 worshippers")
    assert "not a legal move" in GAME.describe(s, 0, "fly", None)
    w = make(phase="wind", face="E", steps=1, stack=[1])
    assert "north-east" in GAME.describe(w, 0, "wind ne", None)


def test_dump_and_load_round_trip():
    s = GAME.setup(6, 77, {})
    data = json.loads(json.dumps(GAME.dump(s)))
    assert GAME.load(data) == s
    done = play(make({"c3": tile(2, 0, 3)}, turn=300), "end")
    assert GAME.load(json.loads(json.dumps(GAME.dump(done)))) == done


# ---- rulings of issue 14/15: exploration sources, wind words, discards in the view -----


def test_an_exploration_uses_the_building_it_is_made_from():
    # Ruling: each construction or sanctuary is the source of one exploration a turn.
    s = make({"c3": tile(2, 0, 0, built=1)}, community=[5, 5], stack=[1] * 5)
    s = play(s, "explore c4")
    assert "c3" in s.used
    assert not any(m.startswith("explore") for m in GAME.legal_moves(s, 0))
    illegal(s, "explore b3", "has been used this turn")
    illegal(s, "destroy c3", "already been used")  # and no other action on it this turn


def test_a_building_used_by_another_action_is_no_source():
    s = make({"c3": tile(2, 0, 2, since=1)}, community=[5, 5], stack=[1] * 5)
    s = play(s, "build c3")  # built this turn: the tile's action
    assert not any(m.startswith("explore") for m in GAME.legal_moves(s, 0))
    illegal(s, "explore c4", "has been used this turn")


def test_several_sources_are_named_with_from():
    # c4 touches both constructions (c3 and d4): the player names the source.
    s = make({"c3": tile(2, 0, 0, built=1), "d4": tile(2, 0, 0, built=1)}, community=[5, 5],
             stack=[1] * 5)
    assert set(NEIGHBOURS["c3"]) & set(NEIGHBOURS["d4"]) >= {"c4"}
    moves = GAME.legal_moves(s, 0)
    assert "explore c4 from c3" in moves and "explore c4 from d4" in moves
    assert "explore c4" not in moves
    illegal(s, "explore c4", "say which one it is explored from, e.g. explore c4 from c3")
    illegal(s, "explore c4 from e8", "not one of your constructions or your sanctuary next")
    after = play(s, "explore c4 from d4")
    assert play(s, "EXPLORE c4 d4") == after  # "from" may be left out
    assert "d4" in after.used and "c3" not in after.used
    # c3 is still free: the next exploration next to both may use only c3, short form.
    moves = GAME.legal_moves(after, 0)
    shared = [p for p in NEIGHBOURS["c3"] if p in NEIGHBOURS["d4"] and p not in after.tiles]
    assert all(f"explore {p}" in moves for p in shared)
    illegal(after, "explore d3 from d4", "already been used this turn")
    assert GAME.describe(s, 0, "explore c4 from d4", None).startswith(
        "{seat0} explored c4 from d4 and found a tile of population 1")


@pytest.mark.parametrize("said", ["south", "south-west", "southwest", "south west", "sw", "s",
                                  "SW", "S", "wind south", "Wind South-West", "wind sw"])
def test_the_wind_accepts_the_words_of_the_prompt(said):
    s = make(phase="wind", face="SW", steps=1, stack=[1] * 5)
    want = play(s, "wind s") if said.lower().replace("wind", "").strip() in (
        "south", "s") else play(s, "wind sw")
    assert play(s, said) == want


def test_a_wrong_direction_names_only_the_legal_ones():
    s = make(phase="wind", face="SW", steps=1, stack=[1] * 5)
    for said in ("north", "wind north", "wind west", "west", "wind", "hurricane"):
        with pytest.raises(IllegalMove) as info:
            GAME.play(s, 0, said)
        text = str(info.value)
        assert "south (s) or south-west (sw)" in text, (said, text)
        assert "nw" not in text and "north" not in text, (said, text)


def test_tiles_drawn_by_the_wind_are_never_converted_in_development():
    s = make(phase="wind", face="E", steps=3, stack=[3, 2, 1], community=[10, 10])
    s = play(play(s, "wind ne"), "skip")  # no conversion in the wind phase
    assert s.phase == "develop"
    for p in ("f5", "g5"):
        illegal(s, f"convert {p}", "only one tile drawn by the wind")
        assert f"convert {p}" not in GAME.legal_moves(s, 0)


def test_the_view_counts_discarded_populations_and_determinise_keeps_them():
    import random

    s = make({"c3": tile(2, 0, 0, built=1)}, community=[5, 5], stack=[2] * 5 + [3, 4])
    s = play(s, "explore c4")
    force_roll(s, "SE", 1)
    s = play(s, "end")
    view = GAME.view(s, None)
    left = Counter(TILE_POPULATIONS)
    left.subtract(t[T.POP] for t in s.tiles.values())
    left.subtract(s.stack)
    assert view["discarded_populations"] == [left[p] for p in range(6)]
    assert sum(view["discarded_populations"]) == 59 - len(s.tiles) - len(s.stack)
    for seat in (None, 0, 1):
        twin = GAME.determinise(s, seat, random.Random(seat or 9))
        assert sorted(twin.stack) == sorted(s.stack)  # only the order is resampled
        assert GAME.view(twin, None) == view
