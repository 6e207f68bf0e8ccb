"""The longest alt text of every game and seat count over whole seeded random matches,
every view (public and each seat's) after every move, as ``tests/full_games.py`` shows
them; how many views left part of the board out ("board cut") and how many some of
the moves marked ("marks cut").

    python bench/alt_lengths.py [slug ...]
"""

from __future__ import annotations

import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engines
import rendering.alt
from tests.full_games import NAMES, SEEDS, shown


def main(slugs: list[str]) -> None:
    print(f"{'game':20} {'seats':>5} {'views':>6} {'longest':>7} {'board cut':>9} {'marks cut':>9} "
          f"{'s':>5}")
    for game in engines.all():
        if slugs and game.slug not in slugs:
            continue
        for players in range(game.min_players, game.max_players + 1):
            began = time.perf_counter()
            count = longest = cut = marks_cut = 0
            for seed in SEEDS:
                for one in shown(game.slug, players, seed):
                    text = rendering.alt.alt_text(game.slug, one.view, NAMES[:players],
                                                  marks=one.marks, outcome=one.outcome)
                    count += 1
                    longest = max(longest, len(text))
                    note = text.rpartition("… ")[2] if "left out" in text else ""
                    board = [n for n in re.findall(r"\d+ more ([a-z ]+?)(?=,| and | left)", note)
                             if n not in ("marked place", "marked places")]
                    cut += bool(board)
                    marks_cut += "marked" in note
            print(f"{game.slug:20} {players:5} {count:6} {longest:7} {cut:9} {marks_cut:9} "
                  f"{time.perf_counter() - began:5.1f}")


if __name__ == "__main__":
    main(sys.argv[1:])
