"""The Witch Stones board: 9×9 squares, a–i along the bottom and top, 1–9 up the sides.

Each kind of piece has its own shape as well as its own colour (a crown's points, a
sun's rays, a moon's crescent, a plain earthstone), so they read apart in greyscale too.
"""

from __future__ import annotations

import math

from rendering import kit

CELL = 78
MARGIN = 34
SIZE = 9
FILES = "abcdefghi"
STRIP = 56  # the row of piece counts under the board
BODY = SIZE * CELL + 2 * MARGIN + STRIP

SUN_FILL = (244, 180, 30)
MOON_FILL = (150, 170, 205)
CROWN_FILL = (160, 60, 160)
EARTH_FILL = (140, 110, 80)
KINDS = ("crown", "sun", "moon", "earth")


def render(view: dict, names: list[str], highlight: list[str], *, outcome: str | None = None,
           marks: dict[int, list[str]] | None = None) -> bytes:
    sides = view.get("sides") or [None, None]
    seats = kit.seats_from_view(names, 2, view.get("scores"))
    for seat, side in zip(seats, sides, strict=False):
        seat.note = kit.say("picture-witch-side", side=side) if side else ""
    phase = view.get("phase", "")
    target = view.get("target", 50)
    if outcome is None and phase == "over":
        outcome = _outcome(view, [s.name for s in seats])
    status = (kit.say("picture-witch-choosing-sides") if phase == "side" else
              kit.say("picture-status-final-position") if phase == "over" else
              kit.say("picture-witch-first-to", target=target))
    board = kit.Board("Witch Stones", seats, view.get("to_act", []),
                      height=BODY, status=status, outcome=outcome,
                      game="witch-stones", footer=kit.say("picture-witch-footer"))
    left = (board.width - SIZE * CELL) // 2
    top = board.top + MARGIN
    board.paste(kit.layer(_unchanging, (board.width, BODY)), board.top)
    for name, kind in view.get("board", {}).items():
        x, y = _centre(name, left, top)
        _piece(board, kind, x, y)
    tokens = []
    for name, colour, depth in kit.marked(highlight, marks):
        if len(name) == 2 and name[0] in FILES and name[1].isdigit():
            x, y = _centre(name, left, top)
            half = CELL / 2 - 3 - 8 * depth
            box = (x - half, y - half, x + half, y + half)
            board.draw.rectangle(box, outline=colour, width=5)
            rim = CELL / 2 - 3 - kit.MARK_TOKEN  # inside the square: a corner is shared
            tokens.append((*kit.corner((x - rim, y - rim, x + rim, y + rim), depth), colour))
    for x, y, colour in tokens:  # the mover's shape on their mark, over every outline
        kit.mark_token(board.draw, x, y, colour)
    _strip(board, view.get("pieces_left", {}), top + SIZE * CELL + MARGIN + STRIP / 2)
    return board.png()


def _outcome(view: dict, names: list[str]) -> str:
    scores = list(view.get("scores") or [0, 0])
    target = view.get("target", 50)
    best = max(scores, default=0)
    winners = [s for s, v in enumerate(scores) if v == best]
    reason = (kit.say("picture-witch-reached", target=target) if best >= target
              else kit.say("picture-witch-no-moves-left"))
    if len(winners) > 1:
        return kit.say("picture-witch-draw", points=best)
    return kit.outcome_line(names, winners, reason)


def _unchanging(canvas: kit.Canvas) -> None:
    """What every picture has under the header: the squares, their names, the strip's
    pieces (a layer: see :func:`kit.layer`)."""
    left = (canvas.width - SIZE * CELL) // 2
    _grid(canvas, left, MARGIN)
    step = canvas.width / len(KINDS)
    for i, kind in enumerate(KINDS):
        _piece(canvas, kind, step * i + step / 2 - 30, SIZE * CELL + 2 * MARGIN + STRIP / 2)


def _strip(board: kit.Board, counts: dict, cy: float) -> None:
    """How many of each kind of piece are still on the board (the pieces are drawn by
    :func:`_unchanging`)."""
    step = board.width / len(KINDS)
    for i, kind in enumerate(KINDS):
        x = step * i + step / 2 - 30
        board.label((x + CELL * 0.45, cy), f"x{counts.get(kind, 0)}", kit.TEXT, anchor="lm")


def _centre(name: str, left: int, top: int) -> tuple[float, float]:
    col, row = FILES.index(name[0]), int(name[1:]) - 1
    return left + col * CELL + CELL / 2, top + (SIZE - 1 - row) * CELL + CELL / 2


def _grid(board: kit.Canvas, left: int, top: int) -> None:
    d = board.draw
    for col in range(SIZE):
        for row in range(SIZE):
            fill = kit.LIGHT_SQUARE if (col + row) % 2 else kit.DARK_SQUARE
            x, y = left + col * CELL, top + (SIZE - 1 - row) * CELL
            d.rectangle((x, y, x + CELL, y + CELL), fill=fill)
    d.rectangle((left, top, left + SIZE * CELL, top + SIZE * CELL), outline=kit.GRID, width=2)
    for i in range(SIZE):
        cx = left + i * CELL + CELL / 2
        board.label((cx, top - MARGIN / 2), FILES[i], kit.TEXT)
        board.label((cx, top + SIZE * CELL + MARGIN / 2), FILES[i], kit.TEXT)
        cy = top + (SIZE - 1 - i) * CELL + CELL / 2
        board.label((left - 22, cy), str(i + 1), kit.TEXT)
        board.label((left + SIZE * CELL + 22, cy), str(i + 1), kit.TEXT)


def _piece(board: kit.Canvas, kind: str, x: float, y: float) -> None:
    d = board.draw
    r = CELL * 0.36
    if kind == "earth":
        kit.disc(d, x, y, r * 0.72, EARTH_FILL, width=1)
        return
    if kind == "sun":
        for k in range(12):
            a = math.radians(30 * k)
            d.line((x + r * 0.8 * math.cos(a), y + r * 0.8 * math.sin(a),
                    x + r * 1.12 * math.cos(a), y + r * 1.12 * math.sin(a)),
                   fill=kit.INK, width=3)
        kit.disc(d, x, y, r * 0.78, SUN_FILL)
        return
    if kind == "moon":
        kit.disc(d, x, y, r, MOON_FILL)
        fill = board.image.getpixel((int(x - r - 2), int(y)))
        d.ellipse((x - r * 0.35, y - r * 0.85, x + r * 1.05, y + r * 0.85), fill=fill)
        return
    kit.disc(d, x, y, r, CROWN_FILL)
    w, h = r * 0.62, r * 0.42
    d.polygon([(x - w, y + h), (x - w, y - h * 0.4), (x - w / 2, y + h * 0.1), (x, y - h),
               (x + w / 2, y + h * 0.1), (x + w, y - h * 0.4), (x + w, y + h)],
              fill=(250, 215, 60), outline=kit.INK)
