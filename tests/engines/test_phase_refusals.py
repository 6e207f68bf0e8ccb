"""Every refusal names the rule, across phases (issue 57): a move well-formed for another
phase of its game (``suns`` once the sides are chosen, ``tile m11`` in the battle) is
refused with one sentence naming that phase and saying it is over or has not come yet;
a move of the current phase keeps its own reason, and nonsense its "is not a move"."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st

import engines
from engines.base import IllegalMove
from tests.conftest import games_budget, random_games

MOST = 300
"""The longest refusal, in characters: one sentence."""
MOVES = 400
"""At most this many moves a random game (the phases come round long before)."""


@dataclass(frozen=True)
class Kind:
    """A kind of move of a game: examples written in its notation, the phases (the view's
    ``phase``) it is played in, and the words naming those phases in a refusal (any one)."""

    samples: tuple[str, ...]
    phases: tuple[str, ...]
    names: tuple[str, ...]


KINDS: dict[str, dict[str, Kind]] = {
    "witch-stones": {
        "sides": Kind(("suns", "moons", "side moon"), ("side",), ("choosing sides",)),
        "remove": Kind(("take e5", "line e2-e6", "e5", "e2-e6", "line e5"), ("remove",),
                       ("removing pieces",)),
    },
    "angry-gods": {  # one phase: every placement is played in it
        "leader": Kind(("leader red D4", "l y c3"), ("place",), ()),
        "follower": Kind(("follower blue D4n", "f r c3se"), ("place",), ()),
    },
    "storm-of-the-gods": {
        "wind": Kind(("wind n", "wind se", "sw"), ("wind",), ("choosing the wind's direction",)),
        "occupy": Kind(("occupy f5",), ("occupy",), ("occupying",)),
        "skip": Kind(("skip",), ("occupy", "convert"), ("occupying or converting",)),
        "convert": Kind(("convert f5", "convert e6"), ("convert", "develop"), ("converting",)),
        "build": Kind(("build c3", "build d4 keep"), ("develop",), ("development",)),
        "sanctuary": Kind(("sanctuary c3",), ("develop",), ("development",)),
        "destroy": Kind(("destroy c3",), ("develop",), ("development",)),
        "explore": Kind(("explore c4", "explore c4 from c3"), ("develop",), ("development",)),
        "end": Kind(("end",), ("develop",), ("development",)),
    },
    "when-gods-collide": {
        "tiles": Kind(("tile g7", "tile m11"), ("tiles",), ("laying tiles",)),
        "arrange": Kind(("arrange auto",), ("arrange",), ("arranging",)),
        "god": Kind(("god e8", "god g7"), ("god",), ("choosing your god", "choosing the gods")),
        "hero": Kind(("hero", "nohero", "no hero"), ("hero",), ("hero die",)),
        "move": Kind(("c3-c6", "g7-g8", "c3-d5-e7", "fly c3-f6", "push f6-f3", "seth f6",
                      "princess c3-c7"), ("move",), ("the battle", "moving a checker")),
    },
    "terra": {
        "build": Kind(("build castle e5", "town a1", "place farm i9"), ("build",),
                      ("building",)),
        "pass": Kind(("pass",), ("build",), ("building",)),
        "war": Kind(("war e5",), ("build",), ("war",)),
        "nowar": Kind(("nowar",), ("build",), ("war",)),
        "discard": Kind(("discard town", "discard army mine"), ("discard",), ("discard",)),
    },
}
"""Every kind of move of every game, as its notation and its engine read them."""


def kind_of(slug: str, move: str) -> str:
    """The kind of a legal move (as ``legal_moves`` writes it)."""
    first = move.split()[0]
    if slug == "witch-stones":
        return "sides" if move in ("suns", "moons") else "remove"
    if slug == "when-gods-collide":
        if first in ("tile", "arrange", "god"):
            return {"tile": "tiles"}.get(first, first)
        return "hero" if first in ("hero", "nohero") else "move"
    return first


def phase(game, state) -> str:
    """The phase the view shows (a game of one phase: ``place``)."""
    return str(game.view(state, None).get("phase", "place"))


def one_sentence(said: str) -> None:
    assert said and said == said.strip() and "\n" not in said, said
    assert len(said) <= MOST, (len(said), said)


def refusal(game, state, seat: int, move: str) -> str:
    with pytest.raises(IllegalMove) as refused:
        game.play(state, seat, move)
    said = str(refused.value)
    one_sentence(said)
    return said


# ---- the examples ------------------------------------------------------------------


def witch_stones_removing():
    game = engines.get("witch-stones")
    state = game.play(game.setup(2, 1, {}), 1, "moons")
    return game, state, game.to_act(state)[0]


def gods_collide(until: str, seed: int = 5):
    """When Gods Collide from the set-up to the first position in phase ``until``."""
    game = engines.get("when-gods-collide")
    state = game.setup(2, seed, {})
    while state.phase != until:
        seat = game.to_act(state)[0]
        state = game.play(state, seat, game.legal_moves(state, seat)[0])
    return game, state, game.to_act(state)[0]


def test_suns_after_the_sides_are_chosen_says_choosing_sides_is_over():
    game, state, seat = witch_stones_removing()
    said = refusal(game, state, seat, "suns")
    assert said.startswith("choosing sides is over:"), said
    assert "`take e5`" in said and "`line e2-e6`" in said
    assert "is not a move" not in said


@pytest.mark.parametrize(("move", "over"), [
    ("hero", "rolling the hero die is over"),
    ("nohero", "rolling the hero die is over"),
    ("arrange auto", "arranging the armies is over"),
    ("tile m11", "laying tiles is over"),
    ("god e8", "choosing the gods is over"),
])
def test_set_up_and_hero_moves_in_the_battle_say_their_phase_is_over(move, over):
    game, state, seat = gods_collide("move")
    said = refusal(game, state, seat, move)
    assert said.startswith(over), said
    assert "is not a move" not in said
    assert "now move a checker like " in said


@pytest.mark.parametrize(("slug", "until", "move", "said"), [
    ("witch-stones", "side", "take e5", "removing pieces has not come yet"),
    ("when-gods-collide", "tiles", "arrange auto", "arranging your army has not come yet"),
    ("when-gods-collide", "tiles", "c3-c6", "the battle has not come yet"),
    ("when-gods-collide", "god", "arrange auto", "arranging your army is over"),
    ("when-gods-collide", "hero", "c3-c6", "moving a checker has not come yet"),
    ("storm-of-the-gods", "wind", "end", "development has not come yet"),
    ("storm-of-the-gods", "develop", "wind n", "choosing the wind's direction is over"),
    ("storm-of-the-gods", "develop", "skip", "occupying or converting after the wind is over"),
    ("terra", "build", "discard town", "the discard has not come yet"),
    ("terra", "discard", "war e5", "war is over for this turn"),
])
def test_a_move_of_another_phase_names_it(slug, until, move, said):
    game, state, seat = reach(slug, until)
    assert refusal(game, state, seat, move).startswith(said)


@pytest.mark.parametrize(("slug", "until", "move"), [
    ("witch-stones", "remove", "remove e5 now"),
    ("when-gods-collide", "move", "c1 to the moon"),
])
def test_nonsense_is_still_not_a_move(slug, until, move):
    game, state, seat = reach(slug, until)
    assert "is not a move" in refusal(game, state, seat, move)


def reach(slug: str, until: str, players: int = 2):
    """The first position of a random game of ``slug`` in phase ``until``."""
    game = engines.get(slug)
    for seed in range(50):
        rng = random.Random(f"reach:{slug}:{seed}")
        state = game.setup(players, seed, {})
        for _ in range(MOVES):
            acting = game.to_act(state)
            if not acting:
                break
            if phase(game, state) == until:
                return game, state, acting[0]
            state = game.play(state, acting[0], rng.choice(game.legal_moves(state, acting[0])))
    raise AssertionError(f"no {slug} game reached {until}")


# ---- every kind of move at every position of random games -----------------------------------


def check_every_kind(slug: str, game, state, seat: int, seen: dict[str, str]) -> set[str]:
    """Try one example of every kind of move (its samples, and the last legal move of that
    kind seen in this game); the kinds refused here for being of another phase."""
    legal = game.legal_moves(state, seat)
    now = phase(game, state)
    other_phase = set()
    for kind, spec in KINDS[slug].items():
        for move in (*spec.samples, *([seen[kind]] if kind in seen else [])):
            try:
                after = game.play(state, seat, move)
            except IllegalMove as error:
                said = str(error)
                one_sentence(said)
                assert move not in legal, (slug, now, move, said)
                if now not in spec.phases:
                    other_phase.add(kind)
                    assert any(name in said for name in spec.names), (slug, now, move, said)
                    assert " is over" in said or "has not come yet" in said, (now, move, said)
                    assert "is not a move" not in said, (slug, now, move, said)
                continue
            if move not in legal:  # another way to write a legal move: `e5`, `sw`, `town a1`
                words = move.lower().split()[1:] or [move.lower()]
                same = [m for m in legal if any(w in m.lower() for w in words)] or legal
                assert any(game.dump(game.play(state, seat, m)) == game.dump(after)
                           for m in same), (slug, now, move, "accepted but not legal")
    return other_phase


def play_and_check(slug: str, players: int, seed: int, options: dict[str, bool]) -> set[str]:
    """Play a random game of ``slug``, checking every kind of move at every position; the
    kinds refused somewhere for being of another phase."""
    game = engines.get(slug)
    rng = random.Random(f"phases:{slug}:{seed}")
    state = game.setup(players, seed, options)
    seen: dict[str, str] = {}
    other_phase: set[str] = set()
    for _ in range(MOVES):
        acting = game.to_act(state)
        if not acting:
            break
        seat = acting[0]
        other_phase |= check_every_kind(slug, game, state, seat, seen)
        move = rng.choice(game.legal_moves(state, seat))
        seen[kind_of(slug, move)] = move
        state = game.play(state, seat, move)
    return other_phase


@pytest.mark.parametrize("slug", sorted(KINDS))
def test_every_kind_of_move_is_played_or_refused_by_its_phase(slug):
    game = engines.get(slug)
    seats = st.integers(game.min_players, game.max_players)
    options = st.fixed_dictionaries({o.name: st.booleans() for o in game.options
                                     if isinstance(o.default, bool)})
    refused_by_phase: set[str] = set()

    @random_games(games_budget(40))
    @given(players=seats, seed=st.integers(0, 2**31), options=options)
    def games(players: int, seed: int, options: dict[str, bool]) -> None:
        refused_by_phase.update(play_and_check(slug, players, seed, options))

    games()
    # every kind of a game of several phases was met out of its phase (Angry Gods has one)
    assert refused_by_phase == (set() if slug == "angry-gods" else set(KINDS[slug]))
