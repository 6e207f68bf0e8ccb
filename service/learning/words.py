"""A lesson's own words as a fact of a :class:`speech.Text` (issue 58).

A lesson's texts (its title, each step's rule, ask and wrong, its closing words) are not
catalogue entries: each language's are an overlay beside the script
(:mod:`engines.lesson_script`), so that the words stay next to the moves they explain.
The service still says *what*, not in which language: a :class:`Said` names the game, the
step and the part, and is said in whatever language the text around it is said in — by
:func:`speech.say`, in the reader's catalogue. It is a ``str`` (the English: logs, and
callers that have no reader) and a Fluent value (``format(locale)``: the overlay of the
catalogue's language), so it passes through :class:`speech.Text`'s facts unchanged.
"""

from __future__ import annotations

from babel import Locale
from fluent.runtime.types import FluentType

import speech
from engines import lesson as lessons
from engines.lesson import Lesson

PARTS = ("title", "finish", "rule", "ask", "wrong")
"""What a :class:`Said` may name: the lesson's own words, then a step's."""


def words_of(slug: str, language: str, part: str, number: int = 0) -> str:
    """The lesson of ``slug``'s ``part`` in ``language`` (step ``number``, from 1, for a
    step's part); English where the language has no overlay."""
    found = lessons.lesson_of(slug, language if language in speech.LANGUAGES else "en")
    if found is None:
        raise KeyError(f"{slug} has no lesson")
    if part in ("title", "finish"):
        return str(getattr(found, part))
    return str(getattr(found.steps[number - 1], part))


class Said(FluentType, str):
    """The lesson's ``part`` of the game ``slug`` (step ``number``, from 1, for a step's
    rule, ask or wrong), said in the language of the text it is a fact of."""

    slug: str
    part: str
    number: int

    def __new__(cls, slug: str, part: str, number: int = 0) -> Said:
        if part not in PARTS:
            raise ValueError(f"no lesson part {part!r}")
        made = str.__new__(cls, words_of(slug, speech.ENGLISH, part, number))
        made.slug, made.part, made.number = slug, part, number
        return made

    def __reduce__(self) -> tuple[type[Said], tuple[str, str, int]]:
        return Said, (self.slug, self.part, self.number)

    def format(self, locale: Locale) -> str:  # type: ignore[override]
        """The words in the catalogue's language (Fluent asks with its Babel locale)."""
        return words_of(self.slug, speech.negotiate(str(locale)), self.part, self.number)

    def said(self, language: str) -> str:
        """The words in ``language`` (a catalogue tag), for a caller with no Text."""
        return words_of(self.slug, speech.negotiate(language), self.part, self.number)


def title(slug: str) -> Said:
    return Said(slug, "title")


def of_step(lesson: Lesson, slug: str, number: int, part: str) -> Said:
    """Step ``number``'s (from 0) ``part`` of ``lesson``, the game ``slug``'s."""
    if not 0 <= number < len(lesson.steps):
        raise IndexError(f"{slug}'s lesson has no step {number + 1}")
    return Said(slug, part, number + 1)
