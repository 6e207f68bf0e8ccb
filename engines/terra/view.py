"""What a Terra view holds besides the keys of every view."""

from typing import Any, NotRequired

from engines.view import View


class TerraView(View):
    board: dict[str, dict[str, Any]]  # plot → {"owner", "type"}
    breakdown: list[list[Any]]  # per seat, what its score is made of
    control: list[int | None]  # per territory, who controls it
    cup_sizes: list[int]
    discard: NotRequired[list[str]]  # the viewer's (or everyone's, open reserves)
    discard_sizes: list[int]
    max_turns: int
    must_discard: NotRequired[int]
    options: dict[str, bool]
    over: bool
    reason: str
    reserve: NotRequired[list[str]]
    reserves: NotRequired[list[list[str]]]  # open reserves: every seat's
    discards: NotRequired[list[list[str]]]
    reserve_sizes: list[int]
    seat: NotRequired[int]  # the viewer
    terrain: dict[str, list[str]]
    turn: int
    turns: int
