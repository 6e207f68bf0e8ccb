"""How a board picture is best encoded: zlib-ng's level against time and size, on each
game's fixed palette (``rendering/<its picture>.palette.json``), next to Pillow's own encoder (the
standard library's zlib) at level 6 on the same palette (before), the 128-colour adaptive
palette used before that and a bare RGB PNG (the floor ``bench/run.py`` shows).

    python -m bench.encode                  # all games, 40 positions each
    python -m bench.encode <slug> --positions 20

Prints a Markdown table: per game and way of encoding, the encode's CPU time p50/p99
(quantising included; CPU time of this thread, so other work on the machine counts
less) and the PNG's median size. ``rendering.png.LEVEL`` was chosen from it.
"""

from __future__ import annotations

import argparse
import io
import statistics
import time

from PIL import Image

import engines
import rendering
from bench.run import percentile, sample_states
from rendering import kit, png
from rendering.palettes import palette


def images(slug: str, count: int) -> list[Image.Image]:
    """The pictures of ``count`` positions of random matches, before encoding."""
    game = engines.get(slug)
    states = sample_states(game, count * 5)[::5]
    with kit.unencoded() as kept:
        for state in states:
            rendering.render(slug, game.view(state, None))
    return kept


def encoded(image: Image.Image, how: str) -> bytes:
    out = io.BytesIO()
    if how == "rgb":
        image.save(out, format="PNG")
        return out.getvalue()
    if how == "adaptive":
        image.quantize(colors=128, method=Image.Quantize.FASTOCTREE).save(
            out, format="PNG", compress_level=3)
        return out.getvalue()
    slug, level = how.split(":")
    indexed = image.quantize(palette=png.palette_image(palette(slug) or ()),
                             dither=Image.Dither.NONE)
    if level == "pillow":
        indexed.save(out, format="PNG", compress_level=6)
        return out.getvalue()
    return png.indexed_png(indexed, int(level))


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.encode",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game slugs (default: all)")
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--levels", default="1,3,4,5,6,7,9", help="zlib-ng levels")
    args = parser.parse_args()
    slugs = args.games or [g.slug for g in engines.all()]
    print("| game | encoding | CPU ms p50 / p99 | KB median |")
    print("|---|---|---|---|")
    for slug in slugs:
        pictures = images(slug, args.positions)
        ways = ["rgb", "adaptive", f"{slug}:pillow"] + [f"{slug}:{level}"
                                                        for level in args.levels.split(",")]
        for how in ways:
            times, sizes = [], []
            for image in pictures:
                start = time.thread_time()
                sizes.append(len(encoded(image, how)))
                times.append(time.thread_time() - start)
            label = {"rgb": "RGB, Pillow's default (the floor)",
                     "adaptive": "adaptive 128 colours, Pillow, zlib level 3",
                     f"{slug}:pillow": "fixed palette, Pillow, zlib level 6 (before)"}.get(
                how, f"fixed palette, zlib-ng level {how.split(':')[-1]}")
            print(f"| {slug} | {label} | {percentile(times, .5) * 1000:.1f} / "
                  f"{percentile(times, .99) * 1000:.1f} | "
                  f"{statistics.median(sizes) / 1024:.0f} |", flush=True)


if __name__ == "__main__":
    main()
