"""The PNG writer (``rendering.png``): what it writes decodes to the picture mapped onto
the palette, pixel for pixel, whatever the picture and the palette."""

from __future__ import annotations

import io

from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from rendering import png

colour = st.tuples(*[st.integers(0, 255)] * 3)


@settings(max_examples=40, deadline=None)
@given(size=st.tuples(st.integers(1, 40), st.integers(1, 30)),
       palette=st.lists(colour, min_size=1, max_size=256, unique=True),
       seed=st.binary(min_size=3, max_size=3 * 40 * 30))
def test_a_png_decodes_to_the_picture_on_its_palette(size, palette, seed):
    width, height = size
    raw = (seed * (3 * width * height // len(seed) + 1))[:3 * width * height]
    image = Image.frombytes("RGB", size, raw)
    decoded = Image.open(io.BytesIO(png.to_png(image, palette)))
    assert decoded.mode == "P" and decoded.size == size
    expected = image.quantize(palette=png.palette_image(tuple(palette)),
                              dither=Image.Dither.NONE)
    assert decoded.convert("RGB").tobytes() == expected.convert("RGB").tobytes()
    assert {c for _, c in decoded.convert("RGB").getcolors(256) or []} <= set(palette)


def test_without_a_palette_the_png_keeps_a_few_colours_exactly():
    image = Image.new("RGB", (30, 20), (246, 241, 230))
    image.paste((0, 114, 178), (5, 5, 15, 15))
    decoded = Image.open(io.BytesIO(png.to_png(image))).convert("RGB")
    assert decoded.tobytes() == image.tobytes()
