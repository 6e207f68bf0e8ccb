"""One entry point for every format: the next round's tables."""

from __future__ import annotations

from collections.abc import Sequence

from service.events.pairing.berger import pair_berger, rounds_of
from service.events.pairing.model import ROUND_ROBIN, SWISS, TABLES, Table
from service.events.pairing.standings import standings
from service.events.pairing.swiss import pair_swiss
from service.events.pairing.tables import pair_tables


def rounds_needed(event_format: str, entrants: int, asked: int) -> int:
    """The rounds an event plays: a round robin's own count, else those asked."""
    return rounds_of(entrants) if event_format == ROUND_ROBIN else asked


def pair_round(event_format: str, entrants: Sequence[int], active: Sequence[int],
               history: Sequence[Table], round_number: int, total_rounds: int,
               seats: int = 2, least: int = 2) -> list[tuple[int, ...]]:
    """The tables of round ``round_number`` (seat order; a bye alone) of the ``active``
    entrants; ``entrants``: everyone, in entry order."""
    if event_format == ROUND_ROBIN:
        withdrawn = [e for e in entrants if e not in active]
        return pair_berger(entrants, round_number, withdrawn)
    if event_format == SWISS:
        return pair_swiss(entrants, active, history, round_number, total_rounds)
    if event_format == TABLES:
        order = [line.entrant for line in standings(entrants, history)]
        return pair_tables([e for e in order if e in active], history, seats, least)
    raise ValueError(f"no format {event_format!r}")
