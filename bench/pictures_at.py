"""Public pictures of every game (start, middle and end of a seeded random match; 2 and
the most players), full size and 265 px wide (a phone client), drawn by whichever
checkout comes first on ``PYTHONPATH``: for before/after comparisons across commits. It
uses only the engine contract and ``rendering.render(slug, view, names=...)``, which
every version has.

    old=$(mktemp -d) && git worktree add "$old" 7edac84
    PYTHONPATH="$old" python bench/pictures_at.py pics-before
    python bench/pictures_at.py pics-after
"""

from __future__ import annotations

import io
import random
import sys
from pathlib import Path

from PIL import Image

import engines
import rendering

NAMES = ["Ana", "Bartholomew the Magnificent", "Chen", "Dee", "Eve", "Fitz"]
PHONE = 265  # how wide a phone client shows a picture (bench/phone_width.py)


def positions(game, players: int) -> list[tuple[str, object]]:
    rng = random.Random(7)
    state = game.setup(players, 11, {})
    states = [state]
    while game.result(state) is None and len(states) < 400:
        seat = game.to_act(state)[0]
        state = game.play(state, seat, rng.choice(game.legal_moves(state, seat)))
        states.append(state)
    return [("start", states[0]), ("middle", states[len(states) // 2]), ("end", states[-1])]


def main(folder: str) -> None:
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    for game in engines.all():
        for players in sorted({game.min_players, game.max_players}):
            for label, state in positions(game, players):
                png = rendering.render(game.slug, game.view(state, None), names=NAMES[:players])
                name = f"{game.slug}-{players}p-{label}"
                (out / f"{name}.png").write_bytes(png)
                image = Image.open(io.BytesIO(png))
                phone = (PHONE, round(image.height * PHONE / image.width))
                image.convert("RGB").resize(phone, Image.LANCZOS).save(out / f"{name}-400.png")
                print(f"{name:34} {image.width}x{image.height} {len(png) // 1024:4} KB")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "pictures")
