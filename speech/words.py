"""Texts made of several texts, and the one function that says any of them: :func:`said`.

A post is rarely one catalogue entry: it is a move's line, then another, then who is to
act; or a list of names. :class:`Lines` (one part a line) and :class:`Listed` (``Ana, Bo
and Cy``, as the reader's language lists) hold such parts: :class:`~speech.Text`, plain
facts (a name, a move's notation) or other such texts. Each *is* a ``str``, its English,
so a caller not yet converted reads English as before, and a front end that knows its
reader says it in their language with :func:`said`. Anything done to one as a string
(``+``, an f-string) gives a plain ``str``: English, which the pseudo-locale's tests find.

:func:`stored` and :func:`restored` keep a text as JSON (its id and facts, not its
words), so that it can be said later, in the language of whoever reads it; a stored
plain ``str`` (a row written before texts were facts) comes back as itself.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any, Literal

from speech import pseudo
from speech.catalogue import Fact, Text, say
from speech.formats import listed
from speech.locales import PSEUDO, negotiate

Words = str | Text
"""Anything :func:`said` says: a plain ``str`` (a fact, or English not yet converted), a
:class:`Text`, :class:`Lines` or :class:`Listed`."""


class Lines(str):
    """Texts and facts, one a line (or ``between`` each, the same in every language:
    `` · `` between scores). Its ``str`` value is the English."""

    parts: tuple[Words, ...]
    between: str

    def __new__(cls, parts: Iterable[Words] = (), between: str = "\n") -> Lines:
        kept = tuple(parts)
        made = super().__new__(cls, between.join(str(part) for part in kept))
        made.parts, made.between = kept, between
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.parts, self.between))

    def said_in(self, locale: object) -> str:
        return said(locale, self)


class Listed(str):
    """Facts or texts listed as the reader's language lists them (``Ana, Bo and Cy``;
    ``style="or"``: ``Ana, Bo or Cy``). Its ``str`` value is the English."""

    parts: tuple[Words, ...]
    style: Literal["standard", "or"]

    def __new__(cls, parts: Iterable[Words] = (),
                style: Literal["standard", "or"] = "standard") -> Listed:
        kept = tuple(parts)
        made = super().__new__(cls, listed("en", [str(part) for part in kept], style))
        made.parts, made.style = kept, style
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.parts, self.style))

    def said_in(self, locale: object) -> str:
        return said(locale, self)


def said(locale: object, words: Words) -> str:
    """``words`` in the language that answers ``locale``: a :class:`Text` through its
    catalogue, :class:`Lines` and :class:`Listed` part by part, a plain ``str`` as it is."""
    if isinstance(words, Text):
        return say(locale, words)
    if isinstance(words, Lines):
        return words.between.join(said(locale, part) for part in words.parts)
    if isinstance(words, Listed):
        made = listed(locale, [said(locale, part) for part in words.parts], words.style)
        return pseudo.framed(made) if negotiate(locale) == PSEUDO else made
    return str(words)


def filled(words: Words, fill: Callable[[str], str]) -> Words:
    """``words`` with ``fill`` applied to every plain ``str`` in it (its facts, its
    parts): how the service writes players' names for the seat markers engines use."""
    if isinstance(words, Text):
        return Text(words.id, {name: _filled_fact(value, fill)
                               for name, value in words.facts.items()})
    if isinstance(words, Lines):
        return Lines((filled(part, fill) for part in words.parts), words.between)
    if isinstance(words, Listed):
        return Listed((filled(part, fill) for part in words.parts), words.style)
    return fill(words)


def _filled_fact(value: Fact, fill: Callable[[str], str]) -> Fact:
    return filled(value, fill) if isinstance(value, str | Text) else value


def stored(words: Words) -> str:
    """``words`` as JSON text (ids and facts), for :func:`restored`; a plain ``str`` is
    kept as it is."""
    if isinstance(words, Text | Lines | Listed):
        return json.dumps(_encoded(words), ensure_ascii=False, separators=(",", ":"))
    return words


def restored(kept: str) -> Words:
    """What :func:`stored` kept: the text again, or a plain ``str`` (English written
    before texts were stored as facts) as it is."""
    if not kept.startswith('{"'):
        return kept
    try:
        found: Words = _decoded(json.loads(kept))
        return found
    except (ValueError, TypeError, KeyError):
        return kept


def _encoded(words: Fact) -> Any:
    if isinstance(words, Text):
        return {"id": words.id, "facts": {k: _encoded(v) for k, v in words.facts.items()}}
    if isinstance(words, Lines):
        return {"lines": [_encoded(part) for part in words.parts], "between": words.between}
    if isinstance(words, Listed):
        return {"listed": [_encoded(part) for part in words.parts], "style": words.style}
    if isinstance(words, str | int | float) and not isinstance(words, bool):
        return words
    raise TypeError(f"a stored text's fact must be a text, a str or a number: {words!r}")


def _decoded(kept: Any) -> Any:
    if isinstance(kept, str | int | float) and not isinstance(kept, bool):
        return kept
    if "lines" in kept:
        return Lines((_decoded(part) for part in kept["lines"]), str(kept.get("between", "\n")))
    if "listed" in kept:
        return Listed((_decoded(part) for part in kept["listed"]),
                      "or" if kept.get("style") == "or" else "standard")
    if not isinstance(kept["id"], str) or not isinstance(kept["facts"], dict):
        raise TypeError("not a text")
    return Text(kept["id"], {k: _decoded(v) for k, v in kept["facts"].items()})
