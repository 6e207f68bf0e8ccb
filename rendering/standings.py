"""A tournament's standings as a picture: a title, then one row per entrant — rank,
name, points, tie-breaks, games — readable on a phone (the text sizes follow
:func:`rendering.kit.min_size` for this width). The podium is marked by a shape and its
rank number, never by colour alone."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from rendering import kit

WIDTH = 600
BODY = kit.min_size(WIDTH) + 2  # 22 px: digits 15 px, 10 px tall at a phone's 400
TITLE = BODY + 4
ROW = BODY + 12
PAD = 12
MAX_ROWS = 40
PODIUM: tuple[kit.RGB, ...] = ((230, 159, 0), (160, 160, 160), (170, 110, 60))
STRIPE: kit.RGB = (236, 229, 214)
# Column starts as shares of the width: #, Player, Pts, Buch, SB, Wins, Games
COLUMNS = (0.0, 0.08, 0.50, 0.60, 0.71, 0.80, 0.89)


def draw(title: str, rows: Sequence[Sequence[str]]) -> bytes:
    """PNG of ``rows`` (the first: the headings) under ``title``."""
    shown = list(rows[:MAX_ROWS + 1])
    more = len(rows) - len(shown)
    title_lines = kit.wrap(kit.clean(title), WIDTH - 2 * PAD, kit.font(TITLE))
    top = PAD + len(title_lines) * (TITLE + 6) + 6
    height = top + ROW * len(shown) + (ROW if more else 0) + PAD
    image = Image.new("RGB", (WIDTH, height), kit.BACKGROUND)
    d = ImageDraw.Draw(image)
    for i, line in enumerate(title_lines):
        d.text((PAD, PAD + i * (TITLE + 6)), line, font=kit.font(TITLE), fill=kit.INK)
    inner = WIDTH - 2 * PAD
    for r, row in enumerate(shown):
        y = top + r * ROW
        if r and r % 2 == 0:
            d.rectangle((PAD - 4, y, WIDTH - PAD + 4, y + ROW - 1), fill=STRIPE)
        if r == 0:
            d.line((PAD, y + ROW - 2, WIDTH - PAD, y + ROW - 2), fill=kit.GRID, width=2)
        rank = row[0] if row else ""
        if r and rank in ("1", "2", "3"):  # a medal disc beside the rank's own number
            cx, cy = PAD + 34, y + ROW // 2
            d.ellipse((cx - 6, cy - 6, cx + 6, cy + 6), fill=PODIUM[int(rank) - 1],
                      outline=kit.INK)
        for c, cell in enumerate(row[:len(COLUMNS)]):
            x = PAD + COLUMNS[c] * inner
            end = PAD + (COLUMNS[c + 1] * inner if c + 1 < len(COLUMNS) else inner)
            text = kit.fit(cell, end - x - 6, BODY)
            d.text((x, y + (ROW - BODY) // 2), text, font=kit.font(BODY),
                   fill=kit.MUTED if r == 0 else kit.INK)
    if more:
        d.text((PAD, top + ROW * len(shown) + (ROW - BODY) // 2),
               kit.clean(f"… and {more} more"), font=kit.font(BODY), fill=kit.MUTED)
    return kit.to_png(image)
