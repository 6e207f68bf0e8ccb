"""The catalogues and the one way to say something: :func:`say`.

A catalogue is every ``.ftl`` file of a language's folder (Project Fluent: an id, a
pattern with ``{ $placeholders }``, plural and other variants chosen by CLDR's rules for
that language). A language's entry answers; a missing one falls back to English (the
catalogue check, :mod:`speech.check`, fails on it first); an id English lacks is a bug
and raises. Placeables are not wrapped in Unicode isolation marks (``use_isolating``):
the five languages are written left to right and Discord shows the marks' boxes in some
clients.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal
from typing import Any, Protocol, Union, runtime_checkable

from fluent.runtime import FluentBundle, FluentResource
from fluent.syntax import ast as fluent

from speech import pseudo
from speech.locales import ENGLISH, FOLDER, LANGUAGES, PSEUDO, negotiate

Fact = Union[str, int, float, Decimal, date, datetime, "Text"]
"""What a text may be told: names, numbers, moments, or another text (said first)."""


@dataclass(frozen=True)
class Text:
    """A text not yet said: its catalogue id and its facts. What the service hands a
    front end (a refusal, a post) so that each reader gets it in their own language;
    ``str()`` is the English, for logs and for callers that have no reader."""

    id: str
    facts: Mapping[str, Fact] = field(default_factory=dict)

    def __str__(self) -> str:
        return say(ENGLISH, self)


def resources(language: str) -> dict[str, fluent.Resource]:
    """A language's catalogue files, parsed, by file name (``refusals``, ``commands``)."""
    return {path.stem: FluentResource(path.read_text(encoding="utf-8"))
            for path in sorted((FOLDER / language).glob("*.ftl"))}


@functools.cache
def bundle(language: str) -> FluentBundle:
    """The language's catalogue, ready to format (the pseudo-locale's is English's,
    accented)."""
    source = ENGLISH if language == PSEUDO else language
    made = FluentBundle([source.replace("-", "_")], use_isolating=False)
    for resource in resources(source).values():
        made.add_resource(pseudo.accented(resource) if language == PSEUDO else resource)
    return made


def has(locale: object, message_id: str) -> bool:
    """Whether the catalogue that answers ``locale`` has ``message_id`` itself (no
    fallback); ``id.attribute`` names one of a message's attributes."""
    found = bundle(negotiate(locale))
    message_id, _, attribute = message_id.partition(".")
    if not found.has_message(message_id):
        return False
    return not attribute or attribute in found.get_message(message_id).attributes


def say(locale: object, text: Text | str, /, **facts: Fact) -> str:
    """``text`` (a :class:`Text`, or an id and its facts) in the language that answers
    ``locale``. A fact that is a :class:`Text` is said first, in the same language."""
    language = negotiate(locale)
    if isinstance(text, Text):
        facts = {**text.facts, **facts}
        text = text.id
    args = {name: _said(language, value) for name, value in facts.items()}
    for candidate in dict.fromkeys((language, ENGLISH)):
        words = _format(candidate, text, args)
        if words is not None:
            return pseudo.framed(words) if language == PSEUDO else words
    raise KeyError(f"no catalogue has the text {text!r}")


@runtime_checkable
class Parts(Protocol):
    """A text of several parts (:class:`speech.Lines`, :class:`speech.Listed`)."""

    def said_in(self, locale: object) -> str: ...


def _said(language: str, fact: Fact) -> Any:
    """A fact as it goes into a pattern: a text said first, in the same language."""
    if isinstance(fact, Text):
        return say(language, fact)
    if isinstance(fact, Parts):
        return fact.said_in(language)
    return fact


def _format(language: str, message_id: str, args: dict[str, Any]) -> str | None:
    """The message in one catalogue (``id.attribute``: one of its attributes); None if it
    has no such message or the translation cannot be formatted with these facts (the
    English one then answers)."""
    found = bundle(language)
    name, _, attribute = message_id.partition(".")
    if not found.has_message(name):
        return None
    message = found.get_message(name)
    pattern = message.attributes.get(attribute) if attribute else message.value
    if pattern is None:
        return None
    words, errors = found.format_pattern(pattern, args)
    if errors and language in (ENGLISH, PSEUDO):
        raise ValueError(f"{message_id}: {errors[0]}")
    return None if errors else str(words)


assert LANGUAGES[0] == ENGLISH
