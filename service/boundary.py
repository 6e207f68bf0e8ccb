"""The service's one boundary: every value that enters it from a front end or a file is
checked here, by small pure functions, so that a wrong type, a fraction where the field
is whole, NaN or a number beyond 64 bits becomes one :class:`ServiceError` sentence
(quoting at most :data:`QUOTE` characters of the value) and never a traceback, and both
stores receive the same value.

Names are normalised here once, where they enter (:func:`person_name`): what a store
holds is then safe to print and to post.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Callable
from typing import Any

from service.model import ServiceError

QUOTE = 100
"""The most characters of an offending value a refusal repeats."""
NAME_LENGTH = 32
"""Discord's limit for a display name."""
ID_MAX = 2**63 - 1
"""The largest id (both stores keep ids, seeds and user ids in 64 signed bits)."""

_INVISIBLE = {"\u061c", "\u180e", "\u2028", "\u2029", "\ufeff",
              *map(chr, range(0x200B, 0x2010)), *map(chr, range(0x202A, 0x202F)),
              *map(chr, range(0x2060, 0x2070))}
"""Zero-width characters, bidirectional marks, overrides and isolates, line separators."""


def clip(value: object, limit: int = QUOTE) -> str:
    """``value`` quoted for a refusal: at most ``limit`` characters of it, printable (no
    control characters, no lone surrogates), an ellipsis where it was cut."""
    text = value if isinstance(value, str) else safe_repr(value)
    shown = printable(text[:limit])
    return repr(shown + ("…" if len(text) > limit else ""))


def number(value: object) -> str:
    """An id as a refusal names it: a whole number as written (``#0``), else clipped."""
    if type(value) is int and value.bit_length() <= 200:
        return str(value)
    return clip(value, 30)


def safe_repr(value: object) -> str:
    """``repr`` of any value entering the service, without converting huge integers
    (Python refuses above 4,300 digits) or walking huge containers."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 200:
        return f"a number of {value.bit_length()} bits"
    if isinstance(value, list | tuple | dict | set):
        return f"a {type(value).__name__} of {len(value)} items"
    try:
        return repr(value)[:QUOTE * 2]
    except Exception:  # a hostile __repr__
        return type(value).__name__


def printable(text: str) -> str:
    """``text`` with lone surrogates replaced, control and format characters (zero-width,
    bidirectional marks and overrides, soft hyphens, invisible tags) dropped and line
    breaks turned into spaces."""
    out = []
    for char in text:
        kind = unicodedata.category(char)
        if char in "\r\n\t\v\f\x85\u2028\u2029":
            out.append(" ")
        elif kind == "Cs":
            out.append("\N{REPLACEMENT CHARACTER}")
        elif kind not in ("Cc", "Cf") and char not in _INVISIBLE:
            out.append(char)
    return "".join(out)


def person_name(value: object, default: str = "Player") -> str:
    """A display name as stored and shown: printable (see :func:`printable`), spaces
    collapsed, at most :data:`NAME_LENGTH` characters; ``default`` when nothing is left."""
    if not isinstance(value, str):
        return default
    name = " ".join(printable(value[:NAME_LENGTH * 8]).split())[:NAME_LENGTH].strip()
    return name or default


def written(escape: Callable[[str], str]) -> Callable[[str], str]:
    """The one way a person's name goes into any text the service writes (a move, an
    abort, a nudge, an undo, a challenge, a rematch, a tournament, a notice, a digest):
    cleaned as :func:`person_name` cleans it where it enters (a name kept before that, or
    an actor's name as the front end gives it now, is no exception), then escaped for the
    front end by ``escape`` (Discord's markdown)."""
    def write(name: str) -> str:
        return escape(person_name(name))
    return write


def whole(value: Any, what: str) -> int:
    """``value`` as a whole number within 64 signed bits, its narrower range left to the
    caller's own words (a float with no fraction, such as 2.0, counts as whole; bools,
    strings and NaN do not). A number beyond 64 bits is refused here, as written, before
    anything turns it into digits (``1e+103`` is not a 104-digit count)."""
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        if abs(value) > ID_MAX:
            raise ServiceError(f"{what} is out of range: {clip(value, 30)}.")
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool):
        raise ServiceError(f"{what} must be a whole number, not {clip(value)}.")
    if abs(value) > ID_MAX:
        raise ServiceError(f"{what} is out of range: {clip(value, 30)}.")
    return value


def whole_number(value: Any, what: str, low: int, high: int) -> int:
    """``value`` as a whole number from ``low`` to ``high``; refused otherwise."""
    number = whole(value, what)
    if not low <= number <= high:
        raise ServiceError(f"{what} must be from {low} to {high}, not {number}.")
    return number


def optional_whole(value: Any, what: str) -> int | None:
    """:func:`whole`, None passing through (the default)."""
    return None if value is None else whole(value, what)


def match_id(value: Any, what: str = "A match number") -> int:
    """An id given by a user (match, challenge): a whole number within 64 bits."""
    return whole_number(value, what, 1, ID_MAX)


def user_id(value: Any) -> int:
    """A person's id (negative ids are the computer seats): within 64 signed bits."""
    return whole_number(value, "A user id", -ID_MAX, ID_MAX)


def flag(value: Any, what: str) -> bool:
    """A yes/no parameter: a bool, nothing else."""
    if not isinstance(value, bool):
        raise ServiceError(f"{what} must be true or false, not {clip(value)}.")
    return value


def word(value: Any, what: str, limit: int = QUOTE) -> str:
    """A short text parameter (a game, a level, an option's value): a string of at most
    ``limit`` characters."""
    if not isinstance(value, str) or len(value) > limit:
        raise ServiceError(f"{what} must be a short text, not {clip(value)}.")
    return value


def note(value: Any, limit: int) -> str:
    """A player's free text (a private note): a string of at most ``limit`` characters,
    kept with its line breaks, other control and invisible characters dropped, trimmed."""
    if not isinstance(value, str):
        raise ServiceError(f"A note must be text, not {clip(value)}.")
    if len(value) > limit:
        raise ServiceError(f"A note is at most {limit} characters, not {len(value)}.")
    lines = [printable(line).rstrip() for line in value.replace("\r\n", "\n").split("\n")]
    return "\n".join(lines).strip()


def neutral(text: str) -> str:
    """A name made inert in a Discord text: channel ``<#…>``, user and role ``<@…>``,
    command ``</name:id>``, timestamp ``<t:…>`` and emoji ``<:…>``/``<a:…>`` markup break
    (a zero-width space after ``<``), so it renders as the characters typed."""
    return text.replace("<", "<\u200b")
