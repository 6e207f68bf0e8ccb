"""Make each game's fixed PNG palette (``rendering/<its picture>.palette.json``) from what
its pictures draw.

    python -m bench.palettes            # rewrite every game's palette
    python -m bench.palettes --check    # only print each palette's size and coverage

A palette is every colour the game's module and the kit name (seat colours, ink, fills:
kept exact), then the colours its pictures use most (the antialiased edges of text) up
to ``SIZE`` in all, counted over random positions seen publicly and by each seat, with
an outcome banner and marks — skipping a colour within ``APART`` of one already chosen
(its pixels go to that one): near-twins of ink only add noise for the compressor, and
the slots go to the edges of other colours instead, so the pictures come out both
smaller and closer to the drawing. Mapping a picture onto a fixed palette costs about a
millisecond, against several for an adaptive quantiser, and a small palette compresses
better. Run it again when a renderer's colours change (a test checks the named colours
are all in).
"""

from __future__ import annotations

import argparse
import json
import math
import random
from collections import Counter

from PIL import Image

import engines
import rendering
from rendering import kit
from rendering.colours import named_colours
from rendering.palettes import path_for

SIZE = 64
APART = 20
"""The least distance (RGB, Euclidean) between an added colour and every one before it:
measured against 0, 8, 16 and 24, 20 gave the smallest files whose mean error per
channel stays under half a level (the frequency-only palettes were off by 1–2)."""


def sample_images(slug: str, positions: int = 24, seed: int = 5) -> list[Image.Image]:
    """The pictures (before encoding) of random positions of ``slug``: every viewer, with
    and without an outcome line and marks."""
    game = engines.get(slug)
    rng = random.Random(seed)
    names = ["Ana", "Bo", "Chen", "Dee", "Eve", "Fitz"]
    with kit.unencoded() as images:
        for players in sorted({game.min_players, game.max_players}):
            state = game.setup(players, seed, {})
            history = [state]
            while game.result(state) is None and game.to_act(state):
                seat = game.to_act(state)[0]
                state = game.play(state, seat, rng.choice(game.legal_moves(state, seat)))
                history.append(state)
            picked = [history[round(i * (len(history) - 1) / (positions - 1))]
                      for i in range(positions)]
            for k, state in enumerate(picked):
                for viewer in (None, *range(players)):
                    view = game.view(state, viewer)
                    extras: dict = {}
                    if k % 3 == 1:
                        extras["outcome"] = "Ana wins - reached 50 points"
                    elif k % 3 == 2:
                        extras["marks"] = {s: list(view.get("last", [])) for s in range(2)}
                    rendering.render(slug, view, names=names[:players], **extras)
    return images


def palette_for(slug: str, size: int = SIZE) -> tuple[tuple[int, int, int], ...]:
    named = named_colours(slug)
    counts: Counter[tuple[int, int, int]] = Counter()
    for image in sample_images(slug):
        for count, colour in image.getcolors(1 << 16) or []:
            if isinstance(colour, tuple):  # an RGB picture: always
                counts[(colour[0], colour[1], colour[2])] += count
    chosen = list(dict.fromkeys(named))
    for colour, _ in counts.most_common():
        if len(chosen) >= size:
            break
        if all(math.dist(colour, other) >= APART for other in chosen):
            chosen.append(colour)
    return tuple(chosen[:max(size, len(named))])


def write(found: dict[str, tuple[tuple[int, int, int], ...]]) -> None:
    """Each game's palette beside its picture's module (``rendering.palettes.path_for``)."""
    for slug, colours in found.items():
        path_for(slug).write_text(
            json.dumps([list(colour) for colour in colours], separators=(",", ":")) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.palettes",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="print, do not write")
    parser.add_argument("--size", type=int, default=SIZE, help="colours per palette")
    args = parser.parse_args()
    found = {}
    for game in engines.all():
        found[game.slug] = palette_for(game.slug, args.size)
        print(f"{game.slug}: {len(found[game.slug])} colours, "
              f"{len(named_colours(game.slug))} named", flush=True)
    if not args.check:
        write(found)
        print("wrote " + ", ".join(str(path_for(slug)) for slug in found))


if __name__ == "__main__":
    main()
