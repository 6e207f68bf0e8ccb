"""Storm of the Gods: every refusal names the rule of engines/rules/storm-of-the-gods.md
that forbids the move (or says how to write one), one case per refusal site
(tests/why_sites.py): the engine's ``why_not`` and its helpers, and the move parser."""

from __future__ import annotations

import pytest

from engines.storm_of_the_gods import GAME
from tests.engines.storm_of_the_gods_positions import make, tile
from tests.why_sites import Refusal, check, missing, sites

SLUG = "storm-of-the-gods"
EXPLAINERS = ["why_not", "_out_of_step", "_short", "_why_not_wind_convert", "_convert",
              "_held_since_before", "_build", "_sanctuary", "_destroy", "_explore"]
SPANS = {**sites("engines/storm_of_the_gods/actions.py", EXPLAINERS),
         **sites("engines/storm_of_the_gods/game.py")}
DEV, WIND = "Development", "Wind"
QUOTES = ("a tile takes one action per turn", "population 1–4",
          "the source of one exploration a turn", "held before this turn")
"""Words of the rules text that refusals say as they are (tests/engines/test_why.py)."""


def at(tiles=None, **fields):
    return lambda: make(tiles, **fields)


BUILT = at({"c3": tile(2, 0, 0, built=1)}, community=[5, 5])
MINE = {"c3": tile(2, 0, 3)}
FIVE = {p: tile(2, 0, 1, built=1) for p in ("a1", "a2", "a3", "a4", "a5")}
OCCUPY = at({"f5": tile(2)}, phase="occupy", emptied="f5", wind="g5")
CONVERT = at({"f5": tile(2), "g5": tile(2), "h5": tile(1)}, phase="convert",
             drawn=["f5", "g5", "h5"], wind="h5", face="E", steps=3)

CASES = [
    # how to write a move
    Refusal("an empty move", at(), 0, " ", "write an action, e.g. convert f6", None),
    Refusal("an unknown verb", at(), 0, "fly c3", "moves are", None),
    Refusal("end alone", at(), 0, "end now", "takes nothing after it", None),
    Refusal("a direction", at(), 0, "wind up", "name a direction", WIND),
    Refusal("keep is for build", at(MINE), 0, "convert c3 keep", "only build takes keep", DEV),
    Refusal("a position", at(), 0, "build", "needs a position", None),
    Refusal("a position on the map", at(), 0, "build a7", "column a has positions 1 to 5",
            "Map"),
    Refusal("an explorer's position", BUILT, 0, "explore c4 from z9", "is not a position",
            "Map"),
    # 1. Wind
    Refusal("the wind first", at(phase="wind", face="E", steps=1), 0, "end",
            "development has not come yet: first choose the wind's direction", WIND),
    Refusal("the compass's directions", at(phase="wind", face="E", steps=1), 0, "wind s",
            "the compass shows E", WIND),
    Refusal("the wind moves once", at(), 0, "wind n",
            "choosing the wind's direction is over: the wind moves once", WIND),
    Refusal("occupying after the wind", at(phase="wind", face="E", steps=1), 0, "occupy f5",
            "occupying has not come yet", WIND),
    Refusal("occupy or skip", OCCUPY, 0, "end",
            "development has not come yet: first occupy f5 or skip", WIND),
    Refusal("only the emptied tile", OCCUPY, 0, "occupy f4", "only f5, emptied by the wind",
            WIND),
    Refusal("occupy only after the wind", at(MINE), 0, "occupy c3",
            "occupying is over: only a tile the wind has just emptied may be occupied", WIND),
    Refusal("convert a drawn tile or skip", CONVERT, 0, "build f5",
            "development has not come yet: first convert one tile the wind drew or skip",
            WIND),
    Refusal("only a drawn tile", CONVERT, 0, "convert e4",
            "only a drawn tile may be converted now", WIND),
    Refusal("not under the wind", CONVERT, 0, "convert h5",
            "no worshipper may be placed on the tile under Vaal Er Num", WIND),
    # 3. Development
    Refusal("nothing to skip", at(), 0, "skip",
            "occupying or converting after the wind is over: skip passes on those, and there "
            "is nothing to skip", DEV),
    Refusal("one action a tile", at(MINE, used=["c3"]), 0, "build c3",
            "a tile takes one action per turn", DEV),
    Refusal("spend from the community", at({"c3": tile(1, 1, 4)}, community=[4, 5]), 0,
            "convert c3", "needs 5 worshippers from your community and you have 4", DEV),
    Refusal("convert a tile", at(), 0, "convert c6", "there is no tile on c6", DEV),
    Refusal("not under the wind, later", at({"c3": tile(1)}, wind="c3", explored=["c3"]), 0,
            "convert c3", "no worshipper may be placed on the tile under Vaal Er Num", DEV),
    Refusal("one drawn tile, in the wind phase", at({"f5": tile(2)}, drawn=["f5"]), 0,
            "convert f5", "only one tile drawn by the wind may be converted", DEV),
    Refusal("explored or another god's", at({"c3": tile(2)}), 0, "convert c3",
            "you may convert a tile you explored this turn or another god's tile", DEV),
    Refusal("another god's tile", at(MINE), 0, "convert c3",
            "you convert another god's tile, and c3 is already yours", DEV),
    Refusal("a sanctuary is not attacked", at({"c4": tile(5, 1, 1, sanct=1)}), 0,
            "convert c4", "a sanctuary cannot be attacked", DEV),
    Refusal("worshippers only", at({"c3": tile(2, 1, 1, built=1)}), 0, "convert c3",
            "only a tile with worshippers only may be converted", DEV),
    Refusal("build on a tile", at(), 0, "build c6", "there is no tile on c6", DEV),
    Refusal("build on your tile", at({"c3": tile(2, 1, 3)}), 0, "build c3",
            "needs a tile held by your worshippers", DEV),
    Refusal("held before this turn", at({"c3": tile(2, 0, 3, since=5)}, turn=5), 0,
            "build c3", "needs a tile you held before this turn", DEV),
    Refusal("one construction a tile", at({"c3": tile(2, 0, 3, built=1)}), 0, "build c3",
            "a tile holds one construction at most", DEV),
    Refusal("population 1–4", at({"c3": tile(5, 0, 3)}), 0, "build c3",
            "a construction stands only on a tile of population 1–4", DEV),
    Refusal("five constructions", at({**FIVE, **MINE}), 0, "build c3",
            "each god has 5 constructions", DEV),
    Refusal("a sanctuary on population 5", at({"c3": tile(4, 0, 6)}), 0, "sanctuary c3",
            "a sanctuary stands only on a tile of population 5", DEV),
    Refusal("one sanctuary a tile", at({"c5": tile(5, 0, 1, sanct=1)}), 0, "sanctuary c5",
            "c5 already has a sanctuary", DEV),
    Refusal("one sanctuary a god", at({"c3": tile(5, 0, 6), "c5": tile(5, 0, 1, sanct=1)}), 0,
            "sanctuary c3", "each god has one sanctuary", DEV),
    Refusal("destroy on a tile", at(), 0, "destroy c6", "there is no tile on c6", DEV),
    Refusal("a sanctuary is not destroyed", at({"c4": tile(5, 1, 1, sanct=1)}), 0,
            "destroy c4", "a sanctuary cannot be destroyed", DEV),
    Refusal("destroy a construction", at({"c3": tile(2, 1, 1)}), 0, "destroy c3",
            "destroy takes a construction", DEV),
    Refusal("not next to the wind", at({"f5": tile(2, 1, 1, built=1)}, community=[20, 5]), 0,
            "destroy f5", "stands next to Vaal Er Num and cannot be attacked", DEV),
    Refusal("explore an empty hex", BUILT, 0, "explore c3",
            "exploring draws a tile onto an empty hex", DEV),
    Refusal("explore next to a building", BUILT, 0, "explore f7",
            "exploring draws a tile next to your construction or sanctuary", DEV),
    Refusal("explore from a building", BUILT, 0, "explore c4 from a1",
            "a1 is not one of your constructions or your sanctuary next to c4", DEV),
    Refusal("a named source once a turn", at({"c3": tile(2, 0, 0, built=1)}, used=["c3"]), 0,
            "explore c4 from c3", "is the source of one exploration a turn", DEV),
    Refusal("each source once a turn", at({"c3": tile(2, 0, 0, built=1)}, used=["c3"]), 0,
            "explore c4", "each is the source of one exploration a turn", DEV),
    Refusal("name the source", at({"c3": tile(2, 0, 0, built=1), "c5": tile(2, 0, 0, built=1)}),
            0, "explore c4", "say which one it is explored from", DEV),
    Refusal("the stack", at({"c3": tile(2, 0, 0, built=1)}, stack=[]), 0, "explore c4",
            "the stack of tiles is empty", DEV),
    Refusal("not your turn", at(), 1, "end", "it is not your turn", None),
]


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_each_refusal_names_its_rule(case):
    check(GAME, SLUG, case, SPANS)


def test_every_refusal_site_has_a_case():
    assert missing(GAME, CASES, SPANS) == []
