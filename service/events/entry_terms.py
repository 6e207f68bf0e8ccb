"""A tournament's terms: how it runs (:class:`EventTerms`) and the terms of its matches
(:class:`~service.match.terms.MatchTerms`), checked once where they enter, and read back from
the stored settings; and what a round's table scores."""

from __future__ import annotations

import dataclasses

from db import FINISHED, MatchRecord, TableRecord, TournamentRecord
from engines.base import Game, Result
from service.common import boundary
from service.common.model import ServiceError
from service.events import pairing
from service.match.lobby import checked_level
from service.match.terms import MatchTerms

MAX_ROUNDS = 15
MAX_ROUND_HOURS = 24 * 60


@dataclasses.dataclass(frozen=True)
class EventTerms:
    """How a tournament runs: its format (:data:`service.events.pairing.FORMATS`), rounds (a
    round robin plays its own number), seats a table (the ``tables`` format), the round
    a late entrant may join before (0: nobody late; they play from the next round
    paired), and the hours a round may last (None: no deadline)."""

    format: str
    rounds: int
    seats: int = 2
    late_until: int = 0
    round_hours: int | None = None

    def settings(self, terms: MatchTerms) -> dict[str, object]:
        return {**dataclasses.asdict(self), "terms": terms.settings()}


def terms_of(record: TournamentRecord) -> tuple[EventTerms, MatchTerms]:
    settings = dict(record.settings)
    match_terms = MatchTerms.of(settings.pop("terms", {}))
    names = {f.name for f in dataclasses.fields(EventTerms)}
    return EventTerms(**{k: v for k, v in settings.items() if k in names}), match_terms


def checked_terms(game: Game, event: EventTerms, terms: MatchTerms
                  ) -> tuple[EventTerms, MatchTerms]:
    """The terms checked for ``game`` (:class:`ServiceError` says what is refused)."""
    fmt = boundary.word(event.format, "The format").strip().lower()
    if fmt not in pairing.FORMATS:
        raise ServiceError(f"The formats are {', '.join(pairing.FORMATS)}.")
    rounds = boundary.whole_number(event.rounds, "The number of rounds", 1, MAX_ROUNDS)
    seats = boundary.whole_number(event.seats, "The seats per table", 2, 6)
    if fmt in (pairing.SWISS, pairing.ROUND_ROBIN):
        if game.min_players > 2:
            raise ServiceError(f"{game.title} needs {game.min_players} or more a table: "
                               f"choose the format {pairing.TABLES}.")
        seats = 2
    elif not game.min_players <= seats <= game.max_players:
        raise ServiceError(f"{game.title} seats {game.min_players} to "
                           f"{game.max_players} a table, not {seats}.")
    late = boundary.whole_number(event.late_until, "The last round to join", 0, rounds)
    if late and fmt == pairing.ROUND_ROBIN:
        raise ServiceError("A round robin is drawn at the start: nobody can join late.")
    hours = event.round_hours
    if hours is not None:
        hours = boundary.whole_number(hours, "The hours a round lasts", 1, MAX_ROUND_HOURS)
    if terms.bots:
        raise ServiceError("A tournament's computer players are entrants: the organiser "
                           "adds them.")
    terms.clock()  # checked now, used by every match
    terms = dataclasses.replace(terms, level=checked_level(terms.level))
    return EventTerms(fmt, rounds, seats, late, hours), terms


def table_points(match: MatchRecord, table: TableRecord) -> dict[int, float]:
    """Each entrant's points from the table's match: by its ranking
    (:func:`~service.events.pairing.placings_points`); aborted, a draw (every seat equal)."""
    seats = range(len(table.players))
    ranking = ([list(seats)] if match.status != FINISHED or not match.result
               else Result(**match.result).ranking)
    by_seat = pairing.placings_points(ranking)
    return {table.players[s]: by_seat.get(s, 0.0) for s in seats}


def active_entrants(record: TournamentRecord, number: int) -> list[int]:
    """The entrants round ``number`` pairs: all but those withdrawn by then."""
    return [e.user_id for e in record.entrants
            if e.withdrawn_round is None or e.withdrawn_round > number]
