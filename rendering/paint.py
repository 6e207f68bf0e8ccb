"""What the kit paints with: the named colours, each seat's colour and shape (its token),
and the marks of moves (outlines in the movers' colours, nested on a shared place)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from PIL import ImageDraw

from rendering import seats

RGB = tuple[int, int, int]

BACKGROUND: RGB = (246, 241, 230)
INK: RGB = (40, 36, 32)
MUTED: RGB = (105, 97, 86)  # secondary text: 5.4:1 on the background, 4.8:1 on a banner
GRID: RGB = (90, 80, 70)
LIGHT_SQUARE: RGB = (232, 220, 196)
DARK_SQUARE: RGB = (214, 198, 166)
HIGHLIGHT: RGB = (180, 15, 30)  # crimson: apart from every seat colour (test_seat_colours)
GAP: RGB = (200, 200, 200)
WHITE: RGB = (255, 255, 255)

SEAT_COLOURS = seats.SEAT_COLOURS  # see rendering/seats.py
BANNER: RGB = (255, 226, 150)


def seat_colour(seat: int) -> RGB:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def text_colour_on(fill: RGB) -> RGB:
    """Black or white, whichever reads better on ``fill``."""
    r, g, b = fill
    return INK if (0.299 * r + 0.587 * g + 0.114 * b) > 150 else WHITE


MARKS_DEEP = 3  # at most this many outlines, one inside the other, on one place


def marked(highlight: Sequence[str], marks: Mapping[int, Sequence[str]] | None,
           deep: int = MARKS_DEEP) -> list[tuple[str, RGB, int]]:
    """The positions to outline, their colours and depths: each seat's ``marks`` in its
    colour (every move since the viewer's last turn: a place twice in a seat's list was
    moved on twice), else ``highlight`` (the last move) in the highlight colour. A place
    outlined before gets the next depth (drawn inside the earlier outline), so several
    moves on one place all show, up to ``deep``; every seat that moved there gets its
    outline before any seat gets a second one, so with ``deep`` at least the number of
    seats no seat's mark is lost."""
    pairs = ([(p, -1) for p in dict.fromkeys(highlight)] if marks is None else
             [(p, int(seat)) for seat, positions in sorted(marks.items()) for p in positions])
    by_place: dict[str, list[int]] = {}
    for place, seat in pairs:
        by_place.setdefault(place, []).append(seat)
    out = []
    for place, movers in by_place.items():
        firsts = list(dict.fromkeys(movers))
        repeats = list(movers)
        for seat in firsts:
            repeats.remove(seat)
        for k, seat in enumerate([*firsts, *repeats][:deep]):
            out.append((place, HIGHLIGHT if seat < 0 else seat_colour(seat), k))
    return out



def hex_corners(cx: float, cy: float, radius: float, pointy: bool = True
                ) -> list[tuple[float, float]]:
    """The six corners of a hexagon; pointy-top when ``pointy`` else flat-top."""
    start = -90 if pointy else 0
    return [(cx + radius * math.cos(math.radians(start + 60 * k)),
             cy + radius * math.sin(math.radians(start + 60 * k))) for k in range(6)]


def disc(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB,
         outline: RGB = INK, width: int = 2) -> None:
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=outline, width=width)


SEAT_SHAPES = seats.SEAT_SHAPES


def seat_shape(seat: int) -> str:
    return SEAT_SHAPES[seat % len(SEAT_SHAPES)]


def seat_middle(seat: int, r: float) -> float:
    """How far below a token's centre its label sits: a triangle's roomiest point."""
    return {"triangle": 0.3 * r, "pennant": -0.3 * r}.get(seat_shape(seat), 0.0)


def seat_disc(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, seat: int,
              fill: RGB | None = None, outline: RGB = INK, width: int = 2) -> None:
    """A seat's token: its shape (:data:`SEAT_SHAPES`) in its colour (or ``fill``), about
    as large as a disc of radius ``r`` and holding a centred label as well."""
    colour = seat_colour(seat) if fill is None else fill
    shape = seat_shape(seat)
    if shape == "circle":
        disc(draw, cx, cy, r, colour, outline, width)
        return
    if shape == "square":
        s = r * 0.9
        draw.rectangle((cx - s, cy - s, cx + s, cy + s), fill=colour, outline=outline,
                       width=width)
        return
    if shape == "cross":
        a, b = r * 1.1, r * 0.55
        draw.polygon([(cx - b, cy - a), (cx + b, cy - a), (cx + b, cy - b), (cx + a, cy - b),
                      (cx + a, cy + b), (cx + b, cy + b), (cx + b, cy + a), (cx - b, cy + a),
                      (cx - b, cy + b), (cx - a, cy + b), (cx - a, cy - b), (cx - b, cy - b)],
                     fill=colour, outline=outline, width=width)
        return
    k = {"triangle": (1.35, -90, 3, 0.3), "diamond": (1.2, -90, 4, 0),
         "pennant": (1.35, 90, 3, -0.3)}[shape]
    grow, start, sides, shift = k
    points = [(cx + r * grow * math.cos(math.radians(start + 360 * j / sides)),
               cy + r * shift + r * grow * math.sin(math.radians(start + 360 * j / sides)))
              for j in range(sides)]
    draw.polygon(points, fill=colour, outline=outline, width=width)


def ring(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float,
         colour: RGB = HIGHLIGHT, width: int = 4) -> None:
    """The last-move highlight around a point."""
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=colour, width=width)



MARK_TOKEN = 9  # the radius of the token on a seat's mark


def seat_of(colour: RGB) -> int | None:
    """The seat whose colour ``colour`` is (None: the highlight, or any other colour)."""
    return SEAT_COLOURS.index(colour) if colour in SEAT_COLOURS else None


def mark_token(draw: ImageDraw.ImageDraw, x: float, y: float, colour: RGB) -> None:
    """On a seat's mark (an outline in ``colour``), the seat's token at (x, y): the mover
    told by shape as well as by the outline's colour. Nothing for the highlight."""
    seat = seat_of(colour)
    if seat is not None:
        seat_disc(draw, x, y, MARK_TOKEN, seat, width=1)


def around(cx: float, cy: float, r: float, depth: int) -> tuple[float, float]:
    """Where the mark at ``depth`` on a round or hexagonal place puts its token: on the
    rim (radius ``r``), each depth at another angle, clear of what the place holds."""
    angle = math.radians((0, 180, -60, 120, 60, -120)[depth % 6])
    return cx + r * math.cos(angle), cy + r * math.sin(angle)


def corner(box: tuple[float, float, float, float], depth: int) -> tuple[float, float]:
    """Where the mark at ``depth`` on a square place (``box``: left, top, right, bottom)
    puts its token: a corner, bottom right first, each depth another."""
    left, top, right, bottom = box
    return ((right, bottom), (left, bottom), (right, top), (left, top))[depth % 4]


def edge(box: tuple[float, float, float, float], depth: int) -> tuple[float, float]:
    """As :func:`corner`, the middle of an edge (bottom, left, top, right): where squares'
    corners hold something else (When Gods Collide's tile owners)."""
    left, top, right, bottom = box
    middle, centre = (left + right) / 2, (top + bottom) / 2
    return ((middle, bottom), (left, centre), (middle, top), (right, centre))[depth % 4]
