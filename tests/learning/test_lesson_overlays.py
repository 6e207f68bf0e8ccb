"""Each lesson's words in each language (issue 58): an overlay beside the script holding
exactly the script's texts (none missing, none extra, no moves), the steps in the script's
order, every `code` span the learner types exactly as in English (a slash command as the
language names it), and the lesson as played identical in every language."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

import engines
import speech
from engines import lesson
from engines.lesson_script import (
    LANGUAGES,
    LessonError,
    code_spans,
    overlay_name,
    overlay_path,
    problems,
    translated,
    words,
)

LESSONS = [s.slug for s in engines.specs() if s.learn is not None]
MINI = """
title = "Mini"
players = 1
seed = 1
finish = "Done, see `/rules`."

[[steps]]
teaches = "a"
rule = "Write `take h7`."
ask = "Take h7: `take h7`."
moves = ["take h7"]
wrong = "No."
try_wrong = "take a1"
"""
GOOD = """
title = "Mini (de)"
finish = "Fertig, siehe `/regeln`."

[[steps]]
teaches = "a"
rule = "Schreib `take h7`."
ask = "Nimm h7: `take h7`."
wrong = "Nein."
"""


def test_every_lesson_has_a_sound_overlay_in_every_language():
    assert set(LANGUAGES) == set(speech.LANGUAGES) - {speech.ENGLISH}
    for slug in LESSONS:
        script = engines.spec(slug).learn
        source = lesson.parse(script.read_text("utf-8"))
        for language in LANGUAGES:
            path = overlay_path(script, language)
            assert path is not None and path.is_file(), (slug, language)
            assert problems(source, path.read_text("utf-8"), language) == [], (slug, language)


@pytest.mark.parametrize("slug", LESSONS)
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_translated_lesson_plays_as_the_english_one(slug, language):
    english, theirs = lesson.lesson_of(slug), lesson.lesson_of(slug, language)
    assert english is not None and theirs is not None
    assert [dataclasses.replace(s, rule="", ask="", wrong="") for s in theirs.steps] == \
        [dataclasses.replace(s, rule="", ask="", wrong="") for s in english.steps]
    assert (theirs.seed, theirs.players, theirs.learner, theirs.opening, theirs.options) == \
        (english.seed, english.players, english.learner, english.opening, english.options)
    mine, source = words(theirs), words(english)
    assert mine.keys() == source.keys()
    for where, text in mine.items():
        assert text.strip() and text != source[where], (where, text)  # translated
        assert code_spans(text) == code_spans(source[where], language), where
    # Each step still names its right moves where the English names them.
    for step, own in zip(english.steps, theirs.steps, strict=True):
        for move in step.moves:
            if f"`{move}`" in step.ask:
                assert f"`{move}`" in own.ask


def test_the_overlay_beside_each_kind_of_script():
    assert overlay_name("learn.toml", "de") == "learn.de.toml"
    assert overlay_name("witch_stones.learn.toml", "pt-BR") == "witch_stones.learn.pt-BR.toml"
    assert overlay_path("not a path", "de") is None


def test_a_sound_overlay_replaces_only_the_words():
    source = lesson.parse(MINI)
    assert problems(source, GOOD, "de") == []
    made = translated(source, GOOD, "de")
    assert (made.title, made.finish) == ("Mini (de)", "Fertig, siehe `/regeln`.")
    assert (made.steps[0].rule, made.steps[0].ask, made.steps[0].wrong) == (
        "Schreib `take h7`.", "Nimm h7: `take h7`.", "Nein.")
    assert made.steps[0].moves == ("take h7",) and made.seed == source.seed


@pytest.mark.parametrize(("change", "said"), [
    (("wrong = \"Nein.\"\n", ""), "steps.1.wrong: missing"),
    (("title = \"Mini (de)\"\n", ""), "title: missing"),
    (("wrong = \"Nein.\"\n", "wrong = \"Nein.\"\nmoves = [\"take a1\"]\n"),
     "steps.1.moves: not a text of the script"),
    (("finish = ", "seed = 2\nfinish = "), "seed: not a text of the script"),
    (("teaches = \"a\"", "teaches = \"b\""), "steps: teaches ['b'], the script ['a']"),
    (("Nimm h7: `take h7`.", "Nimm h7: `take h8`."), "steps.1.ask: code spans"),
    (("Nimm h7: `take h7`.", "Nimm h7."), "steps.1.ask: code spans"),
    (("`/regeln`", "`/rules`"), "finish: code spans ['`/rules`'], wanted ['`/regeln`']"),
    (("wrong = \"Nein.\"", "wrong = \"  \""), "steps.1.wrong: must be a non-empty string"),
    (("[[steps]]", "[[steps]]\nteaches = \"a\"\nrule = \"x\"\nask = \"y\"\nwrong = \"z\"\n"
      "[[steps]]"), "not a text of the script"),
    (("title = ", "title = [\n"), "not TOML"),
])
def test_an_overlay_that_is_not_sound_is_refused(change, said):
    source = lesson.parse(MINI)
    broken = GOOD.replace(*change, 1)
    assert broken != GOOD
    found = problems(source, broken, "de")
    assert any(said in line for line in found), found
    with pytest.raises(LessonError):
        translated(source, broken, "de")


def test_the_code_spans_are_counted_and_commands_named_in_the_language():
    assert code_spans("`a` and `a`, `b`") == Counter({"`a`": 2, "`b`": 1})
    assert code_spans("see `/rules`", "fr") == Counter({"`/règles`": 1})
    assert code_spans("see `/rules`") == Counter({"`/rules`": 1})
    assert code_spans("`take h7`", "es") == Counter({"`take h7`": 1})


def test_a_language_without_an_overlay_is_the_english(tmp_path, monkeypatch):
    script = tmp_path / "learn.toml"
    script.write_text(MINI, encoding="utf-8")
    spec = dataclasses.replace(engines.spec("witch-stones"), learn=script)
    monkeypatch.setattr(engines, "spec", lambda slug: spec)
    lesson.lesson_of.cache_clear()
    try:
        assert lesson.lesson_of("mini", "fr") == lesson.parse(MINI)
        (tmp_path / "learn.de.toml").write_text(GOOD, encoding="utf-8")
        assert lesson.lesson_of("mini", "de").title == "Mini (de)"
        (tmp_path / "learn.es.toml").write_text(GOOD.replace("`take h7`.\"", "\"", 1),
                                                encoding="utf-8")
        with pytest.raises(LessonError, match=r"learn\.es\.toml"):
            lesson.lesson_of("mini", "es")
    finally:
        lesson.lesson_of.cache_clear()
