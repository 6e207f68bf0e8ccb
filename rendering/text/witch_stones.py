"""Witch Stones as text: the 9×9 board, a–i along the bottom and top, 1–9 up the sides,
with ♛ crowns, ☀ suns, ☾ moons and ● earthstones, the points and each side's score."""

from __future__ import annotations

from collections.abc import Sequence

from rendering.text.common import EMPTY, best, file_row, plural, seat_line, wrap

FILES = "abcdefghi"
SIZE = 9
KINDS = ("crown", "sun", "moon", "earth")
SYMBOL = {"crown": "♛", "sun": "☀", "moon": "☾", "earth": "●"}
SIDE_SYMBOL = {"suns": "☀", "moons": "☾"}


def text_board(view: dict, names: Sequence[str]) -> str:
    lines = [_status(view), *_grid(view.get("board", {})),
             *wrap("Points: ♛ crown 5 · ● earthstone 1 · ☀ sun, ☾ moon: 2 from the "
                   "other side, 0 from your own"),
             *_seats(view, names), *wrap(_left(view))]
    return "\n".join(lines)


def _status(view: dict) -> str:
    if view.get("phase") == "side":
        return "Witch Stones · choosing sides"
    return f"Witch Stones · first to {view.get('target', 50)} points"


def _grid(board: dict[str, str]) -> list[str]:
    """Rank 9 on top, as the picture and a chess board: every square a symbol or ·."""
    files = file_row(FILES, 3, 2)
    rows = [files]
    for rank in range(SIZE, 0, -1):
        cells = " ".join(SYMBOL.get(board.get(f"{f}{rank}", ""), EMPTY) for f in FILES)
        rows.append(f"{rank:>2} {cells} {rank}")
    return [*rows, files]


def _seats(view: dict, names: Sequence[str]) -> list[str]:
    scores = list(view.get("scores") or [0, 0])
    sides = list(view.get("sides") or [None, None])
    winners = best(scores) if view.get("phase") == "over" else []
    lines = []
    for seat, points in enumerate(scores):
        side = sides[seat] if seat < len(sides) else None
        note = f"{SIDE_SYMBOL[side]} {side}" if side in SIDE_SYMBOL else "no side yet"
        if seat in winners:
            note += " · wins" if len(winners) == 1 else " · draw"
        lines.append(seat_line(seat, names, plural(points, "pt"), note))
    return lines


def _left(view: dict) -> str:
    counts = view.get("pieces_left", {})
    left = " ".join(f"{SYMBOL[k]}{counts.get(k, 0)}" for k in KINDS)
    last = view.get("last") or []
    return f"On the board: {left}" + (f" · last: {' '.join(last)}" if last else "")
