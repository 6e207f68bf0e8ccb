"""Terra: every refusal names the rule of engines/rules/terra.md that forbids the move
(or says how to write one), one case per refusal site (tests/why_sites.py)."""

from __future__ import annotations

import pytest

from engines.terra import GAME
from tests.engines.terra_positions import discard_state, make, terrain_state, war_state
from tests.why_sites import Refusal, check, missing, sites

SLUG = "terra"
SPANS = {**sites("engines/terra/__init__.py"), **sites("engines/terra/rules.py")}
TURN = "A turn"
QUOTES = ("on an empty plot", "keep at most 4 chits", "may not go next to",
          "compulsory when any placement is legal", "on or next to a mountain",
          "on or next to a river")
"""Words of the rules text that refusals say as they are (tests/engines/test_why.py)."""


def built():
    return make(board={"e5": (1, "town")}, reserves=[["town", "army"], []])


def after_nowar():
    return GAME.play(war_state(), 0, "nowar")


def peaceful():
    return make(reserves=[["castle", "farm"], []])


def castles():
    return make(board={"e5": (1, "castle")}, reserves=[["castle"], []])


CASES = [
    Refusal("a move", built, 0, " ", "say a move, e.g. build castle e5", TURN),
    Refusal("a Terra move", built, 0, "fly away", "is not a Terra move", TURN),
    Refusal("the build phase", built, 0, "discard town",
            "the discard has not come yet: it is the build phase", TURN),
    Refusal("the discard phase", discard_state, 0, "build town a1",
            "building is over for this turn: it comes before you discard, and it is the "
            "discard phase", TURN),
    Refusal("no war in the discard phase", discard_state, 0, "war e5",
            "war is over for this turn: it comes before you build", TURN),
    Refusal("nowar's words", war_state, 0, "skip it", "to give up war this turn say nowar",
            TURN),
    Refusal("war once, before building", after_nowar, 0, "nowar",
            "war comes once a turn, before you build", TURN),
    Refusal("nowar only while war is possible", peaceful, 0, "nowar",
            "nowar is a move only while war is possible", TURN),
    Refusal("building is compulsory", war_state, 0, "pass",
            "building is compulsory when any placement is legal", TURN),
    Refusal("war on a plot", war_state, 0, "war z9", "say which plot to attack", TURN),
    Refusal("war before building", after_nowar, 0, "war e5",
            "war is over for this turn (declared or given up)", TURN),
    Refusal("war needs an army", castles, 0, "war e5",
            "war discards an army from your reserve", TURN),
    Refusal("war on a structure", war_state, 0, "war a1",
            "war removes an enemy structure, and a1 is empty", TURN),
    Refusal("war on an enemy", war_state, 0, "war d4",
            "war removes an enemy structure, and d4 holds your own town", TURN),
    Refusal("what and where", built, 0, "build town", "say what to build and where", TURN),
    Refusal("an army is no structure", built, 0, "build army a1",
            "an army is not a structure", "Set-up"),
    Refusal("from your reserve", built, 0, "build castle a1",
            "you build a structure from your reserve", TURN),
    Refusal("an empty plot", built, 0, "build town e5",
            "a structure goes on an empty plot", TURN),
    Refusal("no castle next to an enemy castle", castles, 0, "build castle e6",
            "a castle may not go next to an enemy castle", TURN),
    Refusal("mines by mountains", lambda: terrain_state("mine"), 0, "build mine e5",
            "a mine must be placed on or next to a mountain plot", "Options"),
    Refusal("farms by rivers", lambda: terrain_state("farm"), 0, "build farm h8",
            "a farm must be placed on or next to a river plot", "Options"),
    Refusal("name the chits", discard_state, 0, "discard", "name the chit(s) to discard",
            TURN),
    Refusal("chit types", discard_state, 0, "discard gold", "is not a chit type", "Set-up"),
    Refusal("keep 4", discard_state, 0, "discard town town army",
            "you keep at most 4 chits", TURN),
    Refusal("discard what you hold", discard_state, 0, "discard castle castle",
            "you have only 1 castle in your reserve", TURN),
    Refusal("not your turn", built, 1, "build town a1", "it is not your turn", None),
]


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_each_refusal_names_its_rule(case):
    check(GAME, SLUG, case, SPANS)


def test_every_refusal_site_has_a_case():
    assert missing(GAME, CASES, SPANS) == []
