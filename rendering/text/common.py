"""What every text board shares: its width, seat letters, names cut to fit, wrapped lines.

A text board is plain Unicode with no colour codes, so seats are told apart by letter
(A, B, C…) and never by colour: it reads the same in a pipe, a phone's terminal and a
screen reader. Every line stays within :data:`WIDTH` columns.
"""

from __future__ import annotations

import textwrap
import unicodedata
from collections.abc import Sequence

from engines.base import plural as plural  # the one plural, re-exported for the boards

WIDTH = 60
LETTERS = "ABCDEF"
EMPTY = "·"
NAME_WIDTH = 16


def letter(seat: int) -> str:
    """The seat's letter on the board and in the score lines: A for the first seat."""
    return LETTERS[seat] if 0 <= seat < len(LETTERS) else str(seat + 1)


def name(names: Sequence[str], seat: int) -> str:
    """The seat's display name on one line ("Seat 2" when there is none)."""
    raw = names[seat] if 0 <= seat < len(names) and names[seat] else f"Seat {seat + 1}"
    return " ".join(raw.split())


def columns(text: str) -> int:
    """How many terminal columns ``text`` takes: East Asian wide characters take two
    (a player's name may hold some; the boards' own symbols never do)."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def fit(text: str, width: int) -> str:
    """``text`` cut with an ellipsis to at most ``width`` columns."""
    if columns(text) <= width:
        return text
    while text and columns(text) > width - 1:
        text = text[:-1]
    return text + "…"


def pad(text: str, width: int) -> str:
    """``text`` fitted and padded with spaces to exactly ``width`` columns."""
    text = fit(text, width)
    return text + " " * (width - columns(text))


def wrap(text: str, width: int = WIDTH) -> list[str]:
    """``text`` broken at spaces into lines of at most ``width`` columns, later lines
    indented by two."""
    return textwrap.wrap(text, width, subsequent_indent="  ", break_on_hyphens=False) or [""]


def seat_line(seat: int, names: Sequence[str], score: str, note: str = "") -> str:
    """"A Ana               21 pts · moons": the seat's letter, name, score and a note."""
    line = f"{letter(seat)} {pad(name(names, seat), NAME_WIDTH)} {score:>8}"
    return fit(f"{line} · {note}" if note else line, WIDTH)


def best(scores: Sequence[float]) -> list[int]:
    """The seats with the highest score (more than one on a tie)."""
    top = max(scores, default=0)
    return [seat for seat, value in enumerate(scores) if value == top]


def file_row(files: str, left: int, step: int) -> str:
    """The file letters over a square grid: ``left`` columns in, ``step`` apart."""
    return (" " * left + "".join(f.ljust(step) for f in files)).rstrip()
