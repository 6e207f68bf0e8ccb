"""When Gods Collide on hand-built battlefields: set-up, dice, chess pieces, the end, views."""

from __future__ import annotations

import io
import json
import random
import re

import pytest
from PIL import Image

from engines.base import IllegalMove
from engines.when_gods_collide import GAME, State
from engines.when_gods_collide.geometry import block_squares
from rendering import kit
from rendering.when_gods_collide import render
from tests.conftest import refuses
from tests.engines.when_gods_collide_battlefields import (
    build,
    owners,
    set_up_battle,
    targets,
    with_seed,
)


# ------------------------------------------------------------------ set-up
def test_setup_players_options_and_first_player():
    for n in (2, 3, 4):
        s = GAME.setup(n, 11, {})
        assert s.phase == "tiles" and GAME.to_act(s) == [s.first] and 0 <= s.first < n
    assert {GAME.setup(4, seed, {}).first for seed in range(40)} == {0, 1, 2, 3}
    with pytest.raises(ValueError):
        GAME.setup(1, 1, {})
    with pytest.raises(ValueError):
        GAME.setup(5, 1, {})
    with pytest.raises(ValueError):
        GAME.setup(2, 1, {"fog": "yes"})
    assert GAME.setup(3, 99, {}) == GAME.setup(3, 99, {})


def test_first_tile_goes_at_the_centre():
    s = GAME.setup(2, 1, {})
    assert GAME.legal_moves(s, s.first) == ["tile g7", "tile i7", "tile g9", "tile i9"]
    with pytest.raises(IllegalMove, match="centre"):
        GAME.play(s, s.first, "tile a1")
    s2 = GAME.play(s, s.first, "  TILE   I9 ")
    assert s2.tiles == {"i9": s.first} and s2.current == 1 - s.first


def test_tiles_must_share_an_edge_be_aligned_and_free():
    s = GAME.setup(2, 1, {})
    p = s.first
    s = GAME.play(s, p, "tile g7")
    q = s.current
    with pytest.raises(IllegalMove, match="share an edge"):
        GAME.play(s, q, "tile k7")
    with pytest.raises(IllegalMove, match="share an edge"):
        GAME.play(s, q, "tile e5")  # only a corner touches
    with pytest.raises(IllegalMove, match="already"):
        GAME.play(s, q, "tile g7")
    with pytest.raises(IllegalMove, match="lower-left"):
        GAME.play(s, q, "tile h7")
    with pytest.raises(IllegalMove, match="not your turn"):
        GAME.play(s, p, "tile e7")
    assert set(GAME.legal_moves(s, q)) == {"tile e7", "tile i7", "tile g5", "tile g9"}
    assert GAME.legal_moves(s, p) == []


def test_tile_laying_in_seat_order_six_each_then_arrangement():
    s = GAME.setup(3, 5, {})
    order = []
    while s.phase == "tiles":
        seat = GAME.to_act(s)[0]
        order.append(seat)
        s = GAME.play(s, seat, GAME.legal_moves(s, seat)[-1])
    assert order == [(s.first + k) % 3 for k in range(18)]
    assert [list(s.tiles.values()).count(p) for p in range(3)] == [6, 6, 6]
    assert s.phase == "arrange" and s.current == s.first
    view = GAME.view(s, None)
    assert view["tiles"] == s.tiles and view["placed"] == [6, 6, 6]


def _arrange_state() -> State:
    s = GAME.setup(2, 8, {})
    while s.phase == "tiles":
        s = GAME.play(s, s.current, GAME.legal_moves(s, s.current)[0])
    return s


def test_arrange_names_twelve_distinct_squares_of_own_tiles():
    s = _arrange_state()
    p = s.current
    mine = sorted(sq for b, o in s.tiles.items() if o == p for sq in block_squares(b))
    theirs = next(sq for b, o in s.tiles.items() if o != p for sq in block_squares(b))
    assert GAME.legal_moves(s, p) == ["arrange auto"]
    with pytest.raises(IllegalMove, match="exactly 12"):
        GAME.play(s, p, "arrange " + " ".join(mine[:11]))
    with pytest.raises(IllegalMove, match="twice"):
        GAME.play(s, p, "arrange " + " ".join(mine[:11] + mine[:1]))
    with pytest.raises(IllegalMove, match="not on one of your tiles"):
        GAME.play(s, p, "arrange " + " ".join([*mine[:11], theirs]))
    with pytest.raises(IllegalMove, match="not a square"):
        GAME.play(s, p, "arrange " + " ".join([*mine[:11], "z9"]))
    with pytest.raises(IllegalMove, match="arrange"):
        GAME.play(s, p, "tile a1")
    chosen = mine[12:] + mine[:0]
    s2 = GAME.play(s, p, "Arrange " + ", ".join(reversed(chosen)))
    assert sorted(s2.board) == sorted(chosen) and s2.phase == "god" and s2.current == p
    assert GAME.play(s, p, "arrange auto") == GAME.play(s, p, "arrange  AUTO")
    auto = GAME.play(s, p, "arrange auto")
    assert len(auto.board) == 12 and set(auto.board) <= set(mine)


def test_god_choice_is_private_and_marked_only_for_its_owner():
    s = _arrange_state()
    p = s.current
    s = GAME.play(s, p, "arrange auto")
    square = sorted(s.board)[4]
    other = next(sq for sq in s.board if sq != square)
    assert GAME.is_private(f"god {square}") and GAME.is_private("GOD c3")
    assert not GAME.is_private("c3-c6") and not GAME.is_private("tile e7")
    with pytest.raises(IllegalMove, match="god <square"):
        GAME.play(s, p, square)  # a bare square would not be recognised as private
    with pytest.raises(IllegalMove, match="not one of your checkers"):
        GAME.play(s, p, "god a1" if "a1" not in s.board else "god p16")
    public_before = GAME.view(s, None)
    after = GAME.play(s, p, f"god {square}")
    for viewer in (None, 1 - p):
        text = GAME.describe(s, p, f"god {square}", viewer)
        assert "chose a god" in text and square not in text
    assert square in GAME.describe(s, p, f"god {square}", p)
    assert GAME.view(after, None) == {
        **public_before,
        "phase": "arrange",
        "to_act": [1 - p],
        "viewer": None,
    }
    assert GAME.view(after, 1 - p)["board"] == GAME.view(after, None)["board"]
    mine = GAME.view(after, p)
    assert [sq for sq, c in mine["board"].items() if c.get("god")] == [square]
    assert mine["last"] == [square] and GAME.view(after, None)["last"] != [square]
    assert GAME.private_view(after, p)["god"] == square
    assert GAME.private_view(after, 1 - p)["god"] is None
    assert other not in GAME.private_view(after, p)["known_gods"]


def test_battle_starts_with_the_first_player_after_every_god_is_chosen():
    s = set_up_battle(3, 21)
    assert s.phase in ("move", "hero") and all(g >= 0 for g in s.gods)
    assert s.current == s.first or s.turns > 0
    view = GAME.view(s, None)
    assert view["dice"]["chess"] in ("king", "pawn", "knight", "queen", "bishop", "rook")
    assert 1 <= view["dice"]["number"] <= 6
    assert not any(c.get("god") for c in view["board"].values())


# ------------------------------------------------------------------- dice
def test_dice_come_from_the_seed():
    a, b = set_up_battle(2, 77), set_up_battle(2, 77)
    assert a == b
    firsts = {(set_up_battle(2, seed).chess, set_up_battle(2, seed).number) for seed in range(12)}
    assert len(firsts) > 3


def test_six_offers_the_hero_die_which_rerolls_the_numbered_die():
    s = build({"a1": "0G", "p2": "1G", "o2": "1"}, chess="knight", number=6, phase="hero")
    assert GAME.legal_moves(s, 0) == ["hero", "nohero"]
    with pytest.raises(IllegalMove, match="hero"):
        GAME.play(s, 0, "a1-b3")
    kept = GAME.play(s, 0, "no hero")
    assert kept.phase == "move" and (kept.chess, kept.number, kept.hero) == ("knight", 6, "")
    assert "kept a knight and 6" in GAME.describe(s, 0, "nohero", None)
    faces, numbers = set(), set()
    second_six = None
    for seed in range(80):
        t = with_seed(s, seed)
        rolled = GAME.play(t, 0, "hero")
        if rolled.current == 0:  # (otherwise the roll left no move and the turn passed)
            assert rolled.phase == "move" and rolled.chess == "knight"
            faces.add(rolled.hero)
            numbers.add(rolled.number)
            if rolled.number == 6:
                second_six = rolled
        assert "rolled the hero die" in GAME.describe(t, 0, "hero", None)
    assert faces == {"imp", "double-knight", "winged-sandals", "god-of-wind", "princess", "seth"}
    assert numbers == {1, 2, 3, 4, 5, 6}
    # a second 6 with the hero die gives no second hero roll
    assert second_six is not None and GAME.legal_moves(second_six, 0) != ["hero", "nohero"]


# ----------------------------------------------------------- chess pieces
def test_rook_moves_exactly_n_squares():
    s = build({"c1": "0", "a2": "0G", "p1": "1G"}, number=3)
    # right exactly 3; left and up the checker stops at the edge after 2 and 1 squares
    assert targets(s, "c1") == {"f1", "a1", "c2"}
    after = GAME.play(s, 0, "c1-f1")
    assert owners(after)["f1"] == 0 and "c1" not in after.board
    with pytest.raises(IllegalMove, match="exactly 3"):
        GAME.play(s, 0, "c1-e1")
    with pytest.raises(IllegalMove, match="row or a column"):
        GAME.play(s, 0, "c1-d2")


def test_sliding_stops_early_on_first_enemy_capturing_it():
    s = build({"a1": "0", "c1": "1", "d1": "1", "a2": "0G", "p1": "1G"}, number=5)
    assert targets(s, "a1") == {"c1"}
    after = GAME.play(s, 0, "a1-c1")
    assert owners(after)["c1"] == 0 and "d1" in after.board and len(after.board) == 4


def test_sliding_stops_before_gap_edge_and_own_checker_and_zero_is_no_move():
    blocks = ["a1", "c1", "e1", "i1"]  # gap at g1-h2
    s = build({"c1": "0", "a2": "0G", "f2": "0", "j1": "1G"}, blocks, number=6)
    # right: last free square before the gap is f1; left: the edge at a1; up: c2 (edge)
    assert targets(s, "c1") == {"f1", "a1", "c2"}
    # f2: right is the gap (no move), left stops before own... e2,d2,c2,b2 then a2 own
    assert targets(s, "f2") == {"b2", "f1"}
    blocked = build(
        {"a1": "0", "b1": "0", "a2": "0G", "b2": "0", "p1": "1G"}, ["a1", "o1"], number=4
    )
    assert targets(blocked, "a1") == set()  # boxed in: moving 0 squares is not a move
    with pytest.raises(IllegalMove, match="own checker"):
        GAME.play(blocked, 0, "a1-b1")


def test_bishop_moves_diagonally_across_tiles_touching_at_a_corner():
    blocks = ["a1", "c3", "e5"]
    s = build({"b2": "0", "a2": "0G", "f6": "1G"}, blocks, chess="bishop", number=3)
    # up-right crosses the corners b2/c3 and d4/e5; down-left stops at the edge
    assert targets(s, "b2") == {"e5", "a1"}
    s = build({"b2": "0G", "a1": "0", "f6": "1G"}, blocks, chess="bishop", number=2)
    assert targets(s, "b2") == {"d4"}
    with pytest.raises(IllegalMove, match="diagonally"):
        GAME.play(s, 0, "b2-b1")


def test_queen_moves_along_rows_columns_and_diagonals():
    blocks = ["a1", "c1", "e1", "a3", "c3", "e3"]
    s = build({"c2": "0", "a1": "0G", "f4": "1G"}, blocks, chess="queen", number=2)
    assert targets(s, "c2") == {"e2", "a2", "c4", "e4", "a4", "d1", "b1", "c1"}


def test_king_steps_one_square_not_into_a_gap():
    blocks = ["a1", "e1"]  # gap at c1-d2
    s = build({"b1": "0", "a2": "1", "a1": "0G", "f2": "1G"}, blocks, chess="king")
    assert targets(s, "b1") == {"b2", "a2"}
    assert owners(GAME.play(s, 0, "b1-a2"))["a2"] == 0
    with pytest.raises(IllegalMove, match="gap"):
        GAME.play(s, 0, "b1-c1")


def test_pawn_steps_orthogonally_and_captures_only_diagonally():
    blocks = ["a1", "c1", "a3", "c3"]
    s = build(
        {"b2": "0", "b3": "1", "c3": "1", "c1": "1", "a1": "0G", "d4": "1G"}, blocks, chess="pawn"
    )
    assert targets(s, "b2") == {"c2", "a2", "b1", "c3", "c1"}
    with pytest.raises(IllegalMove, match="only diagonally"):
        GAME.play(s, 0, "b2-b3")
    with pytest.raises(IllegalMove, match="only to capture"):
        GAME.play(s, 0, "b2-a3")
    after = GAME.play(s, 0, "b2-c3")
    assert owners(after)["c3"] == 0 and "b2" not in after.board


def test_knight_jumps_over_gaps_but_lands_on_a_square_not_own():
    blocks = ["a1", "c1", "e3"]  # c3 is a gap; e3 touches c1 only at a corner
    s = build({"d1": "0", "a1": "0G", "f4": "1G"}, blocks, chess="knight")
    # d1: e3 across the gap; b2; f2 and c3 would land in gaps
    assert targets(s, "d1") == {"e3", "b2"}
    s = build({"d1": "0", "b2": "0", "a1": "0G", "f4": "1G"}, blocks, chess="knight")
    assert targets(s, "d1") == {"e3"}  # b2 holds an own checker
    with pytest.raises(IllegalMove, match="gap"):
        GAME.play(s, 0, "d1-f2")
    s = build({"d1": "0", "a1": "0G", "e3": "1G"}, blocks, chess="knight")
    after = GAME.play(s, 0, "d1-e3")  # a knight captures a god across the gap
    assert GAME.result(after).winners == [0]


def test_capturing_a_god_eliminates_the_whole_army_but_not_the_tiles():
    blocks = {"a1": 0, "c1": 1, "e1": 2, "g1": 1}
    s = build(
        {"a1": "0", "a2": "0G", "c1": "1G", "d2": "1", "h1": "1", "e1": "2G", "f2": "2"},
        blocks,
        players=3,
        chess="rook",
        number=2,
    )
    after = GAME.play(s, 0, "a1-c1")
    assert after.eliminated == [1]
    assert sorted(owners(after).values()) == [0, 0, 2, 2]
    assert after.tiles == blocks
    assert GAME.view(after, None)["eliminated"] == [1]
    text = GAME.describe(s, 0, "a1-c1", None)
    assert "god checker" in text and "eliminated" in text
    assert after.current == 2 and GAME.result(after) is None  # player 2 is skipped later
    assert GAME.view(after, None)["scores"] == [2, 0, 2]


def test_eliminated_players_are_skipped_and_ranked_by_when_they_fell():
    blocks = {"a1": 0, "c1": 1, "e1": 2, "g1": 3}
    s = build(
        {"a1": "0", "a2": "0G", "c1": "1G", "e1": "2G", "g1": "3G", "h2": "3"},
        blocks,
        players=4,
        chess="rook",
        number=2,
        eliminated=(),
    )
    s = GAME.play(s, 0, "a1-c1")  # player 2 (seat 1) out
    assert s.current == 2
    s.phase, s.chess, s.number, s.hero = "move", "rook", 4, ""
    s.board["f1"] = [2, 99]
    s = GAME.play(s, 2, "f1-g1")  # seat 3 out
    assert s.eliminated == [1, 3] and s.current == 0
    s.phase, s.chess, s.number, s.hero = "move", "rook", 6, ""
    s = GAME.play(s, 0, "c1-e1")
    assert s.phase == "over" and GAME.to_act(s) == []
    res = GAME.result(s)
    assert res.ranking == [[0], [2], [3], [1]] and res.winners == [0]
    assert "last god standing" in res.reason
    with pytest.raises(IllegalMove, match="over"):
        GAME.play(s, 0, "e1-e2")
    assert GAME.legal_moves(s, 0) == []


# ------------------------------------------------------------------ end
def at_the_last_turn(pieces: dict[str, str], eliminated: tuple[int, ...] = ()) -> State:
    """Three players at turn 399 of 400, seat 0 to move a king one square."""
    return build(pieces, players=3, chess="king", number=1, turns=399, eliminated=eliminated)


def test_safety_stop_after_400_turns_ranks_survivors_by_checkers():
    s = at_the_last_turn({"a1": "0", "b1": "0G", "c1": "1", "d1": "1G", "f1": "2", "p2": "2G"})
    after = GAME.play(s, 0, "a1-a2")
    assert after.phase == "over" and after.turns == 400
    res = GAME.result(after)
    assert res.ranking == [[0, 1, 2]] and "400" in res.reason
    assert "400 turns" in GAME.describe(s, 0, "a1-a2", None)
    s2 = at_the_last_turn({"a1": "0", "b1": "0G", "a2": "0", "d1": "1G", "p2": "2G", "o2": "2"})
    res2 = GAME.result(GAME.play(s2, 0, "a2-b2"))
    assert res2.ranking == [[0], [2], [1]]
    s3 = at_the_last_turn({"a1": "0", "b1": "0G", "a2": "0", "p2": "2G", "o2": "2"},
                          eliminated=(1,))
    res3 = GAME.result(GAME.play(s3, 0, "a2-b2"))
    assert res3.ranking == [[0], [2], [1]] and res3.scores == [3.0, 0.0, 2.0]


# ------------------------------------------------------------- messages
def test_illegal_moves_say_why():
    s = build({"c1": "0", "a2": "0G", "p1": "1G"}, number=3)
    refuses(GAME, s, 1, ("p1-o1", "not your turn"))
    refuses(GAME, s, 0, ("d1-d2", "empty"), ("p1-n1", re.escape("{seat1}'s")),
            ("banana", "not a move"), ("fly c1-c2", "fly"), ("c1-c3", "gap"))
    king = build({"c1": "0", "a2": "0G", "p1": "1G"}, chess="king")
    with pytest.raises(IllegalMove, match="one square"):
        GAME.play(king, 0, "c1-e1")
    knight = build({"c1": "0", "a2": "0G", "p1": "1G"}, chess="knight")
    with pytest.raises(IllegalMove, match="L"):
        GAME.play(knight, 0, "c1-c2")
    assert GAME.play(s, 0, " C1 - F1 ") == GAME.play(s, 0, "c1-f1") == GAME.play(s, 0, "c1 f1")


# ---------------------------------------------------------------- views
def test_views_have_the_contract_keys_and_public_view_marks_no_god():
    s = set_up_battle(4, 12)
    for viewer in (None, 0, 1, 2, 3):
        view = GAME.view(s, viewer)
        json.dumps(view)
        for key in ("board", "tiles", "to_act", "scores", "last", "dice", "eliminated"):
            assert key in view
        marked = [sq for sq, c in view["board"].items() if c.get("god")]
        if viewer is None:
            assert marked == [] and '"god"' not in json.dumps(view)
        else:
            assert marked == [s.square_of(s.gods[viewer])]
    assert GAME.view(s, None)["scores"] == [12, 12, 12, 12]


def test_dump_load_and_replay_reproduce_the_state():
    s = GAME.setup(3, 2024, {})
    moves = []
    rng = random.Random(5)
    while GAME.result(s) is None and len(moves) < 200:
        seat = GAME.to_act(s)[0]
        move = rng.choice(GAME.legal_moves(s, seat))
        moves.append((seat, move))
        s = GAME.play(s, seat, move)
        assert GAME.load(json.loads(json.dumps(GAME.dump(s)))) == s
    replay = GAME.setup(3, 2024, {})
    for seat, move in moves:
        replay = GAME.play(replay, seat, move)
    assert replay == s


# -------------------------------------------------------------- render
def test_render_start_middle_and_end_are_small_pngs():
    early = GAME.setup(2, 3, {})
    early = GAME.play(early, early.first, "tile g7")
    mid = set_up_battle(4, 9)
    end = build({"a1": "0", "a2": "0G", "c1": "1G"}, {"a1": 0, "c1": 1}, chess="rook")
    end = GAME.play(end, 0, "a1-c1")
    for state, viewer in ((early, None), (mid, None), (mid, 2), (end, 0)):
        view = GAME.view(state, viewer)
        png = render(view, names=["Ana", "Bo", "Cy", "Di"][: state.players], highlight=view["last"])
        assert png.startswith(b"\x89PNG") and len(png) < 300_000
        image = Image.open(io.BytesIO(png))
        assert image.width == kit.WIDTH and 400 <= image.height <= 2000


def test_a_checker_seth_converted_is_never_taken_for_its_new_owners_god():
    s = build({"a1": "0G", "a2": "0", "c1": "1", "p2": "1G"}, hero="seth")
    after = GAME.play(s, 0, "seth c1")
    assert after.board["c1"][0] == 0
    rng = random.Random(2)
    for seat in (None, 1):
        seen = set()
        for _ in range(30):
            twin = GAME.determinise(after, seat, rng)
            seen.add(twin.square_of(twin.gods[0]))
            assert GAME.view(twin, None) == GAME.view(after, None)
        assert seen == {"a1", "a2"}  # resampled, but never c1
