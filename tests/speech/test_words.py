"""Texts of several parts (issue 58): :class:`speech.Lines` and :class:`speech.Listed`
are their English as a ``str`` and are said part by part in any language; a text kept
as facts (:func:`speech.stored`) comes back the same, and English kept before texts were
facts comes back as itself; names filled into a text's facts stay facts."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import speech
from speech import Lines, Listed, Text, pseudo

NOT_A_VALUE = Text("refusal-not-a-value", {"value": "x9"})


def test_lines_are_their_english_and_are_said_part_by_part():
    lines = Lines([NOT_A_VALUE, "Ana", Listed(["Ana", "Bo", "Cy"])])
    assert lines == "That is not a valid value: x9.\nAna\nAna, Bo, and Cy"
    assert speech.said("de", lines) == ("Das ist kein gültiger Wert: x9.\nAna\n"
                                        "Ana, Bo und Cy")
    assert speech.said("fr", Listed(["Ana", "Bo"], "or")) == "Ana ou Bo"


def test_a_plain_str_passes_through_in_every_language():
    assert speech.said("de", "Ana e5") == "Ana e5"


def test_in_the_pseudo_locale_only_plain_parts_stand_outside_the_frames():
    shown = speech.said(speech.PSEUDO, Lines([NOT_A_VALUE, "Ana",
                                              Listed(["Ana", "Bo"]), "not said"]))
    assert pseudo.hard_coded(shown) == ["Ana", "not said"]


def test_lines_nest_and_pickle():
    nested = Lines(["Ana", Lines([NOT_A_VALUE, "Bo"])])
    assert speech.said("es", nested).splitlines()[1] == "Ese no es un valor válido: x9."
    again = pickle.loads(pickle.dumps(nested))
    assert speech.said("es", again) == speech.said("es", nested)


def test_names_fill_the_facts_and_parts_never_the_catalogue_words():
    text = Lines([Text("refusal-not-a-value", {"value": "{seat0}"}), "{seat1}"])
    filled = speech.filled(text, lambda s: s.replace("{seat0}", "Ana")
                           .replace("{seat1}", "Bo"))
    assert speech.said("de", filled) == "Das ist kein gültiger Wert: Ana.\nBo"


words = st.recursive(
    st.text(max_size=8).filter(lambda s: not s.startswith('{"')),
    lambda inner: st.builds(lambda v: Text("refusal-not-a-value", {"value": v}),
                            inner | st.integers(-10**6, 10**6) | st.floats(-1e6, 1e6))
    | st.lists(inner, max_size=3).map(Lines)
    | st.lists(inner, max_size=3).map(Listed), max_leaves=8)


@settings(deadline=None, derandomize=True)  # the same examples every run, however loaded
@given(words)
def test_a_stored_text_is_restored_and_said_the_same(words):
    restored = speech.restored(speech.stored(words))
    assert speech.said("fr", restored) == speech.said("fr", words)
    assert type(restored) is type(words)


@pytest.mark.parametrize("old", ["{seat0} took the moon on e5 (+2).", "", '{"broken',
                                 '{"id": 3, "facts": {}}', "{seat1} passes."])
def test_english_stored_before_texts_were_facts_comes_back_as_itself(old):
    assert speech.restored(old) == old
    assert speech.said("de", speech.restored(old)) == old


