"""A game record's JSON read strictly: numbers of at most :data:`MAX_DIGITS` digits,
finite, no NaN or Infinity, nesting at most :data:`MAX_DEPTH` deep, so no file can make
reading it slow or end in a traceback; and the line of each value, for refusals. No
Discord in here."""

from __future__ import annotations

import json
import math
from typing import Any

from service.common import boundary

MAX_DEPTH = 32
"""The deepest nesting of JSON read (a record nests five deep)."""
MAX_DIGITS = 30
"""The most digits of a number in a record (seeds and ids have at most 20)."""

Path = tuple[str | int, ...]


def parse(text: str) -> Any:
    """The JSON value of ``text``; ValueError says in a clause why it is not one."""
    try:
        top = json.loads(text, parse_int=whole, parse_float=fraction, parse_constant=constant)
    except json.JSONDecodeError as exc:
        raise ValueError(f"it is not JSON (line {exc.lineno}, column {exc.colno}: "
                         f"{exc.msg}).") from None
    except RecursionError:
        raise ValueError(TOO_DEEP) from None
    if not shallow(top):
        raise ValueError(TOO_DEEP)
    return top


TOO_DEEP = f"its JSON is nested more than {MAX_DEPTH} deep."


class BadNumber(ValueError):
    """A number no record has: too many digits, NaN or infinite."""


def whole(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise BadNumber(f"it has a number of {len(digits)} digits (at most {MAX_DIGITS}).")
    return int(digits)


def fraction(digits: str) -> float:
    if len(digits) > MAX_DIGITS * 2 or not math.isfinite(value := float(digits)):
        raise BadNumber(f"it has a number out of range ({boundary.clip(digits, 40)}).")
    return value


def constant(name: str) -> float:
    raise BadNumber(f"it has {name}, which is not a number.")


def shallow(value: object) -> bool:
    """Whether ``value`` nests at most :data:`MAX_DEPTH` deep (looked at without
    recursion, each value once)."""
    level: list[tuple[object, int]] = [(value, 0)]
    while level:
        item, depth = level.pop()
        if depth > MAX_DEPTH:
            return False
        if isinstance(item, dict):
            level.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            level.extend((v, depth + 1) for v in item)
    return True


def lines_of(text: str) -> dict[Path, int]:
    """The line of each value of a record's top levels (``("moves", 3)``: the fourth
    move), for error messages. ``text`` is valid JSON (it was parsed already)."""
    decoder = json.JSONDecoder()
    found: dict[Path, int] = {}
    counted = [0, 1]  # how far lines were counted, and the line there: each counted once

    def blank(i: int) -> int:
        while i < len(text) and text[i] in " \t\r\n":
            i += 1
        return i

    def line_at(i: int) -> int:
        counted[1] += text.count("\n", counted[0], i)
        counted[0] = i
        return counted[1]

    def walk(i: int, path: Path) -> int:
        i = blank(i)
        found[path] = line_at(i)
        opener = text[i]
        if len(path) >= 4 or opener not in "{[":
            return decoder.raw_decode(text, i)[1]
        closer, number = ("}" if opener == "{" else "]"), 0
        i = blank(i + 1)
        while text[i] != closer:
            if opener == "{":
                key, i = decoder.raw_decode(text, i)
                i = walk(blank(i) + 1, (*path, key))  # past the colon
            else:
                i = walk(i, (*path, number))
                number += 1
            i = blank(i)
            if text[i] == ",":
                i = blank(i + 1)
        return i + 1

    walk(0, ())
    return found
