"""A person's own hours: time zones, quiet hours and the digest's hour, as pure functions of
an instant (tests give any instant; daylight-saving changes are the zone database's).

Quiet hours are local wall-clock times, ``start`` to ``end`` in minutes after midnight;
they may cross midnight (23:00–07:00). An instant is quiet when its local time falls in
``[start, end)``. On a day when the clocks change, a local time that does not exist (the
spring gap) or exists twice (the autumn overlap) is read as the zone database reads it:
quiet hours last by the wall clock, so a night is an hour shorter or longer.
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, time, timedelta
from functools import lru_cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from service.common.boundary import clip
from service.common.model import ServiceError

DAY_MINUTES = 24 * 60
CHOICES = 25  # Discord's limit of autocomplete choices
_TIME = re.compile(r"\s*([0-9]{1,2})(?::([0-9]{2}))?\s*")
"""A time of day in ASCII digits: other scripts' digits (Arabic-Indic, full-width) are
refused, not read as the numbers they look like to Python's ``int``."""


AREAS = ("Africa", "America", "Antarctica", "Arctic", "Asia", "Atlantic", "Australia",
         "Europe", "Indian", "Pacific", "Brazil", "Canada", "Chile", "Mexico", "US")
"""The areas of the zone names a person may choose: places (``Europe/Paris``, and the
regional links such as ``US/Eastern``), plus ``UTC``. Not ``localtime`` (the host's own
zone), ``Factory``, rule-only zones such as ``EST5EDT`` or ``Etc/GMT+5`` (its sign is the
reverse of what it reads), nor country-word links such as ``Japan``."""


@lru_cache(maxsize=1)
def zone_names() -> tuple[str, ...]:
    """Every IANA zone name the zone database knows (the ``tzdata`` package where the
    system has none) that a person may choose (see :data:`AREAS`), sorted."""
    return tuple(sorted(n for n in available_timezones()
                        if n == "UTC" or (n.split("/", 1)[0] in AREAS and "/" in n)))


@lru_cache(maxsize=1)
def _by_folded_name() -> dict[str, str]:
    return {n.casefold(): n for n in zone_names()}


def zone_name(name: object) -> str:
    """The zone a person typed, as the zone database spells it: any case, spaces for
    underscores (``america/new york`` is ``America/New_York``); refused in one sentence
    when it is no place's zone (see :data:`AREAS`)."""
    if not isinstance(name, str) or not name.strip() or len(name) > 64:
        raise ServiceError("Choose a time zone by its name, such as Europe/Paris.")
    typed = name.strip()
    found = _by_folded_name().get(typed.replace(" ", "_").casefold())
    if found is None:
        raise ServiceError(f"I know no time zone called {clip(typed, 64)}: choose a place's "
                           "zone from the list, such as America/New_York (or UTC).")
    return found


def zone(name: str) -> ZoneInfo:
    """The zone called ``name`` (see :func:`zone_name`); a stored name is read as stored
    (one kept before the choice was narrowed still reads)."""
    if not (isinstance(name, str) and name in available_zone_names()):
        name = zone_name(name)
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError) as exc:  # listed, yet unreadable
        raise ServiceError(f"The time zone {name!r} cannot be read here.") from exc


@lru_cache(maxsize=1)
def available_zone_names() -> frozenset[str]:
    return frozenset(available_timezones())


def matching_zones(typed: object, limit: int = CHOICES) -> list[str]:
    """Zone names containing ``typed`` (any case; spaces match underscores), at most
    ``limit``: those starting with it first (none for what is not text)."""
    if not isinstance(typed, str):
        return []
    needle = typed.strip().casefold().replace(" ", "_")[:64]
    found = [n for n in zone_names() if needle in n.casefold()]
    found.sort(key=lambda n: (not n.casefold().startswith(needle), n))
    return found[:max(0, min(limit, CHOICES)) if isinstance(limit, int) else CHOICES]


def parse_clock(value: str, what: str) -> int:
    """``"23:00"``, ``"7"`` or ``"07:30"`` as minutes after midnight; refused otherwise."""
    found = _TIME.fullmatch(value) if isinstance(value, str) else None
    if found is None:
        raise ServiceError(f"{what} must be a time such as 23:00 (digits 0-9), not "
                           f"{clip(value, 20)}.")
    hour, minute = int(found[1]), int(found[2] or 0)
    if hour > 23 or minute > 59:
        raise ServiceError(f"{what} must be a time from 00:00 to 23:59.")
    return hour * 60 + minute


def parse_quiet(value: str) -> tuple[int, int] | None:
    """Quiet hours as ``"23:00-07:00"`` (minutes after midnight), or None for ``"off"``."""
    if not isinstance(value, str) or len(value) > 40:
        raise ServiceError("Write quiet hours as two times, such as 23:00-07:00, or off.")
    if value.strip().lower() in ("off", "none", ""):
        return None
    parts = re.split(r"\s*(?:-|–|to)\s*", value.strip())
    if len(parts) != 2:
        raise ServiceError("Write quiet hours as two times, such as 23:00-07:00, or off.")
    start, end = parse_clock(parts[0], "The start"), parse_clock(parts[1], "The end")
    if start == end:
        raise ServiceError("Quiet hours must start and end at different times.")
    return start, end


def clock_text(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def in_window(minute: int, start: int, end: int) -> bool:
    """Whether a local minute of the day is in ``[start, end)`` (crossing midnight)."""
    return start <= minute < end if start < end else minute >= start or minute < end


def local_minute(moment: datetime, where: ZoneInfo) -> int:
    local = moment.astimezone(where)
    return local.hour * 60 + local.minute


def is_quiet(moment: datetime, where: ZoneInfo, start: int, end: int) -> bool:
    return in_window(local_minute(moment, where), start, end)


def _instants(where: ZoneInfo, around: datetime, minute: int, days: range
              ) -> list[datetime]:
    """The instants, on the local days around ``around``, when the local clock reads
    ``minute`` (both readings of an autumn overlap; the zone's reading of a spring gap)."""
    base: date = around.astimezone(where).date()
    out = set()
    for offset in days:
        day = base + timedelta(days=offset)
        for fold in (0, 1):
            local = datetime.combine(day, time(minute // 60, minute % 60), where).replace(
                fold=fold)
            out.add(local.astimezone(UTC))
    return sorted(out)


def quiet_end(moment: datetime, where: ZoneInfo, start: int, end: int) -> datetime:
    """The first instant after ``moment`` that is not quiet (``moment`` being quiet)."""
    for instant in _instants(where, moment, end, range(-1, 3)):
        if instant > moment and not is_quiet(instant, where, start, end):
            return instant
    return moment + timedelta(days=1)  # unreachable for real zones; never loop forever


def quiet_start(moment: datetime, where: ZoneInfo, start: int, end: int) -> datetime | None:
    """When the quiet hours that hold ``moment`` began (None if ``moment`` is not quiet)."""
    if not is_quiet(moment, where, start, end):
        return None
    begun = [i for i in _instants(where, moment, start, range(-2, 1))
             if i <= moment and is_quiet(i, where, start, end)]
    return max(begun) if begun else None


def next_digest(moment: datetime, where: ZoneInfo, hour: int) -> datetime:
    """The first instant after ``moment`` at the local hour ``hour``: one a day (on a
    spring day whose hour does not exist, the hour after the gap; on an autumn day whose
    hour comes twice, the first)."""
    base = moment.astimezone(where).date()
    for offset in range(-1, 3):
        instant = datetime.combine(base + timedelta(days=offset), time(hour),
                                   where).astimezone(UTC)
        if instant > moment:
            return instant
    return moment + timedelta(days=1)  # unreachable for real zones
