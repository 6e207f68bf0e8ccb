"""The terms a match is played on besides its game and options: its clock, whether it is
rated, and its computer seats. One value, set by ``/match start`` or ``/challenge`` and
passed through the lobby, a challenge (stored with it) and a rematch."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from db import ClockRecord
from engines.base import Game
from service.clocks.clock_options import clock_record
from service.common import boundary
from service.common.model import ServiceError

MAX_SEATS = 6
"""The most seats at any game's table (Storm of the Gods): a challenge seats at most one
fewer computer players, whatever its game (the game's own limit is checked with it)."""


@dataclass(frozen=True)
class MatchTerms:
    """The clock, in hours (None: the default): first reminder after ``remind``, then
    every ``remind_every`` (0 = once); ``deadline`` hours per turn (0 = none), or a time
    bank of ``bank`` hours, +``bank_add`` per move, at most ``bank_max``
    (:mod:`service.clocks.bank`), then ``on_timeout`` (skip or forfeit); ``weekends=False``
    pauses it on Saturdays and Sundays (UTC). ``rated=False`` keeps the match off the
    ratings (:mod:`service.match.ratings`). ``bots`` computer seats at ``level`` (a challenge
    seats them; ``/match start`` adds them to its lobby itself)."""

    remind: int | None = None
    remind_every: int | None = None
    deadline: int | None = None
    on_timeout: str | None = None
    rated: bool = True
    bots: int = 0
    level: str | None = None
    bank: int | None = None
    bank_add: int | None = None
    bank_max: int | None = None
    weekends: bool = True

    def __post_init__(self) -> None:
        """The terms' kinds checked where they enter (:mod:`service.common.boundary`): whole
        numbers for the hours and the computer seats (2.0 is kept as 2, so both stores
        hold the same value; at most :data:`MAX_SEATS` - 1 computers), true or false for
        ``rated`` and ``weekends``; the hours' ranges are checked by :meth:`clock` and
        the game's seats by the challenge, in their own words."""
        for name in ("remind", "remind_every", "deadline", "bank", "bank_add", "bank_max"):
            object.__setattr__(self, name, boundary.optional_whole(getattr(self, name), name))
        object.__setattr__(self, "bots", boundary.whole_number(
            self.bots, "The number of computer players", 0, MAX_SEATS - 1))
        for name in ("rated", "weekends"):
            object.__setattr__(self, name, boundary.flag(getattr(self, name), name))

    def clock(self) -> ClockRecord:
        """The match's clock, checked (:class:`~service.common.model.ServiceError` says why
        terms are refused)."""
        return clock_record(self.remind, self.remind_every, self.deadline, self.on_timeout,
                            self.bank, self.bank_add, self.bank_max, self.weekends)

    def settings(self) -> dict[str, Any]:
        """The terms as a challenge stores them."""
        return dataclasses.asdict(self)

    @classmethod
    def given(cls, fields: Mapping[str, Any]) -> MatchTerms:
        """Terms given by their fields' names (a name that is no term is refused)."""
        unknown = sorted(set(fields) - {f.name for f in dataclasses.fields(cls)})
        if unknown:
            raise ServiceError(f"A match has no term called {boundary.clip(unknown[0], 40)}.")
        return cls(**fields)

    @classmethod
    def of(cls, settings: Mapping[str, Any]) -> MatchTerms:
        """Terms from stored settings (a name missing: its default)."""
        names = {f.name for f in dataclasses.fields(cls)}
        return cls(**{k: v for k, v in settings.items() if k in names})


def chosen_options(game: Game, options: Mapping[str, Any]) -> dict[str, Any]:
    """The options of ``options`` that differ from the game's defaults: what somebody set,
    the only ones a lobby or a challenge lists (a stored match keeps them all)."""
    defaults = game.parse_options({})
    return {k: v for k, v in options.items() if k not in defaults or defaults[k] != v}
