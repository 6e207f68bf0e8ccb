"""The score-margin greedy player (issue 57's outside yardstick, ``bench.ai --opponent
margin``): it plays a legal move, the same from the same seed, and no other move leaves
its seat a larger margin (a win above every margin, a loss below)."""

from __future__ import annotations

import random

import pytest

import engines
from engines.ai import MarginGreedyPlayer
from engines.ai.players import margin_after


@pytest.mark.parametrize("slug", ["witch-stones", "angry-gods"])
def test_it_takes_the_largest_margin_every_time(slug):
    """In games with nothing hidden the world it looks at is the position itself."""
    game = engines.get(slug)
    player, rng = MarginGreedyPlayer(), random.Random(slug)
    state = game.setup(2, 7, {})
    for ply in range(200):
        if game.result(state) is not None:
            break
        seat = game.to_act(state)[0]
        legal = game.legal_moves(state, seat)
        chosen = player.decide(game, state, seat, ply).move
        assert chosen == player.decide(game, state, seat, ply).move
        best = max(margin_after(game, game.play(state, seat, m), seat) for m in legal)
        assert margin_after(game, game.play(state, seat, chosen), seat) == best
        state = game.play(state, seat, rng.choice(legal))


def test_a_win_counts_above_any_margin_and_a_loss_below():
    game = engines.get("witch-stones")
    state = game.setup(2, 7, {})
    running = margin_after(game, state, 0)
    assert running[0] == 0
    over = state
    rng = random.Random(3)
    while game.result(over) is None:
        seat = game.to_act(over)[0]
        over = game.play(over, seat, rng.choice(game.legal_moves(over, seat)))
    winner = game.result(over).ranking[0]
    assert len(winner) == 1
    [won] = winner
    assert margin_after(game, over, won) > (0, 10**9) > (0, -10**9) > \
        margin_after(game, over, 1 - won)
