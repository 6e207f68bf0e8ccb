"""The texts that name seats and scores: engine markers filled with names, results,
"to act" lines, numbers written as players write them. Pure functions of their inputs.

Engines refer to seats only by markers (``{seat0}``, see :func:`engines.base.seat_name`);
:func:`named` fills them in one pass, so a person called "Player 1" or "{seat1}" is never
mistaken for a seat.
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.base import Result, name_seats, plural
from engines.base import number_text as points_text

__all__ = ["named", "outcome_text", "plural", "points_text", "result_text", "scores_text",
           "sentence", "verdict", "waiting_text"]


def named(text: str, names: Sequence[str]) -> str:
    """Engine text with every seat marker replaced by that seat's name."""
    return name_seats(text, names)


def sentence(text: str) -> str:
    """``text`` with a capital first letter and a full stop."""
    return text[:1].upper() + text[1:].rstrip(".") + "."


def scores_text(names: Sequence[str], scores: Sequence[float], unit: str | None = None
                ) -> str:
    """Each name with its score, written so that a name ending in a digit cannot run into
    its score: ``Computer 1: 3 · Ana: 0``, or with the game's ``unit``, ``Computer 2: 2
    checkers · Ana: 0 checkers``."""
    return " · ".join(f"{name}: {plural(score, unit) if unit else points_text(score)}"
                      for name, score in zip(names, scores, strict=False))


def waiting_text(names: Sequence[str], seats: Sequence[int]) -> str:
    """Who must act, by name (``nobody`` when nobody)."""
    return ", ".join(names[s] for s in dict.fromkeys(seats)) or "nobody"


def verdict(names: Sequence[str], result: Result) -> str:
    """``Ana wins``, ``Ana and Bo win``, or ``A draw``."""
    if len(result.ranking) <= 1:
        return "A draw"
    winners = [names[s] for s in result.ranking[0]]
    return f"{' and '.join(winners)} win{'s' if len(winners) == 1 else ''}"


def result_text(names: Sequence[str], result: Result, unit: str | None = None) -> str:
    """The end of a match in one line: who won, why, and the scores (in ``unit``, what
    the game's scores count)."""
    return (f"Game over: {verdict(names, result)} ({named(result.reason, names)}). "
            f"Scores: {scores_text(names, result.scores, unit)}.")


def outcome_text(names: Sequence[str], result: Result) -> str:
    """The result as a picture's banner says it: ``Ana wins - reached 50 points``."""
    return f"{verdict(names, result)} - {named(result.reason, names)}"
