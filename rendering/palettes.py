"""Each game's fixed PNG palette, read from ``palettes.json`` beside this module (made by
``python -m bench.palettes``, see there): the named colours come first and are kept
exact."""

from __future__ import annotations

import json
from pathlib import Path

RGB = tuple[int, int, int]

SOURCE = Path(__file__).with_name("palettes.json")

PALETTES: dict[str, tuple[RGB, ...]] = {
    slug: tuple((int(r), int(g), int(b)) for r, g, b in colours)
    for slug, colours in json.loads(SOURCE.read_text()).items()
}
