"""Kayles, a toy game defined entirely inside the tests: the proof that a game declares
itself once. Its engine (:mod:`.engine`), picture (:mod:`.picture`), rules text
(``rules.md``) and :data:`SPEC` live here; :func:`registered` adds it to the registry for
the length of a test and takes it out again. docs/ADDING_A_GAME.md walks through it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import engines
from engines.spec import Budget, Computer, GameSpec
from tests.toy_game.engine import GAME, Kayles, KaylesView

SPEC = GameSpec(
    GAME, order=90,
    rules=Path(__file__).with_name("rules.md"),
    renderer="tests.toy_game.picture:render",
    text_board="tests.toy_game.picture:text_board",
    alt_text="tests.toy_game.picture:alt_text",
    computer=Computer(normal=Budget(iterations=24), hard=Budget(iterations=96, seconds=1.5),
                      scale=3.0),
    view_type=KaylesView,
)


@contextmanager
def registered() -> Iterator[GameSpec]:
    """Kayles is a game while the block runs."""
    engines.register(SPEC)
    try:
        yield SPEC
    finally:
        engines.unregister(SPEC.slug)


__all__ = ["GAME", "SPEC", "Kayles", "KaylesView", "registered"]
