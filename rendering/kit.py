"""The shared drawing kit: palette, fonts, header with players, hex helpers, PNG output.

Every board module draws on a :class:`Board` canvas made here, so all games share one
look: a header band with the game's title, each player's colour, name and score, and
whose turn it is; the board below; a footer line for counts and notes.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageDraw, ImageFont

RGB = tuple[int, int, int]

BACKGROUND: RGB = (246, 241, 230)
INK: RGB = (40, 36, 32)
MUTED: RGB = (120, 112, 100)
GRID: RGB = (90, 80, 70)
LIGHT_SQUARE: RGB = (232, 220, 196)
DARK_SQUARE: RGB = (214, 198, 166)
HIGHLIGHT: RGB = (230, 60, 60)
GAP: RGB = (200, 200, 200)

# Okabe–Ito colours: distinguishable with the common colour-vision deficiencies.
SEAT_COLOURS: tuple[RGB, ...] = (
    (0, 114, 178),    # blue
    (213, 94, 0),     # vermilion
    (0, 158, 115),    # bluish green
    (204, 121, 167),  # reddish purple
    (230, 159, 0),    # orange
    (86, 180, 233),   # sky blue
)

WIDTH = 900
HEADER = 96
FOOTER = 40


@cache
def font(size: int) -> ImageFont.FreeTypeFont:
    """Pillow's bundled scalable font: no font files to ship or install."""
    return ImageFont.load_default(size=size)


def seat_colour(seat: int) -> RGB:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def text_colour_on(fill: RGB) -> RGB:
    """Black or white, whichever reads better on ``fill``."""
    r, g, b = fill
    return INK if (0.299 * r + 0.587 * g + 0.114 * b) > 150 else (255, 255, 255)


@dataclass
class Seat:
    """One player as the header shows them."""

    name: str
    score: str = ""
    colour: RGB | None = None
    note: str = ""


class Board:
    """A canvas with the shared header and footer; ``draw`` paints the board area.

    The board area starts at ``top`` and is ``height`` pixels tall.
    """

    def __init__(self, title: str, seats: Sequence[Seat], to_act: Sequence[int],
                 height: int, width: int = WIDTH, status: str = "") -> None:
        self.width = width
        self.top = HEADER
        self.height = height
        self.image = Image.new("RGB", (width, HEADER + height + FOOTER), BACKGROUND)
        self.draw = ImageDraw.Draw(self.image)
        self._header(title, seats, to_act, status)

    def _header(self, title: str, seats: Sequence[Seat], to_act: Sequence[int],
                status: str) -> None:
        d = self.draw
        d.text((16, 10), title, font=font(26), fill=INK)
        if status:
            d.text((self.width - 16, 14), status, font=font(18), fill=MUTED, anchor="ra")
        column = (self.width - 32) / max(1, len(seats))
        for i, seat in enumerate(seats):
            x = 16 + i * column
            colour = seat.colour or seat_colour(i)
            acting = i in to_act
            if acting:
                d.rounded_rectangle((x - 4, 46, x + column - 8, 90), radius=8,
                                    outline=HIGHLIGHT, width=3)
            d.ellipse((x + 4, 56, x + 24, 76), fill=colour, outline=INK)
            suffix = "  · to act" if acting else ""
            d.text((x + 32, 52), _fit(seat.name, suffix, column - 44, font(16)) + suffix,
                   font=font(16), fill=INK)
            line = " · ".join(p for p in (seat.score, seat.note) if p)
            d.text((x + 32, 70), line, font=font(15), fill=MUTED)
        d.line((0, HEADER - 2, self.width, HEADER - 2), fill=GRID, width=2)

    def footer(self, text: str) -> None:
        y = self.top + self.height + FOOTER // 2
        self.draw.text((16, y), text, font=font(15), fill=MUTED, anchor="lm")

    def label(self, xy: tuple[float, float], text: str, size: int = 16,
              fill: RGB = INK, anchor: str = "mm") -> None:
        self.draw.text(xy, text, font=font(size), fill=fill, anchor=anchor)

    def png(self) -> bytes:
        return to_png(self.image)


def _fit(name: str, suffix: str, width: float, face: ImageFont.FreeTypeFont) -> str:
    """``name`` shortened with an ellipsis so that name + suffix fits in ``width`` px."""
    if face.getlength(name + suffix) <= width:
        return name
    while name and face.getlength(name + "…" + suffix) > width:
        name = name[:-1]
    return name + "…"


def seats_from_view(names: Sequence[str] | None, count: int,
                    scores: Sequence[float] | None = None) -> list[Seat]:
    """Header seats named from ``names`` (or "Seat 1"…) with scores when given."""
    seats = []
    for i in range(count):
        name = names[i] if names and i < len(names) else f"Seat {i + 1}"
        score = "" if scores is None else f"{_number(scores[i])} pts"
        seats.append(Seat(name=name, score=score))
    return seats


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


def to_png(image: Image.Image) -> bytes:
    """Encode as a palette PNG.

    Boards have few colours, so a 128-colour palette loses nothing visible; it makes the
    file about half the size and the encode about twice as fast as plain RGB (see bench/).
    """
    out = io.BytesIO()
    palette = image.quantize(colors=128, method=Image.Quantize.FASTOCTREE)
    palette.save(out, format="PNG", compress_level=3)
    return out.getvalue()


def hex_corners(cx: float, cy: float, radius: float, pointy: bool = True
                ) -> list[tuple[float, float]]:
    """The six corners of a hexagon; pointy-top when ``pointy`` else flat-top."""
    start = -90 if pointy else 0
    return [(cx + radius * math.cos(math.radians(start + 60 * k)),
             cy + radius * math.sin(math.radians(start + 60 * k))) for k in range(6)]


def disc(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB,
         outline: RGB = INK, width: int = 2) -> None:
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=outline, width=width)


def ring(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float,
         colour: RGB = HIGHLIGHT, width: int = 4) -> None:
    """The last-move highlight around a point."""
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=colour, width=width)
