"""A refusal's ``rule`` names a section of its game's rules text, and that section can be
read alone (``/rules game: section:``, the console's ``rules A turn``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import engines
from engines.base import IllegalMove
from engines.storm_of_the_gods import actions
from service.match.turns import rule_pointer

ROOT = Path(engines.__file__).parent
LABEL = re.compile(r'rule="([^"]+)"')


def sources(slug: str) -> list[Path]:
    """The game's own source files (a package, or one module)."""
    name = slug.replace("-", "_")
    package = ROOT / name
    return sorted(package.rglob("*.py")) if package.is_dir() else [ROOT / f"{name}.py"]


@pytest.mark.parametrize("slug", [s.slug for s in engines.specs()])
def test_every_rule_a_game_names_is_a_section_of_its_rules(slug):
    named = {label for path in sources(slug) for label in LABEL.findall(path.read_text())}
    assert named, f"{slug} names no rule"
    missing = sorted(label for label in named if engines.rules_section(slug, label) is None)
    assert not missing, f"{slug}: no section {missing}; it has {list(engines.rules_sections(slug))}"


def test_storm_names_its_sections_by_the_phase():
    """Storm's refusals take their section from the phase (``actions.section``)."""
    for label in ("Wind", "Development"):
        assert label in actions.section.__code__.co_consts
        assert engines.rules_section("storm-of-the-gods", label)


def test_a_section_runs_from_its_label_to_the_next():
    turn = engines.rules_section("terra", "a  TURN")  # any case and spacing
    assert turn is not None
    assert turn.startswith("**A turn**") and "`war e5`" in turn
    assert "**Scoring**" not in turn and "Centre (5)" not in turn
    wind = engines.rules_section("storm-of-the-gods", "Wind")  # "**1. Wind.**"
    assert wind is not None and wind.startswith("**1. Wind.**")
    assert engines.rules_section("witch-stones", "Pieces")  # "**Pieces (81):**"
    assert engines.rules_section("terra", "Wind") is None


def test_a_refusal_points_to_its_section_only_when_there_is_one():
    assert rule_pointer("terra", IllegalMove("x", rule="A turn")) == \
        ' See "A turn" in the rules.'
    assert rule_pointer("terra", IllegalMove("x")) == ""
    assert rule_pointer("terra", IllegalMove("x", rule="Wind")) == ""
