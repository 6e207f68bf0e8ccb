"""The service's one boundary: every value that enters it from a front end or a file is
checked here, by small pure functions, so that a wrong type, a fraction where the field
is whole, NaN or a number beyond 64 bits becomes one :class:`ServiceError` sentence
(quoting at most :data:`QUOTE` characters of the value) and never a traceback, and both
stores receive the same value.

Names are normalised here once, where they enter (:func:`person_name`): what a store
holds is then safe to print and to post.
"""

from __future__ import annotations

import collections.abc
import dataclasses
import functools
import inspect
import math
import types
import typing
import unicodedata
from collections.abc import Callable
from datetime import datetime
from typing import Any, TypeVar

from engines.base import plural
from service.common.model import Actor, ServiceError

T = TypeVar("T")

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
        return f"a {type(value).__name__} of {plural(len(value), 'item')}"
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
    """``value`` as a whole number, its range left to the caller's own words (a float
    with no fraction, such as 2.0, counts as whole; bools, strings and NaN do not). A
    float beyond 64 bits is refused here as written, before anything turns it into digits
    (``1e+103`` is not a 104-digit count)."""
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        if abs(value) > ID_MAX:
            raise ServiceError(f"{what} is out of range: {clip(value, 30)}.")
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool):
        raise ServiceError(f"{what} must be a whole number, not {clip(value)}.")
    return value


def stored_id(value: Any, what: str) -> int:
    """An id a store keeps (a channel, a message, a server, a person): a whole number
    within 64 signed bits, the same int on both stores."""
    number = whole(value, what)
    if abs(number) > ID_MAX:
        raise ServiceError(f"{what} is out of range: {clip(number, 30)}.")
    return number


def whole_number(value: Any, what: str, low: int, high: int) -> int:
    """``value`` as a whole number from ``low`` to ``high``; refused otherwise."""
    kept = whole(value, what)
    if not low <= kept <= high:
        raise ServiceError(f"{what} must be from {low} to {high}, not {number(kept)}.")
    return kept


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


# --- the facade's doors: every public method's parameters, by their type hints ----------------
TEXT = 4000
"""The longest text parameter a public method takes (a move, a game, an option, a zone)."""


def moment(value: Any, what: str) -> datetime:
    """An instant: a datetime that knows its zone (a naive one would be read as the host's
    local time on one path and refused by a comparison on another)."""
    if not isinstance(value, datetime) or value.utcoffset() is None:
        raise ServiceError(f"{what} must be a time with its zone, not {clip(value)}.")
    return value


def actor(value: Any, what: str = "The actor") -> Actor:
    """Who acts: an :class:`Actor` whose ids are whole numbers within 64 bits (a float
    with no fraction kept as a whole number, as both stores then hold it)."""
    if not isinstance(value, Actor):
        raise ServiceError(f"{what} must be a person acting, not {clip(value)}.")
    user = stored_id(value.user_id, "A user id")
    guild = None if value.guild_id is None else stored_id(value.guild_id, "A server id")
    admin = flag(value.is_admin, "is_admin")
    if (user, guild, admin) == (value.user_id, value.guild_id, value.is_admin) \
            and type(value.user_id) is int and type(value.guild_id) in (int, type(None)):
        return value
    return dataclasses.replace(value, user_id=user, guild_id=guild, is_admin=admin)


Check = Callable[[Any], Any]
WORDS = {"now": "The time", "match_id": "A match number", "challenge_id": "A challenge number",
         "tournament_id": "A tournament number", "guild_id": "A server id",
         "channel_id": "A channel id", "message_id": "A message id", "thread_id": "A thread id",
         "lobby_message_id": "A lobby message id", "game_slug": "The game"}
"""How a refusal names a parameter (else ``The`` and its name in words)."""
NUMBERS = ("A match number", "A challenge number", "A tournament number")
"""Numbers a person types to name a match, a challenge, a tournament: one beyond 64 bits
is no such thing ("There is no match #… here.", as the part says of any it cannot find)."""


def looked_up(value: Any, what: str) -> int:
    """A number in :data:`NUMBERS`: a whole number; one no store could hold names nothing."""
    kept = whole(value, what)
    if abs(kept) > ID_MAX:
        thing = what.removeprefix("A ").removesuffix(" number")
        raise ServiceError(f"There is no {thing} #{number(kept)} here.")
    return kept


def checker(hint: Any, what: str) -> Check | None:
    """How a parameter of type ``hint`` is checked (None: not at all, such as ``Any``)."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (types.UnionType, typing.Union):
        inner = [a for a in args if a is not type(None)]
        check = checker(inner[0], what) if len(inner) == 1 else None
        if check is None or len(inner) == len(args):
            return check
        return lambda value: None if value is None else check(value)
    simple: dict[Any, Check] = {
        bool: lambda value: flag(value, what), int: lambda value: whole(value, what),
        str: lambda value: word(value, what, TEXT), datetime: lambda value: moment(value, what),
        Actor: lambda value: actor(value, what)}
    if hint is int and what in NUMBERS:
        return lambda value: looked_up(value, what)
    if hint is int and what.endswith(" id"):
        return lambda value: stored_id(value, what)
    if hint in simple:
        return simple[hint]
    if origin in (list, collections.abc.Collection, collections.abc.Iterable) and args:
        item = checker(args[0], f"Each of {what[:1].lower()}{what[1:]}")
        return lambda value: items(value, what, item)
    if origin is dict and (not args or args[0] is str):
        return lambda value: mapping(value, what)
    if origin is dict:
        return lambda value: kind(value, dict, what)
    if (isinstance(hint, type) and hint not in (object, typing.Any)
            and not getattr(hint, "_is_protocol", False)):  # isinstance cannot ask these
        return lambda value: kind(value, hint, what)
    return None


def kind(value: Any, expected: type, what: str) -> Any:
    if not isinstance(value, expected):
        name = expected.__name__
        raise ServiceError(f"{what} must be {'an' if name[0] in 'AEIOU' else 'a'} {name}, "
                           f"not {clip(value)}.")
    return value


def items(value: Any, what: str, item: Check | None) -> Any:
    """A list, tuple or set (the kind kept, so a set is still looked up as a set), each
    value checked."""
    if isinstance(value, str | bytes | dict) or not isinstance(
            value, list | tuple | set | frozenset | collections.abc.KeysView):
        raise ServiceError(f"{what} must be a list, not {clip(value)}.")
    if item is None:
        return value
    checked = [item(v) for v in value]
    if all(a is b for a, b in zip(checked, value, strict=False)):
        return value
    return checked if isinstance(value, list | tuple) else set(checked)


def mapping(value: Any, what: str) -> dict[str, Any]:
    """Names and values (a match's options): names are short texts."""
    if not isinstance(value, dict) or len(value) > QUOTE:
        raise ServiceError(f"{what} must be names and values, not {clip(value)}.")
    for name in value:
        word(name, f"A name in {what[:1].lower()}{what[1:]}")
    return value


def guarded(cls: type[T]) -> type[T]:
    """``cls`` (the service's facade, or a part whose methods a front end may call) with
    every public method checking its parameters
    by their type hints before the part it calls sees them: a wrong kind, a fraction, a
    number beyond 64 bits, a naive time, a non-Actor becomes one :class:`ServiceError`
    sentence, and the same value reaches both stores."""
    for name, member in list(vars(cls).items()):
        if not name.startswith("_") and inspect.isfunction(member):
            setattr(cls, name, guard(member))
    return cls


def guard(function: Callable[..., Any]) -> Callable[..., Any]:
    """``function`` checking its parameters (see :func:`guarded`)."""
    signature = inspect.signature(function)

    @functools.cache
    def checks() -> dict[str, Check]:
        """Read at the first call, not at import: a hint may name a class defined after
        the one being guarded."""
        hints = typing.get_type_hints(function)
        return {name: check for name, param in signature.parameters.items()
                if param.kind not in (param.VAR_KEYWORD, param.VAR_POSITIONAL)
                and name in hints
                and (check := checker(hints[name],
                                      WORDS.get(name, f"The {name.replace('_', ' ')}")))
                is not None}

    def checked(args: tuple[Any, ...], kwargs: dict[str, Any]) -> inspect.BoundArguments:
        table = checks()
        bound = signature.bind(*args, **kwargs)
        for name, value in bound.arguments.items():
            if name in table and not (value is None and signature.parameters[name].default
                                      is None):
                bound.arguments[name] = table[name](value)
        return bound

    if inspect.iscoroutinefunction(function):
        @functools.wraps(function)
        async def door(*args: Any, **kwargs: Any) -> Any:
            bound = checked(args, kwargs)
            return await function(*bound.args, **bound.kwargs)
        return door

    @functools.wraps(function)
    def gate(*args: Any, **kwargs: Any) -> Any:
        bound = checked(args, kwargs)
        return function(*bound.args, **bound.kwargs)
    return gate
