"""Witch Stones: every refusal names the rule of engines/rules/witch-stones.md that
forbids the move (or says how to write one), one case per refusal site (tests/why_sites.py)."""

from __future__ import annotations

from dataclasses import replace

import pytest

import engines
from engines.witch_stones import WitchStonesState
from tests.why_sites import Refusal, check, missing, sites

GAME = engines.get("witch-stones")
QUOTES = ("can only leave the board in a line", "diagonals never count",
          "the board edge is not an empty square", "your own sun")
"""Words of the rules text that refusals say as they are (tests/engines/test_why.py)."""
SLUG = "witch-stones"
SPANS = {**sites("engines/witch_stones.py"),
         **sites("engines/base.py", ["turn_problem"])}


def position(board: dict[str, str], turn: int = 0):
    """Seat 1 (index 0) plays the moons."""
    return lambda: WitchStonesState(seed=0, board=dict(board), sides=("moons", "suns"),
                                    turn=turn)


FULL = position({f"{c}{r}": "earth" for c in "abcdefghi" for r in range(1, 10)}
                | {"e5": "crown", "d4": "sun", "f4": "moon"})
ROW = position({"c5": "earth", "d5": "earth", "e5": "earth", "g5": "earth", "e4": "earth"})


def unchosen():
    return GAME.setup(2, 1, {})


def over():
    return replace(FULL(), over=True)


CASES = [
    Refusal("a side first", unchosen, 1, "remove e5 now",
            "first choose your side: before any removal the second player chooses `suns` or "
            "`moons`", "Sides"),
    Refusal("removing comes after the sides", unchosen, 1, "take e5",
            "removing pieces has not come yet: first choose your side", "Sides"),
    Refusal("choosing sides is over", FULL, 0, "suns", "choosing sides is over", "Sides"),
    Refusal("not a move", FULL, 0, "remove e5 now", "write `take e5` (or `e5`)", "A turn"),
    Refusal("not a square", FULL, 0, "take z9", "a column a–i and a row 1–9", "Notation"),
    Refusal("take is one piece", FULL, 0, "take e2-e6", "take removes one piece", "A turn"),
    Refusal("take an empty square", ROW, 0, "take f5", "take removes one piece, your own sun",
            "A turn"),
    Refusal("crowns leave in a line", FULL, 0, "take e5",
            "crowns can only leave the board in a line", "A turn"),
    Refusal("the opponent's pieces leave in a line", FULL, 0, "take d4",
            "your opponent's pieces can only leave the board in a line", "A turn"),
    Refusal("a line has two ends", FULL, 0, "line e2-e4-e6", "name its two ends", "A turn"),
    Refusal("no diagonals", FULL, 0, "line c3-e5", "diagonals never count", "A turn"),
    Refusal("every square of a line holds a piece", ROW, 0, "line c5-g5",
            "every square of a line must hold a piece", "A turn"),
    Refusal("a one-piece line", ROW, 0, "line e5",
            "a single piece is a line only when both its row neighbours", "A turn"),
    Refusal("empty beyond both ends", ROW, 0, "line c5-d5",
            "the squares just beyond both ends of a line must be on the board and empty",
            "A turn"),
    Refusal("not your turn", FULL, 1, "take f4", "it is not your turn", None),
    Refusal("the game is over", over, 0, "take f4", "the game is over", None),
]


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_each_refusal_names_its_rule(case):
    check(GAME, SLUG, case, SPANS)


def test_every_refusal_site_has_a_case():
    assert missing(GAME, CASES, SPANS) == []
