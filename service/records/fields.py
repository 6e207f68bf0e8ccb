"""A game record's values as the importer reads them (:mod:`service.records.importer`):
each at its path under the record's top object, of the type and in the range it must
be, and each refusal one line of at most :data:`REFUSAL` characters naming the line of
the record where the value stands. No Discord in here."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from service.common import boundary
from service.common.model import ServiceError
from service.records import strict_json as record_json

REFUSAL = 300
"""The longest refusal: one line, whatever the record quotes (quotes are clipped)."""

Path = tuple[str | int, ...]


class RecordError(ServiceError):
    """A record that cannot be read or replayed; the message says where and why."""


def one_line(text: str, limit: int = REFUSAL) -> str:
    """A refusal as it is said: printable, on one line, at most ``limit`` characters (an
    ellipsis where it was cut)."""
    flat = " ".join(boundary.printable(text).split())
    return flat if len(flat) <= limit else flat[:limit - 1] + "…"


def is_number(value: object) -> bool:
    """A JSON number (not true or false), finite."""
    return (isinstance(value, int | float) and not isinstance(value, bool)
            and (isinstance(value, int) or math.isfinite(value)))


@dataclass(eq=False)
class Fields:
    """A record being read (``top``: its JSON, ``text``: as written, for line numbers)."""

    top: dict[str, Any]
    text: str

    def fail(self, path: Path, why: str) -> RecordError:
        """The refusal, naming the line of the value (found only now: once per file), in
        one line of at most :data:`REFUSAL` characters."""
        lines = record_json.lines_of(self.text)
        for end in range(len(path), 0, -1):  # the value's line, else its parent's
            if path[:end] in lines:
                return RecordError(one_line(f"line {lines[path[:end]]}: {why}"))
        return RecordError(one_line(why))

    def value(self, path: Path) -> Any:
        """The value at ``path`` (under the top object), or None where there is none."""
        value: Any = self.top
        for key in path:
            if isinstance(value, dict) and isinstance(key, str):
                value = value.get(key)
            elif isinstance(value, list) and isinstance(key, int) and key < len(value):
                value = value[key]
            else:
                value = None
        return value

    def get(self, path: Path, kind: type | tuple[type, ...], what: str) -> Any:
        """The value at ``path`` (under the top object), which must be of ``kind``."""
        value = self.value(path)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise self.fail(path, f"the record needs {what} here.")
        return value

    def optional(self, path: Path, kind: type, what: str) -> Any:
        """The value at ``path``, which may be left out (or null) but is else of ``kind``."""
        parent = self.get(path[:-1], dict, "an object")
        return None if parent.get(path[-1]) is None else self.get(path, kind, what)

    def whole(self, path: Path, what: str, low: int, high: int) -> int | None:
        """The whole number at ``path`` (left out or null: None), from ``low`` to ``high``."""
        value = self.value(path)
        if value is None:
            return None
        if type(value) is not int or not low <= value <= high:
            raise self.fail(path, f"{what} is a whole number from {low} to {high}, not "
                            f"{boundary.number(value)}.")
        return value

    def short_text(self, path: Path, what: str, limit: int) -> str | None:
        """The text at ``path`` (left out or null: None), of at most ``limit`` characters."""
        value = self.value(path)
        if value is None:
            return None
        if not isinstance(value, str):
            raise self.fail(path, f"{what} is a text, not {boundary.clip(value, 30)}.")
        if len(value) > limit:
            raise self.fail(path, f"{what} is at most {limit} characters, not {len(value)}.")
        return value
