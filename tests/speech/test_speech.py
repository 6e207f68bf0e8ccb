"""The catalogues' machinery (issue 58): which catalogue answers a reader, saying a text
with its facts, the English fallback, the pseudo-locale, Babel's formats and the
catalogue check, on the real catalogues and on small ones made here."""

from __future__ import annotations

import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from fluent.runtime import FluentResource

import speech
from speech import check, formats, pseudo
from speech.catalogue import bundle

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("locale", "language"), [
    ("en-US", "en"), ("en-GB", "en"), ("de", "de"), ("fr", "fr"), ("es-ES", "es"),
    ("es-419", "es"), ("pt-BR", "pt-BR"), ("ja", "en"), ("zh-TW", "en"), (None, "en"),
    ("de_DE.UTF-8", "de"), ("PT-br", "pt-BR"), ("", "en"), (42, "en"), ("qps-ploc", "qps-ploc")])
def test_each_discord_locale_finds_its_catalogue(locale, language):
    assert speech.negotiate(locale) == language


def test_a_discord_locale_object_is_read_by_its_value():
    import discord

    assert speech.negotiate(discord.Locale.brazil_portuguese) == "pt-BR"
    assert speech.negotiate(discord.Locale.latin_american_spanish) == "es"


def test_a_text_is_said_in_the_reader_s_language_with_its_facts():
    said = {language: speech.say(language, "refusal-not-a-value", value="'x9'")
            for language in speech.LANGUAGES}
    assert said["en"] == "That is not a valid value: 'x9'."
    assert said["de"] == "Das ist kein gültiger Wert: 'x9'."
    assert all("'x9'" in words for words in said.values())
    assert len(set(said.values())) == len(speech.LANGUAGES)


def test_a_text_is_a_fact_until_said_and_english_when_printed():
    text = speech.Text("refusal-not-a-value", {"value": "3"})
    assert str(text) == "That is not a valid value: 3."
    assert speech.say("fr", text) == "Ce n'est pas une valeur valide : 3."
    nested = speech.Text("refusal-not-a-value", {"value": speech.Text("refusal-not-here")})
    assert speech.say("es", nested) == \
        "Ese no es un valor válido: No puedes usar este comando aquí.."


def test_a_missing_translation_falls_back_to_english_and_an_unknown_id_raises(monkeypatch):
    real = speech.catalogue.resources

    def without(language):
        found = real(language)
        if language == "de":
            found["refusals"] = FluentResource("refusal-not-here = Nicht hier.\n")
        return found

    bundle.cache_clear()
    monkeypatch.setattr(speech.catalogue, "resources", without)
    try:
        assert speech.say("de", "refusal-not-here") == "Nicht hier."
        assert speech.say("de", "refusal-server-only") == "Use this command in a server."
        assert not speech.has("de", "refusal-server-only")
        with pytest.raises(KeyError):
            speech.say("de", "no-such-text")
    finally:
        bundle.cache_clear()


def test_english_missing_a_fact_is_a_bug_that_raises():
    with pytest.raises(ValueError, match="value"):
        speech.say("en", "refusal-not-a-value")


def test_the_pseudo_locale_lengthens_marks_and_keeps_the_facts():
    english = speech.say("en", "refusal-not-a-value", value="Jürgen")
    fake = speech.say(speech.PSEUDO, "refusal-not-a-value", value="Jürgen")
    assert fake.startswith(pseudo.OPEN) and fake.endswith(pseudo.CLOSE)
    assert "Jürgen" in fake and "Ţĥåţ" in fake
    assert 1.35 <= len(fake) / len(english) <= 1.55
    assert pseudo.hard_coded(fake) == []


def test_hard_coded_text_is_what_stands_outside_every_frame():
    inner = speech.say(speech.PSEUDO, "refusal-not-here")
    outer = speech.say(speech.PSEUDO, "refusal-not-a-value", value=inner)
    assert pseudo.hard_coded(outer) == []
    assert pseudo.hard_coded(f"{outer}\nYour turn, 12") == ["Your turn"]
    assert pseudo.hard_coded("⟦åƀç⟧ 3 · 4") == []


def test_numbers_lists_moments_and_durations_follow_the_reader():
    assert formats.number("de", 12345.5) == "12.345,5"
    assert formats.number("en-US", 12345.5) == "12,345.5"
    assert formats.listed("fr", ["Ana", "Bo", "Cy"]) == "Ana, Bo et Cy"
    assert formats.listed("pt-BR", ["Ana", "Bo"], style="or") == "Ana ou Bo"
    assert formats.duration("de", timedelta(hours=3), relative=True) == "in 3 Stunden"
    assert formats.duration("es-419", timedelta(days=-2), relative=True) == "hace 2 días"
    assert formats.duration("fr", timedelta(days=2)) == "2\N{NO-BREAK SPACE}jours"  # CLDR
    when = datetime(2026, 11, 29, 7, 0, tzinfo=UTC)
    assert formats.moment("en-GB", when, "Europe/Berlin") == "29 Nov 2026, 08:00:00"
    assert formats.moment("pt-BR", when, "America/Sao_Paulo", "short") == "29/11/2026 04:00"
    assert formats.number(speech.PSEUDO, 1000) == "1,000"


def test_the_real_catalogues_pass_the_check():
    assert check.problems() == []


def test_the_check_command_says_so_and_exits_zero():
    done = subprocess.run([sys.executable, "-m", "speech.check"], cwd=ROOT,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout
    assert "complete" in done.stdout


ENGLISH = FluentResource("""
turns-left = { $count ->
    [one] One turn left for { $name }.
   *[other] { $count } turns left for { $name }.
}
hello = Hello, { $name }.
""")


def compare(language: str, source: str) -> list[str]:
    return list(check._compare(language, "t", ENGLISH, FluentResource(source)))


def test_the_check_finds_a_missing_an_extra_and_a_mismatched_entry():
    found = compare("de", """
hello = Hallo, { $nmae }.
goodbye = Tschüss.
""")
    assert found == ["de/t.ftl: turns-left is missing",
                     "de/t.ftl: goodbye is not in English (unused)",
                     "de/t.ftl: hello has the placeholders ['nmae'], English ['name']"]


def test_the_check_wants_every_plural_category_of_the_language():
    """French has ``many`` (« 1 000 000 de tours ») in CLDR; German does not."""
    two = """
hello = { $name } !
turns-left = { $count ->
    [one] Un tour pour { $name }.
   *[other] { $count } tours pour { $name }.
}
"""
    assert compare("de", two) == []
    assert compare("fr", two) == ["fr/t.ftl: turns-left lacks the plural forms ['many']"]
    many = "    [many] { $count } de tours pour { $name }.\n"
    three = two.replace("   *[other]", many + "   *[other]")
    assert compare("fr", three) == []


def test_the_check_finds_a_file_that_does_not_parse():
    found = compare("es", "hello = Hola, { $name\nturns-left = x { $count } { $name }\n")
    assert any("does not parse" in line for line in found)


def test_the_check_finds_an_english_entry_the_code_never_says():
    assert check.unused({"refusals": FluentResource("never-said-by-anything = x\n"),
                         "commands": FluentResource("name-whatever = whatever\n")}) == [
        ("refusals", "never-said-by-anything")]
    assert check.unused({"refusals": FluentResource("refusal-not-here = x\n")}) == []
