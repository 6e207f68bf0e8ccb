"""Members' names are drawn as written: accents, Greek and Cyrillic in the pictures' own
font, never simplified ("Jürgen Weiß" was drawn "Jurgen Wei?" in Pillow's bundled
font) and never the font's missing-glyph box; a character the font lacks is drawn as a
visible stand-in (U+FFFD), never dropped."""

from __future__ import annotations

import functools
import unicodedata

import pytest
from PIL import Image, ImageDraw, ImageFont

import rendering
from rendering import kit, typeface
from tests.render_cases import SLUGS, cases

NAMES = ["Jürgen Weiß", "Zoë", "Ελένη", "Дмитрий", "François", "Ana"]


@functools.cache
def _mask(ch: str, size: int) -> bytes:
    """``ch`` drawn alone in the kit's font, as the bytes of its mask: Pillow draws a
    character the font does not map as the font's .notdef glyph (the box)."""
    face = ImageFont.truetype(str(typeface.FONT), size, layout_engine=ImageFont.Layout.BASIC)
    image = Image.new("L", (3 * size, 3 * size))
    ImageDraw.Draw(image).text((size, size), ch, font=face, fill=255)
    return image.tobytes()


def _notdef(size: int) -> bytes:
    return _mask("\uffff", size)  # a noncharacter: no font maps it


def _boxes(text: str, size: int) -> list[str]:
    """The characters of ``text`` the font would draw as its missing-glyph box."""
    return [ch for ch in set(text) if _mask(ch, size) == _notdef(size)]


def test_the_notdef_box_is_a_visible_box():
    """The comparison below means something: the font's .notdef has ink (a subset made
    without ``--notdef-outline`` draws a missing character as nothing at all)."""
    assert any(_notdef(30)), "the font's missing-glyph box is empty"
    assert _boxes("王🐉", 30) and not _boxes("Jürgen Weiß Ελένη Дмитрий", 30)


@pytest.mark.parametrize("slug", SLUGS)
def test_every_members_name_is_drawn_as_written(slug):
    """Through every game's real board pictures (start, middle and end; fewest and most
    players), each name is among the texts drawn, whole and as written, and no
    character of any drawn text is the missing-glyph box."""
    for case in cases((slug,), viewers=(None,)):
        names = NAMES[: case.players]
        with kit.recording() as seen:
            rendering.render(case.slug, case.view, names=names)
        drawn = {text for _, text in seen}
        missing = [name for name in names if not any(name in text for text in drawn)]
        assert not missing, (case.name, missing, sorted(drawn))
        for size, text in seen:
            assert typeface.MISSING not in text, (case.name, text)
            assert not _boxes(text, size), (case.name, text, _boxes(text, size))


def test_a_name_typed_with_combining_accents_is_drawn_composed():
    """"Zoë" typed as "Zoe" and U+0308 is drawn as the one letter ë (the font's glyph),
    not an e with a mark placed by a layout that does not shape."""
    assert kit.clean("Zoe\u0308") == "Zoë"
    assert kit.clean("Franc\u0327ois") == "François"


def test_a_character_the_font_lacks_is_a_visible_stand_in_never_dropped():
    """A CJK letter and an emoji, which the font does not have: each is drawn as U+FFFD
    (which it has), in its place, the rest of the name as written."""
    for name in ("王芳", "Ana 🐉", "Łukasz 王"):
        cleaned = kit.clean(name)
        composed = unicodedata.normalize("NFC", name)
        assert len(cleaned) == len(composed), (name, cleaned)
        for was, now in zip(composed, cleaned, strict=True):
            assert now == was or (now == typeface.MISSING and _boxes(was, 30)), (name, now)
        assert typeface.MISSING in cleaned
        assert not _boxes(cleaned, 30)


def test_a_compatibility_character_is_drawn_as_its_plain_form():
    """A full-width "Ａｎａ" (the font lacks those forms) is drawn "Ana", not as three
    stand-ins."""
    assert _boxes("Ａｎａ", 30)
    assert kit.clean("Ａｎａ") == "Ana"


def test_the_font_and_its_licence_are_package_data():
    """An install from a clone (not only an editable one) carries the font and its
    licence: pyproject's package data names them, and they are there."""
    import tomllib
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    data = tomllib.loads((root / "pyproject.toml").read_text())
    patterns = data["tool"]["setuptools"]["package-data"]["rendering"]
    folder = root / "rendering"
    for needed in ("fonts/DejaVuSans.ttf", "fonts/LICENSE"):
        assert (folder / needed).is_file(), needed
        assert any((folder / needed) in set(folder.glob(p)) for p in patterns), needed
    assert folder / "fonts" / "DejaVuSans.ttf" == typeface.FONT
    assert "Bitstream Vera" in (folder / "fonts" / "LICENSE").read_text()
