"""When Gods Collide: the hero die's faces on hand-built battlefields, and a turn passed."""

from __future__ import annotations

import random

import pytest

from engines.base import IllegalMove
from engines.when_gods_collide import GAME
from tests.engines.when_gods_collide_battlefields import (
    build,
    hero_face_seed,
    owners,
    princess,
    targets,
    with_seed,
)


# ------------------------------------------------------------- hero die
def test_imp_moves_as_any_piece_and_may_capture_a_god():
    s = build({"c1": "0", "a1": "0G", "d2": "1G", "p1": "1"}, hero="imp", number=2)
    t = targets(s, "c1")
    # king d2/b2/c2/b1/d1, knight a2/e2, rook e1, bishop -, queen e1; pawn c2/d1/b1, x d2
    assert {"d2", "e2", "e1", "a2", "c2"} <= t
    after = GAME.play(s, 0, "c1-d2")
    assert GAME.result(after).winners == [0]
    assert "the Imp" in GAME.describe(s, 0, "c1-d2", None)


def test_double_knight_two_jumps_across_gaps_first_onto_empty_second_may_take_a_god():
    blocks = ["a1", "c3", "e5"]
    s = build({"b2": "0", "a1": "0G", "e5": "1G"}, blocks, hero="double-knight")
    assert GAME.legal_moves(s, 0) == ["b2-c4-e5", "b2-d3-e5"]
    t = build({"b2": "0", "a1": "0G", "e5": "1G", "d3": "1"}, blocks, hero="double-knight")
    assert GAME.legal_moves(t, 0) == ["b2-c4-e5"]  # the first jump lands on an empty square
    with pytest.raises(IllegalMove, match="empty"):
        GAME.play(t, 0, "b2-d3-e5")
    with pytest.raises(IllegalMove, match="three squares"):
        GAME.play(t, 0, "b2-e5")
    after = GAME.play(t, 0, "b2-c4-e5")
    assert GAME.result(after).winners == [0]
    assert "Double Knight" in GAME.describe(t, 0, "b2-c4-e5", None)
    back = build({"b2": "0", "a1": "0G", "p2": "1G"}, ["a1", "c3", "o1"], hero="double-knight")
    assert "b2-c4-b2" not in GAME.legal_moves(back, 0)  # it must not end where it began
    assert "b2-c4-a3" not in GAME.legal_moves(back, 0)  # a3 is a gap
    assert "b2-c4-a5" not in GAME.legal_moves(back, 0)


def test_winged_sandals_fly_anywhere_and_capture_a_checker():
    blocks = ["a1", "c1", "k1", "o1"]
    s = build({"a1": "0", "b1": "0G", "p2": "1G", "k2": "1"}, blocks, hero="winged-sandals")
    moves = GAME.legal_moves(s, 0)
    assert "fly a1-k2" in moves and "fly a1-b1" not in moves and "fly a1-g1" not in moves
    assert all(m.startswith("fly ") for m in moves) and GAME.is_private("fly a1-k2")
    with pytest.raises(IllegalMove, match="fly"):
        GAME.play(s, 0, "a1-k2")
    after = GAME.play(s, 0, "Fly a1 - k2")
    assert owners(after)["k2"] == 0 and "a1" not in after.board
    assert "capturing" in GAME.describe(s, 0, "fly a1-k2", None)
    with pytest.raises(IllegalMove, match="gap"):
        GAME.play(s, 0, "fly a1-g1")


def test_winged_sandals_on_a_god_is_refused_and_revealed_only_to_the_mover():
    blocks = ["a1", "c1", "k1", "o1"]
    s = build({"a1": "0", "b1": "0G", "p2": "1G", "k2": "1"}, blocks, hero="winged-sandals")
    god_id = s.board["p2"][1]
    after = GAME.play(s, 0, "fly a1-p2")
    assert after.board == s.board and after.current == 0 and after.phase == "move"
    assert after.known[0] == [god_id]
    assert "fly a1-p2" not in GAME.legal_moves(after, 0)
    with pytest.raises(IllegalMove, match="cannot capture a god"):
        GAME.play(after, 0, "fly a1-p2")
    assert GAME.view(after, 0)["board"]["p2"] == {"owner": 1, "god": True}
    assert GAME.view(after, None)["board"]["p2"] == {"owner": 1}
    for viewer in (None, 1):
        assert GAME.view(after, viewer) == GAME.view(s, viewer)
        text = GAME.describe(s, 0, "fly a1-p2", viewer)
        assert "p2" not in text and "a1" not in text and "another move" in text
    assert "p2" in GAME.describe(s, 0, "fly a1-p2", 0)
    assert GAME.is_private("sandals a1-p2") and GAME.play(s, 0, "sandals a1-p2") == after
    assert GAME.view(after, 0)["last"] == ["a1", "p2"]
    assert GAME.private_view(after, 0)["known_gods"] == {"p2": 1}
    assert GAME.private_view(s, 0)["known_gods"] == {}
    # the knowledge follows the checker when it moves
    moved = GAME.load(GAME.dump(after))
    moved.board["o2"] = moved.board.pop("p2")
    assert GAME.view(moved, 0)["board"]["o2"]["god"] is True


def test_god_of_wind_pushes_an_enemy_up_to_n_squares_without_capturing():
    blocks = ["a1", "c1", "e1", "g1", "k1"]  # gap at i1-j2
    s = build({"a1": "0G", "c1": "1G", "f1": "1", "d2": "0"}, blocks, hero="god-of-wind", number=4)
    moves = GAME.legal_moves(s, 0)
    assert all(m.startswith("push ") for m in moves)
    assert {"push c1-d1", "push c1-e1", "push c1-b1"} <= set(moves)
    assert "push c1-f1" not in moves and "push c1-a1" not in moves  # blocked by checkers
    assert {"push f1-g1", "push f1-h1"} <= set(moves) and "push f1-i1" not in moves  # gap
    assert "push c1-c2" in moves and "push c1-c3" not in moves  # the edge of the tiles
    assert not any(m.startswith("push d2") for m in moves)  # not your own checker
    after = GAME.play(s, 0, "push c1-e1")  # a god may be pushed
    assert after.board["e1"] == s.board["c1"] and len(after.board) == 4
    with pytest.raises(IllegalMove, match="at most 4"):
        GAME.play(build({"a1": "0G", "a2": "1G"}, hero="god-of-wind", number=4), 0, "push a2-f2")
    with pytest.raises(IllegalMove, match="cannot capture"):
        GAME.play(s, 0, "push f1-c1")
    with pytest.raises(IllegalMove, match="own"):
        GAME.play(s, 0, "push d2-d1")
    assert "pushed" in GAME.describe(s, 0, "push c1-e1", None)


def test_princess_slides_n_squares_capturing_several_and_passing_over_a_god():
    s = princess({"a1": "0", "a2": "0G", "c1": "1", "d1": "1G", "e1": "1", "p1": "1"},
                 None, "rook", 5)
    assert "princess a1-f1" in GAME.legal_moves(s, 0)
    assert GAME.is_private("princess a1-f1")
    with pytest.raises(IllegalMove, match="princess"):
        GAME.play(s, 0, "a1-f1")
    after = GAME.play(s, 0, "princess a1-f1")
    assert owners(after) == {"a2": 0, "d1": 1, "f1": 0, "p1": 1}
    assert after.known[0] == [s.board["d1"][1]]  # the mover learned the god passed over
    assert GAME.view(after, 0)["board"]["d1"]["god"] is True
    assert "god" not in GAME.view(after, 1)["board"]["f1"]
    # Ruling: a god a Princess passes over without capturing is seen by all to survive.
    assert after.public == [s.board["d1"][1]]
    for viewer in (None, 0, 1):
        assert GAME.view(after, viewer)["board"]["d1"] == {"owner": 1, "god": True, "public": True}
    public = GAME.describe(s, 0, "princess a1-f1", None)
    assert "c1" in public and "e1" in public
    assert "everyone now knows that d1 is {seat1}'s god checker" in public
    assert public == GAME.describe(s, 0, "princess a1-f1", 0)
    assert GAME.load(GAME.dump(after)) == after


def test_a_god_known_to_all_is_kept_by_every_determinisation():
    s = princess({"a1": "0", "a2": "0G", "c1": "1", "d1": "1G", "e1": "1", "p1": "1", "p2": "1"},
                 None, "rook", 5)
    after = GAME.play(s, 0, "princess a1-f1")
    rng = random.Random(5)
    for seat in (None, 0, 1):
        for _ in range(20):
            twin = GAME.determinise(after, seat, rng)
            assert twin.board["d1"][1] == twin.gods[1] and twin.public == [twin.gods[1]]
            assert GAME.view(twin, None) == GAME.view(after, None)
    # Nobody's moves treat it as unknown: it is avoided like a god one found oneself.
    assert "d1" in GAME.avoid(after, 0)
    assert GAME.view(after, None)["last"] == ["a1", "b1", "c1", "d1", "e1", "f1"]


def test_princess_stops_before_gap_and_own_checker_and_may_not_end_on_a_god():
    blocks = ["a1", "c1", "e1", "k1"]
    s = princess({"a1": "0", "b2": "0G", "c1": "1", "f1": "1G", "k1": "1"}, blocks, "rook", 6)
    # rightwards the gap at g1 ends the slide on f1, which holds a god: refused
    assert "princess a1-f1" in GAME.legal_moves(s, 0)
    after = GAME.play(s, 0, "princess a1-f1")
    assert after.board == s.board and after.current == 0 and after.known[0] == [s.board["f1"][1]]
    assert "princess a1-f1" not in GAME.legal_moves(after, 0)
    for viewer in (None, 1):
        assert GAME.view(after, viewer) == GAME.view(s, viewer)
        assert "f1" not in GAME.describe(s, 0, "princess a1-f1", viewer)
    queen = princess({"a1": "0", "a2": "0G", "b1": "0", "p2": "1G", "o1": "1"}, None, "queen", 6)
    assert targets(queen, "a1") == {"b2"}  # own checkers, then the edge of the strip
    assert targets(queen, "b1") == {"h1", "b2", "c2"}


def test_princess_king_keeps_moving_after_each_capture():
    blocks = ["a1", "c1", "e1", "o1"]
    s = princess({"a1": "0", "a2": "0G", "b2": "1", "c1": "1", "d2": "1", "p2": "1G"},
                 blocks, "king", 3)
    moves = GAME.legal_moves(s, 0)
    assert "princess a1-b2-c1-d2" in moves and "princess a1-b2" in moves
    assert "princess a1-b1-c1" not in moves  # b1 is empty: the move ends there
    after = GAME.play(s, 0, "princess a1-b2-c1-d2")
    assert owners(after) == {"a2": 0, "d2": 0, "p2": 1}
    assert GAME.view(after, None)["last"] == ["a1", "b2", "c1", "d2"]
    # a chain landing on a god is refused
    g = princess({"a1": "0", "a2": "0G", "b2": "1", "c1": "1G", "p2": "1"}, blocks, "king", 3)
    refused = GAME.play(g, 0, "princess a1-b2-c1")
    assert refused.board == g.board and refused.known[0] == [g.board["c1"][1]]
    assert "princess a1-b2-c1" not in GAME.legal_moves(refused, 0)
    assert "princess a1-b2" in GAME.legal_moves(refused, 0)


def test_princess_pawn_and_knight_chains():
    blocks = ["a1", "c1", "e1", "a3", "c3", "e3"]
    s = princess({"a1": "0", "a2": "0G", "b2": "1", "c3": "1", "f4": "1G"}, blocks, "pawn", 3)
    moves = GAME.legal_moves(s, 0)
    assert "princess a1-b2-c3" in moves and "princess a1-b2-c3-c4" in moves
    assert "princess a1-b1-c2" not in moves
    k = princess({"a1": "0", "a2": "0G", "b3": "1", "d4": "1", "f4": "1G"}, blocks, "knight", 2)
    assert "princess a1-b3-d4" in GAME.legal_moves(k, 0)
    assert "princess a1-b3-d4-f3" not in GAME.legal_moves(k, 0)  # at most N moves


def test_seth_converts_a_non_god_checker():
    s = build({"a1": "0G", "c1": "1", "p2": "1G"}, hero="seth")
    moves = GAME.legal_moves(s, 0)
    assert moves == ["seth c1", "seth p2"]
    assert GAME.is_private("seth c1")
    after = GAME.play(s, 0, "SETH c1")
    assert after.board["c1"] == [0, s.board["c1"][1]]
    assert "Seth" in GAME.describe(s, 0, "seth c1", None)


def test_seth_on_a_god_reveals_it_to_the_mover_who_chooses_another():
    s = build({"a1": "0G", "c1": "1", "p2": "1G"}, hero="seth")
    after = GAME.play(s, 0, "seth p2")
    assert after.board == s.board and after.current == 0
    assert GAME.legal_moves(after, 0) == ["seth c1"]
    with pytest.raises(IllegalMove, match="god"):
        GAME.play(after, 0, "seth p2")
    assert GAME.view(after, 0)["board"]["p2"]["god"] is True
    for viewer in (None, 1):
        assert GAME.view(after, viewer) == GAME.view(s, viewer)
        assert "p2" not in GAME.describe(s, 0, "seth p2", viewer)
    final = GAME.play(after, 0, "seth c1")
    assert final.board["c1"][0] == 0 and final.current == 1


def test_a_players_last_checker_is_treated_as_a_known_god():
    lone = build({"a1": "0", "b1": "0G", "p2": "1G"}, hero="winged-sandals")
    assert not any(m.endswith("-p2") for m in GAME.legal_moves(lone, 0))
    with pytest.raises(IllegalMove, match="last checker"):
        GAME.play(lone, 0, "fly a1-p2")
    sliding = princess({"a1": "0", "b2": "0G", "d1": "1G"}, ["a1", "c1"], "rook", 5)
    assert "princess a1-d1" not in GAME.legal_moves(sliding, 0)
    seth = build({"a1": "0G", "p2": "1G", "c1": "2", "e1": "2G"}, players=3, hero="seth")
    assert GAME.legal_moves(seth, 0) == ["seth c1", "seth e1"]


def test_seth_with_only_gods_left_loses_the_turn():
    direct = build({"a1": "0G", "c1": "0", "p2": "1G", "e2": "2G"}, players=3, hero="seth")
    assert GAME.legal_moves(direct, 0) == []
    s = build({"a1": "0G", "c1": "0", "p2": "1G", "e2": "2G"}, players=3, phase="hero", number=6)
    t = hero_face_seed(s, "seth")
    after = GAME.play(t, 0, "hero")
    assert after.current != 0 and after.board == t.board and after.turns == 1
    assert "loses the turn" in GAME.describe(t, 0, "hero", None)


def test_a_player_without_a_legal_move_is_passed():
    # Player 1's army fills its only tile: no chess-die piece can move (knight jumps land in
    # gaps). Whenever their roll is not a 6, the engine passes them.
    pieces = {"a1": "0", "b1": "0", "a2": "0G", "b2": "0", "p1": "1G"}
    passes = 0
    for seed in range(30):
        t = with_seed(build(pieces, ["a1", "o1"], chess="rook", number=1, current=1), seed)
        after = GAME.play(t, 1, "p1-o1")
        text = GAME.describe(t, 1, "p1-o1", None)
        if "no legal move" in text:
            passes += 1
            assert "{seat0} has no legal move" in text and "turn passes" in text
            assert after.turns >= 2
        else:
            assert after.phase == "hero" and after.current == 0
    assert passes > 20
