"""The pictures' words come from the catalogues and fit where they are drawn, in every
language (issue 58): each text's box (Pillow's ``textbbox``, recorded by the kit while
drawing) stays inside the box its layout gave it (a seat's cell, a panel's column, the
banner, the footer, the board between header and footer) and overlaps no other text, in
English, German, French, Spanish, Brazilian Portuguese and the pseudo-locale (about 40 %
longer than English: what the next language may need)."""

from __future__ import annotations

import itertools
import re

import pytest

import rendering
from rendering import kit
from speech import LANGUAGES, PSEUDO, Text
from speech.pseudo import hard_coded
from tests.render_cases import NAMES, SLUGS, cases

TITLES = ("Witch Stones", "Angry Gods", "Storm of the Gods", "When Gods Collide", "Terra")
"""Kept as published in every language (docs/TRANSLATING.md)."""
SLACK = 1  # px: a glyph's antialiased edge on the box's line


def _drawn(case, language: str, **kwargs) -> kit.Seen:
    kit.clear_caches()  # every kept layer drawn again (and recorded) in this language
    with kit.recording() as seen:
        rendering.render(case.slug, case.view, names=NAMES[:case.players],
                         language=language, **kwargs)
    return seen


def _strays(seen: kit.Seen) -> list[str]:
    """Texts whose box reaches past the box they were given."""
    return [f"{p.text!r} {tuple(map(round, p.box))} outside {tuple(map(round, p.allowed))}"
            for p in seen.placed
            if p.box[0] < p.allowed[0] - SLACK or p.box[1] < p.allowed[1] - SLACK
            or p.box[2] > p.allowed[2] + SLACK or p.box[3] > p.allowed[3] + SLACK]


def _overlaps(seen: kit.Seen) -> list[tuple[str, str]]:
    """Pairs of texts on one canvas whose boxes share pixels (but for a stone's letter
    beside a position's name: both the same in every language, and the boxes of their
    glyphs' antialiased corners, not the glyphs, meet on Angry Gods' board)."""
    found = []
    for a, b in itertools.combinations(seen.placed, 2):
        if a.canvas != b.canvas or (len(a.text) <= 3 and len(b.text) <= 3):
            continue
        if (min(a.box[2], b.box[2]) - max(a.box[0], b.box[0]) > SLACK
                and min(a.box[3], b.box[3]) - max(a.box[1], b.box[1]) > SLACK):
            found.append((a.text, b.text))
    return found


@pytest.mark.parametrize("language", [*LANGUAGES, PSEUDO])
@pytest.mark.parametrize("slug", SLUGS)
def test_every_word_stays_in_its_box_in_every_language(slug, language):
    checked = 0
    for case in cases(slugs=(slug,)):
        seen = _drawn(case, language)
        assert seen.placed, case.name
        assert not _strays(seen), (case.name, _strays(seen)[:5])
        assert not _overlaps(seen), (case.name, _overlaps(seen)[:5])
        checked += 1
    assert checked >= 6


@pytest.mark.parametrize("language", LANGUAGES)
def test_only_a_long_name_is_shortened_in_any_language(language):
    """Every language's words are drawn whole (the pseudo-locale's may be shortened):
    only a player's name too long for its place ends in an ellipsis."""
    for case in cases():
        cut = [p.text for p in _drawn(case, language).placed if p.text.endswith("…")
               and not any(name.startswith(p.text[:-1]) for name in NAMES)]
        assert not cut, (case.name, cut)


def _unshortened(text: str) -> str:
    """A text shortened with an ellipsis, less it: a name's start taken off, or a frame
    cut short closed again."""
    if not text.endswith("…"):
        return text
    body = text[:-1].rstrip()
    for name in NAMES:
        for k in range(len(name), 2, -1):
            start = name[:k].rstrip()
            if body.endswith(start):
                return body[:len(body) - len(start)]
    return body + "\u27e7" * (body.count("\u27e6") - body.count("\u27e7"))


_NOTATION = re.compile(r"^[A-Za-z]{1,2}\d*[a-z]{0,2}$")


@pytest.mark.parametrize("slug", SLUGS)
def test_the_pseudo_locale_leaves_no_word_outside_the_catalogues(slug):
    """Every word a picture draws in the pseudo-locale is framed (it came from a
    catalogue), but for the players' names, the games' titles and move notation."""
    for case in cases(slugs=(slug,)):
        # one text after the other, as drawn: a frame wrapped onto two lines joins again
        # (the frames drawn as the font draws them, rendering.typeface.STAND_INS, back)
        drawn = " ".join(_unshortened(p.text.replace("[", "\u27e6").replace("]", "\u27e7"))
                         for p in _drawn(case, PSEUDO).placed
                         if not _NOTATION.match(p.text))  # a position's name
        for kept in (*TITLES, *NAMES):
            drawn = drawn.replace(kept, " ")
        strays = [w for w in hard_coded(drawn) if not _NOTATION.match(w)]
        assert not strays, (case.name, strays)


def test_a_picture_is_drawn_in_the_language_asked_for():
    case = next(c for c in cases(slugs=("witch-stones",)) if c.stage == "middle")
    english = " ".join(p.text for p in _drawn(case, "en").placed)
    german = " ".join(p.text for p in _drawn(case, "de").placed)
    assert "first to 50" in english and "Ziel: 50" in german
    assert "Punkte: Krone 5" in german and "Points: crown 5" not in german
    # a Discord locale is answered by its language's catalogue; an unknown one by English
    assert rendering.render(case.slug, case.view, names=NAMES[:2], language="de") == \
        rendering.render(case.slug, case.view, names=NAMES[:2], language="de-AT")
    assert rendering.render(case.slug, case.view, names=NAMES[:2], language="xx") == \
        rendering.render(case.slug, case.view, names=NAMES[:2])


def test_a_kept_layer_is_kept_per_language():
    """The Angry Gods key is a kept layer: drawn once in German, it must not come back
    under an English picture (nor the English one under a German)."""
    case = next(c for c in cases(slugs=("angry-gods",)))
    kit.clear_caches()
    first = rendering.render(case.slug, case.view, names=NAMES[:case.players], language="de")
    english = rendering.render(case.slug, case.view, names=NAMES[:case.players])
    assert english != first
    kit.clear_caches()
    assert rendering.render(case.slug, case.view, names=NAMES[:case.players]) == english
    assert rendering.render(case.slug, case.view, names=NAMES[:case.players],
                            language="de") == first


def test_an_outcome_told_as_a_text_is_said_in_the_pictures_language():
    case = next(c for c in cases(slugs=("witch-stones",)) if c.stage == "end")
    outcome = Text("picture-wins", {"who": "Ana"})
    with kit.recording() as seen:
        rendering.render(case.slug, case.view, names=NAMES[:2], outcome=outcome,
                         language="de")
    assert any(text.startswith("Ana gewinnt") for _, text in seen)


def _board(height: int = 900) -> kit.Board:
    return kit.Board("Test", kit.seats_from_view(NAMES[:2], 2, [0, 0]), [0], height)


@pytest.mark.parametrize("language", [*LANGUAGES, PSEUDO])
def test_the_rarer_lines_fit_too(language):
    """What a random match seldom shows: the dice with the hero asked, the wind's roll
    with its choices, an encirclement and a construction victory announced, a discard."""
    from rendering import storm_of_the_gods as storm
    from rendering import when_gods_collide as wgc

    with rendering.words.speaking(language):
        board = _board()
        with kit.recording() as seen:
            for dice, phase in [({"chess": "double-knight", "number": 6}, "hero"),
                                ({"chess": "winged-sandals", "number": 6,
                                  "hero": "god-of-wind"}, "move")]:
                wgc._dice(board, {"dice": dice, "to_act": [1], "phase": phase},
                          NAMES[:2], board.top + 100)
                assert not _strays(seen) and not _overlaps(seen), (dice, _strays(seen))
                seen.placed.clear()
            view = {"players": 6, "community": [3] * 6, "limbo": [2] * 6, "wind": "e5",
                    "roll": {"face": "SW", "steps": 3}, "choices": ["sw", "n", "se"],
                    "phase": "wind", "current": 1, "encircled_since": 1,
                    "pending_construction_victory": [0]}
            storm._panel(board, view, NAMES, board.top + 10)
            lines, _ = storm._band_lines(view, NAMES, False)
        assert len(lines) >= 2
        assert not _strays(seen), _strays(seen)[:3]
        assert not _overlaps(seen), _overlaps(seen)[:3]
        assert all(kit.length(kit.clean(line), kit.font(kit.SMALL)) <= kit.WIDTH - 48
                   for line in lines)


def test_a_replays_captions_are_in_its_language():
    import engines
    from rendering import replay

    game = engines.get("witch-stones")
    state = game.setup(2, 5, {})
    views = [game.view(state, None)]
    for _ in range(3):
        seat = game.to_act(state)[0]
        state = game.play(state, seat, game.legal_moves(state, seat)[0])
        views.append(game.view(state, None))
    with kit.recording() as seen:
        replay.gif("witch-stones", views, NAMES[:2], language="de")
    drawn = [text for _, text in seen]
    assert "Start (3 Züge folgen)" in drawn and "Nach Zug 1 von 3" in drawn
    assert "Nach Zug 3 von 3, Schlussstellung" in drawn
    assert any(text.endswith("ist am Zug") for text in drawn)  # the frames' own words
