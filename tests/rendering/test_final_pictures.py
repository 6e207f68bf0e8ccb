"""Final pictures state the result with every seat's points and reveal every secret,
and their alt text says the same."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image

import engines
import rendering
from rendering import kit
from rendering.alt import alt_text
from tests.render_cases import NAMES, SLUGS, states


def _end(slug: str, players: int) -> dict:
    return engines.get(slug).view(states(slug, players)[2], None)


@pytest.mark.parametrize("slug", SLUGS)
@pytest.mark.parametrize("given", [None, "Ana wins - Bartholomew the Magnificent resigned"])
def test_final_banner_gives_every_seats_points(slug, given):
    game = engines.get(slug)
    players = game.max_players
    view = _end(slug, players)
    assert game.result(states(slug, players)[2]) is not None
    with kit.recording() as seen:
        rendering.render(slug, view, names=NAMES[:players], outcome=given)
    drawn = " ".join(text for _, text in seen)
    first = f"{NAMES[0]} {view['scores'][0]:g} "  # the banner's line, not the header's
    assert [text for _, text in seen if text.startswith(first)], drawn
    for seat, score in enumerate(view["scores"]):
        said = rf"{re.escape(NAMES[seat])} {score:g} \w+( ·|$)"  # in one text drawn
        assert any(re.search(said, text) for _, text in seen), (seat, drawn)
    text = alt_text(slug, view, NAMES[:players])
    for seat, score in enumerate(view["scores"]):
        assert re.search(rf"{re.escape(NAMES[seat])}\b[^;.]*\b{score:g}\b", text), (seat, text)


def test_when_gods_collide_final_view_and_alt_text_reveal_every_god():
    slug = "when-gods-collide"
    game = engines.get(slug)
    for players in (game.min_players, game.max_players):
        state = states(slug, players)[2]
        view = game.view(state, None)
        gods = {sq for sq, (_, ident) in state.board.items() if ident in state.gods}
        assert gods, "a finished match has a god standing"
        shown = {sq for sq, checker in view["board"].items() if checker.get("god")}
        assert shown == gods and all(view["board"][sq].get("public") for sq in gods)
        text = alt_text(slug, view, NAMES[:players])
        for sq in gods:
            assert f"{sq} (god)" in text, (sq, text)
        running = game.view(states(slug, players)[1], None)
        assert not [c for c in running["board"].values() if c.get("god")
                    and not c.get("public")]


@pytest.mark.parametrize("slug", SLUGS)
def test_to_act_line_is_not_in_the_highlight_colour(slug):
    """The highlight marks moves only: with none marked, no pixel of the header (who is
    to act, and the box around them) is in its colour."""
    players = engines.get(slug).max_players
    view = engines.get(slug).view(states(slug, players)[1], None)
    png = rendering.render(slug, view, names=NAMES[:players], highlight=[], marks={})
    image = Image.open(io.BytesIO(png)).convert("RGB")
    header = image.crop((0, 0, image.width, kit.header_height(players)))
    assert kit.HIGHLIGHT not in {colour for _, colour in header.getcolors(1 << 16)}
