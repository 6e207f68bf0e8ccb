"""No stalling loops: a computer does not redo a change of the board that was undone
since (Terra: an army removes a temple, the other computer rebuilds it, turn after turn;
Storm of the Gods: two computers take the same tile from each other)."""

from __future__ import annotations

from collections import Counter

import engines
from engines.ai import MctsPlayer
from engines.ai.evaluate import evaluate
from engines.ai.repetition import HISTORY, move_key


def play(slug: str, state, seed: int, plies: range, penalty: float,
         history: list[str], budgets: dict | None = None,
         evaluation=evaluate) -> tuple[object, Counter]:
    """Plays computers against each other the way the service does (each shown the
    match's recent moves); counts the moves that redo a change made in that window."""
    game = engines.get(slug)
    searcher = MctsPlayer(budgets, repeat_penalty=penalty, evaluation=evaluation)
    redone: Counter = Counter()
    for ply in plies:
        if game.result(state) is not None:
            break
        seat = game.to_act(state)[0]
        move = searcher.choose(game, state, seat, seed * 1000 + ply, tuple(history))
        after = game.play(state, seat, move)
        key = move_key(game, state, seat, after)
        if key is not None:
            if key in history:
                redone[key] += 1
            history.append(key)
            del history[:-HISTORY]
        state = after
    return state, redone


def test_terra_army_and_rebuild_loop_is_gone():
    # Seed 1 at the normal budget valued by the score margins (the search of the issue),
    # without noticing repetitions: from ply 98 one computer removes the temple on c7
    # with an army, the other rebuilds it, again and again.
    game = engines.get("terra")
    history: list[str] = []
    start, _ = play("terra", game.setup(2, 1, {}), 1, range(90), 0.0, history)
    _, before = play("terra", start, 1, range(90, 150), 0.0, list(history))
    assert sum(before.values()) >= 3 and before.most_common(1)[0][1] >= 2
    assert any('"c7"' in key for key in before)
    _, after = play("terra", start, 1, range(90, 150), MctsPlayer().repeat_penalty,
                    list(history))
    assert sum(after.values()) == 0


def test_storm_tile_ping_pong_is_gone():
    # Seed 8 at the normal level, without noticing repetitions: the two computers take
    # the tile on d8 from each other (plies 26, 33, 65, 71, 90, 104, 112).
    game = engines.get("storm-of-the-gods")
    history: list[str] = []
    start, _ = play(game.slug, game.setup(2, 8, {}), 8, range(20), 0.0, history)
    _, before = play(game.slug, start, 8, range(20, 130), 0.0, list(history))
    d8 = sum(n for key, n in before.items() if '"d8"' in key)
    assert d8 >= 4
    _, after = play(game.slug, start, 8, range(20, 130), MctsPlayer().repeat_penalty,
                    list(history))
    assert sum(n for key, n in after.items() if '"d8"' in key) == 0, after
    # A tile may be taken back once; never round and round.
    assert max(after.values(), default=0) <= 1 and sum(after.values()) < sum(before.values())
