"""The catalogue ids of the slash commands' words (``commands.ftl``).

The cogs declare their commands in English, as discord.py reads them; the translator
(:mod:`bot.kit.translator`) looks each string up by its kind and its English: a name by
itself (``name-match``: one word is one word wherever it stands, which keeps a
language's command words consistent), a description or a choice by its words
(``desc-the-game-to-play``). Rewording an English text changes its id, so its
translations show up as missing (and the old ones as unused) until they are redone:
gettext's "fuzzy", by construction.
"""

from __future__ import annotations

import re

KINDS = ("name", "desc", "choice")
"""A command, group or option name; a description; a choice's name."""


def slug(english: str) -> str:
    words = re.findall(r"[a-z0-9]+", english.lower().replace("'", ""))
    return "-".join(words)


def key(kind: str, english: str) -> str:
    """The id of ``english`` as a ``kind`` (one of :data:`KINDS`)."""
    if kind not in KINDS:
        raise ValueError(f"unknown kind of command text: {kind!r}")
    if kind == "name" and re.fullmatch(r"[a-z0-9_-]+", english):
        return f"name-{english}"
    return f"{kind}-{slug(english)}"
