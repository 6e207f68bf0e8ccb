"""What the lessons of Storm of the Gods and Terra say is what their seeds deal: each
step's rule and ask name rolls, tiles, worshippers, chits and points that must be true in
the position the learner sees (tests/learning/test_lessons.py plays the scripts; this
reads them)."""

from __future__ import annotations

import engines
from engines import lesson
from engines.storm_of_the_gods import tile as T
from engines.terra.rules import placement_problem

LEARNER, COMPUTER = 0, 1


def positions(slug):
    game, found = engines.get(slug), lesson.lesson_of(slug)
    assert found is not None and found.learner == LEARNER
    return game, found, [state for state, _step in lesson.walk(game, found, 1)]


def test_storm_rolls_tiles_and_worshippers_are_as_the_steps_say():
    game, found, at = positions("storm-of-the-gods")
    assert len(at) == len(found.steps) == 17

    def roll(n):
        return at[n - 1].face, at[n - 1].steps

    def pop(n, p):
        return at[n - 1].tiles[p][T.POP]

    assert roll(1) == ("SE", 3) and at[0].wind == "e5"
    assert (pop(2, "e4"), pop(2, "e3"), at[1].wind) == (3, 1, "e2")
    assert "e4" not in at[3].tiles and "e2" not in at[3].tiles  # "e4 and e2 are gone"
    assert roll(4) == ("NW", 1)
    assert at[5].community[LEARNER] == 5  # "keep your 5 worshippers"
    assert roll(7) == ("SW", 3) and at[6].wind == "h1"  # stopped at the edge on h1
    assert pop(10, "d2") == 5 and at[9].community[LEARNER] == 6  # "all 6 of your worshippers"
    assert at[10].community[LEARNER] == 0  # "your community is empty"
    assert roll(12) == ("SE", 2) and at[11].tiles["d1"][T.OWNER] == COMPUTER
    assert game.play(at[11], LEARNER, "wind se").attacked == "d1"
    assert at[12].community[LEARNER] == 2 and at[12].tiles["d1"][T.MEN] == 1  # d1 costs 2
    assert roll(14) == ("SE", 3)
    assert at[13].tiles["c2"][T.OWNER] == COMPUTER and at[13].tiles["c2"][T.MEN] == 1
    bare = game.play(at[13], LEARNER, "wind s")
    assert (bare.phase, bare.emptied) == ("occupy", "c2")
    assert pop(15, "c2") == 0
    assert at[15].community[LEARNER] == 3  # the sanctuary's 3 worshippers
    last = at[16]
    assert last.tiles["d2"][T.SANCT] and last.tiles["e3"][T.BUILT]
    assert last.tiles["d2"][T.OWNER] == last.tiles["e3"][T.OWNER] == LEARNER


def test_terra_reserves_closed_plots_and_points_are_as_the_steps_say():
    game, found, at = positions("terra")
    assert len(at) == len(found.steps) == 8

    def reserve(n):
        return game.view(at[n - 1], LEARNER)["reserve"]

    def rows(n):
        return game.view(at[n - 1], LEARNER)["breakdown"][LEARNER]

    assert reserve(1) == ["castle", "castle"]
    assert at[1].board["g4"] == [COMPUTER, "castle"]
    closed = {p for p in ("f3", "f4", "f5", "e4") if placement_problem(at[1], 0, "castle", p)}
    assert closed == {"f3", "f4", "f5"}
    assert "castle" in reserve(3)
    assert ["Run of 3 castles e4-e6", 6] in rows(4)
    assert "army" in reserve(4) and "army" not in reserve(3)  # "you drew an army"
    assert reserve(5).count("temple") == 2
    assert ["Control of centre", 5] in rows(5)
    assert reserve(6).count("town") == 2
    assert ["Territory 5: 5 structures", 5] in rows(7)
    assert {"mine", "castle"} <= set(reserve(7))
    assert len(reserve(8)) == 5 and "farm" in reserve(8) and "army" not in reserve(8)
