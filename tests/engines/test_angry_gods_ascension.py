"""Angry Gods: ascensions, False Gods, several at once, the towers, the end and scoring."""

from __future__ import annotations

from collections import Counter

import pytest

from engines import angry_gods as ag
from engines.base import IllegalMove
from tests.engines.angry_gods_positions import (
    GAME,
    B,
    G,
    R,
    Y,
    build,
    canon,
    corners,
    merge,
    stones,
    surround,
)

# ---------------------------------------------------------------- ascension


@pytest.mark.parametrize(
    "colours,gained",
    [
        ([R, R, R, B, B, G], R),  # 3-2-1: the plurality gains
        ([G, G, B, B, B, Y], B),  # majority colour differs from the god's
        ([Y] * 6, Y),
        ([B, B, B, B, R, R], B),
        ([R, R, R, B, B, B], None),  # 3-3
        ([R, R, G, G, B, B], None),  # 2-2-2
        ([R, R, G, G, B, Y], None),  # 2-2-1-1
    ],
)
def test_ascension_gains_a_worshipper_of_the_plurality(colours, gained):
    leaders = {"D4": R, "B2": Y, "B3": G, "B4": B}  # every colour may be placed
    s = build(
        leaders=leaders,
        followers=surround("D4", colours, skip=3),
        turn=1,
        worshippers=([R, Y], [G, B]),
    )
    after = GAME.play(s, 1, f"follower {colours[3]} D4s")
    assert after.gods == {"D4": R} and "D4" not in after.leaders
    assert after.towers_left == s.towers_left - 1
    expected = [G, B] + ([gained] if gained else [])
    assert after.worshippers == [[R, Y], expected]
    assert stones(after) == Counter({c: 20 for c in ag.COLOURS})


def test_ascension_removes_followers_of_the_gods_colour_to_the_pool():
    colours = [R, B, R, G, R, B]
    s = build(leaders={"D4": R, "F2": B, "F3": G}, followers=surround("D4", colours, skip=0))
    after = GAME.play(s, 0, "follower red D4n")
    left = {i: after.followers.get(i) for i in corners("D4")}
    assert left == dict(zip(corners("D4"), [None, B, None, G, None, B], strict=True))
    assert sorted(after.removed) == sorted(
        c for c, k in zip(corners("D4"), colours, strict=True) if k == R
    )
    assert after.pool[R] == s.pool[R] - 1 - 1 + 3  # placed, a red worshipper, 3 back
    assert after.worshippers[0] == [R]
    assert set(after.last) == {"C3se", "D4"}


def test_follower_next_to_another_god_of_its_colour_is_protected():
    # C4 holds a red god; D4n (= C3se) and D4ne (= C4s) are corners of C4 too.
    colours = [R, R, R, R, B, B]
    s = build(
        leaders={"D4": R, "F2": B},
        gods={"C4": R, "E3": B},
        followers=surround("D4", colours, skip=5),
    )
    after = GAME.play(s, 0, "follower blue D4nw")
    assert after.gods["D4"] == R
    assert after.followers.get(canon("D4n")) == R  # protected by the red god on C4
    assert after.followers.get(canon("D4ne")) == R  # protected by the red god on C4
    assert canon("D4se") not in after.followers  # next to no other red god
    assert canon("D4s") not in after.followers  # next to a blue god only: removed
    assert after.followers.get(canon("D4sw")) == B  # not the god's colour: stays
    assert sorted(after.removed) == sorted([canon("D4se"), canon("D4s")])


def completed_at_sw(colours: list[str], pool: dict[str, int], move: str
                    ) -> tuple[ag.AngryGodsState, ag.AngryGodsState]:
    """Red's leader on D4 (blue's on F2) with followers of ``colours`` on its corners but
    the south-west one, which ``move`` (seat 0's) fills: the position and after."""
    s = build(leaders={"D4": R, "F2": B}, followers=surround("D4", colours, skip=4),
              pool=pool)
    return s, GAME.play(s, 0, move)


def test_worshipper_is_taken_before_the_removed_followers_return():
    # Red majority, but no red stone in the pool when the god arises: none is gained,
    # even though 4 red followers return to the pool right after.
    _, after = completed_at_sw([R, R, R, R, B, B], {R: 0, Y: 20, G: 20, B: 5},
                               "follower blue D4sw")
    assert after.gods == {"D4": R}
    assert after.worshippers[0] == []
    assert after.pool[R] == 4


def test_no_worshipper_when_the_pool_lacks_the_majority_colour():
    s, after = completed_at_sw([B, B, B, B, R, R], {R: 3, Y: 20, G: 20, B: 0},
                               "follower red D4sw")
    assert after.gods == {"D4": R} and after.worshippers[0] == []
    assert "no blue stone was left" in GAME.describe(s, 0, "follower red D4sw", None)


def test_placing_a_leader_into_followers_does_not_ascend_later_followers_do():
    s = build(leaders={"C3": B}, followers=surround("D4", [B] * 6, skip=0))
    s = GAME.play(s, 0, "leader red D4")
    assert s.leaders["D4"] == R and not s.gods
    s = GAME.play(s, 1, "follower blue D4n")
    assert s.gods == {"D4": R} and s.worshippers[1] == [B]


# ---------------------------------------------------------------- False Gods


def test_surrounded_empty_space_becomes_a_false_god():
    # E4 is empty; its corners are filled but its nw corner (= D4s, next to the leader
    # on D4). Its sw corner (= E3se) is also next to the blue god on F3.
    colours = [B, R, R, G, B, B]
    s = build(
        leaders={"D4": B, "E5": R, "F2": G},
        gods={"F3": B},
        followers=surround("E4", colours, skip=5),
    )
    after = GAME.play(s, 0, "follower blue D4s")
    assert after.false_gods == ["E4"] and "E4" not in after.gods
    assert after.towers_left == s.towers_left - 1
    # All six go, even the blue ones next to the blue god on F3.
    assert not any(i in after.followers for i in corners("E4"))
    assert sorted(after.removed) == sorted(corners("E4"))
    assert after.worshippers == s.worshippers  # a False God gives no worshipper
    # Leaders already next to it stay (only further leaders are barred), and followers
    # may still go on their corners that do not touch the False God.
    assert after.leaders == {"D4": B, "E5": R, "F2": G}
    assert "follower blue C3se" in GAME.legal_moves(after, 1)
    assert set(after.last) == {"D4s", "E4"}
    assert stones(after) == Counter({c: 20 for c in ag.COLOURS})
    view = GAME.view(after, None)
    assert view["board"]["E4"] == {"role": "false_god"}


def test_false_god_then_blocks_leaders_and_followers_next_to_it():
    s = build(leaders={"D4": B}, false_gods=["E4"])
    moves = GAME.legal_moves(s, 0)
    for n in ag.NEIGHBOURS["E4"]:
        assert not any(m.endswith(f" {n}") and m.startswith("leader") for m in moves)
    for i in corners("E4"):
        assert not any(m.endswith(f" {i}") for m in moves)
    with pytest.raises(IllegalMove, match="False God on E4"):
        GAME.play(s, 0, "follower blue D4s")
    with pytest.raises(IllegalMove, match="False God on E4"):
        GAME.play(s, 0, "leader blue E3")


def test_a_false_god_is_not_a_god_for_scoring():
    s = build(gods={"D4": R}, false_gods=["B2"], worshippers=([R], [B]))
    assert ag.score(s) == [1, 0]


# ---------------------------------------------------------------- several at once


def test_one_follower_completes_two_leaders_ascending_in_notation_order():
    # D4se touches D4, D5 and E4; D4 (red) ascends first, then D5 (blue).
    # D5's sw corner is D4se and its nw corner D4ne (= C4s).
    d4 = surround("D4", [G, G, B, G, Y, Y], skip=2)
    d5 = surround("D5", [Y, Y, Y, Y, B, G], skip=4)
    s = build(leaders={"D4": R, "D5": B, "B2": G, "B3": Y}, followers=merge(d4, d5))
    after, events = GAME._apply(s, 0, "follower blue D4se")
    assert [e["space"] for e in events] == ["D4", "D5"]
    assert after.gods == {"D4": R, "D5": B}
    assert after.worshippers[0] == [G, Y]  # D4: green 3-2-1; then D5: yellow 4-1-1
    assert after.towers_left == s.towers_left - 2
    # D5 (blue) sends back the blue follower just placed; D4 (red) sent back none.
    assert after.removed == ["D4se"] and after.last == ["D4se", "D4", "D5"]


def test_first_ascension_can_undo_the_second():
    # A red follower on D4se completes D4 (red) and D5 (blue); D4 ascends first and its
    # red followers, the new one included, go back to the pool: D5 is no longer surrounded.
    d4 = surround("D4", [G, G, R, G, Y, Y], skip=2)
    d5 = surround("D5", [Y, Y, Y, R, R, G], skip=4)
    s = build(leaders={"D4": R, "D5": B, "B2": G, "B3": Y}, followers=merge(d4, d5))
    after = GAME.play(s, 0, "follower red D4se")
    assert after.gods == {"D4": R} and after.leaders["D5"] == B
    assert canon("D4se") not in after.followers
    assert after.last == ["D4se", "D4"]


def test_ascensions_resolve_before_false_gods():
    # C3se (= D4n) touches C3 (empty, first in notation order) and D4 (a leader). D4
    # ascends first, counting all six followers; then C3 becomes a False God.
    d4 = surround("D4", [B, G, G, G, B, B], skip=0)
    c3 = surround("C3", [Y, Y, B, B, Y, G], skip=2)  # C3's se corner is D4n
    s = build(leaders={"D4": R, "B3": B, "F2": G, "F3": Y}, followers=merge(d4, c3))
    after, events = GAME._apply(s, 0, "follower blue D4n")
    assert [(e["kind"], e["space"]) for e in events] == [("god", "D4"), ("false_god", "C3")]
    assert after.gods["D4"] == R and after.false_gods == ["C3"]
    assert after.worshippers[0] == []  # 3 blue, 3 green around D4: no majority
    assert not any(i in after.followers for i in corners("C3"))
    assert after.followers[canon("D4ne")] == G  # D4's other followers stay
    assert after.towers_left == s.towers_left - 2
    assert after.last == ["C3se", "D4", "C3"]


def test_a_false_god_undoes_a_second_false_god():
    # D4se touches D4, D5 and E4: D5 and E4 are empty and both surrounded by it. D5 comes
    # first in notation order; its False God removes D4se and D5s (= E4ne), so E4 is no
    # longer surrounded when its turn comes (ruling: each completion is checked in turn).
    d5 = surround("D5", [Y, Y, Y, B, R, B], skip=4)
    e4 = surround("E4", [R, B, G, Y, G, B], skip=0)
    s = build(leaders={"D4": R, "B2": B}, followers=merge(d5, e4))
    after = GAME.play(s, 0, "follower red D4se")
    assert after.false_gods == ["D5"]
    assert after.towers_left == s.towers_left - 1
    assert {canon("E4se"), canon("E4s"), canon("E4sw"), canon("E4nw")} <= set(after.followers)


# ---------------------------------------------------------------- towers and the end


def test_tower_run_out_stops_further_completions_and_ends_the_game():
    d4 = surround("D4", [G, G, B, G, Y, Y], skip=2)
    d5 = surround("D5", [Y, Y, Y, Y, B, G], skip=4)
    gods = {"B2": Y, "B3": Y, "B4": G, "C2": G, "E2": B, "F2": B, "F3": B}
    s = build(
        leaders={"D4": R, "D5": B, "C5": G}, gods=gods, false_gods=["F4"], followers=merge(d4, d5)
    )
    assert s.towers_left == 1
    after = GAME.play(s, 0, "follower blue D4se")
    assert after.gods["D4"] == R and after.leaders["D5"] == B  # no tower for D5
    assert after.towers_left == 0
    assert GAME.result(after).reason == "all 9 towers are used"
    assert GAME.to_act(after) == [] and GAME.legal_moves(after, 1) == []
    with pytest.raises(IllegalMove, match="game is over"):
        GAME.play(after, 1, "leader red E3")


def test_a_false_god_uses_a_tower_and_can_end_the_game():
    e4 = surround("E4", [R, B, G, Y, G, B], skip=0)  # E4n is D4se
    s = build(
        leaders={"D4": R},
        gods={"C2": R, "C5": B, "D2": B, "D6": G, "E2": Y, "F4": Y},
        false_gods=["B3", "F2"],
        followers=e4,
        worshippers=([R, B], [G, Y]),
    )
    assert s.towers_left == 1
    after = GAME.play(s, 0, "follower red D4se")
    assert after.false_gods == ["B3", "E4", "F2"] and len(after.gods) == 6
    res = GAME.result(after)
    assert res.reason == "all 9 towers are used"
    assert res.scores == [1 + 2, 1 + 2] and res.ranking == [[0, 1]]  # equal scores draw


def test_the_ninth_god_ends_the_game():
    gods = {"B2": R, "B3": R, "B4": R, "C2": B, "C5": B, "F2": G, "F3": G, "F4": Y}
    d4 = surround("D4", [R, R, R, B, B, G], skip=3)
    s = build(
        leaders={"D4": B, "E5": R}, gods=gods, followers=d4, worshippers=([R, R], [B, G]), turn=1
    )
    assert s.towers_left == 1
    after = GAME.play(s, 1, "follower blue D4s")
    assert len(after.gods) == 9
    res = GAME.result(after)
    assert res.reason == "the ninth god arose"
    # Red: 3 gods; blue: 3 (2 + D4); green 2. Player 1 has R R = 6; Player 2 has B G R.
    assert res.scores == [6, 3 + 2 + 3] and res.ranking == [[1], [0]]
    assert "the game is over: the ninth god arose" in GAME.describe(s, 1, "follower blue D4s", None)


def test_game_ends_when_no_legal_placement_is_left():
    # False Gods on B3, D2, D6 and F3 block every inner space but D4; when the leader
    # on D4 ascends, no leader can be placed and no leader is left for followers.
    d4 = surround("D4", [Y, Y, Y, G, G, B], skip=5)
    s = build(leaders={"D4": R}, false_gods=["B3", "D2", "D6", "F3"], followers=d4)
    assert "leader red D4" not in GAME.legal_moves(s, 0)
    assert {m.split()[0] for m in GAME.legal_moves(s, 0)} == {"follower"}
    after = GAME.play(s, 0, "follower red D4nw")
    assert after.gods == {"D4": R} and after.towers_left == 4
    assert GAME.result(after).reason == "no legal placement is left"
    assert GAME.to_act(after) == []


def test_game_ends_when_the_pool_is_empty():
    s = build(leaders={"D4": R}, pool={R: 1, Y: 0, G: 0, B: 0})
    after = GAME.play(s, 0, "leader red C3")
    assert GAME.result(after).reason == "no legal placement is left"


def test_running_game_has_no_result():
    assert GAME.result(GAME.setup(2, 1, {})) is None


# ---------------------------------------------------------------- scoring


def test_scoring_one_point_per_god_of_the_worshippers_colour():
    # The text's example: two red worshippers and three red gods score six.
    s = build(gods={"B2": R, "B3": R, "B4": R, "D4": B}, worshippers=([R, R], [B, G, G]))
    assert ag.score(s) == [6, 1]
    assert GAME.view(s, None)["scores"] == [6, 1]
