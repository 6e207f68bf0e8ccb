"""The kit's type: the one font (shipped in ``rendering/fonts``), the sizes that stay
readable on a phone, texts cleaned to the glyphs it has, drawn from cached masks and
recorded (for the readability test), measured, wrapped and shortened to fit."""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

WIDTH = 800
PHONE = 265
"""The width a phone client shows a board picture at, in CSS pixels: measured by
``bench/phone_width.py`` (simcord's preview of a thread, 390 px wide viewport: 265 px;
360 px: 235 px). It was taken as 400 until issue 37."""
PHONE_MIN = 7
"""The inked height of the smallest digits and capitals there, in CSS pixels: 7 px is
the cap height of a 10 pt system font (San Francisco's and Roboto's capitals are about
0.7 em), one point under Apple's and Material's 11 pt floor for legible text; a
picture can be opened full screen, a label cannot."""


def inked(size: int) -> int:
    """The inked height of a digit and of a capital in the kit's font at ``size`` (about
    0.7 of the size), the smaller: what a reader sees, and what must stay readable on a
    phone."""
    face = font(size)
    return min(face.getbbox(ch)[3] - face.getbbox(ch)[1] for ch in "0H")


def min_size(width: int = WIDTH) -> int:
    """The smallest font size whose digits and capitals stay :data:`PHONE_MIN` px tall
    when ``width`` shrinks to a phone's."""
    size = 8
    while inked(size) * PHONE < PHONE_MIN * width:
        size += 1
    return size



FONT = Path(__file__).with_name("fonts") / "DejaVuSans.ttf"
"""DejaVu Sans, cut down to Latin (Vietnamese included), Greek, Cyrillic, Armenian,
Georgian, punctuation, arrows and the signs the games use (how, and why this font:
``rendering/fonts/README.md``; its licence beside it)."""


@cache
def font(size: int) -> ImageFont.FreeTypeFont:
    """The kit's font at ``size`` px, laid out without text shaping (as Pillow's bundled
    font was: the scripts it covers need none, and it is the faster layout)."""
    return ImageFont.truetype(str(FONT), size, layout_engine=ImageFont.Layout.BASIC)


SMALL = min_size()  # 30 px at 800 (digits 22 px, 7.3 px at a phone's 265): labels, notes
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
        self.boxes: list[tuple[str, tuple[float, float, float, float]]] = []
        """Each text with the box its glyphs fill (left, top, right, bottom) on its canvas."""
        self.placed: list[Placed] = []
        """Each text with its box, the box it was given (:func:`within`) and its canvas."""


Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class Placed:
    """A text as drawn: its glyphs' box, the box it must stay inside (its panel, cell or
    column: :func:`within`; else its canvas) and which canvas it is on."""

    text: str
    """As it was given (before :func:`clean`: the pseudo-locale's frames kept)."""
    box: Box
    allowed: Box
    canvas: int


_allowed: ContextVar[Box | None] = ContextVar("allowed", default=None)
"""The box of :func:`within` (a context variable: pictures are drawn in several threads)."""


@contextmanager
def within(box: Box) -> Iterator[None]:
    """Within the block, every text drawn must stay inside ``box`` (left, top, right,
    bottom): what the layout gave it. Only recorded (see :func:`recording`): a test
    compares each text's box with it, in every language."""
    token = _allowed.set(box)
    try:
        yield
    finally:
        _allowed.reset(token)


@contextmanager
def recording() -> Iterator[Seen]:
    """Within the block, each text a :class:`Board` draws adds ``(font size, text)``."""
    seen = Seen()
    _records.append(seen)
    try:
        yield seen
    finally:
        _records.remove(seen)


MISSING = "\ufffd"
"""What a character the font lacks is drawn as: the replacement character, visibly a
stand-in, never an empty box or nothing."""


@cache
def has_glyph(ch: str) -> bool:
    """Whether the kit's font draws ``ch`` as itself: its mask is not that of the
    font's missing-glyph box (U+FFFF, a code point no font maps, draws that box)."""
    face = font(20)
    return _mask(ch, face) != _mask("\uffff", face)


def _mask(ch: str, face: ImageFont.FreeTypeFont) -> bytes:
    image = Image.new("L", (40, 40))
    ImageDraw.Draw(image).text((5, 5), ch, font=face, fill=255)
    return image.tobytes()


STAND_INS = {"\u27e6": "[", "\u27e7": "]", "\u0271": "\u1e41"}
"""Look-alikes for the pseudo-locale's marks the font lacks (⟦ ⟧ and ɱ): its frames and
letters drawn as such, never as :data:`MISSING`, whose box is taller than a letter's."""


@lru_cache(maxsize=4096)
def clean(text: str) -> str:
    """``text`` as the font can draw it: composed (NFC: "Zoë" typed as "e" and a
    combining diaeresis drawn as one letter), a character the font lacks drawn as its
    compatibility form when the font has that ("ﬁ" as "fi", a full-width "Ａ" as "A"),
    or its :data:`STAND_INS` look-alike, else as :data:`MISSING`."""
    if text.isascii():
        return text
    out = []
    for ch in unicodedata.normalize("NFC", text):
        if ch.isascii() or has_glyph(ch):
            out.append(ch)
            continue
        plain = STAND_INS.get(ch) or unicodedata.normalize("NFKC", ch)
        out.append(plain if plain != ch and all(map(has_glyph, plain)) else MISSING)
    return "".join(out)


@lru_cache(maxsize=4096)
def _glyphs(face: ImageFont.FreeTypeFont, text: str, mode: str, anchor: str, ink: int,
            start: tuple[float, float], stroke: float = 0) -> tuple[object, tuple[int, int]]:
    """A line of text rasterised (or its outline ``stroke`` px wide, filled), and its
    offset: what ``ImageDraw.text`` computes on every call, kept (the same labels come
    back in every picture of a game)."""
    mask, offset = face.getmask2(text, mode, None, None, None, stroke, anchor, ink, start,
                                 stroke_filled=True)
    return (mask.point(_COVERAGE, None) if mode == "L" else mask), offset


TEXT_SHADES = 4
"""How many levels of coverage a text's edge pixel may have (none and full included):
FreeType's 256 levels of antialiasing rounded to these. The picture's text is most of
its PNG (about 70 %: its edges are what the compressor cannot predict); four levels
keep the letters' smooth edges, at full size and at a phone's 265 px, and make the
PNGs about a sixth smaller (``python -m bench.encode``)."""
_COVERAGE = [round(round(v * (TEXT_SHADES - 1) / 255) * 255 / (TEXT_SHADES - 1))
             for v in range(256)]


class Draw(ImageDraw.ImageDraw):
    """ImageDraw whose texts are cleaned (see :func:`clean`), recorded, and drawn from
    cached glyph masks: the same pixels as ``ImageDraw.text``, without laying the text
    out again."""

    def text(self, xy, text, fill=None, font=None, anchor=None,  # type: ignore[override]
             *args, **kwargs):
        said = str(text)
        text = clean(said)
        if _records:
            size = int(getattr(font, "size", 10))
            left, top, right, bottom = self.textbbox(xy, text, font=font, anchor=anchor)
            width, height = self._image.size
            cut = left < 0 or top < 0 or right > width or bottom > height
            allowed = (_allowed.get() or getattr(self, "area", None)
                       or (0, 0, width, height))
            for seen in _records:
                seen.append((size, text))
                seen.boxes.append((text, (left, top, right, bottom)))
                seen.placed.append(Placed(said, (left, top, right, bottom), allowed,
                                          id(self._image)))
                if cut:
                    seen.outside.append(text)
        stroke = kwargs.pop("stroke_width", 0)
        stroke_fill = kwargs.pop("stroke_fill", None)
        if args or kwargs or "\n" in text or not isinstance(font, ImageFont.FreeTypeFont):
            return super().text(xy, text, fill, font, anchor, *args, stroke_width=stroke,
                                stroke_fill=stroke_fill, **kwargs)
        ink = self._ink(fill)
        x, y = xy
        start = (math.modf(x)[0], math.modf(y)[0])
        layers = [(ink, 0)]
        if stroke:  # as ImageDraw.text: the filled outline first, then the text over it
            halo = ink if stroke_fill is None else self._ink(stroke_fill)
            layers = [(halo, stroke)] + ([] if halo == ink else layers)
        for colour, width in layers:
            mask, (dx, dy) = _glyphs(font, text, self.fontmode, anchor or "la", colour,
                                     start, width)
            self.draw.draw_bitmap((int(x) + dx, int(y) + dy), mask, colour)
        return None

    def _ink(self, fill):
        ink, fill_ink = self._getink(fill)
        return fill_ink if ink is None else ink

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



@lru_cache(maxsize=4096)
def length(text: str, face: ImageFont.FreeTypeFont) -> float:
    """``face.getlength(text)``, kept: headers, footers and wrapped lines measure the
    same texts picture after picture."""
    return face.getlength(text)


def wrap(text: str, width: float, face: ImageFont.FreeTypeFont) -> list[str]:
    """``text`` broken at spaces into lines no wider than ``width`` px (never at a
    no-break space: French keeps « : » with the word before it)."""
    lines: list[str] = []
    line = ""
    for word in (piece for whole in words(text) for piece in _pieces(whole, width, face)):
        trial = f"{line} {word}" if line else word
        if line and length(trial, face) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    return [*lines, line] if line else lines


def _pieces(word: str, width: float, face: ImageFont.FreeTypeFont) -> list[str]:
    """``word`` as it is, or cut into pieces no wider than ``width`` when it is wider
    than a line (a run with no space to break at)."""
    if length(word, face) <= width:
        return [word]
    pieces, piece = [], ""
    for ch in word:
        if piece and length(piece + ch, face) > width:
            pieces.append(piece)
            piece = ""
        piece += ch
    return [*pieces, piece]


def words(text: str) -> list[str]:
    """``text``'s words: split at ordinary spaces, tabs and newlines only."""
    return [word for word in re.split(r"[ \t\n]+", text) if word]


def _fit(name: str, suffix: str, width: float, face: ImageFont.FreeTypeFont) -> str:
    """``name`` shortened with an ellipsis so that name + suffix fits in ``width`` px."""
    if length(name + suffix, face) <= width:
        return name
    while name and length(name + "…" + suffix, face) > width:
        name = name[:-1]
    return name + "…"


def fit(text: str, width: float, size: int = SMALL) -> str:
    return _fit(clean(text), "", width, font(size))

