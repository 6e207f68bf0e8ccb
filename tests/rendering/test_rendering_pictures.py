"""Board pictures: readable on a phone, a pure function of the view (secrets only in a
seat's own picture), the outcome instead of "to act" once a match is over, recent moves
marked in each seat's colour, no "1 tiles"."""

from __future__ import annotations

import io
import random
import re

import pytest
from PIL import Image, ImageChops

import engines
import rendering
from rendering import angry_gods, kit
from rendering import when_gods_collide as wgc_picture
from tests.render_cases import NAMES, SLUGS, cases, smallest_text

ALL = list(cases())


def picture(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def _public(slug: str, players: int, stage: str):
    return next(c for c in ALL if c.slug == slug and c.players == players
                and c.stage == stage and c.viewer is None)


def drawn(slug: str, view: dict, players: int, **kwargs) -> tuple[bytes, list[str]]:
    with kit.recording() as seen:
        png = rendering.render(slug, view, names=NAMES[:players], **kwargs)
    return png, [text for _, text in seen]


@pytest.mark.parametrize("case", ALL, ids=lambda c: c.name)
def test_every_text_is_readable_on_a_phone(case):
    """The smallest text's digits and capitals, the picture shown as wide as a phone client
    shows it (``kit.PHONE``, 265 px: measured by bench/phone_width.py in simcord's preview
    at a 390 px wide phone), are at least ``kit.PHONE_MIN`` (7) px tall (inked, not the
    font's size; they were 6.0 there at the 25 px type sized for 400); no text reaches
    past the picture's edge; the picture is 800-1000 px wide and well under 300 KB."""
    for extras in ({}, {"outcome": "Ana wins - reached 50 points"},
                   {"marks": {0: list(case.view.get("last", []))}}):
        with kit.recording() as seen:
            png = rendering.render(case.slug, case.view, names=NAMES[:case.players], **extras)
        image = picture(png)
        assert 800 <= image.width <= 1000
        assert len(png) < 300_000
        size, text = min(seen)
        assert kit.inked(size) * kit.PHONE / image.width >= kit.PHONE_MIN, (case.name, text)
        assert not seen.outside, (case.name, seen.outside)  # no text cut off at an edge


def test_smallest_text_table(capsys):
    """The table of the report: each game's smallest text at a phone's width, as the inked height
    of its digits and capitals and as a font size."""
    table = smallest_text(ALL)
    with capsys.disabled():
        print()
        for slug, (height, size, text) in table.items():
            print(f"{slug:20} digits {height:4.1f} px (font {size:2d} px)  {text!r}")
    assert set(table) == set(SLUGS)
    assert min(h for h, _, _ in table.values()) >= kit.PHONE_MIN


def test_no_one_with_a_plural():
    wrong = re.compile(r"(?<![\d.])1 (tiles|pts|points|checkers|worshippers|discards|moves"
                       r"|legal moves|chits)\b")
    for case in ALL:
        _, texts = drawn(case.slug, case.view, case.players)
        assert not [t for t in texts if wrong.search(t)], case.name
    assert kit.plural(1, "tile") == "1 tile" and kit.plural(2, "pt") == "2 pts"
    assert kit.plural(0, "point") == "0 points"


# ---- the outcome ---------------------------------------------------------------------
@pytest.mark.parametrize("slug", SLUGS)
def test_final_picture_says_who_won_and_nobody_is_to_act(slug):
    players = engines.get(slug).min_players
    end = _public(slug, players, "end")
    _, texts = drawn(slug, end.view, players)
    assert not [t for t in texts if "to act" in t]
    assert [t for t in texts if " wins" in t or "share the win" in t or "Draw" in t], texts
    line = "Bartholomew wins - the others resigned"
    _, texts = drawn(slug, end.view, players, outcome=line)
    assert line in texts and not [t for t in texts if "to act" in t]


@pytest.mark.parametrize("slug", SLUGS)
def test_outcome_replaces_to_act_in_a_running_match(slug):
    """After a resignation the view still has someone to act: the outcome wins."""
    players = engines.get(slug).min_players
    middle = _public(slug, players, "middle")
    without, texts = drawn(slug, middle.view, players)
    assert [t for t in texts if t.endswith("to act")]
    line = "Ana wins - Bartholomew resigned"
    with_outcome, texts = drawn(slug, middle.view, players, outcome=line)
    assert line in texts and not [t for t in texts if "to act" in t]
    assert with_outcome != without


# ---- marks of recent moves -----------------------------------------------------------
MARKED = {
    "witch-stones": ("c3", "g7"),
    "angry-gods": ("D4", "B2s"),
    "storm-of-the-gods": ("c3", "g6"),
    "terra": ("b2", "g8"),
}


def _near(image: Image.Image, box: tuple[int, int, int, int], colour: kit.RGB) -> int:
    """How many pixels in ``box`` are within a palette's rounding of ``colour``."""
    region = image.crop(box)
    solid = Image.new("RGB", region.size, colour)
    close = ImageChops.difference(region, solid).convert("L").point(lambda v: 255 if v < 16 else 0)
    return close.histogram()[255]


def _changed(a: Image.Image, b: Image.Image) -> tuple[int, int, int, int]:
    """Where ``b`` differs from ``a`` by more than a palette's rounding."""
    diff = ImageChops.difference(a, b).convert("L").point(lambda v: 255 if v > 24 else 0)
    box = diff.getbbox()
    assert box is not None
    return box


@pytest.mark.parametrize("slug", [*MARKED, "when-gods-collide"])
def test_marks_of_two_seats_in_their_colours_where_the_highlight_goes(slug):
    players = engines.get(slug).max_players
    middle = _public(slug, players, "middle")
    view = middle.view
    if slug == "when-gods-collide":
        squares = sorted(view["tiles"])  # a block's corner square is on the board
        first, second = squares[0], squares[-1]
    else:
        first, second = MARKED[slug]
    names = NAMES[:players]

    def draw(**kwargs):
        return picture(rendering.render(slug, view, names=names, **kwargs))

    plain = draw(highlight=[])
    box_first = _changed(plain, draw(highlight=[first]))  # where the red highlight goes
    box_second = _changed(plain, draw(highlight=[second]))
    both = draw(highlight=[], marks={0: [first], 1: [second]})
    expected = (min(box_first[0], box_second[0]), min(box_first[1], box_second[1]),
                max(box_first[2], box_second[2]), max(box_first[3], box_second[3]))
    # To the pixel but for an outline's antialiased edge, which a seat's colour and the
    # highlight's cross the threshold of _changed at different shades; a seat's mark also
    # carries its token, on a round or hexagonal place's rim (reaching a little further).
    reach = 1 + (round(1.4 * kit.MARK_TOKEN) if slug in ("angry-gods", "storm-of-the-gods")
                 else 0)
    assert all(abs(a - b) <= reach for a, b in zip(_changed(plain, both), expected, strict=True))
    blue, orange = kit.seat_colour(0), kit.seat_colour(1)

    def gained(box, colour):
        return _near(both, box, colour) - _near(plain, box, colour)

    assert gained(box_first, blue) > 100 and abs(gained(box_first, orange)) < 20
    assert gained(box_second, orange) > 100 and abs(gained(box_second, blue)) < 20
    # With marks, the red last-move highlight is left out.
    assert draw(highlight=[first], marks={}) == plain


@pytest.mark.parametrize("slug", [*MARKED, "when-gods-collide"])
def test_several_moves_on_one_place_all_show(slug):
    """Two seats' moves on one place, and one seat's two moves there: every outline is
    drawn (one inside the other), none painted over by the next."""
    players = engines.get(slug).max_players
    view = _public(slug, players, "middle").view
    place = sorted(view["tiles"])[0] if slug == "when-gods-collide" else MARKED[slug][0]

    def draw(marks):
        return picture(rendering.render(slug, view, names=NAMES[:players], marks=marks))

    plain = draw({})
    box = _changed(plain, draw({0: [place]}))
    box = (box[0] - 4, box[1] - 4, box[2] + 4, box[3] + 4)
    first, second = kit.seat_colour(0), kit.seat_colour(1)

    def gained(image, colour):
        return _near(image, box, colour) - _near(plain, box, colour)

    alone = gained(draw({0: [place]}), first)
    both = draw({0: [place], 1: [place]})
    assert gained(both, first) > 0.8 * alone and gained(both, second) > 100
    twice = draw({0: [place, place]})
    assert gained(twice, first) > 1.5 * alone  # a smaller outline inside, and its token


def test_marks_stack_in_depth():
    assert sorted(kit.marked([], {0: ["a1", "b2"], 1: ["a1"], 2: ["a1", "a1"]})) == sorted([
        ("a1", kit.seat_colour(0), 0), ("b2", kit.seat_colour(0), 0),
        ("a1", kit.seat_colour(1), 1), ("a1", kit.seat_colour(2), 2)])
    assert kit.marked(["c3", "c3"], None) == [("c3", kit.HIGHLIGHT, 0)]


def test_every_seat_gets_its_outline_before_any_seat_a_second():
    """A seat moving twice on a place no longer pushes another seat's mark out (issue 37:
    at six seats Storm lost moves); with six outlines deep, six seats all show."""
    marks = {0: ["e5", "e5", "e5"], 1: ["e5"], 2: ["e5"], 3: ["e5"], 4: ["e5"], 5: ["e5"]}
    three = kit.marked([], marks)
    assert [c for _, c, _ in three] == [kit.seat_colour(s) for s in (0, 1, 2)]
    six = kit.marked([], marks, deep=6)
    assert {c for _, c, _ in six} == {kit.seat_colour(s) for s in range(6)}
    assert [d for _, _, d in six] == list(range(6))


# ---- secrets: private pictures differ, public ones cannot ----------------------------
def _wgc_playing(seed: int = 4):
    game = engines.get("when-gods-collide")
    rng = random.Random(seed)
    state = game.setup(2, seed, {})
    while state.phase not in ("move", "hero"):
        seat = game.to_act(state)[0]
        state = game.play(state, seat, rng.choice(game.legal_moves(state, seat)))
    return game, state


def _with(game, state, **changes):
    data = game.dump(state)
    data.update(changes)
    return game.load(data)


def test_wgc_private_picture_shows_own_god_public_one_cannot():
    game, state = _wgc_playing()
    data = game.dump(state)
    mine = sorted(sq for sq, (owner, _) in data["board"].items() if owner == 0)
    ident = {sq: data["board"][sq][1] for sq in mine}
    gods = list(data["gods"])
    a = _with(game, state, gods=[ident[mine[0]], *gods[1:]])
    b = _with(game, state, gods=[ident[mine[-1]], *gods[1:]])
    assert game.view(a, None) == game.view(b, None)
    public_a = rendering.render(game.slug, game.view(a, None), names=NAMES[:2])
    public_b = rendering.render(game.slug, game.view(b, None), names=NAMES[:2])
    assert public_a == public_b
    private_a = rendering.render(game.slug, game.view(a, 0), names=NAMES[:2])
    private_b = rendering.render(game.slug, game.view(b, 0), names=NAMES[:2])
    assert private_a != private_b
    seen = game.view(a, 0)
    assert seen["board"][mine[0]].get("god") and not seen["board"][mine[-1]].get("god")
    assert wgc_picture._god(seen["board"][mine[0]], 0, 0) == "own"


def test_wgc_found_gods_in_the_finders_colour_apart_from_public_ones():
    game, state = _wgc_playing()
    data = game.dump(state)
    theirs = next(ident for sq, (owner, ident) in sorted(data["board"].items()) if owner == 1)
    before = game.view(state, 0)
    found = _with(game, state, known=[[theirs], []])
    after = game.view(found, 0)
    assert game.view(found, None) == game.view(state, None)
    square = next(sq for sq, c in after["board"].items() if c["owner"] == 1 and c.get("god"))
    assert wgc_picture._god(after["board"][square], 1, 0) == "found0"
    assert wgc_picture._god({"owner": 1, "god": True, "public": True}, 1, 0) == "public"
    assert wgc_picture._god({"owner": 1, "god": True}, 1, None) == "public"
    png_before = rendering.render(game.slug, before, names=NAMES[:2])
    png_after = rendering.render(game.slug, after, names=NAMES[:2])
    assert png_before != png_after


def test_terra_private_picture_shows_own_reserve_public_one_cannot():
    game = engines.get("terra")
    state = game.setup(2, 5, {})
    a = _with(game, state, reserves=[["temple", "temple"], game.dump(state)["reserves"][1]])
    b = _with(game, state, reserves=[["army", "temple"], game.dump(state)["reserves"][1]])
    assert game.view(a, None) == game.view(b, None)
    assert (rendering.render("terra", game.view(a, None), names=NAMES[:2])
            == rendering.render("terra", game.view(b, None), names=NAMES[:2]))
    png_a, texts_a = drawn("terra", game.view(a, 0), 2)
    png_b, texts_b = drawn("terra", game.view(b, 0), 2)
    assert png_a != png_b
    assert "your reserve" in texts_a and "x2" in texts_a
    assert "x2" not in texts_b and texts_b.count("x1") == 2


# ---- Angry Gods names every position as the moves do ---------------------------------
def test_angry_gods_intersections_named_as_the_engine_names_them():
    from engines import angry_gods as engine

    assert set(angry_gods.INTERSECTIONS) == set(engine.INTERSECTIONS)
    _, texts = drawn("angry-gods", engines.get("angry-gods").view(
        engines.get("angry-gods").setup(2, 1, {}), None), 2)
    for space in angry_gods.SPACES:
        assert space in texts
    corners = [t for t in texts if t in angry_gods.CORNER]
    assert len(corners) == len(angry_gods.INTERSECTIONS)
