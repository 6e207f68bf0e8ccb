"""What an Angry Gods view holds besides the keys of every view."""

from __future__ import annotations

from engines.view import ResultView, View


class AngryGodsView(View):
    board: dict[str, dict[str, str]]  # space or intersection → {"colour", "role"}
    gods: dict[str, int]  # colour → gods of that colour
    over: bool
    placements: int
    pool: dict[str, int]  # colour → stones left in the pool
    removed: list[str]  # followers the last move removed
    result: ResultView | None
    towers_left: int
    turn: int
    worshippers: list[list[str]]  # per seat, the colours it worships
