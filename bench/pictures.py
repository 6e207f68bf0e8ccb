"""Write every game's pictures, full size and scaled to a phone's 400 px, to a folder.

    python bench/pictures.py pics [slug ...]

Positions come from ``tests/render_cases.py`` (start, middle and end of a seeded random
match, 2 and the most players, public and seat 0's view); each final position is also
drawn with an outcome line and with the marks of several seats. Prints each picture's
size and its smallest text: its font size, and the inked height of its digits and
capitals (what the project's phone rule measures, ``kit.inked``) when the picture is
shown 400 px wide and 295 px wide (a phone client's width, issue 37).
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import rendering
from rendering import kit
from tests.render_cases import NAMES, SLUGS, cases

PHONE_CLIENT = 295  # how wide a phone client shows the picture (issue 37's measure)


def main(folder: str, slugs: list[str]) -> None:
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    for case in cases(tuple(slugs) or SLUGS):
        extras: dict = {}
        if case.stage == "end" and case.viewer is None:
            extras["outcome"] = "Ana wins - the test's outcome line"
        if case.stage == "middle" and case.viewer is None:
            extras["marks"] = {s: list(case.view.get("last", [])) for s in range(case.players)}
        with kit.recording() as seen:
            png = rendering.render(case.slug, case.view, names=NAMES[: case.players], **extras)
        image = Image.open(io.BytesIO(png))
        (out / f"{case.name}.png").write_bytes(png)
        small = image.convert("RGB").resize(
            (400, round(image.height * 400 / image.width)), Image.Resampling.LANCZOS)
        small.save(out / f"{case.name}-400.png")
        size, text = min(seen)
        ink = kit.inked(size)
        print(f"{case.name:45} {image.width}x{image.height} {len(png) // 1024:4} KB "
              f"smallest {size} px type, inked {ink * kit.PHONE / image.width:.1f} px at "
              f"{kit.PHONE}, {ink * PHONE_CLIENT / image.width:.1f} px at {PHONE_CLIENT} "
              f"({text!r})")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
