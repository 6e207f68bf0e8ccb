"""The When Gods Collide lesson (engines/when_gods_collide/learn.toml) beyond what every
script is held to (tests/learning/test_lessons.py): its words must match the seeded dice it plays,
and, the gods being secret, it may speak of the learner's own god only."""

from __future__ import annotations

import re

import engines
from engines import lesson
from engines.when_gods_collide.state import HERO_NAMES

SLUG = "when-gods-collide"
SQUARE = re.compile(r"\b[a-p](?:1[0-6]|[1-9])\b")


def _positions():
    game, found = engines.get(SLUG), lesson.lesson_of(SLUG)
    assert found is not None
    return game, found, list(lesson.walk(game, found, 1))


def test_each_battle_step_names_the_dice_the_seed_rolled():
    _, _, positions = _positions()
    battle = [(state, step) for state, step in positions if state.phase in ("hero", "move")]
    assert len(battle) >= 6  # king, knight, queen, pawn, bishop, the 6, the Princess, …
    for state, step in battle:
        words = f"{step.rule} {step.ask}"
        if state.hero:
            assert HERO_NAMES[state.hero].removeprefix("the ") in words, step.teaches
            assert str(state.number) in words, step.teaches
            continue
        assert f"rolled a {state.chess}" in words, (step.teaches, state.chess)
        if state.chess in ("rook", "bishop", "queen") or state.number == 6:
            assert f"{state.chess} and {state.number}" in words, (step.teaches, state.number)


def test_the_lesson_never_names_where_the_computers_god_stands():
    _, found, positions = _positions()
    computer = 1 - found.learner
    named_own = False
    for state, step in positions:
        named = set(SQUARE.findall(f"{step.rule} {step.ask} {step.wrong}"))
        if state.gods[computer] >= 0:
            assert state.square_of(state.gods[computer]) not in named, step.teaches
        if state.gods[found.learner] >= 0 and "your god" in step.rule:
            named_own |= state.square_of(state.gods[found.learner]) in named
        # Nothing the script plays makes the computer's god known to the learner.
        assert not state.known[found.learner] and not state.public, step.teaches
    assert named_own  # the god it does speak of is the learner's own, where it stands
    assert not SQUARE.search(found.finish)
