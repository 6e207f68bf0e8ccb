"""The terms a match is played on besides its game and options: its clock, whether it is
rated, and its computer seats. One value, set by ``/match start`` or ``/challenge`` and
passed through the lobby, a challenge (stored with it) and a rematch."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from db import ClockRecord
from service.clock_options import clock_record


@dataclass(frozen=True)
class MatchTerms:
    """The clock, in hours (None: the default): first reminder after ``remind``, then
    every ``remind_every`` (0 = once); ``deadline`` hours per turn (0 = none), or a time
    bank of ``bank`` hours, +``bank_add`` per move, at most ``bank_max``
    (:mod:`service.bank`), then ``on_timeout`` (skip or forfeit); ``weekends=False``
    pauses it on Saturdays and Sundays (UTC). ``rated=False`` keeps the match off the
    ratings (:mod:`service.ratings`). ``bots`` computer seats at ``level`` (a challenge
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

    def clock(self) -> ClockRecord:
        """The match's clock, checked (:class:`~service.model.ServiceError` says why
        terms are refused)."""
        return clock_record(self.remind, self.remind_every, self.deadline, self.on_timeout,
                            self.bank, self.bank_add, self.bank_max, self.weekends)

    def settings(self) -> dict[str, Any]:
        """The terms as a challenge stores them."""
        return dataclasses.asdict(self)

    @classmethod
    def of(cls, settings: Mapping[str, Any]) -> MatchTerms:
        """Terms from stored settings (a name missing: its default)."""
        names = {f.name for f in dataclasses.fields(cls)}
        return cls(**{k: v for k, v in settings.items() if k in names})
