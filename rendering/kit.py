"""The shared drawing kit: palette, fonts, header with players, hex helpers.

Every board module draws on a :class:`Board` canvas made here, so all games share one
look: a header band with the game's title, each player's colour, name and score, and
whose turn it is; the board below; a footer line for counts and notes.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from engines.base import name_seats as name_seats  # re-exported for reasons
from engines.base import plural as plural  # the one plural, re-exported for pictures
from rendering import layers as _layers
from rendering import typeface as _typeface
from rendering.layers import Canvas as Canvas
from rendering.layers import Layer as Layer
from rendering.layers import layer as layer
from rendering.layers import stamp as stamp
from rendering.layers import unencoded as unencoded
from rendering.paint import BACKGROUND as BACKGROUND
from rendering.paint import BANNER as BANNER
from rendering.paint import DARK_SQUARE as DARK_SQUARE
from rendering.paint import GAP as GAP
from rendering.paint import GRID as GRID
from rendering.paint import HIGHLIGHT as HIGHLIGHT
from rendering.paint import INK as INK
from rendering.paint import LIGHT_SQUARE as LIGHT_SQUARE
from rendering.paint import MARK_TOKEN as MARK_TOKEN
from rendering.paint import MARKS_DEEP as MARKS_DEEP
from rendering.paint import MUTED as MUTED
from rendering.paint import RGB as RGB
from rendering.paint import SEAT_COLOURS as SEAT_COLOURS
from rendering.paint import SEAT_SHAPES as SEAT_SHAPES
from rendering.paint import WHITE as WHITE
from rendering.paint import around as around
from rendering.paint import corner as corner
from rendering.paint import disc as disc
from rendering.paint import edge as edge
from rendering.paint import hex_corners as hex_corners
from rendering.paint import mark_token as mark_token
from rendering.paint import marked as marked
from rendering.paint import ring as ring
from rendering.paint import seat_colour as seat_colour
from rendering.paint import seat_disc as seat_disc
from rendering.paint import seat_middle as seat_middle
from rendering.paint import seat_of as seat_of
from rendering.paint import seat_shape as seat_shape
from rendering.paint import text_colour_on as text_colour_on
from rendering.png import to_png as to_png  # re-exported: the kit's pictures end there
from rendering.typeface import FOOTER_LINE as FOOTER_LINE
from rendering.typeface import HEADER as HEADER
from rendering.typeface import LARGE as LARGE
from rendering.typeface import PHONE as PHONE
from rendering.typeface import PHONE_MIN as PHONE_MIN
from rendering.typeface import SEAT_ROW as SEAT_ROW
from rendering.typeface import SMALL as SMALL
from rendering.typeface import TEXT as TEXT
from rendering.typeface import TITLE as TITLE
from rendering.typeface import TITLE_ROW as TITLE_ROW
from rendering.typeface import TURN_ROW as TURN_ROW
from rendering.typeface import WIDTH as WIDTH
from rendering.typeface import Draw as Draw
from rendering.typeface import Seen as Seen
from rendering.typeface import _fit as _fit
from rendering.typeface import clean as clean
from rendering.typeface import fit as fit
from rendering.typeface import font as font
from rendering.typeface import inked as inked
from rendering.typeface import length as length
from rendering.typeface import min_size as min_size
from rendering.typeface import recording as recording
from rendering.typeface import within as within
from rendering.typeface import wrap as wrap
from rendering.words import language as language
from rendering.words import said as said
from rendering.words import say as say
from rendering.words import seat_name as seat_name
from speech import formats


def outcome_line(names: Sequence[str], winners: Sequence[int], reason: str = "") -> str:
    """"Ana wins - reached 50 points" from the winners' seats and the reason (said
    already, in the picture's language)."""
    who = [seat_name(names, s) for s in winners]
    if not who:
        head = say("picture-game-over")
    elif len(who) == 1:
        head = say("picture-wins", who=who[0])
    else:
        head = say("picture-share-the-win", who=formats.listed(language(), who))
    reason = reason.strip().rstrip(".")
    return say("picture-outcome-because", outcome=head, reason=reason) if reason else head


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


OUTCOME_LINES = 6  # the most an outcome banner wraps onto (four seats' points at phone size)


def _turn_row(outcome: str | None, width: int) -> tuple[int, int, list[str]]:
    """The height of the line under the seats, and the outcome's size and lines: one
    line in large type when it fits, else up to six lines in ordinary type (each of the
    outcome's own lines, such as the points, starts a line)."""
    if not outcome:
        return TURN_ROW, LARGE, []
    parts = [clean(part) for part in outcome.split("\n") if part.strip()]
    room = width - 44
    if len(parts) == 1 and length(parts[0], font(LARGE)) <= room:
        return TURN_ROW, LARGE, parts
    lines = [line for part in parts for line in _wrap_phrases(part, room)]
    if len(lines) > OUTCOME_LINES:
        lines = [*lines[:OUTCOME_LINES - 1],
                 _fit(" ".join(lines[OUTCOME_LINES - 1:]), "", room, font(TEXT))]
    return 14 + len(lines) * (TEXT + 6), TEXT, lines


def _wrap_phrases(text: str, room: float) -> list[str]:
    """``text`` in lines no wider than ``room``, broken between its phrases (after " - "
    or " – " and " · ") where it can, so that "Ana 9 pts" or "share the win" stays on one line;
    a phrase too long for a line is broken between words, its end kept whole."""
    face = font(TEXT)
    phrases = [p for p in re.split(r"(?<= [-–] )|(?<= · )", text) if p]  # – : de, fr …
    lines: list[str] = []
    line = ""
    for phrase in phrases:
        if length((line + phrase).rstrip(), face) <= room:
            line += phrase
            continue
        if line:
            lines.append(line.rstrip())
        line = ""
        if length(phrase.rstrip(), face) <= room:
            line = phrase
        else:  # filled from its end: the verb ("wins", "share the win") stays whole
            *whole, line = _wrap_from_end(phrase, room)
            lines += whole
            line += " " if phrase.endswith(" ") else ""
    return [*lines, line.rstrip()] if line.strip() else lines


def _wrap_from_end(text: str, room: float) -> list[str]:
    """:func:`wrap`, but the last line is the fullest and the first takes what is left."""
    face = font(TEXT)
    lines: list[str] = []
    line = ""
    for word in reversed(_typeface.words(text)):
        trial = f"{word} {line}" if line else word
        if line and length(trial, face) > room:
            lines.insert(0, line)
            line = word
        else:
            line = trial
    return [line, *lines] if line else lines


def with_points(outcome: str | None, seats: Sequence[Seat]) -> str | None:
    """The outcome and, on a line of its own, every seat's score ("Ana 34 pts · Bo 18
    pts"): a final picture states the result with its points."""
    if not outcome or not seats or not all(seat.score for seat in seats):
        return outcome
    return outcome + "\n" + " · ".join(f"{seat.name} {seat.score}" for seat in seats)



def clear_caches() -> None:
    """Forget every kept layer, piece, text mask and footer (tests: a picture from
    scratch)."""
    _layers._layer.cache_clear()
    _layers._piece.cache_clear()
    length.cache_clear()
    _typeface._glyphs.cache_clear()
    _footer_lines.cache_clear()


def _seat_line(seat: Seat) -> str:
    """What a seat's second line says: its score and its note."""
    return clean(" · ".join(p for p in (seat.score, seat.note) if p))


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
        self.draw.area = (0, self.top, width, self.top + height)  # type: ignore[attr-defined]
        """Where the game's drawing goes: its texts must stay between header and footer."""

    def _header(self, title: str, seats: Sequence[Seat], to_act: Sequence[int],
                status: str, outcome: str | None) -> None:
        d = self.draw
        with within((0, 0, self.width, TITLE_ROW)):
            self._title(title, status)
        self._seats(seats, to_act)
        y = TITLE_ROW + seat_rows(len(seats)) * SEAT_ROW + 2
        with within((0, y, self.width, self.top - 2)):
            self._turn(seats, to_act, outcome, y)
        d.line((0, self.top - 2, self.width, self.top - 2), fill=GRID, width=2)

    def _title(self, title: str, status: str) -> None:
        d = self.draw
        d.text((16, TITLE_ROW / 2 + 2), title, font=font(TITLE), fill=INK, anchor="lm")
        if status:
            left = 32 + length(title, font(TITLE))
            d.text((self.width - 16, TITLE_ROW / 2 + 2),
                   _fit(clean(status), "", self.width - 16 - left, font(SMALL)),
                   font=font(SMALL), fill=MUTED, anchor="rm")

    def _seats(self, seats: Sequence[Seat], to_act: Sequence[int]) -> None:
        d = self.draw
        per_row = len(seats) if seat_rows(len(seats)) == 1 else math.ceil(len(seats) / 2)
        column = (self.width - 24) / max(1, per_row)
        room = column - 56
        lines = [_seat_line(seat) for seat in seats]
        if any(length(line, font(SMALL)) > room for line in lines):
            lines = [line.replace(" · ", "·").replace(" ", "\u2009") for line in lines]
        # a line that fits beside the disc only tightened (thin spaces) runs under it,
        # every seat's alike, the disc beside the name: rather than cut short
        under = any(length(line, font(SMALL)) > room for line in lines)
        for i, (seat, line) in enumerate(zip(seats, lines, strict=True)):
            x = 12 + (i % per_row) * column
            y = TITLE_ROW + (i // per_row) * SEAT_ROW
            colour = seat.colour or seat_colour(i)
            if i in to_act:  # in the seat's colour: the highlight is for moves
                d.rounded_rectangle((x, y + 2, x + column - 6, y + SEAT_ROW - 4), radius=8,
                                    outline=colour, width=4)
            cy = y + 8 + TEXT / 2 if under else y + SEAT_ROW / 2
            if seat.emblem is not None:
                seat.emblem(d, x + 22, cy, 16)
            else:
                seat_disc(d, x + 22, cy, 14, i, colour, width=2)
            with within((x, y, x + column - 6, y + SEAT_ROW)):
                d.text((x + 44, y + 6 + TEXT / 2),
                       _fit(clean(seat.name), "", room, font(TEXT)),
                       font=font(TEXT), fill=INK, anchor="lm")
                left = 12 if under else 44
                d.text((x + left, y + SEAT_ROW - 6 - SMALL / 2),
                       _fit(line, "", column - left - 12, font(SMALL)),
                       font=font(SMALL), fill=MUTED, anchor="lm")

    def _turn(self, seats: Sequence[Seat], to_act: Sequence[int], outcome: str | None,
              y: float) -> None:
        """The line under the seats: the outcome on its banner, or who is to act."""
        d = self.draw
        if outcome:
            row, size, lines = _turn_row(outcome, self.width)
            d.rounded_rectangle((10, y, self.width - 10, y + row - 4), radius=10,
                                fill=BANNER, outline=INK, width=2)
            step = size + 6
            first = y + (row - 4) / 2 - step * (len(lines) - 1) / 2
            with within((10, y, self.width - 10, y + row - 4)):  # the banner
                for k, line in enumerate(lines):
                    d.text((self.width / 2, first + k * step), line, font=font(size),
                           fill=INK, anchor="mm")
        elif to_act:
            who = [seats[i].name for i in to_act if i < len(seats)]
            cy = y + TURN_ROW / 2 - 2
            d.polygon([(18, cy - 11), (18, cy + 11), (36, cy)], fill=INK)
            before, after = say("picture-to-act", who="\0", count=len(who)).split("\0")
            d.text((46, cy), before + _fit(clean(", ".join(who)), before + after,
                                           self.width - 70, font(TEXT)) + after,
                   font=font(TEXT), fill=INK, anchor="lm")

    def footer(self, text: str) -> None:
        """A note under the board, wrapped onto as many lines as it needs (better given to
        the constructor, which then makes the canvas tall enough at once)."""
        self._footer = text

    def png(self) -> bytes:
        """The picture encoded (or kept unencoded within :func:`unencoded`: b"")."""
        from rendering.palettes import palette

        kept = _layers._unencoded.get()
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
    width, height = d._image.size  # type: ignore[attr-defined]
    with within((0, top, width, height)):
        for k, line in enumerate(lines):
            d.text((16, top + 8 + FOOTER_LINE * k + FOOTER_LINE / 2), line, font=font(SMALL),
                   fill=MUTED, anchor="lm")



def seats_from_view(names: Sequence[str] | None, count: int,
                    scores: Sequence[float] | None = None) -> list[Seat]:
    """Header seats named from ``names`` (or "Seat 1"…) with scores when given."""
    seats = []
    for i in range(count):
        name = seat_name(list(names or []), i)
        score = "" if scores is None else points(scores[i])
        seats.append(Seat(name=name, score=score))
    return seats


def points(count: float) -> str:
    """"34 pts": a score as the header shows it."""
    return say("picture-points", count=count)

