"""Canvases and what is kept between pictures: layers that do not change within a match,
small pieces stamped again and again, and finished pictures kept unencoded (a replay's
frames)."""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from rendering import words
from rendering.paint import BACKGROUND, INK, RGB
from rendering.typeface import SMALL, Draw, font

BLOCKS_KEPT = 6  # Pillow's freed memory blocks kept for reuse (each up to 16 MB)


if Image.core.get_blocks_max() == 0:  # unless set by PILLOW_BLOCKS_MAX
    # Keep a few freed image blocks for the next picture: a fresh 800×1300 canvas then
    # costs a fraction of a millisecond instead of ~2 ms of page faults.
    Image.core.set_blocks_max(BLOCKS_KEPT)



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


def layer(paint: Callable[..., None], size: tuple[int, int], *args: Hashable) -> Layer:
    """The part of a picture that does not change within a match (a board's squares and
    coordinates, a legend): ``paint(canvas, *args)`` drawn once on a ``size`` canvas of
    the background, kept for the next picture with the same ``paint``, ``size`` and
    ``args`` (which must be all the drawing depends on). Never drawn on:
    :meth:`Canvas.paste` it. Drawn on a canvas of its own whether kept or not, so a kept
    layer gives the very pixels a new one would. Kept per language: a layer's words are
    drawn in the picture's (:mod:`rendering.words`)."""
    return _layer(paint, size, words.language(), *args)


@lru_cache(maxsize=LAYERS_KEPT)
def _layer(paint: Callable[..., None], size: tuple[int, int], language: str,
           *args: Hashable) -> Layer:
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

