"""Engine text reads as sentences: private information and the final reveal in the
game's words (seats as markers), and counts with the right plural."""

from __future__ import annotations

import random
import re

import pytest

import engines
from engines.base import SEAT_MARKER, plural
from engines.terra import GAME as TERRA
from engines.when_gods_collide import GAME as WGC
from tests.engines.terra_positions import make as terra_position

GAMES = [g.slug for g in engines.all()]
ONE_PLURAL = re.compile(
    r"\b1 (worshippers|tiles|chits|points|pts|squares|moves|legal moves|steps|followers|"
    r"checkers|stones|pieces|armies|temples|castles|towns|farms|mines|palaces|turns)\b")


def readable(text: str) -> None:
    """No Python literals, no identifiers: words, squares and seat markers only."""
    bare = SEAT_MARKER.sub("Ana", text).replace("False God", "Idol")
    for bad in ("None", "{", "}", "[", "]", "_", "True", "False"):
        assert bad not in bare, (bad, text)
    assert "'" not in re.sub(r"'s\b", "", bare), text
    assert not ONE_PLURAL.search(bare), text


def test_plural():
    assert plural(1, "tile") == "1 tile" and plural(2, "tile") == "2 tiles"
    assert plural(0, "worshipper") == "0 worshippers"
    assert plural(3, "army", "armies") == "3 armies" and plural(2, "army") == "2 armies"
    assert plural(1, "move") == "1 move" and plural(2, "match") == "2 matches"


def play_out(slug: str, seed: int, options: dict | None = None):
    game = engines.get(slug)
    rng = random.Random(seed)
    state = game.setup(min(game.min_players + seed % 2, game.max_players), seed, options or {})
    states = [state]
    texts = []
    while game.result(state) is None:
        seat = game.to_act(state)[0]
        move = rng.choice(game.legal_moves(state, seat))
        texts += [game.describe(state, seat, move, v) for v in (None, seat)]
        state = game.play(state, seat, move)
        states.append(state)
    return game, states, texts


@pytest.mark.parametrize("slug", GAMES)
def test_descriptions_private_text_and_final_reveal_read_as_sentences(slug):
    for seed in range(3):
        options = {"open_reserves": seed == 2} if slug == "terra" else {}
        game, states, texts = play_out(slug, seed, options)
        for text in texts:
            readable(text)
        players = len(game.view(states[0], None).get("scores") or [0, 0])
        for state in [*states[:: max(1, len(states) // 40)], states[-1]]:
            for seat in range(players):
                text = game.private_text(state, seat)
                if text is not None:
                    readable(text)
                    assert text.endswith(".")
        reveal = game.final_reveal(states[-1])
        if slug in ("when-gods-collide",) or (slug == "terra" and seed != 2):
            assert reveal and reveal.endswith(".")
            readable(reveal)
            readable(game.final_reveal(states[0]))  # a match may end at any move
        else:
            assert reveal is None


def test_terra_private_text_counts_the_reserve_and_discards():
    s = terra_position(reserves=[["temple", "temple", "castle", "army"], []],
                       discards=[["town"], []])
    assert TERRA.private_text(s, 0) == (
        "Your reserve: 2 temples, 1 castle, 1 army. Your discards: 1 town.")
    assert TERRA.private_text(s, 1) == "Your reserve: empty. Your discards: none."
    s.options = TERRA.parse_options({"open_reserves": True})
    assert TERRA.private_text(s, 0) is None  # everyone sees it on the board


def test_terra_final_reveal_names_every_reserve():
    s = terra_position(reserves=[["temple"], ["army", "army"]], discards=[[], ["farm"]],
                       phase="over")
    assert TERRA.final_reveal(s) == (
        "{seat0}'s final reserve: 1 temple; discards: none. "
        "{seat1}'s final reserve: 2 armies; discards: 1 farm.")


def test_wgc_private_text_names_the_god_and_the_gods_found():
    from tests.engines.when_gods_collide_battlefields import build

    s = build({"a1": "0", "a2": "0G", "c1": "1", "d1": "1G", "e1": "1", "p1": "1"},
              chess="rook", hero="princess", number=5)
    assert WGC.private_text(s, 0) == (
        "Your god checker (Marduk) is on a2. You know no other player's god checker.")
    after = WGC.play(s, 0, "princess a1-f1")
    assert WGC.private_text(after, 0) == (
        "Your god checker (Marduk) is on a2. You know {seat1}'s god checker: d1.")
    fresh = WGC.setup(2, 1, {})
    assert WGC.private_text(fresh, 0) == "You have not chosen your god checker (Marduk) yet."
