"""The lesson script's data and its parser (:mod:`engines.lesson` plays it): kept apart
so that a spec can check its script without importing the computer players.

Pure: the standard library's ``tomllib`` reads the text.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from typing import Any

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
