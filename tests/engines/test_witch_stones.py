"""Witch Stones: every rule of the text and every ruling in engines/rules/witch-stones.md."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace

import pytest

import engines
from engines.base import IllegalMove
from engines.witch_stones import (
    CORNERS,
    WitchStonesState,
    inner_squares,
    lines,
    outer_ring,
)
from tests.conftest import refuses

GAME = engines.get("witch-stones")


def position(board: dict[str, str], sides=("moons", "suns"), turn=0, scores=(0, 0)):
    """A hand-built position after the side choice."""
    return WitchStonesState(seed=0, board=dict(board), sides=sides, turn=turn, scores=scores)


def test_registered_with_the_contract_names():
    assert GAME.slug == "witch-stones"
    assert (GAME.min_players, GAME.max_players) == (2, 2)
    for name in ("setup", "to_act", "legal_moves", "play", "view", "describe", "result",
                 "dump", "load"):
        assert callable(getattr(GAME, name))


def test_setup_counts_corners_and_no_crown_on_the_outer_ring():
    for seed in range(30):
        state = GAME.setup(2, seed, {})
        assert Counter(state.board.values()) == {"crown": 9, "sun": 12, "moon": 12,
                                                 "earth": 48}
        assert len(state.board) == 81
        assert {sq: state.board[sq] for sq in CORNERS} == {
            "a9": "sun", "i1": "sun", "a1": "moon", "i9": "moon"}
        assert all(state.board[sq] != "crown" for sq in outer_ring())


def test_fill_order_of_the_ruling():
    ring = outer_ring()
    assert len(ring) == 28 and len(set(ring)) == 28
    assert ring[:3] == ["b1", "c1", "d1"] and ring[7] == "i2"
    assert ring[14] == "h9" and ring[21] == "a8" and ring[-1] == "a2"
    inner = inner_squares()
    assert inner[0] == "b2" and inner[-1] == "h8" and len(inner) == 49


def test_seed_decides_the_board():
    assert GAME.setup(2, 11, {}).board == GAME.setup(2, 11, {}).board
    assert GAME.setup(2, 11, {}).board != GAME.setup(2, 12, {}).board


def test_two_players_only():
    with pytest.raises(ValueError):
        GAME.setup(3, 1, {})


def test_second_seat_chooses_side_first_then_seat_zero_removes():
    state = GAME.setup(2, 3, {})
    assert GAME.to_act(state) == [1]
    assert GAME.legal_moves(state, 1) == ["suns", "moons"]
    assert GAME.legal_moves(state, 0) == []
    with pytest.raises(IllegalMove, match="not your turn"):
        GAME.play(state, 0, "take a1")
    with pytest.raises(IllegalMove, match="choose your side"):
        GAME.play(state, 1, "take a1")
    after = GAME.play(state, 1, "Moons")
    assert after.sides == ("suns", "moons")
    assert GAME.to_act(after) == [0]
    assert GAME.view(after, None)["sides"] == ["suns", "moons"]


def test_take_own_piece_or_earthstone_only():
    board = {"a1": "moon", "b1": "sun", "c1": "earth", "d1": "crown"}
    state = position(board)  # seat 0 plays moons
    assert GAME.play(state, 0, "take a1").board.keys() == {"b1", "c1", "d1"}
    assert GAME.play(state, 0, "take c1").scores == (1, 0)
    refuses(GAME, state, 0, ("take b1", "opponent's"), ("take d1", "crown"),
            ("take e5", "empty"))


def test_bare_square_means_take_and_variants_of_case_and_spaces():
    state = position({"a1": "moon", "c1": "earth"})
    assert GAME.play(state, 0, "c1") == GAME.play(state, 0, "take c1")
    assert GAME.play(state, 0, "  TAKE   C1 ") == GAME.play(state, 0, "take c1")


def test_own_piece_scores_zero():
    state = position({"a1": "moon", "c1": "earth"})
    assert GAME.play(state, 0, "take a1").scores == (0, 0)


def test_line_between_two_empty_squares_scores_every_piece():
    # Row 5: d5 empty, e5..g5 full, h5 empty.
    board = {"e5": "crown", "f5": "sun", "g5": "earth", "a1": "moon"}
    state = position(board)  # seat 0 = moons, so the sun is an opponent's piece
    after = GAME.play(state, 0, "line e5-g5")
    assert set(after.board) == {"a1"}
    assert after.scores == (5 + 2 + 1, 0)
    assert after.last == ("e5", "f5", "g5")
    assert GAME.play(state, 0, "line g5-e5") == after  # ends in either order


def test_line_needs_empty_squares_beyond_both_ends_and_edge_is_not_empty():
    board = {"a5": "earth", "b5": "earth", "c5": "earth"}
    state = position(board)
    with pytest.raises(IllegalMove, match="edge"):
        GAME.play(state, 0, "line a5-c5")
    assert ("a5", "c5") not in lines(state.board)


def test_line_segment_must_be_full_and_end_at_empties():
    board = {"c5": "earth", "d5": "earth", "e5": "earth", "g5": "earth"}
    state = position(board)
    with pytest.raises(IllegalMove, match="f5 is empty"):
        GAME.play(state, 0, "line c5-g5")
    with pytest.raises(IllegalMove):  # e5 has a piece beyond it? no: d5 is beyond c5-?
        GAME.play(state, 0, "line c5-d5")  # e5 beyond d5 is occupied
    assert ("c5", "e5") in lines(state.board)


def test_single_piece_line_in_row_or_column():
    board = {"e5": "crown", "e6": "earth", "e4": "earth"}  # row neighbours d5, f5 empty
    state = position(board)
    after = GAME.play(state, 0, "line e5-e5")
    assert after.scores == (5, 0)
    blocked = position({"e5": "crown", "d5": "earth", "e6": "earth"})
    with pytest.raises(IllegalMove, match="or both its column neighbours, are empty"):
        GAME.play(blocked, 0, "line e5-e5")


def test_diagonal_lines_are_never_legal():
    board = {"d4": "crown", "e5": "crown"}
    with pytest.raises(IllegalMove, match="diagonals"):
        GAME.play(position(board), 0, "line d4-e5")


def test_column_line():
    board = {"e3": "earth", "e4": "moon", "e5": "sun"}
    state = position(board)
    after = GAME.play(state, 0, "line e3-e5")
    assert after.scores == (1 + 0 + 2, 0) and not after.board


def test_bad_notation_explains():
    state = position({"a1": "moon"})
    for junk, reason in (("fly e5", "not a move"), ("take z9", "not a square"),
                         ("line e5", "e5 is empty"), ("line e5-e6-e7", "two ends"),
                         ("", "not a move")):
        with pytest.raises(IllegalMove, match=reason):
            GAME.play(state, 0, junk)


def test_reaching_fifty_wins_at_once():
    board = {"e5": "crown", "a1": "moon", "a3": "earth"}
    state = position(board, scores=(46, 10))
    after = GAME.play(state, 0, "line e5-e5")
    assert after.scores == (51, 10)
    assert GAME.to_act(after) == []
    result = GAME.result(after)
    assert result.ranking == [[0], [1]] and "50" in result.reason


def test_player_without_moves_is_passed():
    # Seat 1 (suns) has nothing: no sun, no earthstone, no line (corner pieces can
    # never be in a line). Seat 0 still has a moon.
    board = {"a1": "moon", "a9": "moon", "i9": "crown"}
    state = position(board)
    after = GAME.play(state, 0, "take a1")
    assert GAME.to_act(after) == [0]
    assert after.passed == 1
    assert "passes" in GAME.describe(state, 0, "take a1", None)


def test_game_ends_when_neither_can_move_higher_score_wins_or_draw():
    board = {"a1": "moon", "i1": "crown", "i9": "crown"}
    after = GAME.play(position(board, scores=(10, 12)), 0, "take a1")
    assert GAME.to_act(after) == []
    assert GAME.result(after).ranking == [[1], [0]]
    draw = GAME.play(position(board, scores=(12, 12)), 0, "take a1")
    assert GAME.result(draw).ranking == [[0, 1]]
    assert "neither" in GAME.result(draw).reason


def test_view_form_of_the_ruling():
    state = GAME.play(GAME.setup(2, 4, {}), 1, "suns")
    view = GAME.view(state, None)
    assert view["board"]["a9"] == "sun" and view["board"]["a1"] == "moon"
    assert set(view["board"].values()) == {"crown", "sun", "moon", "earth"}
    assert view["scores"] == [0, 0] and view["to_act"] == [0]
    assert view["sides"] == ["moons", "suns"]
    json.dumps(view)


def test_legal_moves_are_all_playable_and_canonical():
    state = GAME.play(GAME.setup(2, 9, {}), 1, "suns")
    moves = GAME.legal_moves(state, 0)
    assert all(m.startswith(("take ", "line ")) for m in moves)
    for move in moves:
        GAME.play(state, 0, move)


def test_play_does_not_mutate_and_dump_round_trips():
    state = GAME.play(GAME.setup(2, 9, {}), 1, "moons")
    before = json.dumps(GAME.dump(state), sort_keys=True)
    GAME.play(state, 0, GAME.legal_moves(state, 0)[0])
    assert json.dumps(GAME.dump(state), sort_keys=True) == before
    assert GAME.load(json.loads(before)) == state


def test_describe_names_pieces_and_points():
    state = position({"e5": "crown", "f5": "sun", "a1": "moon", "c3": "earth"})
    text = GAME.describe(state, 0, "line e5-f5", None)
    assert text == "{seat0} removed the line e5-f5: 1 crown and 1 sun (+7)."
    assert GAME.describe(state, 0, "line e5-e5", None) == \
        "{seat0} removed e5 as a one-piece line: 1 crown (+5)."
    assert GAME.describe(replace(state), 0, "take a1", 1) == \
        "{seat0} took the moon on a1 (+0)."


def test_lines_may_be_written_without_line_and_one_piece_lines_with_one_square():
    from engines.witch_stones import GAME as WS

    state = WS.setup(2, 3, {})
    state = WS.play(state, 1, "moons")
    seat = WS.to_act(state)[0]
    # Empty a row around e5 so that e5 alone and d5-f5 are bounded lines.
    board = dict(state.board)
    for sq in ("c5", "g5", "d5", "f5"):
        board.pop(sq, None)
    one = replace(state, board=board)
    assert "line e5-e5" in WS.legal_moves(one, seat)
    for said in ("line e5", "e5-e5", "LINE E5-E5", "e5 - e5"):
        assert WS.play(one, seat, said) == WS.play(one, seat, "line e5-e5")
    assert "one-piece line" in WS.describe(one, seat, "e5-e5", None)
    board = dict(state.board)
    for sq in ("c5", "g5"):
        board.pop(sq, None)
    three = replace(state, board=board)
    want = WS.play(three, seat, "line d5-f5")
    for said in ("d5-f5", "f5-d5", "line f5-d5", "d5 - f5", "line d5 to f5"):
        assert WS.play(three, seat, said) == want
    assert WS.describe(three, seat, "f5-d5", None) == WS.describe(three, seat, "line d5-f5",
                                                                   None)
    with pytest.raises(IllegalMove, match="write `line d5-f5`"):
        WS.play(three, seat, "take d5-f5")


def test_a_move_is_said_in_each_language_with_its_squares_and_seats_as_facts():
    import speech
    from engines.base import name_seats

    state = position({"e5": "crown", "f5": "sun", "a1": "moon", "c3": "earth"})
    said = GAME.said(state, 0, "line e5-f5", None)
    assert str(said) == GAME.describe(state, 0, "line e5-f5", None)
    named = speech.filled(said, lambda text: name_seats(text, ["Jürgen", "Bo"]))
    assert speech.say("de", named) == ("Jürgen entfernt die Linie e5-f5: 1 Krone und "
                                       "1 Sonne (+7).")
    assert speech.say("fr", named) == ("Jürgen a retiré la ligne e5-f5 : 1 couronne et "
                                       "1 soleil (+7).")
    shown = speech.say(speech.PSEUDO, named)
    assert speech.pseudo.hard_coded(shown) == []
    assert "e5-f5" in shown and "Jürgen" in shown
