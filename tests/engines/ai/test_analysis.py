"""The coach's look at one decision (:mod:`engines.ai.analysis`), pure: the same for the
same seed, its preferred move legal and valued at least as the move played, nothing said
that chance decides, and a budget that shrinks but never below what it needs."""

from __future__ import annotations

import random

import pytest

import engines
from engines.ai.analysis import Look, _worlds, analyse, said

TINY = Look(worlds=2, candidates=3, scan=8, replies=4, plies=2)


def positions(slug: str, count: int, seed: int = 1):
    game = engines.get(slug)
    rng = random.Random(seed)
    state = game.setup(2, seed, {})
    found = []
    while game.result(state) is None and len(found) < count:
        seat = game.to_act(state)[0]
        moves = game.legal_moves(state, seat)
        if len(moves) > 1 and rng.random() < 0.3:
            found.append((state, seat, rng.choice(moves)))
        state = game.play(state, seat, rng.choice(moves))
    return game, found


@pytest.mark.parametrize("slug", [g.slug for g in engines.all()])
def test_a_look_is_legal_repeatable_and_ranks_the_played_move(slug):
    game, found = positions(slug, 4)
    assert found
    for state, seat, played in found:
        first = analyse(game, state, seat, 11, TINY, played)
        assert first == analyse(game, state, seat, 11, TINY, played)
        assert first.best in game.legal_moves(state, seat)
        assert first.played_value is not None
        assert first.best_value >= first.played_value - 1e-12
        assert first.swing == pytest.approx(first.best_value - first.played_value)
        assert first.values[0] == (first.best, first.best_value)
        assert 0.0 <= first.before <= 1.0 and first.reason.endswith(".")


def test_a_seat_with_no_move_to_make_is_refused():
    game = engines.get("witch-stones")
    state = game.setup(2, 1, {})
    idle = 1 - game.to_act(state)[0]
    with pytest.raises(ValueError, match="no move to make"):
        analyse(game, state, idle, 1, TINY)
    seat = game.to_act(state)[0]
    with pytest.raises(ValueError, match="not a legal move"):
        analyse(game, state, seat, 1, TINY, "take z99")


def test_what_chance_decides_is_not_said():
    """Ending a turn in Storm of the Gods rolls the next god's die: the description of
    ``end`` on a determinisation names a roll the asker cannot know, so it is not said;
    a move that reads the same on every world is."""
    game = engines.get("storm-of-the-gods")
    rng = random.Random(3)
    state = game.setup(2, 3, {})
    checked = 0
    while game.result(state) is None and checked < 3:
        seat = game.to_act(state)[0]
        moves = game.legal_moves(state, seat)
        if "end" in moves:
            worlds = _worlds(game, state, seat, random.Random(1), 6)
            texts = {game.describe(w, seat, "end", seat) for w in worlds}
            if len(texts) > 1:
                assert said(game, worlds, seat, "end") is None
                checked += 1
        state = game.play(state, seat, rng.choice(moves))
    assert checked == 3
    game = engines.get("witch-stones")
    state = game.setup(2, 1, {})
    seat = game.to_act(state)[0]
    worlds = _worlds(game, state, seat, random.Random(1), 4)
    assert said(game, worlds, seat, game.legal_moves(state, seat)[0])


def test_a_scaled_look_keeps_its_floor():
    big = Look(worlds=6, candidates=10, scan=120, replies=24, plies=2, seconds=1.0)
    assert big.scaled(1.0) == big
    assert big.scaled(0.5) == Look(3, 5, 60, 12, 2, 1.0)
    assert big.scaled(0.0) == Look(1, 2, 8, 4, 2, 1.0)
