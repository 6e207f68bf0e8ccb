"""What happened since a player's last turn: the moves to outline on their picture (in
each mover's colour) and to list in the post that hands them the turn."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from db import MoveRecord

RECENT_LIMIT = 30
"""At most this many moves are outlined and listed as "since your last turn"."""


def recent(moves: Sequence[MoveRecord], seat: int) -> list[MoveRecord]:
    """The moves played since ``seat``'s last move (all of them if it has not moved yet),
    the latest :data:`RECENT_LIMIT` at most."""
    found: list[MoveRecord] = []
    for record in reversed(moves):
        if record.seat == seat or len(found) == RECENT_LIMIT:
            break
        found.append(record)
    return found[::-1]


def marks_of(moves: Iterable[MoveRecord]) -> dict[int, list[str]]:
    """Each seat's positions among ``moves``, in order, once per move: a place moved on
    twice is there twice (a picture draws both outlines)."""
    marks: dict[int, list[str]] = {}
    for record in moves:
        marks.setdefault(record.seat, []).extend(dict.fromkeys(record.marks))
    return {seat: places for seat, places in marks.items() if places}


def marks_for(moves: Sequence[MoveRecord], seat: int | None) -> dict[int, list[str]] | None:
    """What a picture outlines for ``seat`` (the player to act, or the viewer): each
    seat's moves since ``seat`` last moved; None (the last move only) without a seat."""
    return (marks_of(recent(moves, seat)) or None) if seat is not None else None
