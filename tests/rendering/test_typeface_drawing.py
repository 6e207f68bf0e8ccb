"""How the kit draws text: from kept masks, with a halo when asked, its edges in a few
shades (what keeps the PNGs small)."""

from __future__ import annotations

from PIL import Image

from rendering import kit, typeface

BACKGROUND = (246, 241, 230)
INK = (30, 30, 30)
HALO = (0, 114, 178)


def _drawn(**kwargs) -> Image.Image:
    image = Image.new("RGB", (120, 80), BACKGROUND)
    kit.Draw(image).text((60, 40), "48", font=kit.font(kit.SMALL), fill=INK, anchor="mm",
                         **kwargs)
    return image


def _colours(image: Image.Image) -> set[tuple[int, int, int]]:
    return {colour for _, colour in image.getcolors(1 << 16) or []}


def test_a_text_edge_has_only_the_kept_shades():
    """Ink over a flat background takes TEXT_SHADES colours at most (background and full
    ink included), not FreeType's 256 levels of coverage."""
    colours = _colours(_drawn())
    assert BACKGROUND in colours and INK in colours
    assert len(colours) <= typeface.TEXT_SHADES
    assert len(colours) > 2  # still smoothed, not two-tone


def test_a_halo_is_drawn_around_the_text_in_its_own_colour():
    """Terra's territory numbers carry a halo (``stroke_width``, ``stroke_fill``): drawn
    from the kept masks too, it is still there, the text over it."""
    plain, halo = _drawn(), _drawn(stroke_width=2, stroke_fill=HALO)
    assert HALO not in _colours(plain)
    assert HALO in _colours(halo) and INK in _colours(halo)

    def box(image: Image.Image) -> tuple[int, int, int, int]:
        mask = Image.eval(image.convert("L"), lambda v: 255 if v < 200 else 0)
        found = mask.getbbox()
        assert found
        return found

    (l0, t0, r0, b0), (l1, t1, r1, b1) = box(plain), box(halo)
    assert l1 <= l0 - 2 and t1 <= t0 - 2 and r1 >= r0 + 2 and b1 >= b0 + 2


def test_a_halo_as_the_text_draws_it_once():
    """A halo of the text's own colour (no ``stroke_fill``) is the text made bolder."""
    bold = _drawn(stroke_width=2)
    assert _colours(bold) <= _colours(_drawn()) | {INK}
    assert bold.tobytes() != _drawn().tobytes()
