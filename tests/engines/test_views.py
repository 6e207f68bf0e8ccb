"""Every game's views are what its view type says (engines/view.py and the game's own
``TypedDict``), and :class:`engines.view.Common` reads the fields every layer reads."""

from __future__ import annotations

import itertools
import random

import pytest

import engines
from engines.view import Common, View, problems

GAMES = engines.all()
MOVES = 400


class Small(View):
    board: dict[str, int]
    note: str | None


def test_problems_names_a_missing_an_unknown_and_a_wrong_key():
    good = {"to_act": [0], "scores": [1, 2.5], "last": [], "board": {"a1": 2}, "note": None}
    assert problems(good, Small) == []
    assert problems({**good, "phase": "start", "players": 2}, Small) == []
    wrong = {**good, "board": {"a1": "two"}, "extra": 1}
    del wrong["last"]
    assert problems(wrong, Small) == [
        "no 'last'", "'extra' is not in Small", "'board' is {'a1': 'two'}, not dict[str, int]"]
    assert problems({**good, "to_act": [True]}, Small) != []


def test_common_reads_the_fields_every_layer_reads():
    seen = Common.of({"to_act": [1], "scores": [3, 4, 5], "last": ["a1"], "phase": "move"})
    assert seen == Common((1,), (3, 4, 5), ("a1",), 3, "move", False)
    assert Common.of({"to_act": [], "scores": [], "last": [], "players": 2}).over


@pytest.mark.parametrize("game", GAMES, ids=[g.slug for g in GAMES])
def test_every_view_is_what_its_type_says(game):
    """At the fewest and the most seats, with each option changed from its default."""
    typed = engines.spec(game.slug).view_type
    changed = [{o.name: (not o.default) if isinstance(o.default, bool)
                else (o.choices[-1] if o.choices else o.default)} for o in game.options]
    for players, options in itertools.product(sorted({game.min_players, game.max_players}),
                                              [{}, *changed]):
        rng = random.Random(players)
        state = game.setup(players, 7, options)
        for _ in range(MOVES):
            for viewer in (None, *range(players)):
                view = game.view(state, viewer)
                assert problems(view, typed) == [], (viewer, view)
                seen = Common.of(view)
                assert list(seen.to_act) == game.to_act(state)
                assert seen.players == players and len(seen.scores) == players
                assert seen.over == (game.result(state) is not None)
            if game.result(state) is not None:
                break
            seat = game.to_act(state)[0]
            state = game.play(state, seat, rng.choice(game.legal_moves(state, seat)))
