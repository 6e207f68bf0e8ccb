"""Angry Gods as text: the hexagon of 37 spaces (rows A–G) with its 54 intersections.

The board is drawn on the engine's half-unit grid, four columns a half-unit: each row
of spaces takes a line of space names with the intersections beside them, a line of
what stands in the spaces, and a line of the intersections below. Stones carry their
colour's letter (R, Y, G, B): a leader is upper case, a follower lower case, a god a
leader on ♛, a False God an empty ♜.
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.angry_gods.board import (
    INTERSECTIONS,
    SPACES,
    intersection_point,
    space_point,
)
from rendering.text.common import EMPTY, plural, seat_line

COLOURS = ("red", "yellow", "green", "blue")
LETTER = {c: c[0].upper() for c in COLOURS}
STEP = 4  # columns per half-unit
LEFT = 2  # room for a name left of the first space
REMOVED = "×"


def text_board(view: dict, names: Sequence[str]) -> str:
    lines = [_status(view), *_hexagon(view), *_legend(), *_panel(view, names)]
    return "\n".join(lines)


def _status(view: dict) -> str:
    if view.get("result"):
        return "Angry Gods · game over"
    return f"Angry Gods · placement {int(view.get('placements', 0)) + 1}"


def _column(x: int) -> int:
    return LEFT + STEP * (x + 6)


def _hexagon(view: dict) -> list[str]:
    """Half-unit heights 3r-1 (names, with the intersections beside them), 3r (the
    spaces' stones) and 3r+1 (the intersections below) for each row r = -3…3."""
    board = view.get("board", {})
    removed = set(view.get("removed", []))
    width = _column(6) + 1
    lines: dict[int, list[str]] = {}

    def put(y: int, x: int, text: str) -> None:
        row = lines.setdefault(y, [" "] * width)
        start = _column(x) - len(text) + 1  # the text ends on the point's column
        row[start:start + len(text)] = list(text)

    for space in SPACES:
        x, y = space_point(space)
        put(y - 1, x, space)
        put(y, x, _stone(board.get(space)))
    for point in INTERSECTIONS:
        x, y = intersection_point(point)
        what = board.get(point)
        put(y, x, LETTER.get(what.get("colour", ""), "?").lower() if what
            else REMOVED if point in removed else EMPTY)
    return ["".join(lines[y]).rstrip() for y in sorted(lines)]


def _stone(what: dict | None) -> str:
    if not what:
        return ""
    role, colour = what.get("role"), LETTER.get(what.get("colour", ""), "?")
    if role == "god":
        return "♛" + colour
    if role == "false_god":
        return "♜"
    return colour


def _legend() -> list[str]:
    return ["R Y G B leader · r y g b follower · ♛R god · ♜ False God",
            "A follower's place: space + corner, C3 + se = C3se",
            f"{REMOVED}: a follower just removed · {EMPTY}: an empty intersection"]


def _counts(counts: dict) -> str:
    return "  ".join(f"{LETTER[c]} {counts.get(c, 0)}" for c in COLOURS)


def _panel(view: dict, names: Sequence[str]) -> list[str]:
    """The pool, the gods per colour, the towers, and each seat's score and
    worshippers counted by colour."""
    lines = [f"Pool  {_counts(view.get('pool', {}))} · towers left "
             f"{int(view.get('towers_left', 0))}/9",
             f"Gods  {_counts(view.get('gods', {}))}"]
    scores = view.get("scores", [])
    result = view.get("result") or {}
    winners = (result.get("ranking") or [[]])[0] if result else []
    for seat, chips in enumerate(view.get("worshippers", [])):
        points = scores[seat] if seat < len(scores) else 0
        held = " ".join(f"{LETTER[c]}{chips.count(c)}" for c in COLOURS if c in chips)
        note = f"worshippers {held}" if held else "no worshippers"
        if seat in winners:
            note += " · wins"
        lines.append(seat_line(seat, names, plural(points, "pt"), note))
    return lines
