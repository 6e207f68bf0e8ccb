"""Storm of the Gods on hand-built positions: set-up, victory, the views and the rulings."""

from __future__ import annotations

import json
from collections import Counter

import pytest

import engines
from engines.base import IllegalMove
from engines.storm_of_the_gods import GAME
from engines.storm_of_the_gods import tile as T
from engines.storm_of_the_gods.map import NEIGHBOURS, POSITIONS, STEP
from engines.storm_of_the_gods.state import TILE_POPULATIONS, State
from tests.engines.storm_of_the_gods_positions import force_roll, illegal, make, play, tile, total

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
