"""Alt text over whole seeded random matches of every game and seat count, every view
the service shows (public after each move with the marks since the seat to act last
moved, each seat's with its own, the end with the outcome line): within Discord's 1,024
characters, the whole board always there (only the marked moves and small-print details
may go, and the text says so), each marked place once, seats named by the token the
picture draws, and a Terra seat's own discard pile kept. Prints the longest text of each
game and seat count (``pytest -s``; ``bench/alt_lengths.py`` prints more)."""

from __future__ import annotations

import re

import pytest

import engines
import rendering.alt
from rendering.seats import token
from tests.full_games import NAMES, SEEDS, shown

LIMIT = 1024
BOARD_NOUNS = ("structure", "tile", "checker", "crown", "sun", "moon", "earthstone",
               "empty square", "leader", "follower", "tower", "False God", "terrain plot",
               "territory", "stone")
CASES = [(g.slug, n) for g in engines.all() for n in range(g.min_players, g.max_players + 1)]


def board_left_out(text: str) -> list[str]:
    """What of the position the note says it left out ("3 more tiles")."""
    note = text.rpartition("… ")[2] if " left out; " in text else ""
    return [m[0] for m in re.finditer(r"\d+ more ([A-Za-z ]+?)(?=,| and | left out)", note)
            if not m[1].startswith("marked place")]


@pytest.mark.parametrize(("slug", "players"), CASES)
def test_every_view_of_whole_matches_fits_with_the_whole_board(slug, players):
    longest, where = 0, None
    for seed in SEEDS:
        for one in shown(slug, players, seed):
            text = rendering.alt.alt_text(slug, one.view, NAMES[:players], marks=one.marks,
                                          outcome=one.outcome)
            context = (seed, one.move, one.viewer, text)
            assert 0 < len(text) <= LIMIT, context
            assert board_left_out(text) == [], context
            assert "some details" not in text, context
            assert not re.search(r"\([A-F]\)", text), context  # no "Ana (A)"
            for seat in range(players):
                assert f"{NAMES[seat]} ({token(seat)})" in text, context
            marked = text.partition("Moves marked since the last turn: ")[2].partition(". ")[0]
            for part in marked.split("; ") if marked else []:
                places = re.findall(r"(?:^|, |: )([a-p]\d{1,2})\b", part)
                assert len(places) == len(set(places)), context
            if one.marks and "Moves marked since the last turn" not in text:
                assert "the marked moves left out" in text or "the marked moves," in text \
                    or "the marked moves and" in text, context
            if slug == "terra" and one.viewer is not None and one.view.get("discard"):
                assert "Your discard pile: " in text, context
            if len(text) > longest:
                longest, where = len(text), (seed, one.move, one.viewer)
    print(f"\n{slug} {players} seats: longest alt text {longest} characters at "
          f"(seed, move, viewer) {where}")
