"""When Gods Collide: every refusal names the rule of engines/rules/when-gods-collide.md
that forbids the move (or says how to write one), one case per refusal site
(tests/why_sites.py): the set-up's refusals and every reason of ``why.py``."""

from __future__ import annotations

import random

import pytest

import engines
from engines.base import IllegalMove
from engines.when_gods_collide import movegen, why
from engines.when_gods_collide.game import PREFIX
from engines.when_gods_collide.geometry import block_squares, field
from engines.when_gods_collide.state import HERO_FACES
from tests.engines.when_gods_collide_battlefields import build, princess, set_up_battle
from tests.why_sites import ROOT, Refusal, check, missing, sites

GAME = engines.get("when-gods-collide")
SLUG = "when-gods-collide"
SPANS = {**sites("engines/when_gods_collide/why.py",
                 ["out_of_phase", "wrong_form", "explain", "_piece", "_princess"]),
         **sites("engines/when_gods_collide/game.py")}
FALLBACKS = (
    # Defensive last words, after every specific reason, found by their words: the parser
    # lets no move without squares through, and each hero's legal moves are exactly what
    # the reasons before them leave (reaching one of these would mean a reason is missing).
    "Seth converts an enemy checker other than a god",  # an enemy checker, not a known god
    "is not possible",  # a straight, free, short enough push
    "name the squares of the move",  # no squares at all
    "the Princess cannot go there",  # a slide no piece makes (_piece says why first)
    "is not a legal move",  # a move of the right shape that a reason above would refuse
)
SET_UP, TURN, PIECES, HERO = "Set-up", "A turn", "Pieces", "Hero die"
QUOTES = ("never onto your own checker", "0 squares is not a move",
          "the first tile goes at the centre", "share an edge with a laid tile",
          "cannot capture a god", "overlap")
"""Words of the rules text that refusals say as they are (tests/engines/test_why.py)."""


def first_tiles():
    return GAME.setup(2, 1, {})


def one_tile():
    s = GAME.setup(2, 1, {})
    return GAME.play(s, s.first, "tile g7")


def arranging():
    s = GAME.setup(2, 8, {})
    while s.phase == "tiles":
        s = GAME.play(s, s.current, GAME.legal_moves(s, s.current)[0])
    return s


def choosing_a_god():
    s = arranging()
    return GAME.play(s, s.current, "arrange auto")


def mine_and_theirs() -> tuple[list[str], str]:
    s = arranging()
    mine = sorted(sq for b, o in s.tiles.items() if o == s.current for sq in block_squares(b))
    theirs = next(sq for b, o in s.tiles.items() if o != s.current for sq in block_squares(b))
    return mine, theirs


MINE, THEIRS = mine_and_theirs()
SEAT = arranging().current
FIRST = first_tiles().first


def battle(pieces, blocks=None, **fields):
    return lambda: build(pieces, blocks, **fields)


def the_princess(pieces, chess, number, **fields):
    return lambda: princess(pieces, None, chess, number) if not fields else build(
        pieces, None, chess=chess, hero="princess", number=number, **fields)


ROOK = battle({"a1": "0G", "c1": "0", "d1": "0", "n1": "1", "p2": "1G"})
HEROES = {"a1": "0", "a2": "0G", "n1": "1", "p2": "1G"}
LONE = {"a1": "0", "b1": "0G", "p2": "1G"}  # Bo's last checker is their god


def hero(name, pieces=None, blocks=None, number=3):
    return battle(pieces or HEROES, blocks, hero=name, number=number)


CASES = [
    Refusal("a move", ROOK, 0, "  ", "type a move", None),
    # Set-up
    Refusal("lay a tile", first_tiles, FIRST, "lay one here", "now lay a tile", SET_UP),
    Refusal("tiles are 2×2 blocks", first_tiles, FIRST, "tile h7",
            "not the lower-left square of a block", SET_UP),
    Refusal("tiles never overlap", one_tile, 1 - FIRST, "tile g7",
            "a tile never overlaps a laid tile", SET_UP),
    Refusal("the first tile at the centre", first_tiles, FIRST, "tile a1",
            "the first tile goes at the centre", SET_UP),
    Refusal("tiles share an edge", one_tile, 1 - FIRST, "tile k7",
            "each tile after the first must share an edge with a laid tile", SET_UP),
    Refusal("arrange the army", arranging, SEAT, "c3", "now arrange your army", SET_UP),
    Refusal("squares", arranging, SEAT, "arrange " + " ".join([*MINE[:11], "z9"]),
            "is not a square", SET_UP),
    Refusal("twelve checkers", arranging, SEAT, "arrange " + " ".join(MINE[:11]),
            "name exactly 12 squares", SET_UP),
    Refusal("one checker a square", arranging, SEAT, "arrange " + " ".join(MINE[:11] + MINE[:1]),
            "one checker per square", SET_UP),
    Refusal("on your own tiles", arranging, SEAT, "arrange " + " ".join([*MINE[:11], THEIRS]),
            "your checkers go on your own tiles", SET_UP),
    Refusal("choose a god", choosing_a_god, SEAT, "c3", "now choose your god checker", SET_UP),
    Refusal("a god of your own", choosing_a_god, SEAT, "god " + THEIRS,
            "your god is one of your own checkers", SET_UP),
    # A turn
    Refusal("a 6: hero or not", battle(HEROES, phase="hero", number=6), 0, "a1 to b1",
            "you rolled a 6: type hero", TURN),
    # A move of another phase
    Refusal("arranging after the tiles", first_tiles, FIRST, "arrange auto",
            "arranging your army has not come yet: first lay a tile, e.g. tile", SET_UP),
    Refusal("the battle after the set-up", first_tiles, FIRST, "c3-c6",
            "the battle has not come yet", TURN),
    Refusal("moving after the hero die", battle(HEROES, phase="hero", number=6), 0, "a1-b1",
            "moving a checker has not come yet: first type hero", TURN),
    Refusal("the tiles are laid", arranging, SEAT, "tile a1",
            "laying tiles is over: all 12 tiles are laid; now arrange your army", SET_UP),
    Refusal("the army is arranged", choosing_a_god, SEAT, "arrange auto",
            "arranging your army is over: your army stands on your tiles", SET_UP),
    Refusal("the gods are chosen", ROOK, 0, "god a1",
            "choosing the gods is over: each player named their god before the battle", SET_UP),
    Refusal("the hero die comes on a 6", ROOK, 0, "hero",
            "rolling the hero die is over for this turn: it comes only on a 6", TURN),
    Refusal("squares like c3-c6", ROOK, 0, "c1 to the moon", "name squares like c3-c6", TURN),
    Refusal("the hero's word first", hero("seth"), 0, "n1", "with Seth write seth first", HERO),
    Refusal("no hero's word without the hero", ROOK, 0, "fly c1-c2", "fly is not a move now",
            HERO),
    Refusal("from a square", ROOK, 0, "c5-c6", "c5 is a gap, not a square", PIECES),
    Refusal("your own checker", ROOK, 0, "e1-f1",
            "you move one of your own checkers, and e1 is empty", PIECES),
    Refusal("not another's checker", ROOK, 0, "n1-m1",
            "you move one of your own checkers, and the checker on n1 is", PIECES),
    Refusal("say where", ROOK, 0, "c1", "say where the checker on c1 goes", PIECES),
    Refusal("land on a square", ROOK, 0, "c1-c5", "a checker must land on a square", PIECES),
    Refusal("never onto your own checker", ROOK, 0, "c1-d1",
            "move one checker, never onto your own checker", PIECES),
    Refusal("0 squares", ROOK, 0, "c1-c1", "moving 0 squares is not a move", PIECES),
    Refusal("start and end", ROOK, 0, "c1-c2-b2", "name the start and end squares", PIECES),
    # Pieces
    Refusal("a king's step", battle(HEROES, chess="king"), 0, "a1-c1",
            "a king moves one square in any direction", PIECES),
    Refusal("a pawn captures diagonally", battle({**HEROES, "b1": "1"}, chess="pawn"), 0,
            "a1-b1", "a pawn captures only diagonally", PIECES),
    Refusal("a pawn's diagonal", battle(HEROES, chess="pawn"), 0, "a1-b2",
            "a pawn moves diagonally only to capture", PIECES),
    Refusal("a pawn's step", battle(HEROES, chess="pawn"), 0, "a1-c1",
            "a pawn steps one square along a row or column", PIECES),
    Refusal("a knight's L", battle(HEROES, chess="knight"), 0, "a1-b1",
            "a knight jumps in an L", PIECES),
    Refusal("a rook's lines", ROOK, 0, "c1-b2", "a rook moves along a row or a column", PIECES),
    Refusal("blocked at once", ROOK, 0, "c1-e1", "cannot move that way at all", PIECES),
    Refusal("exactly N", ROOK, 0, "d1-e1", "the rook moves exactly 3 squares unless stopped",
            PIECES),
    # Hero die
    Refusal("the Sandals' two squares", hero("winged-sandals"), 0, "fly a1-b1-c1",
            "the Winged Sandals name your checker and where it flies", HERO),
    Refusal("the Sandals take no god", hero("winged-sandals", LONE), 0, "fly a1-p2",
            "the Winged Sandals cannot capture a god", HERO),
    Refusal("the Double Knight's squares", hero("double-knight"), 0, "a1-c2",
            "the Double Knight makes two knight jumps", HERO),
    Refusal("the Double Knight's L", hero("double-knight"), 0, "a1-b2-c1",
            "each jump of the Double Knight is a knight's L", HERO),
    Refusal("the Double Knight's first landing", hero("double-knight", {**HEROES, "c2": "1"}),
            0, "a1-c2-e1", "the first jump must land on an empty square", HERO),
    Refusal("the Imp's squares", hero("imp"), 0, "a1-b1-c1",
            "with the Imp name the start and end squares", HERO),
    Refusal("the Imp's pieces", hero("imp"), 0, "a1-m1",
            "may move as any chess-die piece", HERO),
    Refusal("a sliding Princess's squares", the_princess(HEROES, "rook", 5), 0,
            "princess a1-b1-c1", "a sliding Princess names its start and end squares", HERO),
    Refusal("the Princess stops on no known god",
            the_princess({"a1": "0", "a2": "0G", "f1": "1G", "p2": "1"}, "rook", 5,
                         known=[[12], []]), 0, "princess a1-f1",
            "the Princess may not stop on a god checker you know of", HERO),
    Refusal("the sliding Princess goes exactly N", the_princess(HEROES, "rook", 5), 0,
            "princess a1-c1", "the Princess rook goes exactly 5 squares", HERO),
    Refusal("the Princess's N moves", the_princess(HEROES, "king", 2), 0,
            "princess a1-b1-c1-d1", "the Princess makes at most 2 moves", HERO),
    Refusal("the Princess king's steps", the_princess(HEROES, "king", 2), 0,
            "princess a1-c1", "each move of the Princess king is one square", HERO),
    Refusal("the Princess knight's jumps", the_princess(HEROES, "knight", 2), 0,
            "princess a1-b1", "each move of the Princess knight is an L jump", HERO),
    Refusal("the Princess pawn's steps", the_princess(HEROES, "pawn", 2), 0,
            "princess a1-c1", "each move of the Princess pawn is one square", HERO),
    Refusal("the Princess goes on after a capture", the_princess(HEROES, "king", 3), 0,
            "princess a1-b1-c1", "the Princess continues only after a capture", HERO),
    Refusal("the Princess lands on no known god",
            the_princess({"a1": "0", "a2": "0G", "b1": "1G", "p2": "1"}, "king", 2,
                         known=[[12], []]), 0, "princess a1-b1",
            "the Princess may not stop on a god checker you know of", HERO),
    Refusal("the Princess pawn captures diagonally",
            the_princess({**HEROES, "b1": "1"}, "pawn", 1), 0, "princess a1-b1",
            "the Princess pawn captures only diagonally", HERO),
    Refusal("the Princess pawn's diagonal", the_princess(HEROES, "pawn", 1), 0,
            "princess a1-b2", "the Princess pawn moves diagonally only to capture", HERO),
    Refusal("Seth's one checker", hero("seth"), 0, "seth n1-m1",
            "Seth names one enemy checker", HERO),
    Refusal("Seth on an empty square", hero("seth"), 0, "seth c1",
            "Seth converts an enemy checker", HERO),
    Refusal("Seth on your own", hero("seth"), 0, "seth a1",
            "a1 is your own checker: Seth converts an enemy checker", HERO),
    Refusal("Seth takes no known god", hero("seth", LONE), 0, "seth p2",
            "Seth must choose another checker", HERO),
    Refusal("the Wind's two squares", hero("god-of-wind"), 0, "push n1",
            "the God of Wind names an enemy checker and where it goes", HERO),
    Refusal("the Wind on an empty square", hero("god-of-wind"), 0, "push c1-d1",
            "the God of Wind pushes an enemy checker", HERO),
    Refusal("the Wind pushes another's", hero("god-of-wind"), 0, "push a1-b1",
            "pushes an opponent's checker, not your own", HERO),
    Refusal("the Wind's straight line", hero("god-of-wind"), 0, "push n1-l2",
            "pushes in a straight line", HERO),
    Refusal("the Wind's N", hero("god-of-wind"), 0, "push n1-h1",
            "the push goes at most 3 squares", HERO),
    Refusal("the Wind's gaps", hero("god-of-wind", {**HEROES, "h1": "1"},
                                    ["a1", "c1", "g1", "k1", "o1"]), 0,
            "push h1-e1", "the push stops before the gap at f1", HERO),
    Refusal("the Wind captures nothing", hero("god-of-wind", {**HEROES, "l1": "0"}), 0,
            "push n1-k1", "the push stops before the checker on l1", HERO),
]


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_each_refusal_names_its_rule(case):
    check(GAME, SLUG, case, SPANS)


def test_every_refusal_site_has_a_case():
    lines = {site: (ROOT / site[0]).read_text().splitlines()[site[1] - 1] for site in SPANS}
    fallbacks = {f"{p}:{n}" for (p, n), line in lines.items()
                 if any(words in line for words in FALLBACKS)}
    assert len(fallbacks) == len(FALLBACKS)
    assert set(missing(GAME, CASES, SPANS)) == fallbacks


@pytest.mark.parametrize("hero", ["", *HERO_FACES])
def test_no_wrong_move_falls_through_to_a_fallback(hero):
    """Many wrong moves of every piece and hero, in a real battle: each gets a specific
    reason, never one of the FALLBACKS (which would mean a rule without its words)."""
    rng = random.Random(f"why:{hero}")
    s = set_up_battle(seed=3)
    s.phase, s.hero, s.number = "move", hero, 3
    seat = s.current
    fld = sorted(field(s.tiles))
    mine = [sq for sq, (owner, _) in s.board.items() if owner == seat]
    theirs = [sq for sq, (owner, _) in s.board.items() if owner != seat]
    prefix = PREFIX.get(hero, "")
    for chess in movegen.PIECES:
        s.chess = chess
        moves = GAME._moves(s, seat)
        avoid = GAME.avoid(s, seat)
        for _ in range(150):
            if hero == "seth":
                body = rng.choice(fld)
            else:
                frm = rng.choice(theirs if hero == "god-of-wind" else mine)
                hops = rng.choice((1, 1, 2)) if hero in ("princess", "double-knight") else 1
                body = "-".join([frm, *(rng.choice(fld) for _ in range(hops))])
            notation = f"{prefix} {body}" if prefix else body
            if notation in moves:
                continue
            said = why.explain(s, seat, notation, moves, avoid)
            assert not any(words in said for words in FALLBACKS), (chess, notation, said)


def test_a_move_without_its_hero_word_is_shown_as_it_was_meant():
    """``a2-b2`` with the Princess rolled: the example is ``princess a2-b2`` (the move
    meant), not the first legal move; an illegal one gets a move from the same square."""
    state = princess(HEROES, None, "king", 2)
    assert GAME.legal_moves(state, 0)[0] != "princess a2-b2"
    with pytest.raises(IllegalMove, match=r"write princess first, e\.g\. princess a2-b2$"):
        GAME.play(state, 0, "a2-b2")
    with pytest.raises(IllegalMove, match=r"e\.g\. princess a2-"):
        GAME.play(state, 0, "a2-c4")
