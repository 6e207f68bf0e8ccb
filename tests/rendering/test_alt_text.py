"""Alt text: for every game and seat count, over positions of seeded random matches (the
text boards' positions), seen publicly and by a seat, with and without marks and an
outcome, the alt text is never empty and never over Discord's 1,024 characters, names
every seat with its score and whose turn it is, lists every occupied position when it
fits and says what it left out when it does not, and tells the public nothing secret
(a public twin gives the same text). The readers below parse it as a listener hears it."""

from __future__ import annotations

import random
import re

import pytest

import engines
import rendering.alt
from rendering.alt import common
from rendering.alt.storm_of_the_gods import rolled
from tests.render_cases import NAMES, SLUGS
from tests.rendering.test_text_board import (
    SECRET_GAMES,
    Position,
    _with,
    positions,
    public_twins,
    terra_reserve_texts,
    views,
)

LIMIT = 1024
UNIT = {"witch-stones": "point", "angry-gods": "point", "terra": "point",
        "storm-of-the-gods": "belief point", "when-gods-collide": "checker"}
LEFT_OUT = re.compile(r"… (.*) left out; /board text:true gives the whole board\.$")


def alt(slug: str, view: dict, players: int, names=NAMES, **kwargs) -> str:
    return rendering.alt.alt_text(slug, view, names[:players], **kwargs)


def score_text(slug: str, view: dict, seat: int) -> str:
    """What must follow the seat's name as its score."""
    scores = view.get("scores") or []
    if slug == "when-gods-collide" and view.get("phase") in ("tiles", "arrange") \
            and not scores[seat]:
        return common.plural(view["placed"][seat], "tile") + " laid"
    if slug == "storm-of-the-gods":  # "Scores in belief points: Ana (blue circle) 3"
        return str(scores[seat])
    return common.plural(scores[seat], UNIT[slug])


def marks_for(view: dict, players: int, rng: random.Random) -> dict[int, list[str]]:
    """Marks as the service makes them: the last move for the seat to act's predecessor,
    and a few positions of the board for another seat."""
    acting = (view.get("to_act") or [0])[0]
    places = sorted(view.get("board") or {})
    marks = {(acting - 1) % players: list(view.get("last") or [])}
    if places:
        marks[acting] = rng.sample(places, min(3, len(places)))
    return {seat: spots for seat, spots in marks.items() if spots}


def missing(text: str) -> dict[str, int]:
    """The note on what was left out, as counts by noun ("3 more tiles")."""
    found = LEFT_OUT.search(text)
    if not found:
        return {}
    return {m[2]: int(m[1]) for m in re.finditer(r"(\d+) more ([a-zA-Z ]+?)(?=,| and |$)",
                                                 found[1])}


def variants(slug: str, position: Position, k: int):
    """(viewer, view, keyword arguments): every view plain, with marks and an outcome."""
    rng = random.Random(k)
    for viewer, view in views(position, k):
        yield viewer, view, {}
        yield viewer, view, {"marks": marks_for(view, position.players, rng)}
        if position.final:
            yield viewer, view, {"outcome": f"{NAMES[0]} wins - a long reason " * 3}


# ---- every position: length, seats, turn, the marks ---------------------------------
@pytest.mark.parametrize("slug", SLUGS)
def test_every_alt_text_fits_and_names_every_seat_its_score_and_the_turn(slug):
    game = engines.get(slug)
    seen = set()
    for k, position in enumerate(positions(slug)):
        seen.add(position.players)
        for _, view, kwargs in variants(slug, position, k):
            text = alt(slug, view, position.players, **kwargs)
            assert 0 < len(text) <= LIMIT, (len(text), text)
            assert "\n" not in text
            for seat in range(position.players):
                assert f"{common.seat(NAMES, seat)} {score_text(slug, view, seat)}" in text, \
                    (seat, text)
            acting = view.get("to_act") or []
            if acting:
                who = common.listing([common.seat(NAMES, s) for s in acting])
                assert f"{who} to act" in text, text
            if game.result(position.state) is not None:
                assert "Game over: " in text and "to act" not in text, text
            if kwargs.get("outcome"):
                assert "Game over: Ana wins - a long reason" in text
            if "marked" in (LEFT_OUT.search(text) or [""])[0]:
                continue  # the marks go first, before any of the board (test_alt_full_games)
            marks = kwargs.get("marks") or {}
            if slug == "storm-of-the-gods":  # the roll's places are the roller's marks
                marks = rolled(view, marks) or {}
            for seat, spots in marks.items():
                said = text.split("Moves marked since the last turn: ")[1]
                assert f"{common.seat(NAMES, seat)}: " in said
                for spot in spots:
                    assert re.search(rf"(?<![\w]){re.escape(spot)}(?![\w])", said), spot
            if not kwargs.get("marks") and view.get("last"):
                assert "Last move, marked: " + view["last"][0] in text
    assert seen == set(range(game.min_players, game.max_players + 1))


@pytest.mark.parametrize("slug", SLUGS)
def test_every_occupied_position_appears_when_it_fits(slug):
    """Unless the note counts positions left out, every position of the board is named;
    with one, the count is what is missing (checked exactly for Witch Stones and Terra
    below)."""
    fitted = cut = 0
    for k, position in enumerate(positions(slug)):
        for _, view, kwargs in variants(slug, position, k):
            text = alt(slug, view, position.players, **kwargs)
            places = [p for p, c in (view.get("board") or {}).items()
                      if not (isinstance(c, dict) and c.get("compass"))]
            if sum(n for noun, n in missing(text).items() if "marked" not in noun):
                cut += 1
                continue
            if LEFT_OUT.search(text):  # only the marks or a detail before the position went
                assert re.search(r"… (the marked moves|\d+ more marked place|the discarded "
                                 r"tiles|the discard piles|the chit counts|the worshippers in "
                                 r"reserve)", text), text
            fitted += 1
            if slug == "witch-stones":  # earthstones may be "every other square except …"
                assert read_witch_stones(re.split("[Ss]cores: ", text)[1])[0] == view["board"]
                continue
            for place in places:
                assert re.search(rf"(?<![\w]){re.escape(place)}(?![\w])", text), (place, text)
    assert fitted > 0
    # The board always fits what the service shows (tests/rendering/test_alt_full_games.py); here a
    # Terra map may not, beside this test's outcome line (three times a real one) and
    # marks of random places.
    assert cut == 0 or slug == "terra"


# ---- readers ---------------------------------------------------------------------------
WS_NOUN = {"crown": "crown", "sun": "sun", "moon": "moon", "earthstone": "earth"}


def read_witch_stones(text: str) -> tuple[dict[str, str], int]:
    """The pieces the text names, and how many it says it left out."""
    squares = [f"{f}{r}" for f in "abcdefghi" for r in range(1, 10)]
    found: dict[str, str] = {}
    for match in re.finditer(r"(\d+) (crown|sun|moon|earthstone)s?: ([^.…]*)\.", text):
        kind, body = WS_NOUN[match[2]], match[3]
        if body.startswith("every other square"):
            empty = set(re.findall(r"\b[a-i][1-9]\b", body))
            taken = set(found)
            for square in squares:
                if square not in empty and square not in taken:
                    found[square] = kind
        else:
            for square in re.findall(r"\b[a-i][1-9]\b", body):
                found[square] = kind
    return found, sum(missing(text).values())


def test_witch_stones_alt_text_reads_back_to_the_board():
    game = engines.get("witch-stones")
    for position in positions("witch-stones"):
        for limit in (LIMIT, 480):
            view = game.view(position.state, None)
            text = alt("witch-stones", view, 2, limit=limit)
            assert len(text) <= limit
            found, left = read_witch_stones(re.split("[Ss]cores: ", text)[1])
            board = view["board"]
            if not left:
                assert found == board, text
            else:
                assert all(board[sq] == kind for sq, kind in found.items())
                assert len(found) + left == len(board), text


def test_witch_stones_known_position():
    game = engines.get("witch-stones")
    state = _with("witch-stones", game.setup(2, 1, {}), sides=("moons", "suns"),
                  board={"c3": "crown", "a9": "sun", "i1": "moon", "e5": "earth",
                         "d7": "crown"})
    view = game.view(state, None)
    text = alt("witch-stones", view, 2)
    acting = common.seat(NAMES, view["to_act"][0])
    assert text.startswith(f"Witch Stones. {acting} to act: take one piece")
    assert ("Scores: Ana (blue circle) 0 points, plays moons; Bartholomew the Magnificent "
            "(vermilion square) 0 points, plays suns. First to 50 points wins.") in text
    assert text.endswith("2 crowns: d7, c3. 1 sun: a9. 1 moon: i1. 1 earthstone: e5. "
                         "Every other square is empty.")
    full = _with("witch-stones", game.setup(2, 1, {}))
    board = dict(game.view(full, None)["board"])
    board.pop("a4"), board.pop("b6")
    nearly = _with("witch-stones", full, board=board)
    text = alt("witch-stones", game.view(nearly, None), 2)
    assert text.endswith(": every other square except the empty b6, a4.")


def read_terra(text: str) -> dict[str, tuple[str, str]]:
    """Each plot the position names: (owner's colour, structure)."""
    from rendering.alt.terra import PLURAL
    from rendering.seats import COLOUR_WORDS

    single = {v: k for k, v in PLURAL.items()}
    found: dict[str, tuple[str, str]] = {}
    owners = "|".join(w.capitalize() for w in COLOUR_WORDS)
    for match in re.finditer(rf"(?<=\. )({owners}): ([^.…]*)\.", text):
        for bundle in match[2].split(", "):
            kind, *plots = bundle.split()
            for plot in plots:
                found[plot] = (match[1].lower(), single.get(kind, kind))
    return found


def test_terra_alt_text_reads_back_to_the_board_by_owner():
    from rendering.seats import colour_word

    game = engines.get("terra")
    for k, position in enumerate(positions("terra")):
        view = game.view(position.state, k % 2 or None)
        text = alt("terra", view, position.players)
        found = read_terra(text)
        board = {p: (colour_word(c["owner"]), c["type"]) for p, c in view["board"].items()}
        assert all(board[p] == held for p, held in found.items()), text
        left = missing(text).get("structures", missing(text).get("structure", 0))
        assert len(found) + left == len(board), text
        held = re.search(r"Territories held: ([^.]*)\.", text)[1]
        for part in held.split("; "):
            for number in re.findall(r"\b[1-9]\b", part):
                controller = view["control"][int(number) - 1]
                assert part.startswith("no one" if controller is None
                                       else colour_word(controller)), (part, text)


def test_terra_known_position():
    game = engines.get("terra")
    state = _with("terra", game.setup(2, 5, {}),
                  board={"e5": [1, "castle"], "a9": [0, "temple"], "d4": [1, "temple"],
                         "f6": [1, "temple"]})
    text = alt("terra", game.view(state, None), 2)
    assert text.endswith("Territories held: blue 1; vermilion 5; no one 2 3 4 6 7 8 9. "
                         "Blue: temple a9. Vermilion: temples f6 d4, castle e5.")


# ---- secrets -------------------------------------------------------------------------
@pytest.mark.parametrize("slug", SECRET_GAMES)
def test_a_public_twin_gives_the_same_public_alt_text(slug):
    for k, (position, twin, public) in enumerate(public_twins(slug, seed=11)):
        marks = marks_for(public, position.players, random.Random(k))
        for kwargs in ({}, {"marks": marks}):
            assert alt(slug, twin, position.players, **kwargs) == alt(
                slug, public, position.players, **kwargs)


def test_terra_reserve_only_in_its_owners_alt_text():
    public, public_b, own, own_b, other = terra_reserve_texts(alt)
    assert public == public_b and "Your reserve" not in public
    assert "Your reserve: temple ×2." in own
    assert "Your reserve: temple, army." in own_b
    assert "Your reserve: " in other and "Your reserve: temple ×2." not in other
    game = engines.get("terra")
    shown = game.setup(3, 5, {"open_reserves": True})
    assert "Reserves: blue " in alt("terra", game.view(shown, None), 3)


def test_when_gods_collide_god_only_in_its_owners_alt_text():
    from tests.rendering.test_rendering_pictures import _wgc_playing

    game, state = _wgc_playing()
    own = game.view(state, 0)
    god = next(sq for sq, c in own["board"].items() if c.get("god") and c["owner"] == 0)
    assert f"{god} (your god)" in alt(game.slug, own, 2)
    for viewer in (None, 1):
        text = alt(game.slug, game.view(state, viewer), 2)
        assert f"{god} (" not in text and re.search(rf"\b{god}\b", text)
        assert "(A checker, your god)" not in text and "A checker, god" not in text


# ---- names, limits (the dispatcher and "no Pillow": tests/rendering/test_text_board.py) ------
def test_hostile_names_keep_the_limit_and_one_line():
    hostile = ["Ana\nfake line", "x" * 200, "**bold** <@123> `code` ||s||", "\t", "Eve",
               "y" * 200]
    for slug in SLUGS:
        for position in positions(slug)[::25]:
            view = engines.get(slug).view(position.state, None)
            marks = marks_for(view, position.players, random.Random(1))
            text = alt(slug, view, position.players, names=hostile, marks=marks,
                       outcome="z" * 2000)
            assert 0 < len(text) <= LIMIT and "\n" not in text
            assert "x" * (common.NAME_ROOM + 1) not in text
            assert "Ana fake line (blue circle)" in text


@pytest.mark.parametrize("limit", [200, 400, 700])
def test_a_smaller_limit_is_kept_and_says_what_it_left_out(limit):
    for slug in SLUGS:
        for position in positions(slug)[::20]:
            view = engines.get(slug).view(position.state, 0)
            full = alt(slug, view, position.players)
            text = alt(slug, view, position.players, limit=limit)
            assert len(text) <= limit
            if len(full) > limit and len(text) < limit - 1:
                assert LEFT_OUT.search(text), text


@pytest.mark.parametrize("slug", SLUGS)
def test_a_replays_alt_text_counts_the_moves_and_reads_the_final_position(slug):
    game = engines.get(slug)
    position = next(p for p in positions(slug) if p.final)
    final = game.view(position.state, None)
    views = [game.view(game.setup(position.players, 1, {}), None)] * 7 + [final]
    names = NAMES[:position.players]
    text = rendering.alt.replay_alt_text(slug, views, names, outcome="Ana wins - luck")
    assert len(text) <= LIMIT
    assert text.startswith("Animated replay, 7 moves from the set-up to the final position. "
                           "Final position: ")
    assert text.endswith(alt(slug, final, position.players, outcome="Ana wins - luck",
                             limit=LIMIT - text.index("Final position: ") - 16))
    assert "Game over: Ana wins - luck" in text
