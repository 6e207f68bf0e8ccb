"""Every game has its table of refusals (``tests/engines/test_why_<game>.py``), and each table
watches every source file of its game that words a refusal, so a new file's
``IllegalMove("…")`` cannot go without a case (the table's own last test then fails)."""

from __future__ import annotations

import importlib
import re
import sys
from pathlib import Path

import pytest

import engines
from tests.why_sites import ROOT, refused, sites

NOT_RULES = ("computer.py", "planner.py")
"""The computer players' files: they never refuse a player's move."""


def source(game: object) -> Path:
    return Path(sys.modules[type(game).__module__].__file__ or "").resolve()


def game_files(slug: str) -> list[str]:
    """The source files of the game ``slug`` (its module, or its package's modules)."""
    path = source(engines.get(slug))
    files = sorted(path.parent.glob("*.py")) if path.parent.name != "engines" else [path]
    return [str(f.relative_to(ROOT)) for f in files if f.name not in NOT_RULES]


GAMES = [s.slug for s in engines.specs() if ROOT / "engines" in source(s.game).parents]
"""The games of ``engines/`` (not a test's registered toy)."""


def test_the_five_games_are_found():
    assert sorted(GAMES) == ["angry-gods", "storm-of-the-gods", "terra", "when-gods-collide",
                             "witch-stones"]


@pytest.mark.parametrize("slug", GAMES)
def test_each_game_has_a_table_watching_every_file_that_refuses(slug):
    table = importlib.import_module(f"tests.engines.test_why_{slug.replace('-', '_')}")
    watched = {path for path, _ in table.SPANS}
    refusing = {path for path in game_files(slug) if sites(path)}
    assert refusing - watched == set()
    assert table.CASES and all(case.says for case in table.CASES)


def plain(text: str) -> str:
    """Text as read: no Markdown emphasis or code marks, one space, lower case."""
    return " ".join(re.sub(r"[*`]", "", text).lower().split())


@pytest.mark.parametrize("slug", GAMES)
def test_refusals_say_the_rules_texts_own_words(slug):
    """Each of the table's QUOTES is in the game's rules text and in a refusal: the
    sentences a player reads when refused are those of the rules they can look up."""
    table = importlib.import_module(f"tests.engines.test_why_{slug.replace('-', '_')}")
    rules = plain(engines.rules_text(slug))
    said = [plain(str(refused(table.GAME, case, table.SPANS)[0])) for case in table.CASES]
    assert len(table.QUOTES) >= 4
    for quote in table.QUOTES:
        assert quote in rules, quote
        assert any(quote in text for text in said), quote
