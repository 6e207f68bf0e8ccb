"""What a Storm of the Gods view holds besides the keys of every view."""

from __future__ import annotations

from typing import Any

from engines.view import ResultView, View


class StormView(View):
    attacked: str | None
    board: dict[str, dict[str, Any]]  # tile → owner, population, worshippers, …
    choices: list[str]
    community: list[int]
    constructions: list[int]
    constructions_left: list[int]
    current: int
    discarded: int
    discarded_populations: list[int]
    drawn: list[str]
    emptied: str | None
    encircled_since: int | None
    events: list[str]
    explored: list[str]
    limbo: list[int]
    max_turns: int
    order: list[int]
    path: list[str]
    pending_construction_victory: list[int]
    result: ResultView | None
    roll: dict[str, Any]
    sanctuaries: list[str | None]
    stack_size: int
    surrounded: bool
    turn: int
    used: list[str]
    wind: str
    wind_from: str
