"""The shared drawing kit: palette, fonts, header with players, hex helpers.

Every board module draws on a :class:`Board` canvas made here, so all games share one
look: a header band with the game's title, each player's colour, name and score, and
whose turn it is; the board below; a footer line for counts and notes.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache, lru_cache

from PIL import Image, ImageDraw, ImageFont

from engines.base import name_seats as name_seats  # re-exported for reasons
from engines.base import plural as plural  # the one plural, re-exported for pictures
from rendering import seats
from rendering.png import to_png as to_png  # re-exported: the kit's pictures end there

RGB = tuple[int, int, int]

BACKGROUND: RGB = (246, 241, 230)
INK: RGB = (40, 36, 32)
MUTED: RGB = (120, 112, 100)
GRID: RGB = (90, 80, 70)
LIGHT_SQUARE: RGB = (232, 220, 196)
DARK_SQUARE: RGB = (214, 198, 166)
HIGHLIGHT: RGB = (180, 15, 30)  # crimson: apart from every seat colour (test_seat_colours)
GAP: RGB = (200, 200, 200)
WHITE: RGB = (255, 255, 255)

SEAT_COLOURS = seats.SEAT_COLOURS  # see rendering/seats.py

WIDTH = 800
PHONE = 400  # the width a phone shows a picture at, in CSS pixels
PHONE_MIN = 9  # the inked height of the smallest digits and capitals there, in pixels


def inked(size: int) -> int:
    """The inked height of a digit or capital in the kit's font at ``size`` (about 0.7
    of the size): what a reader sees, and what must stay readable on a phone."""
    _, top, _, bottom = font(size).getbbox("0")
    return bottom - top


def min_size(width: int = WIDTH) -> int:
    """The smallest font size whose digits and capitals stay :data:`PHONE_MIN` px tall
    when ``width`` shrinks to a phone's."""
    size = 8
    while inked(size) * PHONE < PHONE_MIN * width:
        size += 1
    return size


BANNER: RGB = (255, 226, 150)
BLOCKS_KEPT = 6  # Pillow's freed memory blocks kept for reuse (each up to 16 MB)


if Image.core.get_blocks_max() == 0:  # unless set by PILLOW_BLOCKS_MAX
    # Keep a few freed image blocks for the next picture: a fresh 800×1300 canvas then
    # costs a fraction of a millisecond instead of ~2 ms of page faults.
    Image.core.set_blocks_max(BLOCKS_KEPT)


@cache
def font(size: int) -> ImageFont.FreeTypeFont:
    """Pillow's bundled scalable font: no font files to ship or install."""
    return ImageFont.load_default(size=size)


SMALL = min_size()  # 25 px at 800 (digits 18 px, 9 px on a phone): labels, side notes
TEXT = SMALL + 2
LARGE = SMALL + 5
TITLE = SMALL + 9
TITLE_ROW = TITLE + 18
SEAT_ROW = TEXT + SMALL + 20  # a name over its score
TURN_ROW = LARGE + 18
FOOTER_LINE = SMALL + 7
HEADER = TITLE_ROW + SEAT_ROW + TURN_ROW + 8  # the header of a match of up to 3 players


# ---- what was drawn: every text's size, for the phone-readability test ---------------
_records: list[Seen] = []


class Seen(list[tuple[int, str]]):
    """The texts drawn, as ``(font size, text)``, and those that reach past the edge of
    their canvas (cut off: :attr:`outside`)."""

    def __init__(self) -> None:
        super().__init__()
        self.outside: list[str] = []


@contextmanager
def recording() -> Iterator[Seen]:
    """Within the block, each text a :class:`Board` draws adds ``(font size, text)``."""
    seen = Seen()
    _records.append(seen)
    try:
        yield seen
    finally:
        _records.remove(seen)


_SUBSTITUTES = {"\u2014": "-", "\u2013": "-", "\u00d7": "x", "\u2022": "\u00b7", "\u2192": ">",
                "\u2190": "<"}


@cache
def _has_glyph(ch: str) -> bool:
    face = font(20)
    return _mask(ch, face) != _mask("\uffff", face)


def _mask(ch: str, face: ImageFont.FreeTypeFont) -> bytes:
    image = Image.new("L", (40, 40))
    ImageDraw.Draw(image).text((5, 5), ch, font=face, fill=255)
    return image.tobytes()


def clean(text: str) -> str:
    """``text`` in the characters the bundled font has: dashes and accents simplified,
    anything else it lacks shown as "?" rather than as an empty box."""
    if text.isascii():
        return text
    out = []
    for ch in text:
        if ch.isascii() or _has_glyph(ch):
            out.append(ch)
            continue
        ch = _SUBSTITUTES.get(ch, ch)
        base = unicodedata.normalize("NFKD", ch).encode("ascii", "ignore").decode()
        out.append(ch if ch.isascii() else base or "?")
    return "".join(out)


@lru_cache(maxsize=4096)
def _glyphs(face: ImageFont.FreeTypeFont, text: str, mode: str, anchor: str, ink: int,
            start: tuple[float, float]) -> tuple[object, tuple[int, int]]:
    """A line of text rasterised, and its offset: what ``ImageDraw.text`` computes on
    every call, kept (the same labels come back in every picture of a game)."""
    return face.getmask2(text, mode, None, None, None, 0, anchor, ink, start,
                         stroke_filled=True)


class Draw(ImageDraw.ImageDraw):
    """ImageDraw whose texts are cleaned (see :func:`clean`), recorded, and drawn from
    cached glyph masks: the same pixels as ``ImageDraw.text``, without laying the text
    out again."""

    def text(self, xy, text, fill=None, font=None, anchor=None,  # type: ignore[override]
             *args, **kwargs):
        text = clean(str(text))
        if _records:
            size = int(getattr(font, "size", 10))
            left, top, right, bottom = self.textbbox(xy, text, font=font, anchor=anchor)
            width, height = self._image.size
            cut = left < 0 or top < 0 or right > width or bottom > height
            for seen in _records:
                seen.append((size, text))
                if cut:
                    seen.outside.append(text)
        if args or kwargs or "\n" in text or not isinstance(font, ImageFont.FreeTypeFont):
            return super().text(xy, text, fill, font, anchor, *args, **kwargs)
        ink, fill_ink = self._getink(fill)
        ink = fill_ink if ink is None else ink
        x, y = xy
        mask, (dx, dy) = _glyphs(font, text, self.fontmode, anchor or "la", ink,
                                 (math.modf(x)[0], math.modf(y)[0]))
        self.draw.draw_bitmap((int(x) + dx, int(y) + dy), mask, ink)
        return None

    def polygon(self, xy, fill=None, outline=None, width=1):  # type: ignore[override]
        """As ``ImageDraw.polygon``, but an outline wider than a pixel is drawn on a crop
        around the polygon: Pillow masks it with a blank copy of the *whole* canvas,
        allocated per polygon (most of a picture's drawing time, before)."""
        if width <= 1 or outline is None or not xy or not isinstance(xy[0], tuple):
            return super().polygon(xy, fill, outline, width)
        xs, ys = [p[0] for p in xy], [p[1] for p in xy]
        left, top = math.floor(min(xs)) - width - 2, math.floor(min(ys)) - width - 2
        box = (left, top, math.ceil(max(xs)) + width + 2, math.ceil(max(ys)) + width + 2)
        crop = self._image.crop(box)
        ImageDraw.ImageDraw(crop).polygon([(x - left, y - top) for x, y in xy], fill, outline,
                                          width)
        self._image.paste(crop, box[:2])
        return None


def seat_colour(seat: int) -> RGB:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def text_colour_on(fill: RGB) -> RGB:
    """Black or white, whichever reads better on ``fill``."""
    r, g, b = fill
    return INK if (0.299 * r + 0.587 * g + 0.114 * b) > 150 else WHITE


MARKS_DEEP = 3  # at most this many outlines, one inside the other, on one place


def marked(highlight: Sequence[str], marks: Mapping[int, Sequence[str]] | None
           ) -> list[tuple[str, RGB, int]]:
    """The positions to outline, their colours and depths: each seat's ``marks`` in its
    colour (every move since the viewer's last turn: a place twice in a seat's list was
    moved on twice), else ``highlight`` (the last move) in the highlight colour. A place
    outlined before gets the next depth (drawn inside the earlier outline), so several
    moves on one place all show, up to :data:`MARKS_DEEP`."""
    pairs = ([(p, HIGHLIGHT) for p in dict.fromkeys(highlight)] if marks is None else
             [(p, seat_colour(int(seat))) for seat, positions in sorted(marks.items())
              for p in positions])
    depth: dict[str, int] = {}
    out = []
    for place, colour in pairs:
        k = depth.get(place, 0)
        depth[place] = k + 1
        if k < MARKS_DEEP:
            out.append((place, colour, k))
    return out


def outcome_line(names: Sequence[str], winners: Sequence[int], reason: str = "") -> str:
    """"Ana wins - reached 50 points" from the winners' seats and the reason."""
    who = [names[s] if s < len(names) and names[s] else f"Seat {s + 1}" for s in winners]
    if not who:
        head = "Game over"
    elif len(who) == 1:
        head = f"{who[0]} wins"
    else:
        head = " and ".join(who) + " share the win"
    reason = reason.strip().rstrip(".")
    return f"{head} - {reason}" if reason else head


@dataclass
class Seat:
    """One player as the header shows them."""

    name: str
    score: str = ""
    colour: RGB | None = None
    note: str = ""
    emblem: Callable[[ImageDraw.ImageDraw, float, float, float], None] | None = None
    """Draws the seat's token at (x, y), about ``r`` in radius, where the game marks its
    pieces with an emblem of its own (else the seat's shape, :func:`seat_disc`)."""


def seat_rows(count: int) -> int:
    return 1 if count <= 3 else 2


def header_height(count: int, outcome: str | None = None, width: int = WIDTH) -> int:
    return TITLE_ROW + seat_rows(count) * SEAT_ROW + _turn_row(outcome, width)[0] + 8


def _turn_row(outcome: str | None, width: int) -> tuple[int, int, list[str]]:
    """The height of the line under the seats, and the outcome's size and lines: one
    line in large type when it fits, else up to four lines in ordinary type (each of the
    outcome's own lines, such as the points, starts a line)."""
    if not outcome:
        return TURN_ROW, LARGE, []
    parts = [clean(part) for part in outcome.split("\n") if part.strip()]
    room = width - 44
    if len(parts) == 1 and length(parts[0], font(LARGE)) <= room:
        return TURN_ROW, LARGE, parts
    lines = [line for part in parts for line in wrap(part, room, font(TEXT))]
    if len(lines) > 4:
        lines = [*lines[:3], _fit(" ".join(lines[3:]), "", room, font(TEXT))]
    return 14 + len(lines) * (TEXT + 6), TEXT, lines


def with_points(outcome: str | None, seats: Sequence[Seat]) -> str | None:
    """The outcome and, on a line of its own, every seat's score ("Ana 34 pts · Bo 18
    pts"): a final picture states the result with its points."""
    if not outcome or not seats or not all(seat.score for seat in seats):
        return outcome
    return outcome + "\n" + " · ".join(f"{seat.name} {seat.score}" for seat in seats)


_unencoded: ContextVar[list[Image.Image] | None] = ContextVar("unencoded", default=None)


@contextmanager
def unencoded() -> Iterator[list[Image.Image]]:
    """Within the block, a :class:`Board` adds its finished picture to the list instead of
    encoding it (a replay's frames: no PNG made only to be decoded again)."""
    kept: list[Image.Image] = []
    token = _unencoded.set(kept)
    try:
        yield kept
    finally:
        _unencoded.reset(token)


class Canvas:
    """An image with the kit's drawing (cleaned, cached text) and labels."""

    def __init__(self, image: Image.Image) -> None:
        self.image = image
        self.width = image.width
        self.draw = Draw(image)

    def label(self, xy: tuple[float, float], text: str, size: int = SMALL,
              fill: RGB = INK, anchor: str = "mm") -> None:
        self.draw.text(xy, text, font=font(size), fill=fill, anchor=anchor)

    def paste(self, layer: Layer, top: float = 0) -> None:
        """A :func:`layer` onto this canvas, its top-left corner at (0, ``top``)."""
        self.image.paste(layer.image, (0, int(top)))


@dataclass(frozen=True)
class Layer:
    """A kept drawing, shared by every picture that pastes it: not an image to draw on."""

    image: Image.Image


LAYERS_KEPT = 12  # about 3 MB each


@lru_cache(maxsize=LAYERS_KEPT)
def layer(paint: Callable[..., None], size: tuple[int, int], *args: Hashable) -> Layer:
    """The part of a picture that does not change within a match (a board's squares and
    coordinates, a legend): ``paint(canvas, *args)`` drawn once on a ``size`` canvas of
    the background, kept for the next picture with the same ``paint``, ``size`` and
    ``args`` (which must be all the drawing depends on). Never drawn on:
    :meth:`Canvas.paste` it. Drawn on a canvas of its own whether kept or not, so a kept
    layer gives the very pixels a new one would."""
    image = Image.new("RGB", size, BACKGROUND)
    paint(Canvas(image), *args)
    return Layer(image)


def stamp(image: Image.Image, paint: Callable[..., None], x: float, y: float, reach: int,
          *args: Hashable) -> None:
    """``paint(draw, x, y, *args)`` onto ``image``: a piece drawn around (x, y), nowhere
    further than ``reach`` pixels from it, kept (per ``paint``, ``reach``, ``args`` and
    the fractions of x and y) and pasted. Only for drawings without text: shapes overwrite
    pixels (Pillow draws them without antialiasing), so the kept piece pasted through its
    own alpha gives the very pixels drawing it there would."""
    left, top = math.floor(x), math.floor(y)
    piece = _piece(paint, reach, x - left, y - top, args)
    image.paste(piece, (left - reach, top - reach), piece)


PIECES_KEPT = 256  # up to ~40 KB each


@lru_cache(maxsize=PIECES_KEPT)
def _piece(paint: Callable[..., None], reach: int, dx: float, dy: float,
           args: tuple[Hashable, ...]) -> Image.Image:
    piece = Image.new("RGBA", (2 * reach + 1, 2 * reach + 1), (0, 0, 0, 0))
    paint(ImageDraw.Draw(piece), reach + dx, reach + dy, *args)
    return piece


def clear_caches() -> None:
    """Forget every kept layer, piece, text mask and footer (tests: a picture from
    scratch)."""
    layer.cache_clear()
    _piece.cache_clear()
    length.cache_clear()
    _glyphs.cache_clear()
    _footer_lines.cache_clear()


class Board(Canvas):
    """A canvas with the shared header and footer; ``draw`` paints the board area.

    The board area starts at ``top`` and is ``height`` pixels tall. The header shows the
    title, a status, each seat (colour, name, score) and one line: who is to act, or,
    once the match is over, ``outcome`` on a banner (and then nobody is to act).
    """

    def __init__(self, title: str, seats: Sequence[Seat], to_act: Sequence[int],
                 height: int, width: int = WIDTH, status: str = "",
                 outcome: str | None = None, game: str = "", footer: str = "") -> None:
        self.game = game
        """The game's slug: which fixed palette :meth:`png` encodes with."""
        self.width = width
        outcome = with_points(outcome, seats)
        self.top = header_height(len(seats), outcome, width)
        self.height = height
        self._footer = ""
        self._footer_lines = _footer_lines(footer, width) if footer else ()
        room = 14 + FOOTER_LINE * len(self._footer_lines) if self._footer_lines else 0
        super().__init__(Image.new("RGB", (width, self.top + height + room), BACKGROUND))
        self._header(title, seats, [] if outcome else list(to_act), status, outcome)

    def _header(self, title: str, seats: Sequence[Seat], to_act: Sequence[int],
                status: str, outcome: str | None) -> None:
        d = self.draw
        d.text((16, TITLE_ROW / 2 + 2), title, font=font(TITLE), fill=INK, anchor="lm")
        if status:
            left = 32 + length(title, font(TITLE))
            d.text((self.width - 16, TITLE_ROW / 2 + 2),
                   _fit(clean(status), "", self.width - 16 - left, font(SMALL)),
                   font=font(SMALL), fill=MUTED, anchor="rm")
        per_row = len(seats) if seat_rows(len(seats)) == 1 else math.ceil(len(seats) / 2)
        column = (self.width - 24) / max(1, per_row)
        for i, seat in enumerate(seats):
            x = 12 + (i % per_row) * column
            y = TITLE_ROW + (i // per_row) * SEAT_ROW
            colour = seat.colour or seat_colour(i)
            if i in to_act:  # in the seat's colour: the highlight is for moves
                d.rounded_rectangle((x, y + 2, x + column - 6, y + SEAT_ROW - 4), radius=8,
                                    outline=colour, width=4)
            if seat.emblem is not None:
                seat.emblem(d, x + 22, y + SEAT_ROW / 2, 16)
            else:
                seat_disc(d, x + 22, y + SEAT_ROW / 2, 14, i, colour, width=2)
            room = column - 56
            d.text((x + 44, y + 6 + TEXT / 2), _fit(clean(seat.name), "", room, font(TEXT)),
                   font=font(TEXT), fill=INK, anchor="lm")
            line = " · ".join(p for p in (seat.score, seat.note) if p)
            d.text((x + 44, y + SEAT_ROW - 6 - SMALL / 2), _fit(clean(line), "", room, font(SMALL)),
                   font=font(SMALL), fill=MUTED, anchor="lm")
        y = TITLE_ROW + seat_rows(len(seats)) * SEAT_ROW + 2
        if outcome:
            row, size, lines = _turn_row(outcome, self.width)
            d.rounded_rectangle((10, y, self.width - 10, y + row - 4), radius=10,
                                fill=BANNER, outline=INK, width=2)
            step = size + 6
            first = y + (row - 4) / 2 - step * (len(lines) - 1) / 2
            for k, line in enumerate(lines):
                d.text((self.width / 2, first + k * step), line, font=font(size), fill=INK,
                       anchor="mm")
        elif to_act:
            who = [seats[i].name for i in to_act if i < len(seats)]
            cy = y + TURN_ROW / 2 - 2
            d.polygon([(18, cy - 11), (18, cy + 11), (36, cy)], fill=INK)
            d.text((46, cy), _fit(clean(", ".join(who)), " to act", self.width - 70,
                                  font(TEXT)) + " to act",
                   font=font(TEXT), fill=INK, anchor="lm")
        d.line((0, self.top - 2, self.width, self.top - 2), fill=GRID, width=2)

    def footer(self, text: str) -> None:
        """A note under the board, wrapped onto as many lines as it needs (better given to
        the constructor, which then makes the canvas tall enough at once)."""
        self._footer = text

    def png(self) -> bytes:
        """The picture encoded (or kept unencoded within :func:`unencoded`: b"")."""
        from rendering.palettes import palette

        kept = _unencoded.get()
        if kept is not None:
            kept.append(self.finished())
            return b""
        return to_png(self.finished(), palette(self.game) if self.game else None)

    def finished(self) -> Image.Image:
        """The picture with its footer (the canvas grows to hold one set by
        :meth:`footer`)."""
        if self._footer_lines:
            _write_footer(self.draw, self._footer_lines, self.top + self.height)
        if not self._footer:
            return self.image
        lines = _footer_lines(self._footer, self.width)
        image = Image.new("RGB", (self.width, self.image.height + 14 + FOOTER_LINE * len(lines)),
                          BACKGROUND)
        image.paste(self.image, (0, 0))
        _write_footer(Draw(image), lines, self.image.height)
        return image


def from_right(widths: Sequence[float], right: float, gap: float) -> list[float]:
    """The left edges of columns ``widths`` wide, side by side ``gap`` apart, the last
    ending at ``right`` (a table's numbers, set against the right margin)."""
    lefts = []
    for width in reversed(widths):
        right -= width
        lefts.append(right)
        right -= gap
    return lefts[::-1]


@lru_cache(maxsize=256)
def _footer_lines(text: str, width: int) -> tuple[str, ...]:
    return tuple(wrap(clean(text), width - 32, font(SMALL)))


def _write_footer(d: ImageDraw.ImageDraw, lines: Sequence[str], top: int) -> None:
    for k, line in enumerate(lines):
        d.text((16, top + 8 + FOOTER_LINE * k + FOOTER_LINE / 2), line, font=font(SMALL),
               fill=MUTED, anchor="lm")


@lru_cache(maxsize=4096)
def length(text: str, face: ImageFont.FreeTypeFont) -> float:
    """``face.getlength(text)``, kept: headers, footers and wrapped lines measure the
    same texts picture after picture."""
    return face.getlength(text)


def wrap(text: str, width: float, face: ImageFont.FreeTypeFont) -> list[str]:
    """``text`` broken at spaces into lines no wider than ``width`` px."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}" if line else word
        if line and length(trial, face) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    return [*lines, line] if line else lines


def _fit(name: str, suffix: str, width: float, face: ImageFont.FreeTypeFont) -> str:
    """``name`` shortened with an ellipsis so that name + suffix fits in ``width`` px."""
    if length(name + suffix, face) <= width:
        return name
    while name and length(name + "…" + suffix, face) > width:
        name = name[:-1]
    return name + "…"


def fit(text: str, width: float, size: int = SMALL) -> str:
    return _fit(clean(text), "", width, font(size))


def seats_from_view(names: Sequence[str] | None, count: int,
                    scores: Sequence[float] | None = None) -> list[Seat]:
    """Header seats named from ``names`` (or "Seat 1"…) with scores when given."""
    seats = []
    for i in range(count):
        name = names[i] if names and i < len(names) else f"Seat {i + 1}"
        score = "" if scores is None else plural(scores[i], "pt")
        seats.append(Seat(name=name, score=score))
    return seats


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
