"""The language a picture is drawn in, and its words from the catalogues
(``speech/locales/<language>/pictures.ftl``, issue 58).

:func:`rendering.render` draws within :func:`speaking`; everything below it says its
words with :func:`say`, in that language, without a language argument on every helper.
A kept layer (:func:`rendering.layers.layer`) is kept per language, so a legend drawn in
German is never pasted under an English picture.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

import speech
from speech import ENGLISH, Text

_language: ContextVar[str] = ContextVar("picture_language", default=ENGLISH)


@contextmanager
def speaking(language: object) -> Iterator[str]:
    """Within the block, pictures are drawn in the catalogue that answers ``language``
    (a Discord locale, a tag, None: English)."""
    token = _language.set(speech.negotiate(language))
    try:
        yield _language.get()
    finally:
        _language.reset(token)


def language() -> str:
    """The language pictures are drawn in now."""
    return _language.get()


def say(message_id: str, /, **facts: speech.catalogue.Fact) -> str:
    """The catalogue text ``message_id`` in the picture's language."""
    return speech.say(_language.get(), message_id, **facts)


def said(text: str | Text | None) -> str | None:
    """A text handed to the picture (an outcome): a :class:`~speech.Text` said in the
    picture's language, a string as it is."""
    return speech.say(_language.get(), text) if isinstance(text, Text) else text


def seat_name(names: object, seat: int) -> str:
    """The seat's player's name, or "Seat 2" when it has none."""
    given = names[seat] if isinstance(names, list | tuple) and seat < len(names) else ""
    return str(given) if given else say("picture-seat", number=seat + 1)
