"""What a When Gods Collide view holds besides the keys of every view."""

from __future__ import annotations

from typing import Any

from engines.view import View


class WhenGodsCollideView(View):
    armies: list[str]
    board: dict[str, dict[str, Any]]  # square → owner, checker, and what the viewer knows
    cultures: list[str]
    dice: dict[str, Any]
    eliminated: list[int]
    first: int
    game: str
    max_turns: int
    placed: list[int]
    tiles: dict[str, int]
    turn: int
    viewer: int | None
    winners: list[int]
