"""Numbers, lists, moments and durations as a reader's language writes them (Babel's
CLDR data): never by hand. Each takes the reader's locale as :func:`say` does; the
pseudo-locale formats as English."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Literal
from zoneinfo import ZoneInfo

from babel import Locale, UnknownLocaleError, dates, lists, numbers

from speech.locales import ENGLISH, PSEUDO, negotiate


def babel_locale(locale: object) -> Locale:
    """The reader's own locale where CLDR knows it (``en-GB`` writes 29/11/2026 even
    though the English catalogue answers it), else their catalogue's language."""
    language = negotiate(locale)
    if language == PSEUDO:
        return Locale.parse(ENGLISH)
    tag = locale if isinstance(locale, str) else getattr(locale, "value", language)
    try:
        return Locale.parse(str(tag).split(".")[0].replace("-", "_"))
    except (ValueError, TypeError, UnknownLocaleError):
        return Locale.parse(language.replace("-", "_"))


def number(locale: object, value: int | float | Decimal) -> str:
    """``12,345.5`` (en), ``12.345,5`` (de), ``12 345,5`` (fr, with its narrow space)."""
    return numbers.format_decimal(value, locale=babel_locale(locale))


def percent(locale: object, value: float) -> str:
    return numbers.format_percent(value, locale=babel_locale(locale))


def listed(locale: object, items: Iterable[str],
           style: Literal["standard", "or"] = "standard") -> str:
    """``Ana, Bo and Cy`` / ``Ana, Bo und Cy`` (``or``: ``Ana, Bo oder Cy``)."""
    return lists.format_list(list(items), style=style, locale=babel_locale(locale))


def moment(locale: object, when: datetime, zone: str = "UTC",
           width: Literal["short", "medium", "long"] = "medium") -> str:
    """An instant in the reader's zone (an IANA name), as their language writes it."""
    return dates.format_datetime(when, format=width, tzinfo=ZoneInfo(zone),
                                 locale=babel_locale(locale))


def duration(locale: object, span: timedelta, *, relative: bool = False,
             threshold: float = 0.85) -> str:
    """``3 hours`` / ``3 Stunden``; ``relative``: ``in 3 hours`` / ``3 hours ago`` by the
    sign of ``span``. Rounded to its largest unit, as CLDR does."""
    return dates.format_timedelta(span, locale=babel_locale(locale), threshold=threshold,
                                  add_direction=relative)


def zone_name(locale: object, zone: str) -> str:
    """A time zone as the reader's language names it (``Europe/Paris`` → ``France
    Time`` / ``Frankreich (Ortszeit)``)."""
    return dates.get_timezone_location(ZoneInfo(zone), locale=babel_locale(locale))
