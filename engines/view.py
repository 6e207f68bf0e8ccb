"""Views, typed: what a game shows a viewer.

A view stays a plain JSON-safe dict — engines return it, renderers draw it, twin tests
compare it, worker processes and records carry it — and is typed in two parts:

- :class:`View`, the keys every game's view has, extended by one ``TypedDict`` per game
  beside its engine for the rest (``engines/<game>/view.py``; the game's spec names it,
  :attr:`engines.spec.GameSpec.view_type`). :func:`problems` checks a view against its
  type, so the types are held true by tests rather than trusted.
- :class:`Common`, the fields every layer reads (who is to act, the scores, the last
  move's positions, how many seats, the phase, whether it is over), read in one place
  instead of with ``.get(key, default)`` in each layer.

(No ``from __future__ import annotations`` in the modules of view types: Python 3.11 sees
``NotRequired`` only in evaluated annotations.)
"""

import types
import typing
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NotRequired, TypedDict, Union


class View(TypedDict):
    """The keys of every game's view."""

    to_act: list[int]
    """The seats that must act now (empty once the rules have ended the match)."""
    scores: Sequence[float]
    """One per seat, as the game counts them."""
    last: list[str]
    """The positions the last move touched (outlined in the picture)."""
    players: NotRequired[int]
    """How many seats (else: one per score)."""
    phase: NotRequired[str]
    """The part of a turn or of the match the game is in, in its own words."""


class ResultView(TypedDict):
    """A finished match's :meth:`engines.base.Result.to_dict`, as a view may carry it."""

    scores: list[float]
    ranking: list[list[int]]
    reason: str


@dataclass(frozen=True)
class Common:
    """The fields of a view every layer reads, whatever the game."""

    to_act: tuple[int, ...]
    scores: tuple[float, ...]
    last: tuple[str, ...]
    players: int
    """The seats: the view's ``players``, else one per score (0: the view does not say)."""
    phase: str | None
    over: bool
    """The rules have ended the match (nobody is to act). A resignation or a deadline
    ends a match too; that is the service's to say, not the view's."""

    @classmethod
    def of(cls, view: Mapping[str, Any]) -> "Common":
        scores = tuple(view.get("scores") or ())
        to_act = tuple(int(s) for s in view.get("to_act") or ())
        phase = view.get("phase")
        return cls(to_act=to_act, scores=scores,
                   last=tuple(str(p) for p in view.get("last") or ()),
                   players=int(view.get("players") or len(scores)),
                   phase=None if phase is None else str(phase), over=not to_act)


def problems(view: Mapping[str, Any], typed: type) -> list[str]:
    """How ``view`` differs from the ``TypedDict`` ``typed``: missing or unknown keys, and
    values of the wrong kind (lists and dicts checked one level into their items)."""
    hints = typing.get_type_hints(typed)
    required: frozenset[str] = getattr(typed, "__required_keys__")  # noqa: B009 (a TypedDict's)
    found = [f"no {key!r}" for key in sorted(required - view.keys())]
    found += [f"{key!r} is not in {typed.__name__}" for key in sorted(view.keys() - hints.keys())]
    for key, value in view.items():
        if key in hints and not fits(value, hints[key]):
            found.append(f"{key!r} is {value!r}, not {hints[key]}")
    return found


def fits(value: Any, hint: Any, depth: int = 0) -> bool:
    """Whether ``value`` is of the type ``hint`` (items checked ``depth`` < 2 deep)."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if hint is Any:
        return True
    if hint is None or hint is type(None):
        return value is None
    if origin in (Union, types.UnionType):
        return any(fits(value, a, depth) for a in args)
    if origin is NotRequired:
        return fits(value, args[0], depth)
    if typing.is_typeddict(hint):
        return isinstance(value, dict) and (depth > 1 or not problems(value, hint))
    if hint is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if origin in (list, Sequence) or hint in (list, Sequence):
        return isinstance(value, list) and (depth > 1 or not args
                                            or all(fits(v, args[0], depth + 1) for v in value))
    if origin is dict or hint is dict:
        return isinstance(value, dict) and (depth > 1 or not args or all(
            fits(k, args[0], depth + 1) and fits(v, args[1], depth + 1)
            for k, v in value.items()))
    return isinstance(value, hint)
