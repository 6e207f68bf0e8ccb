"""Every registered game keeps the engine contract of docs/DESIGN.md (names, purity, JSON)."""

from __future__ import annotations

import json
import random

import pytest

import engines
import rendering
from engines.base import Game, IllegalMove

GAMES = engines.all()
MOVE_BOUND = 20000


@pytest.fixture(params=GAMES, ids=[g.slug for g in GAMES])
def game(request) -> Game:
    return request.param


def test_get_and_all_agree():
    assert [engines.get(g.slug) for g in GAMES] == GAMES
    with pytest.raises(KeyError, match="no game"):
        engines.get("chess")


def test_contract_names_and_rules_text(game):
    assert isinstance(game, Game)
    assert 2 <= game.min_players <= game.max_players <= 6
    text = engines.rules_text(game.slug)
    assert game.title.split()[0] in text and len(text) < 6000


def test_every_part_the_spec_names_is_there(game):
    """Registration finds the modules a spec names without importing them; here each part
    is imported and is what it should be."""
    spec = engines.spec(game.slug)
    assert spec.game is game and spec.problems() == []
    assert callable(spec.render()) and callable(spec.render_text())
    assert spec.adjust() is None or callable(spec.adjust())
    hard = spec.hard_player()
    assert hard is None or callable(hard.decide)


def test_unknown_option_refused(game):
    with pytest.raises(ValueError, match="unknown option"):
        game.setup(game.min_players, 1, {"no_such_option": "1"})


@pytest.mark.parametrize("players", ["fewer", "more"])
def test_wrong_number_of_players_refused(game, players):
    """Every engine checks its seats the same way, naming the game (GameBase)."""
    count = game.min_players - 1 if players == "fewer" else game.max_players + 1
    with pytest.raises(ValueError, match=f"^{game.title} is for .* players$"):
        game.setup(count, 1, {})


def test_a_move_out_of_turn_is_refused_in_the_same_words(game):
    state = game.setup(game.min_players, 1, {})
    waiting = [s for s in range(game.min_players) if s not in game.to_act(state)]
    with pytest.raises(IllegalMove, match=r"^it is not your turn: \{seat\d\} is to move$"):
        game.play(state, waiting[0], game.legal_moves(state, game.to_act(state)[0])[0])


@pytest.mark.parametrize("players_offset", [0, -1])
def test_random_game_through_the_contract(game, players_offset):
    players = game.min_players if players_offset == 0 else game.max_players
    rng = random.Random(players)
    state = game.setup(players, 2024, {})
    assert game.dump(game.setup(players, 2024, {})) == game.dump(state), "seed decides"
    for step in range(MOVE_BOUND):
        if game.result(state) is not None:
            break
        acting = game.to_act(state)
        assert acting, "a running game has a seat to act"
        seat = acting[0]
        moves = game.legal_moves(state, seat)
        assert moves and all(isinstance(m, str) and m == m.strip() for m in moves)
        for other in set(range(players)) - set(acting):
            assert game.legal_moves(state, other) == []
        move = rng.choice(moves)
        assert isinstance(game.describe(state, seat, move, None), str)
        before = json.dumps(game.dump(state), sort_keys=True)
        after = game.play(state, seat, move)
        assert json.dumps(game.dump(state), sort_keys=True) == before, "play never mutates"
        if step % 25 == 0:
            for viewer in (None, *range(players)):
                view = game.view(after, viewer)
                json.dumps(view)
                assert {"board", "to_act", "last"} <= view.keys()
            assert game.load(json.loads(json.dumps(game.dump(after)))) == after
        state = after
    result = game.result(state)
    assert result is not None, f"no end within {MOVE_BOUND} moves"
    assert sorted(s for group in result.ranking for s in group) == list(range(players))
    assert game.to_act(state) == []
    png = rendering.render(game.slug, game.view(state, None), names=["Ana"] * players)
    assert png.startswith(b"\x89PNG") and len(png) < 300_000


def test_a_move_from_nowhere_explains(game):
    state = game.setup(game.min_players, 5, {})
    seat = game.to_act(state)[0]
    with pytest.raises(IllegalMove) as info:
        game.play(state, seat, "xyzzy plugh")
    assert str(info.value)
