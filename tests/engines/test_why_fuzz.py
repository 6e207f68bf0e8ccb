"""Mistyped and wrong moves in real positions of every game: each is played or refused
with one sentence (an IllegalMove, never another error), and a refusal the service
turns into "Did you mean" suggests only the mover's legal moves."""

from __future__ import annotations

import random
import re

import pytest

import engines
from engines.base import IllegalMove
from service.match.suggest import nearest
from tests.engines.test_why import GAMES

MARKER = re.compile(r"\{seat\d\}")


def mutations(move: str, others: list[str], rng: random.Random) -> list[str]:
    """A few wrong versions of ``move``: a typo, a word dropped, words swapped, a word
    from another legal move, junk added."""
    words = move.split()
    found = []
    i = rng.randrange(len(move))
    found.append(move[:i] + rng.choice("abcxyz019-") + move[i + 1:])
    found.append(move[:i] + move[i + 1:])
    if len(words) > 1:
        found.append(" ".join(words[:-1]))
        found.append(" ".join(reversed(words)))
    other = rng.choice(others).split()
    found.append(" ".join(words[:-1] + other[-1:]))
    found.append(move + " " + rng.choice(("now", "x", "99", "-", "please")))
    return found


@pytest.mark.parametrize("slug", GAMES)
def test_wrong_moves_are_refused_with_one_sentence(slug):
    game = engines.get(slug)
    rng = random.Random(f"fuzz:{slug}")
    refused = 0
    for seed in range(2):
        state = game.setup(game.min_players, seed, {})
        for step in range(60):
            acting = game.to_act(state)
            if not acting:
                break
            seat = acting[0]
            legal = game.legal_moves(state, seat)
            if step % 3 == 0:
                for wrong in mutations(rng.choice(legal), legal, rng):
                    try:
                        game.play(state, seat, wrong)
                    except IllegalMove as error:
                        said = MARKER.sub("Ana", str(error))
                        assert said and "\n" not in said and "{" not in said, (wrong, said)
                        assert "None" not in said, (wrong, said)
                        assert set(nearest(wrong, legal)) <= set(legal)
                        refused += 1
            state = game.play(state, seat, rng.choice(legal))
    assert refused >= 20
