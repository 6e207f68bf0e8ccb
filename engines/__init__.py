"""Pure game engines and the one registry of games.

``engines.get(slug)`` returns a game, ``engines.all()`` lists them, ``engines.spec(slug)``
is everything else a game declares (:class:`engines.spec.GameSpec`: rules, renderer,
computer tuning). A game is a module or package of this one exposing ``SPEC``; they are
found by scanning the package, so adding a game is adding its module (see
docs/ADDING_A_GAME.md). :func:`register` adds a game defined elsewhere (a test's) and
checks every spec whole: a game lacking a part is refused there, with a clear error.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
import threading

import speech
from engines.base import Game, IllegalMove, Option, Result
from engines.spec import GameSpec, SpecError

__all__ = ["Game", "GameSpec", "IllegalMove", "Option", "Result", "SpecError", "all", "get",
           "register", "rules_section", "rules_sections", "rules_text", "section_labels",
           "spec", "specs", "unregister"]

NOT_GAMES = ("ai", "base", "lesson", "lesson_script", "replay", "spec", "view")
"""Modules of this package that are no game."""

_specs: dict[str, GameSpec] = {}
_found = False
_lock = threading.RLock()


def _registry() -> dict[str, GameSpec]:
    global _found
    if not _found:
        with _lock:
            if not _found:
                for info in pkgutil.iter_modules(__path__):
                    if info.name.startswith("_") or info.name in NOT_GAMES:
                        continue
                    module = importlib.import_module(f"{__name__}.{info.name}")
                    found = getattr(module, "SPEC", None)
                    if found is None:
                        raise SpecError(f"{module.__name__} declares no SPEC (a GameSpec)")
                    _add(found)
                _found = True
    return _specs


def _add(found: GameSpec) -> None:
    if not isinstance(found, GameSpec):
        raise SpecError(f"{found!r} is not a GameSpec")
    problems = found.problems()
    if problems:
        name = getattr(found.game, "slug", None) or repr(found.game)
        raise SpecError(f"game {name!r} cannot be registered: " + "; ".join(problems))
    if found.slug in _specs and _specs[found.slug] is not found:
        raise SpecError(f"game {found.slug!r} is registered already")
    _specs[found.slug] = found
    ordered = sorted(_specs.values(), key=lambda s: (s.order, s.slug))
    _specs.clear()
    _specs.update((s.slug, s) for s in ordered)


def register(found: GameSpec) -> None:
    """Add a game (after the package's own): SpecError names what it lacks."""
    with _lock:
        _registry()
        _add(found)


def unregister(slug: str) -> None:
    """Take a game registered with :func:`register` out again (a test's teardown)."""
    with _lock:
        _registry().pop(slug, None)


def specs() -> list[GameSpec]:
    """Every game's spec, in the games' declared order."""
    return list(_registry().values())


def spec(slug: str) -> GameSpec:
    """The spec of the game called ``slug``; KeyError names the games there are."""
    found = _registry()
    try:
        return found[slug]
    except KeyError:
        raise KeyError(f"no game {slug!r}; games: {', '.join(found)}") from None


def all() -> list[Game]:
    """Every game, in their declared order."""
    return [s.game for s in _registry().values()]


def get(slug: str) -> Game:
    """The game called ``slug``; KeyError names the games there are."""
    return spec(slug).game


def rules_text(slug: str, language: str = speech.ENGLISH) -> str:
    """The rules as players read them with /rules (the spec's ``rules`` file), in
    ``language`` (a catalogue's tag), or in English where that language has no file.

    Only a registered game's slug is read (KeyError otherwise): the slug comes from
    users and must never become a path of their choosing.
    """
    return spec(slug).rules_text(language)


_LABEL = re.compile(r"^\*\*(?:\d+\.\s*)?([^*(:.]+?)\s*(?:\([^)]*\))?\s*[:.]?\*\*")
"""A bold label opening a line; French puts a (no-break) space before its colon."""


def rules_sections(slug: str, language: str = speech.ENGLISH) -> dict[str, str]:
    """The rules text's sections by label (``"A turn"``, ``"Notation"``), in order: a
    section starts with a line opening in a bold label (``**A turn**``, ``**1. Wind.**``,
    ``**Pieces (81):**``) and runs to the next one. An :class:`IllegalMove`'s ``rule``
    is one of the English labels, so a refusal can point to the words that forbid the
    move; each translation has the same sections in the same order (a test holds it)."""
    found: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in rules_text(slug, language).splitlines():
        label = _LABEL.match(line)
        if label:
            current = found.setdefault(label[1], [])
        elif line.startswith("#"):
            current = None
        if current is not None:
            current.append(line)
    return {label: "\n".join(lines).strip() for label, lines in found.items()}


def section_labels(slug: str, language: str = speech.ENGLISH) -> dict[str, str]:
    """Each section's label in ``language`` by its English label (in order): what a
    refusal's English ``rule`` is called in the reader's rules."""
    english = list(rules_sections(slug))
    translated = list(rules_sections(slug, language))
    if len(translated) != len(english):  # a translation out of step: its own labels only
        return {label: label for label in translated}
    return dict(zip(english, translated, strict=True))


def rules_section(slug: str, label: str, language: str = speech.ENGLISH) -> str | None:
    """The section of ``slug``'s rules in ``language`` called ``label`` (any case) in
    that language or in English (a refusal names the English one), or None."""
    wanted = " ".join(label.split()).casefold()
    sections = rules_sections(slug, language)
    for english, translated in section_labels(slug, language).items():
        if wanted == english.casefold():
            wanted = translated.casefold()
            break
    return next((text for name, text in sections.items()
                 if name.casefold() == wanted), None)


def no_section(slug: str, label: str, language: str = speech.ENGLISH) -> speech.Text:
    """The refusal of a section ``label`` that ``slug``'s rules do not have, with the
    ones they do in ``language`` (one sentence, for /rules and the console's ``rules``)."""
    names = ", ".join(rules_sections(slug, language))
    return speech.Text("rules-no-section",
                       {"game": get(slug).title, "section": label, "sections": names})

