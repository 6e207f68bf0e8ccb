"""Every game's rules text in every catalogue's language (issue 58), each a translation
of the English one: the same ``code`` spans in the same order (one move notation for
all languages), the same headings, the same sections in the same order, the same
numbered steps; and ``rules_text``/``rules_section`` read them by language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import engines
import speech
from tests.toy_game import registered

ROOT = Path(engines.__file__).parent / "rules"
SLUGS = [s.slug for s in engines.specs()]
TRANSLATIONS = [language for language in speech.LANGUAGES if language != speech.ENGLISH]
PAIRS = [(slug, language) for slug in SLUGS for language in TRANSLATIONS]
CODE = re.compile(r"`([^`]+)`")
HEADING = re.compile(r"^(#+) ", re.MULTILINE)
NUMBERED = re.compile(r"^(?:\*\*)?(\d+)\.", re.MULTILINE)


def text(slug: str, language: str) -> str:
    folder = ROOT if language == speech.ENGLISH else ROOT / language
    return (folder / f"{slug}.md").read_text("utf-8")


def test_every_language_has_every_games_rules():
    missing = [f"{language}/{slug}.md" for slug, language in PAIRS
               if not (ROOT / language / f"{slug}.md").is_file()]
    assert not missing
    assert sorted(p.name for p in ROOT.iterdir() if p.is_dir()) == sorted(TRANSLATIONS)


@pytest.mark.parametrize(("slug", "language"), PAIRS)
def test_a_translation_keeps_every_code_span_in_order(slug, language):
    assert CODE.findall(text(slug, language)) == CODE.findall(text(slug, speech.ENGLISH))


@pytest.mark.parametrize(("slug", "language"), PAIRS)
def test_a_translation_keeps_the_headings_sections_and_numbered_steps(slug, language):
    english, translated = text(slug, speech.ENGLISH), text(slug, language)
    assert HEADING.findall(translated) == HEADING.findall(english)
    assert NUMBERED.findall(translated) == NUMBERED.findall(english)
    assert len(engines.rules_sections(slug, language)) == len(engines.rules_sections(slug))
    assert translated.count("\n- ") == english.count("\n- ")  # every ruling, one a line
    assert engines.rules_text(slug, language) == translated
    assert len(translated) < 6000  # as the English (test_contract): a few messages
    titles = {spec.slug: spec.title for spec in engines.specs()}
    assert titles[slug] in translated.splitlines()[0]  # the title kept as published


def test_a_language_without_its_file_reads_english_and_no_language_is_a_path():
    with registered() as toy:  # a game whose rules have no translation
        assert engines.rules_text(toy.slug, "de") == engines.rules_text(toy.slug)
    english = engines.rules_text("terra")
    for language in ("qps-ploc", "xx", "../en", "de/../..", "", "DE"):
        assert engines.rules_text("terra", language) == english
    assert engines.rules_text("terra", "pt-BR").startswith("# Terra\n\n**Objetivo:**")


def test_a_section_by_its_name_in_the_language_or_in_english():
    labels = engines.section_labels("storm-of-the-gods", "fr")
    assert list(labels) == list(engines.rules_sections("storm-of-the-gods"))
    assert labels["Wind"] == "Vent" and labels["Our rulings"] == "Nos arbitrages"
    wind = engines.rules_section("storm-of-the-gods", "wind", "fr")
    assert wind is not None and wind.startswith("**1. Vent.**") and "`wind sw`" in wind
    assert engines.rules_section("storm-of-the-gods", " VENT ", "fr") == wind
    assert engines.rules_section("storm-of-the-gods", "Vent") is None  # not in English
    pieces = engines.rules_section("witch-stones", "Pièces", "fr")  # "**Pièces (81) :**"
    assert pieces is not None and pieces.startswith("**Pièces (81)\u00a0:**")
    refusal = engines.no_section("terra", "Wind", "de")
    assert speech.say("de", refusal) == (
        "Die Regeln von Terra haben keinen Abschnitt „Wind“; es gibt: Ziel, Aufbau, Ein Zug, "
        "Wertung, Ende, Optionen, Unsere Regelauslegungen.")
