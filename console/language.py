"""The console's reader language (issue 58): the console is one person's, so it speaks
theirs: ``--language`` if given, else the locale of their environment (POSIX order:
``LC_ALL``, then ``LC_MESSAGES``, then ``LANG``), negotiated to one of the catalogues
(:func:`speech.negotiate`; ``C`` or none is English)."""

from __future__ import annotations

import os
from collections.abc import Mapping

import speech

VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")
"""The environment's locale variables, the first set one winning (as POSIX reads them)."""

_chosen: list[str] = []
"""The language ``--language`` chose for this run, if any (set once, by :func:`choose`)."""


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The catalogue that answers the environment's locale."""
    environ = os.environ if environ is None else environ
    locale = next((environ[name] for name in VARIABLES if environ.get(name)), None)
    language = speech.negotiate(locale)
    return speech.ENGLISH if language == speech.PSEUDO else language


def choose(typed: str | None) -> None:
    """Use the language named by ``--language`` (a catalogue's tag, any case) for this
    run; None, the environment's. Raises :class:`ValueError` with the refusal, in the
    environment's language, for any other."""
    _chosen.clear()
    if typed is None:
        return
    by_tag = {language.casefold(): language for language in speech.LANGUAGES}
    language = by_tag.get(typed.strip().replace("_", "-").casefold())
    if language is None:
        raise ValueError(speech.say(from_environment(), speech.Text(
            "rules-language-unknown",
            {"languages": ", ".join(speech.LANGUAGES), "typed": typed[:40]})))
    _chosen[:] = [language]


def reader() -> str:
    """The language the console speaks: ``--language``'s, else the environment's."""
    return _chosen[0] if _chosen else from_environment()
