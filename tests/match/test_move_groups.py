"""The picker's grouping of moves (service/match/move_groups.py), on every game's real moves."""

from __future__ import annotations

import random

import pytest

import engines
from service.match.move_groups import MENU_SIZE, Group, move_groups, node_size


def positions(slug: str, steps: int = 60, seed: int = 7) -> list[list[str]]:
    """The legal move lists met in a random match of ``slug``."""
    game = engines.get(slug)
    players = max(game.min_players, min(3, game.max_players))
    state = game.setup(players, seed, game.parse_options({}))
    rng = random.Random(seed)
    found = []
    for _ in range(steps):
        if game.result(state) is not None:
            break
        seat = game.to_act(state)[0]
        moves = game.legal_moves(state, seat)
        found.append(moves)
        state = game.play(state, seat, rng.choice(moves))
    return found


def reachable(moves: list[str], prefix: str = "", depth: int = 0) -> list[int]:
    """Every move index the picker reaches from ``prefix``, checking each level."""
    groups = move_groups(moves, prefix)
    assert depth < 12, prefix
    indexes = [i for g in groups for i in g.moves]
    assert sorted(indexes) == [i for i, m in enumerate(moves) if m.startswith(prefix)]
    found = []
    for group in groups:
        if group.is_move:
            assert group.key == moves[group.moves[0]]
            found.extend(group.moves)
        else:
            assert all(moves[i].startswith(group.key) for i in group.moves)
            assert node_size(moves, group.key) == len(group.moves) < len(indexes)
            found.extend(reachable(moves, group.key, depth + 1))
    return found


@pytest.mark.parametrize("slug", [g.slug for g in engines.all()])
def test_every_move_is_reached_once_through_groups_that_narrow(slug):
    many = [moves for moves in positions(slug) if len(moves) > MENU_SIZE]
    for moves in many:
        assert sorted(reachable(moves)) == list(range(len(moves)))


def test_a_small_list_is_the_moves_themselves():
    moves = ["suns", "moons", "take a1"]
    assert move_groups(moves) == [Group(m, (i,)) for i, m in enumerate(moves)]


def test_shared_words_are_skipped_and_squares_grouped_by_column():
    moves = [f"take {c}{r}" for c in "abcdefg" for r in range(1, 6)]  # 35 moves
    groups = move_groups(moves)
    assert [g.key for g in groups] == [f"take {c}" for c in "abcdefg"]
    assert groups[0].label(moves) == "take a… (5 moves)"
    assert [moves[i] for i in move_groups(moves, "take b")[0].moves] == ["take b1"]


def test_a_dash_ends_a_word_and_a_lone_move_is_itself():
    moves = [f"e1-f{r}" for r in range(1, 21)] + ["a1-b2"] + [f"c3-d{r}" for r in range(6)]
    groups = move_groups(moves)
    assert [g.key for g in groups] == ["e1-", "a1-b2", "c3-"]
    assert groups[2] == Group("c3-", tuple(range(21, 27)))
    lone = next(g for g in groups if g.key == "a1-b2")
    assert lone.is_move and lone.label(moves) == "a1-b2"


def test_too_many_groups_are_left_for_the_caller_to_page():
    moves = [f"go {c}{d}" for c in "abcdefghijklmnopqrstuvwxyz" for d in "01"]
    groups = move_groups(moves)  # 26 letters: the words (52) are paged instead
    assert len(groups) == len(moves) and all(g.is_move for g in groups)
