"""Write every game's pictures, full size and scaled to a phone client's width, to a folder.

    python bench/pictures.py pics [--language=de] [slug ...]

Positions come from ``tests/render_cases.py`` (start, middle and end of a seeded random
match, 2 and the most players, public and seat 0's view); each final position is also
drawn with an outcome line and with the marks of several seats. Prints each picture's
size and its smallest text: its font size, and the inked height of its digits and
capitals (what the project's phone rule measures, ``kit.inked``; the rule wants
``kit.PHONE_MIN`` px) when the picture is shown ``kit.PHONE`` (265) px wide and 235 px
wide: the widths simcord's preview of a thread shows it at on 390 and 360 px wide
phones (``python -m bench.phone_width``). ``--language``: the pictures' words in that
catalogue (``qps-ploc``: the pseudo-locale); the last line is the PNGs' median size.
"""

from __future__ import annotations

import io
import statistics
import sys
from pathlib import Path

from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import rendering
from rendering import kit
from tests.render_cases import NAMES, SLUGS, cases

NARROW_PHONE = 235  # how wide a 360 px wide phone shows the picture (bench/phone_width.py)


def main(folder: str, slugs: list[str], language: str = "en") -> None:
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    sizes = []
    for case in cases(tuple(slugs) or SLUGS):
        extras: dict = {}
        if case.stage == "end" and case.viewer is None:
            extras["outcome"] = "Ana wins - the test's outcome line"
        if case.stage == "middle" and case.viewer is None:
            extras["marks"] = {s: list(case.view.get("last", [])) for s in range(case.players)}
        with kit.recording() as seen:
            png = rendering.render(case.slug, case.view, names=NAMES[: case.players],
                                   language=language, **extras)
        sizes.append(len(png))
        image = Image.open(io.BytesIO(png))
        (out / f"{case.name}.png").write_bytes(png)
        small = image.convert("RGB").resize(
            (kit.PHONE, round(image.height * kit.PHONE / image.width)),
            Image.Resampling.LANCZOS)
        small.save(out / f"{case.name}-{kit.PHONE}.png")
        size, text = min(seen)
        ink = kit.inked(size)
        print(f"{case.name:45} {image.width}x{image.height} {len(png) // 1024:4} KB "
              f"smallest: {size} px type, digits/capitals inked "
              f"{ink * kit.PHONE / image.width:.1f} px shown {kit.PHONE} wide, "
              f"{ink * NARROW_PHONE / image.width:.1f} px shown {NARROW_PHONE} wide "
              f"(rule: {kit.PHONE_MIN} px) ({text!r})")
    print(f"{language}: {len(sizes)} pictures, median {statistics.median(sizes) / 1024:.1f} KB,"
          f" largest {max(sizes) / 1024:.1f} KB")


if __name__ == "__main__":
    chosen = [a.split("=", 1)[1] for a in sys.argv[2:] if a.startswith("--language=")]
    main(sys.argv[1], [a for a in sys.argv[2:] if not a.startswith("--")],
         chosen[0] if chosen else "en")
