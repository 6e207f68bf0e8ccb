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
    titles = {spec.slug: spec.title for spec in engines.specs()}
    assert titles[slug] in translated.splitlines()[0]  # the title kept as published
