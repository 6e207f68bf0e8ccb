"""Texts that grew to the phone size (issue 37: ``kit.SMALL`` 25 -> 31 px) still stand
apart where a layout places them side by side: each test draws one part of a picture on
one canvas and checks the boxes of what it drew."""

from __future__ import annotations

import itertools

import pytest

import rendering
from rendering import angry_gods, kit
from rendering import storm_of_the_gods as storm
from rendering import when_gods_collide as wgc
from tests.render_cases import NAMES, cases


def _board(height: int = 700) -> kit.Board:
    return kit.Board("Test", kit.seats_from_view(NAMES[:2], 2, [0, 0]), [0], height)


def _overlapping(boxes) -> list[tuple[str, str]]:
    return [(a, b) for (a, (al, at, ar, ab)), (b, (bl, bt, br, bb))
            in itertools.combinations(boxes, 2)
            if min(ar, br) - max(al, bl) > 0 and min(ab, bb) - max(at, bt) > 0]


@pytest.mark.parametrize("dice, phase", [
    ({"chess": "double-knight", "number": 6, "hero": "queen"}, "move"),
    ({"chess": "double-knight", "number": 6}, "hero"),
    ({"chess": "pawn", "number": 1}, "move"),
])
def test_the_dice_captions_stand_apart(dice, phase):
    """"chess" over the chess die and "number" over the number die ran into each other
    ("chessnumber") once the captions grew to 31 px; the longest roll ran off the edge.
    The roller's name gives way."""
    board = _board()
    view = {"dice": dice, "to_act": [1], "phase": phase}
    with kit.recording() as seen:
        wgc._dice(board, view, NAMES[:2], board.top + 100)
    assert {"chess", "number"} <= {text for text, _ in seen.boxes}
    assert not _overlapping(seen.boxes), _overlapping(seen.boxes)
    assert not seen.outside


def test_storms_key_labels_end_before_the_next_items_sign():
    """Four items a row left "worshippers" over the construction's sign; each label must
    end before the next column's sign (14 px left of its middle)."""
    board = _board(900)
    view = {"players": 6, "community": [0] * 6, "limbo": [0] * 6}
    with kit.recording() as seen:
        storm._panel(board, view, NAMES, board.top)
    step = (board.width - 40) / storm.KEY_COLUMNS
    labels = dict(seen.boxes)
    for k, label in enumerate(["worshippers", "construction", "sanctuary", "the wind",
                               "its move", "its attack", "last move"]):
        column = k % storm.KEY_COLUMNS
        sign_of_next = 20 + 14 + (column + 1) * step - 14
        assert labels[label][2] < min(sign_of_next, board.width), label
    assert not _overlapping(seen.boxes), _overlapping(seen.boxes)


def test_angry_gods_towers_start_after_their_label():
    """"Towers left 9/9" ran into the first tower at the phone size."""
    board = _board()
    view = {"pool": {c: 20 for c in angry_gods.COLOURS}, "towers_left": 9,
            "gods": {c: 0 for c in angry_gods.COLOURS}, "worshippers": [[], []],
            "scores": [0, 0]}
    with kit.recording() as seen:
        angry_gods._panel(board, view, NAMES[:2], board.top)
    label = dict(seen.boxes)["Towers left 9/9"]
    first_tower = 20 + kit.length("Towers left 9/9", kit.font(kit.TEXT)) + 36 - 17 * 0.7
    assert label[2] < first_tower
    assert not _overlapping(seen.boxes), _overlapping(seen.boxes)


def test_storms_roll_line_is_drawn_whole():
    """"Vaal Er Num on g5 · rolled W 1, went SW · stack 49 ..." was cut short at the phone
    size; the stack's size is in the header, the roll line says only the roll."""
    checked = 0
    for case in cases(("storm-of-the-gods",), viewers=(None,)):
        with kit.recording() as seen:
            rendering.render(case.slug, case.view, names=NAMES[:case.players])
        for text, _ in seen.boxes:
            if text.startswith("Vaal Er Num"):
                assert not text.endswith("…"), text
                checked += 1
    assert checked


def test_nothing_but_a_long_name_is_cut_short():
    """At the phone-sized type a six-seat Storm header cut "14 pts · C0 L23" to
    "14 pts · C0 L…" and a four-seat When Gods Collide one "Babylonian" to "Babyloni…":
    over the render cases only a name too long for its place ends in an ellipsis."""
    for case in cases():
        with kit.recording() as seen:
            rendering.render(case.slug, case.view, names=NAMES[:case.players])
        cut = [text for _, text in seen
               if text.endswith("…") and not any(name.startswith(text[:-1]) for name in NAMES)]
        assert not cut, (case.name, cut)
