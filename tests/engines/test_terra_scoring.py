"""Terra's scoring table, row by row, on hand-built boards with hand-computed points."""

from __future__ import annotations

import pytest

from engines.terra.scoring import LINES, SQUARES, controllers, runs, score

STRUCTURES = ("temple", "castle", "town", "farm", "mine", "palace")
# The centre plot of each territory: three apart, so they never form a run.
MIDDLE = {1: "b8", 2: "e8", 3: "h8", 4: "b5", 5: "e5", 6: "h5", 7: "b2", 8: "e2", 9: "h2"}


def board(*placed: tuple[str, int, str]) -> dict[str, list]:
    return {plot: [owner, kind] for plot, owner, kind in placed}


def rows(b: dict, players: int = 2) -> list[list[list]]:
    totals, breakdown = score(b, players)
    assert totals == [sum(p for _label, p in r) for r in breakdown]
    return breakdown


def only(prefix: str, seat_rows: list[list]) -> list[list]:
    return [r for r in seat_rows if r[0].startswith(prefix)]


# ---- structures in a territory --------------------------------------------------------


@pytest.mark.parametrize("count", range(1, 10))
def test_territory_count_scores_only_the_exact_count(count: int) -> None:
    plots = ["d4", "e4", "f4", "d5", "e5", "f5", "d6", "e6", "f6"][:count]
    b = board(*((p, 0, "town" if i % 2 else "farm") for i, p in enumerate(plots)))
    got = only("Territory 5:", rows(b)[0])
    assert got == ([[f"Territory 5: {count} structures", count]] if count >= 5 else [])


def test_full_territory_breakdown_by_hand() -> None:
    # Territory 1 (a7-c9) filled by seat 0:
    #   a9 temple  b9 castle  c9 town
    #   a8 farm    b8 mine    c8 palace
    #   a7 temple  b7 castle  c7 town
    b = board(
        ("a9", 0, "temple"),
        ("b9", 0, "castle"),
        ("c9", 0, "town"),
        ("a8", 0, "farm"),
        ("b8", 0, "mine"),
        ("c8", 0, "palace"),
        ("a7", 0, "temple"),
        ("b7", 0, "castle"),
        ("c7", 0, "town"),
    )
    expected = [
        ["Territory 1: 9 structures", 9],
        ["Territory 1: one of each type", 6],
        *[[f"Most {t}s", 3] for t in STRUCTURES],
        ["Run of 3 structures a7-c7", 3],
        ["Run of 3 structures a8-c8", 3],
        ["Run of 3 structures a9-c9", 3],
        ["Run of 3 structures a7-a9", 3],
        ["Run of 3 structures b7-b9", 3],
        ["Run of 3 structures c7-c9", 3],
        ["Run of 3 structures a7-c9", 3],
        ["Run of 3 structures a9-c7", 3],
    ]
    totals, breakdown = score(b, 2)
    assert sorted(breakdown[0]) == sorted(expected)
    assert breakdown[1] == []
    assert totals == [9 + 6 + 18 + 24, 0]


def test_one_of_each_type_in_a_territory() -> None:
    # Territory 3 (g7-i9): five types for seat 0, then the sixth.
    six = board(
        ("g9", 0, "temple"),
        ("i9", 0, "castle"),
        ("h8", 0, "town"),
        ("g7", 0, "farm"),
        ("i7", 0, "mine"),
        ("g8", 1, "town"),
    )
    assert only("Territory 3: one", rows(six)[0]) == []  # five types only
    six["h7"] = [0, "palace"]
    got = rows(six)[0]
    assert only("Territory 3: one", got) == [["Territory 3: one of each type", 6]]
    assert only("Territory 3: 6", got) == [["Territory 3: 6 structures", 6]]
    # A second territory with all six types scores again.
    six.update(
        board(
            ("a1", 0, "temple"),
            ("c1", 0, "castle"),
            ("b2", 0, "town"),
            ("a3", 0, "farm"),
            ("c3", 0, "mine"),
            ("b1", 1, "palace"),
        )
    )
    assert only("Territory 7: one", rows(six)[0]) == []
    six["a2"] = [0, "palace"]
    assert len(only("Territory", [r for r in rows(six)[0] if "one of each" in r[0]])) == 2


# ---- control -------------------------------------------------------------------------


def test_control_needs_strictly_the_most_structures() -> None:
    b = board(("d4", 0, "town"), ("f4", 0, "farm"), ("d6", 1, "town"), ("f6", 1, "farm"))
    assert controllers(b)[4] is None  # 2 against 2: nobody
    assert only("Control", rows(b)[0]) == [] and only("Control", rows(b)[1]) == []
    b["e5"] = [1, "mine"]
    assert controllers(b)[4] == 1
    assert only("Control", rows(b)[1]) == [["Control of centre", 5]]
    assert controllers({}) == [None] * 9


def test_control_of_centre_by_hand() -> None:
    b = board(("e5", 0, "town"))
    assert sorted(rows(b)[0]) == sorted([["Control of centre", 5], ["Most towns", 3]])
    assert score(b, 2)[0] == [8, 0]


def test_control_tie_among_three_players() -> None:
    b = board(("d4", 0, "town"), ("e5", 1, "town"), ("f6", 2, "farm"))
    assert controllers(b)[4] is None
    totals, breakdown = score(b, 3)
    assert totals == [0, 0, 3]  # towns 1-1 tie; the only farm is the most farms
    assert breakdown[2] == [["Most farms", 3]]


@pytest.mark.parametrize("line", LINES)
def test_each_line_of_three_territories(line: tuple[int, int, int]) -> None:
    b = board(*((MIDDLE[t], 0, "town") for t in line))
    expected = [[f"Line of territories {line[0]}-{line[1]}-{line[2]}", 9], ["Most towns", 3]]
    if 5 in line:
        expected.append(["Control of centre", 5])
    assert sorted(rows(b)[0]) == sorted(expected)
    assert score(b, 2)[0] == [9 + 3 + (5 if 5 in line else 0), 0]


def test_both_diagonal_lines_of_territories() -> None:
    b = board(*((MIDDLE[t], 0, "town") for t in (1, 5, 9, 3, 7)))
    got = rows(b)[0]
    assert only("Line", got) == [["Line of territories 1-5-9", 9], ["Line of territories 3-5-7", 9]]
    assert only("Four corner", got) == [["Four corner territories", 8]]
    assert only("Square", got) == []
    assert score(b, 2)[0] == [9 + 9 + 8 + 5 + 3, 0]


def test_a_line_needs_all_three_territories_controlled() -> None:
    b = board(("b8", 0, "town"), ("e8", 0, "town"), ("h8", 0, "town"), ("h9", 1, "farm"))
    assert only("Line", rows(b)[0]) == []  # territory 3 is tied 1-1


@pytest.mark.parametrize("square", SQUARES)
def test_each_square_of_four_territories(square: tuple[int, int, int, int]) -> None:
    b = board(*((MIDDLE[t], 0, "town") for t in square))
    label = "Square of territories " + "-".join(map(str, square))
    assert sorted(rows(b)[0]) == sorted([[label, 8], ["Control of centre", 5], ["Most towns", 3]])
    assert score(b, 2)[0] == [16, 0]


def test_four_corner_territories() -> None:
    b = board(*((MIDDLE[t], 0, "town") for t in (1, 3, 7, 9)))
    assert sorted(rows(b)[0]) == sorted([["Four corner territories", 8], ["Most towns", 3]])
    b[MIDDLE[9]] = [1, "farm"]
    assert only("Four", rows(b)[0]) == []


def test_controlling_every_territory() -> None:
    b = board(*((MIDDLE[t], 0, "town") for t in range(1, 10)))
    got = rows(b)[0]
    assert len(only("Line", got)) == 8
    assert len(only("Square", got)) == 4
    assert score(b, 2)[0] == [5 + 8 * 9 + 4 * 8 + 8 + 3, 0]


# ---- most of a structure type ----------------------------------------------------------


@pytest.mark.parametrize("kind", STRUCTURES)
def test_most_of_each_type(kind: str) -> None:
    plural = f"Most {kind}s"
    b = board(("a1", 0, kind), ("c1", 0, kind), ("e1", 0, kind), ("a9", 1, kind), ("c9", 1, kind))
    assert only("Most", rows(b)[0]) == [[plural, 3]]
    assert only("Most", rows(b)[1]) == []
    del b["e1"]  # 2 against 2: nobody
    assert only("Most", rows(b)[0]) == [] and only("Most", rows(b)[1]) == []


def test_most_of_a_type_ties_among_three_and_zeroes() -> None:
    b = board(
        ("a1", 0, "mine"),
        ("c1", 0, "mine"),
        ("a9", 1, "mine"),
        ("c9", 1, "mine"),
        ("i9", 2, "mine"),
    )
    assert all(only("Most", r) == [] for r in rows(b, 3))  # 2, 2, 1: nobody
    assert score({}, 3) == ([0, 0, 0], [[], [], []])


# ---- runs ----------------------------------------------------------------------------


def run_rows(b: dict, seat: int = 0) -> list[list]:
    return only("Run", rows(b)[seat])


@pytest.mark.parametrize("length", range(3, 10))
@pytest.mark.parametrize("same", [True, False])
def test_runs_of_every_length_across_territories(length: int, same: bool) -> None:
    cols = "abcdefghi"
    kinds = ["castle"] * length if same else ["castle", "town"] * 5
    b = board(*((f"{cols[i]}1", 0, kinds[i]) for i in range(length)))
    what = "castles" if same else "structures"
    assert run_rows(b) == [
        [f"Run of {length} {what} a1-{cols[length - 1]}1", 2 * length if same else length]
    ]


def test_issue_example_run_of_four_castles_on_a_diagonal() -> None:
    b = board(("a1", 0, "castle"), ("b2", 0, "castle"), ("c3", 0, "castle"), ("d4", 0, "castle"))
    assert run_rows(b) == [["Run of 4 castles a1-d4", 8]]  # crosses from territory 7 to 5


def test_vertical_run() -> None:
    b = board(("e3", 0, "farm"), ("e4", 0, "mine"), ("e5", 0, "farm"))
    assert run_rows(b) == [["Run of 3 structures e3-e5", 3]]
    b = board(("e3", 0, "farm"), ("e4", 0, "farm"), ("e5", 0, "farm"))
    assert run_rows(b) == [["Run of 3 farms e3-e5", 6]]


def test_falling_diagonal_run() -> None:
    b = board(("a3", 0, "temple"), ("b2", 0, "temple"), ("c1", 0, "temple"))
    assert run_rows(b) == [["Run of 3 temples a3-c1", 6]]
    b = board(
        ("d9", 0, "palace"),
        ("e8", 0, "town"),
        ("f7", 0, "palace"),
        ("g6", 0, "town"),
        ("h5", 0, "mine"),
    )
    assert run_rows(b) == [["Run of 5 structures d9-h5", 5]]


def test_run_of_five_scores_once() -> None:
    b = board(*((f"{c}5", 0, "town") for c in "bcdef"))
    got = run_rows(b)
    assert got == [["Run of 5 towns b5-f5", 10]]
    # plus most towns (3) and control of the centre (d5-f5: 5); no runs of 3 or 4 on top
    assert score(b, 2)[0][0] == 10 + 3 + 5


def test_mixed_run_scores_its_length_even_with_a_same_type_part() -> None:
    b = board(("a5", 0, "castle"), ("b5", 0, "castle"), ("c5", 0, "castle"), ("d5", 0, "town"))
    assert run_rows(b) == [["Run of 4 structures a5-d5", 4]]


def test_enemy_structure_or_gap_breaks_a_run() -> None:
    b = board(
        ("a1", 0, "town"),
        ("b1", 0, "town"),
        ("c1", 1, "town"),
        ("d1", 0, "town"),
        ("e1", 0, "town"),
        ("f1", 0, "town"),
        ("h1", 0, "town"),
        ("i1", 0, "town"),
    )
    assert run_rows(b) == [["Run of 3 towns d1-f1", 6]]
    assert run_rows(b, 1) == []


def test_two_runs_may_share_a_plot() -> None:
    b = board(
        ("d5", 0, "town"),
        ("e5", 0, "town"),
        ("f5", 0, "town"),
        ("e4", 0, "farm"),
        ("e6", 0, "farm"),
    )
    assert sorted(run_rows(b)) == [["Run of 3 structures e4-e6", 3], ["Run of 3 towns d5-f5", 6]]
    assert len(runs(b)) == 2


def test_runs_score_for_each_player() -> None:
    b = board(*((f"{c}9", 1, "mine") for c in "ghi"), *((f"a{r}", 0, "farm") for r in "123"))
    assert run_rows(b, 0) == [["Run of 3 farms a1-a3", 6]]
    assert run_rows(b, 1) == [["Run of 3 mines g9-i9", 6]]


# ---- the score is kept per board ------------------------------------------------------


def test_a_kept_score_is_the_same_in_any_order_and_its_rows_are_the_callers_own() -> None:
    """``score`` keeps what it found for a board (every viewer's view asks again): the
    same rows whatever order the plots were placed in, and rows a caller changes do not
    change what the next caller gets."""
    placed = [("a1", 0, "town"), ("b1", 0, "town"), ("c1", 0, "town"), ("a2", 1, "farm"),
              ("a3", 1, "farm"), ("a4", 1, "mine"), ("e5", 0, "castle"), ("b2", 0, "mine")]
    forward = score(board(*placed), 2)
    backward = score(board(*reversed(placed)), 2)
    assert forward == backward
    totals, breakdown = forward
    totals[0] += 100
    breakdown[0].append(["changed by the caller", 100])
    breakdown[1][0][1] = -1
    assert score(board(*placed), 2) == backward != forward
    assert controllers(board(*placed)) == controllers(board(*reversed(placed)))
    changed = controllers(board(*placed))
    changed[4] = 1
    assert controllers(board(*placed))[4] == 0
