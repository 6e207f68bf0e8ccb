"""What a person types at the console, read generously: any case, and a unique prefix of a
command or a game's slug (``HELP``; ``mo`` for ``moves``; a slug's first letters for its
game)."""

from __future__ import annotations

from collections.abc import Iterable

import engines


class Unknown(ValueError):
    """Nothing (or more than one thing) answers to what was typed; the message says which."""


def pick(typed: str, names: Iterable[str], what: str, min_prefix: int = 1) -> str:
    """The one name ``typed`` means: the name itself in any case, or the only name it
    begins (at least ``min_prefix`` letters typed). Raises :class:`Unknown`."""
    names = list(names)
    word = typed.strip().lower()
    if word in names:
        return word
    found = [n for n in names if len(word) >= min_prefix and n.startswith(word)]
    if len(found) == 1:
        return found[0]
    if found:
        raise Unknown(f"{typed!r} could be the {what} " + " or ".join(found) + ".")
    raise Unknown(f"There is no {what} {typed!r}. Choose from: " + ", ".join(names) + ".")


def game_slug(typed: str) -> str:
    """The slug of the game ``typed`` names: its slug or title, any case, or a unique
    prefix of either (``Witch-Stones``, ``witch``, ``Terra``)."""
    by_word = {g.slug: g.slug for g in engines.all()}
    by_word.update({g.title.lower().replace(" ", "-"): g.slug for g in engines.all()})
    word = typed.strip().lower().replace(" ", "-")
    slugs = {by_word[n] for n in by_word if n == word} or {
        by_word[n] for n in by_word if n.startswith(word)}
    if len(slugs) == 1:
        return slugs.pop()
    games = ", ".join(g.slug for g in engines.all())
    if slugs:
        raise Unknown(f"{typed!r} could be " + " or ".join(sorted(slugs)) + f". Games: {games}.")
    raise Unknown(f"There is no game {typed!r}. Games: {games}.")
