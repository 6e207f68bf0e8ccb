"""A tournament's standings as a picture: a title, then one row per entrant — rank,
name, points, tie-breaks, games — readable on a phone (the text sizes follow
:func:`rendering.kit.min_size` for this width). The podium is marked by a shape and its
rank number, never by colour alone."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from rendering import kit

WIDTH = 600
BODY = kit.min_size(WIDTH) + 2  # 25 px: digits 18 px, 8 px tall at a phone's 265
TITLE = BODY + 4
ROW = BODY + 12
PAD = 12
MAX_ROWS = 32  # then "… and N more": a picture a phone shows whole
PODIUM: tuple[kit.RGB, ...] = ((230, 159, 0), (160, 160, 160), (170, 110, 60))
STRIPE: kit.RGB = (236, 229, 214)
GAP = 14  # between columns
MEDAL = 7  # a podium disc's radius, beside the rank


def draw(title: str, rows: Sequence[Sequence[str]]) -> bytes:
    """PNG of ``rows`` (the first: the headings) under ``title``."""
    shown = list(rows[:MAX_ROWS + 1])
    more = len(rows) - len(shown)
    title_lines = kit.wrap(kit.clean(title), WIDTH - 2 * PAD, kit.font(TITLE))
    top = PAD + len(title_lines) * (TITLE + 6) + 6
    height = top + ROW * len(shown) + (ROW if more else 0) + PAD
    image = Image.new("RGB", (WIDTH, height), kit.BACKGROUND)
    d = kit.Draw(image)
    for i, line in enumerate(title_lines):
        d.text((PAD, PAD + i * (TITLE + 6)), line, font=kit.font(TITLE), fill=kit.INK)
    starts = _starts(shown)
    for r, row in enumerate(shown):
        y = top + r * ROW
        if r and r % 2 == 0:
            d.rectangle((PAD - 4, y, WIDTH - PAD + 4, y + ROW - 1), fill=STRIPE)
        if r == 0:
            d.line((PAD, y + ROW - 2, WIDTH - PAD, y + ROW - 2), fill=kit.GRID, width=2)
        rank = row[0] if row else ""
        if r and rank in ("1", "2", "3"):  # a medal disc beside the rank's own number
            cx, cy = starts[1] - GAP / 2 - MEDAL, y + ROW // 2
            d.ellipse((cx - MEDAL, cy - MEDAL, cx + MEDAL, cy + MEDAL),
                      fill=PODIUM[int(rank) - 1], outline=kit.INK)
        for c, cell in enumerate(row[:len(starts)]):
            end = starts[c + 1] - GAP if c + 1 < len(starts) else WIDTH - PAD
            d.text((starts[c], y + (ROW - BODY) // 2), kit.fit(cell, end - starts[c], BODY),
                   font=kit.font(BODY), fill=kit.MUTED if r == 0 else kit.INK)
    if more:
        d.text((PAD, top + ROW * len(shown) + (ROW - BODY) // 2),
               kit.clean(f"… and {more} more"), font=kit.font(BODY), fill=kit.MUTED)
    return kit.to_png(image)


def _starts(rows: Sequence[Sequence[str]]) -> list[float]:
    """Each column's left edge: the rank (and its medal) and the name from the left, the
    numbers from the right, each as wide as its widest cell, heading included; the name
    gets the room left between."""
    face = kit.font(BODY)
    count = max(len(row) for row in rows)
    wide = [max(kit.length(kit.clean(row[c]), face) for row in rows if c < len(row))
            for c in range(count)]
    starts = [float(PAD), PAD + wide[0] + GAP + 2 * MEDAL + 4]
    return starts[:count] + kit.from_right(wide[2:], WIDTH - PAD, GAP)
