"""The lesson script's data and its parser (:mod:`engines.lesson` plays it): kept apart
so that a spec can check its script without importing the computer players.

A lesson's words in other languages are an overlay beside the script (issue 58). The
script (``learn.toml``) is the lesson: its seed, seats, moves and replies, and its English
words. An overlay (``learn.de.toml``, ``<module>.learn.fr.toml``) holds only the words
of one language: the ``title``, the ``finish``, and one ``[[steps]]`` table per step, in
the script's order, with the step's ``teaches`` (a check, copied, never translated) and
its ``rule``, ``ask`` and ``wrong``. Moves stay in the one script, so no language can
play a different lesson. :func:`problems` says what an overlay lacks or has too many of,
and whether its `code` spans (what the learner types) are exactly the English ones;
:func:`translated` applies a sound one.

Pure: the standard library's ``tomllib`` reads the text handed in.
"""

from __future__ import annotations

import dataclasses
import re
import tomllib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import speech

RULE_SENTENCES = 2
"""A step's rule is at most this many sentences; its ask is one."""
_SENTENCE_END = re.compile(r"[.!?](?=\s|$)")


class LessonError(ValueError):
    """A script that cannot be used; the message names the step and the problem."""


@dataclass(frozen=True)
class Step:
    """One step: the rule it teaches, what it asks, and the moves that are right."""

    teaches: str
    rule: str
    ask: str
    moves: tuple[str, ...]
    kind: str | None
    wrong: str
    try_wrong: str
    replies: tuple[str, ...] = ()

    def is_right(self, move: str) -> bool:
        """Whether ``move`` (a legal move) is one this step asks for."""
        if self.kind is not None:
            return re.search(self.kind, move) is not None
        return move in self.moves


@dataclass(frozen=True)
class Lesson:
    """A whole script: the match it plays (players, seed, options), the learner's seat,
    the computer's moves before step 1, the steps and the closing words."""

    title: str
    players: int
    seed: int
    learner: int
    options: dict[str, Any] = field(hash=False)
    opening: tuple[str, ...]
    steps: tuple[Step, ...]
    finish: str


def sentences(text: str) -> int:
    """How many sentences ``text`` has (ends of sentence, at least one if not empty)."""
    return max(len(_SENTENCE_END.findall(text.strip())), 1 if text.strip() else 0)


def _text(table: dict[str, Any], key: str, where: str, *, required: bool = True) -> str:
    value = table.get(key, "" if not required else None)
    if not isinstance(value, str) or (required and not value.strip()):
        raise LessonError(f"{where}: {key} must be a non-empty string")
    return value.strip()


def _strings(table: dict[str, Any], key: str, where: str) -> tuple[str, ...]:
    value = table.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise LessonError(f"{where}: {key} must be a list of move strings")
    return tuple(value)


def _int(table: dict[str, Any], key: str, default: int | None = None) -> int:
    value = table.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool):
        raise LessonError(f"the script: {key} must be a whole number")
    return value


def _step(number: int, table: Any) -> Step:
    where = f"step {number}"
    if not isinstance(table, dict):
        raise LessonError(f"{where}: not a table")
    unknown = set(table) - {"teaches", "rule", "ask", "moves", "kind", "wrong", "try_wrong",
                            "replies"}
    if unknown:
        raise LessonError(f"{where}: unknown keys {', '.join(sorted(unknown))}")
    moves = _strings(table, "moves", where)
    kind = table.get("kind")
    if (kind is None) == (not moves):
        raise LessonError(f"{where}: give exactly one of moves and kind")
    if kind is not None:
        if not isinstance(kind, str) or not kind:
            raise LessonError(f"{where}: kind must be a regular expression")
        try:
            re.compile(kind)
        except re.error as error:
            raise LessonError(f"{where}: kind is no regular expression ({error})") from None
    step = Step(teaches=_text(table, "teaches", where), rule=_text(table, "rule", where),
                ask=_text(table, "ask", where), moves=moves, kind=kind,
                wrong=_text(table, "wrong", where), try_wrong=_text(table, "try_wrong", where),
                replies=_strings(table, "replies", where))
    if sentences(step.rule) > RULE_SENTENCES:
        raise LessonError(f"{where}: the rule is more than {RULE_SENTENCES} sentences")
    if sentences(step.ask) > 1:
        raise LessonError(f"{where}: the ask is more than one sentence")
    if step.try_wrong in step.moves:
        raise LessonError(f"{where}: try_wrong {step.try_wrong!r} is one of the right moves")
    return step


def parse(text: str) -> Lesson:
    """The lesson in a script's TOML text; LessonError names what is wrong."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise LessonError(f"the script is no TOML: {error}") from None
    unknown = set(data) - {"title", "players", "seed", "learner", "options", "opening",
                           "finish", "steps"}
    if unknown:
        raise LessonError(f"the script: unknown keys {', '.join(sorted(unknown))}")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise LessonError("the script: options must be a table")
    steps = data.get("steps")
    if not isinstance(steps, list) or not steps:
        raise LessonError("the script has no [[steps]]")
    players, learner = _int(data, "players"), _int(data, "learner", 0)
    if players < 1 or not 0 <= learner < players:
        raise LessonError(f"the script: learner {learner} is no seat of {players} players")
    return Lesson(title=_text(data, "title", "the script"), players=players,
                  seed=_int(data, "seed"), learner=learner, options=dict(options),
                  opening=_strings(data, "opening", "the script"),
                  steps=tuple(_step(n, s) for n, s in enumerate(steps, start=1)),
                  finish=_text(data, "finish", "the script"))


# --- overlays: the words in another language ----------------------------------------
LESSON_FIELDS = ("title", "finish")
"""The lesson's own words an overlay translates."""
STEP_FIELDS = ("rule", "ask", "wrong")
"""Each step's words an overlay translates (``teaches`` is copied as a check)."""
LANGUAGES = ("de", "fr", "es", "pt-BR")
"""The languages every lesson has an overlay in (English is the script itself)."""
_CODE = re.compile(r"`[^`\n]*`")


def overlay_name(script_name: str, language: str) -> str:
    """``learn.toml`` → ``learn.de.toml``; ``<module>.learn.toml`` →
    ``<module>.learn.de.toml``."""
    stem = script_name.removesuffix(".toml")
    return f"{stem}.{language}.toml"


def overlay_path(script: Any, language: str) -> Path | None:
    """Where the overlay of ``script`` (a path) in ``language`` is; None where the script
    is no file on disk (no overlay can sit beside it)."""
    if not isinstance(script, Path):
        return None
    return script.with_name(overlay_name(script.name, language))


def code_spans(text: str, language: str | None = None) -> Counter[str]:
    """The `code` spans of a text (what the learner types), counted; with ``language``,
    a slash command's span (`/rules`) as that language names the command (`/regeln`):
    command names are translated, moves never are."""
    spans = _CODE.findall(text)
    if language is not None:
        spans = [_command(span, language) for span in spans]
    return Counter(spans)


def _command(span: str, language: str) -> str:
    """`/rules` as ``language`` names it; any other span as it is."""
    name = span.strip("`")
    if not re.fullmatch(r"/[a-z_]+", name):
        return span
    return f"`/{speech.say(language, f'name-{name[1:]}')}`"


def words(lesson: Lesson) -> dict[str, str]:
    """Every text of a lesson by where it is: ``title``, ``finish``, ``steps.3.rule``
    (steps from 1)."""
    found = {name: getattr(lesson, name) for name in LESSON_FIELDS}
    for number, step in enumerate(lesson.steps, start=1):
        found.update({f"steps.{number}.{name}": getattr(step, name) for name in STEP_FIELDS})
    return found


def _flat(data: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """An overlay's texts by where they are, and its steps' ``teaches``."""
    found = {name: value for name, value in data.items() if name != "steps"}
    teaches: list[str] = []
    steps = data.get("steps", [])
    for number, step in enumerate(steps if isinstance(steps, list) else [], start=1):
        if not isinstance(step, dict):
            found[f"steps.{number}"] = step
            continue
        teaches.append(str(step.get("teaches", "")))
        found.update({f"steps.{number}.{name}": value for name, value in step.items()
                      if name != "teaches"})
    return found, teaches


def problems(lesson: Lesson, text: str, language: str) -> list[str]:
    """What is wrong with an overlay (its TOML ``text``) of ``lesson``, one sentence each:
    a text missing, empty or left over, a step out of order, a `code` span that is not
    the English one. Empty: it is sound."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        return [f"not TOML: {error}"]
    found, teaches = _flat(data)
    wanted = words(lesson)
    out = [f"{where}: missing" for where in wanted if where not in found]
    out += [f"{where}: not a text of the script" for where in found if where not in wanted]
    source = [step.teaches for step in lesson.steps]
    if teaches != source[:len(teaches)] or len(teaches) != len(source):
        out.append(f"steps: teaches {teaches}, the script {source}")
    for where, value in found.items():
        if where not in wanted:
            continue
        if not isinstance(value, str) or not value.strip():
            out.append(f"{where}: must be a non-empty string")
        elif code_spans(value) != (english := code_spans(wanted[where], language)):
            out.append(f"{where}: code spans {sorted(code_spans(value).elements())}, "
                       f"wanted {sorted(english.elements())}")
    return out


def translated(lesson: Lesson, text: str, language: str) -> Lesson:
    """``lesson`` with the words of an overlay in ``language``; LessonError when the
    overlay is not sound (:func:`problems`)."""
    wrong = problems(lesson, text, language)
    if wrong:
        raise LessonError("the overlay: " + "; ".join(wrong[:5]))
    data = tomllib.loads(text)
    steps = tuple(dataclasses.replace(step, **{name: table[name].strip()
                                               for name in STEP_FIELDS})
                  for step, table in zip(lesson.steps, data["steps"], strict=True))
    return dataclasses.replace(lesson, title=data["title"].strip(),
                               finish=data["finish"].strip(), steps=steps)
