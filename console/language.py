"""The console's language: one person at one terminal, so theirs (issue 58). Chosen with
``--language``, else the POSIX locale (``LC_ALL``, then ``LC_MESSAGES``, then ``LANG``),
each negotiated to one of the catalogues (:func:`speech.negotiate`; ``C`` and ``POSIX``
are English)."""

from __future__ import annotations

import os
from collections.abc import Mapping

import speech

VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")
"""Where POSIX looks for the language of messages, first set first."""


def reader(chosen: str | None = None, environ: Mapping[str, str] = os.environ) -> str:
    """The catalogue the console speaks: ``chosen`` (``--language``), else the locale."""
    if chosen:
        return speech.negotiate(chosen)
    found = next((environ[name] for name in VARIABLES if environ.get(name)), None)
    return speech.negotiate(found)
