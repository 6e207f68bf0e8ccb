"""Angry Gods: every refusal names the rule of engines/rules/angry-gods.md that forbids
the move (or says how to write one), one case per refusal site (tests/why_sites.py)."""

from __future__ import annotations

import pytest

import engines
from engines.angry_gods.board import intersection_name
from tests.engines.angry_gods_positions import B, R, build
from tests.why_sites import Refusal, check, missing, sites

GAME = engines.get("angry-gods")
QUOTES = ("in an empty space", "on an empty intersection", "somewhere on the board",
          "next to a false god", "outermost ring", "left in the pool")
"""Words of the rules text that refusals say as they are (tests/engines/test_why.py)."""
SLUG = "angry-gods"
SPANS = {**sites("engines/angry_gods/board.py"), **sites("engines/angry_gods/game.py")}


def red_leader():
    return build(leaders={"D4": R})


def no_red_left():
    return build(leaders={"D4": B}, pool={"red": 0, "yellow": 20, "green": 20, "blue": 19})


CASES = [
    Refusal("role, colour, place", build, 0, "leader D4", "a role, a colour and a place",
            "Notation"),
    Refusal("a board position", build, 0, "leader red Z9", "not a board position",
            "Notation"),
    Refusal("the rows' lengths", build, 0, "leader red A7", "row A has only 4 spaces",
            "Board"),
    Refusal("an edge corner", build, 0, "follower red A1n", "on the edge of the board",
            "Board"),
    Refusal("a leader in a space", red_leader, 0, "leader red D4n", "a leader goes in a space",
            "A turn"),
    Refusal("a follower on an intersection", red_leader, 0, "follower red C3",
            "a follower goes on an intersection", "A turn"),
    Refusal("a stone from the pool", no_red_left, 0, "leader red C3",
            "no red stone left in the pool", "A turn"),
    Refusal("a leader in an empty space", red_leader, 0, "leader blue D4",
            "a leader goes in an empty space", "A turn"),
    Refusal("not on the outermost ring", build, 0, "leader red A1",
            "no leader may be placed on the outermost ring", "A turn"),
    Refusal("no leader next to a False God", lambda: build(false_gods=["D4"]), 0,
            "leader red D5", "no leader may be placed next to a False God", "False God"),
    Refusal("a follower on an empty intersection",
            lambda: build(leaders={"D4": R}, followers={"D4n": B}), 0, "follower red D4n",
            "a follower goes on an empty intersection", "A turn"),
    Refusal("no follower next to a False God",
            lambda: build(leaders={"D4": R}, false_gods=["C3"]), 0, "follower red D4n",
            "no follower may be placed next to a False God", "False God"),
    Refusal("a follower next to a leader", lambda: build(leaders={"D4": R, "B2": B}), 0,
            "follower red F2s", "a follower must be placed next to a leader", "A turn"),
    Refusal("a leader of the follower's colour", red_leader, 0, "follower blue D4n",
            "only if a leader of its colour is somewhere on the board", "A turn"),
    Refusal("an intersection's name", build, 0, "D4", "is a space, not an intersection",
            "Notation", call=lambda: intersection_name("D4")),
]


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_each_refusal_names_its_rule(case):
    check(GAME, SLUG, case, SPANS)


def test_every_refusal_site_has_a_case():
    assert missing(GAME, CASES, SPANS) == []
