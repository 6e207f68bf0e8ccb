"""A finished picture to PNG bytes: mapped onto its game's fixed palette, compressed with
zlib-ng (the same deflate format, about twice as fast as the standard library's zlib at
the same level, for smaller files), written as a palette PNG.

The level was chosen by measurement (``python -m bench.encode``): see :data:`LEVEL`.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Sequence
from functools import lru_cache

from PIL import Image
from zlib_ng import zlib_ng

RGB = tuple[int, int, int]

LEVEL = 6
"""zlib-ng's level for pictures: on the fixed palettes, 6 is the smallest file before the
time climbs steeply (7 is slower and no smaller; 9 takes four to five times as long for
a tenth less); ``python -m bench.encode`` prints the table."""

SIGNATURE = b"\x89PNG\r\n\x1a\n"


def to_png(image: Image.Image, palette: Sequence[RGB] | None = None) -> bytes:
    """Encode as a palette PNG: on the game's fixed ``palette`` when it has one (its
    named colours exact, the rest mapped to the nearest: see ``bench/palettes.py``),
    else on a 128-colour palette made for this picture (slower, and bigger)."""
    if palette:
        indexed = image.quantize(palette=palette_image(tuple(palette)),
                                 dither=Image.Dither.NONE)
    else:
        indexed = image.quantize(colors=128, method=Image.Quantize.FASTOCTREE)
    return indexed_png(indexed)


def indexed_png(indexed: Image.Image, level: int = LEVEL) -> bytes:
    """A palette ("P") image as PNG bytes: 8 bits per pixel, no filter (the usual choice
    for a palette image: a filter's differences of palette indices mean nothing), the
    rows deflated by zlib-ng at ``level``."""
    width, height = indexed.size
    rows = Image.new("P", (width + 1, height), 0)  # column 0: each row's filter byte (0)
    rows.paste(indexed, (1, 0))
    colours = indexed.palette.tobytes() if indexed.palette else b""
    return b"".join((
        SIGNATURE,
        _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)),
        _chunk(b"PLTE", colours[:768]),
        _chunk(b"IDAT", zlib_ng.compress(rows.tobytes(), level)),
        _chunk(b"IEND", b""),
    ))


def _chunk(kind: bytes, data: bytes) -> bytes:
    return (struct.pack(">I", len(data)) + kind + data
            + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind))))


@lru_cache(maxsize=16)
def palette_image(colours: tuple[RGB, ...]) -> Image.Image:
    """A palette image of exactly ``colours`` (up to 256), to quantize onto."""
    image = Image.new("P", (1, 1))
    image.putpalette([c for colour in colours for c in colour], "RGB")
    return image
