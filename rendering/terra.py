"""Terra's board: 9×9 plots in nine bounded territories, structures as drawn icons.

Drawn only from the engine's view: structures (an icon per type in the owner's colour),
territory numbers with a badge and frame in the controller's colour, mountains and the
river when terrain is on, the last turn's plots ringed, reserves (sizes, or the chits
themselves when reserves are open), cups and discard piles at the side.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import ImageDraw

from rendering import kit

COLUMNS = "abcdefghi"
CELL = 74
LEFT = 30  # board's left edge (row numbers to its left)
TOP_GAP = 26  # column letters above the board
BOARD = CELL * 9
PANEL_X = LEFT + BOARD + 28
HEIGHT = TOP_GAP + BOARD + 30
TILE_INSET = 7

PLAIN = (236, 226, 204)
PLAIN_ALT = (228, 216, 190)
RIVER = (150, 196, 232)
RIVER_LINE = (60, 120, 190)
MOUNTAIN = (196, 184, 166)
MOUNTAIN_LINE = (110, 96, 80)
WHITE = (255, 255, 255)
LEGEND = (190, 186, 180)
TYPES = ("temple", "castle", "town", "farm", "mine", "palace")
Point = tuple[float, float]


def _blend(a: kit.RGB, b: kit.RGB, t: float) -> kit.RGB:
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def _cell(plot: str, top: int) -> tuple[int, int]:
    """Top-left pixel of a plot."""
    x = COLUMNS.index(plot[0])
    y = int(plot[1:]) - 1
    return LEFT + x * CELL, top + TOP_GAP + (8 - y) * CELL


# ---- icons ----------------------------------------------------------------------------


def icon(
    d: ImageDraw.ImageDraw, kind: str, cx: float, cy: float, size: float, colour: kit.RGB
) -> None:
    """A structure (or army) icon filling a ``size`` box centred on (cx, cy)."""
    h = size / 2
    w = max(1, round(size / 22))

    def p(x: float, y: float) -> Point:
        return cx + x * h, cy + y * h

    def poly(points: Sequence[Point], fill: kit.RGB = colour) -> None:
        d.polygon([p(x, y) for x, y in points], fill=fill, outline=kit.INK, width=w)

    def rect(x0: float, y0: float, x1: float, y1: float, fill: kit.RGB = colour) -> None:
        poly([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], fill)

    light = _blend(colour, WHITE, 0.75)
    if kind == "temple":
        poly([(-0.95, -0.38), (0, -0.92), (0.95, -0.38)])
        rect(-0.85, -0.38, 0.85, -0.2)
        for x in (-0.7, -0.28, 0.14, 0.56):
            rect(x, -0.2, x + 0.16, 0.6)
        rect(-0.9, 0.6, 0.9, 0.88)
    elif kind == "castle":
        poly(
            [
                (-0.75, 0.9),
                (-0.75, -0.85),
                (-0.4, -0.85),
                (-0.4, -0.55),
                (-0.18, -0.55),
                (-0.18, -0.85),
                (0.18, -0.85),
                (0.18, -0.55),
                (0.4, -0.55),
                (0.4, -0.85),
                (0.75, -0.85),
                (0.75, 0.9),
            ]
        )
        d.pieslice([p(-0.25, 0.2), p(0.25, 0.7)], 180, 360, fill=kit.INK)
        rect(-0.25, 0.45, 0.25, 0.9, kit.INK)
        rect(-0.12, -0.25, 0.12, 0.05, kit.INK)
    elif kind == "town":
        poly([(-0.1, 0.9), (-0.1, -0.25), (0.42, -0.85), (0.95, -0.25), (0.95, 0.9)])
        poly([(-0.95, 0.9), (-0.95, 0.05), (-0.48, -0.45), (0.0, 0.05), (0.0, 0.9)])
        rect(-0.6, 0.25, -0.35, 0.5, light)
        rect(0.3, -0.15, 0.55, 0.1, light)
        rect(0.3, 0.4, 0.55, 0.9, light)
    elif kind == "farm":
        for x0, y0 in ((-0.55, 0.15), (0.55, 0.15), (0.0, 0.25)):
            d.line([p(x0 * 0.9, y0 - 0.3), p(0, 0.9)], fill=kit.INK, width=w * 4)
            d.line([p(x0 * 0.9, y0 - 0.3), p(0, 0.9)], fill=colour, width=w * 2)
        for x0, y0, ht in ((-0.55, -0.45, 0.72), (0.55, -0.45, 0.72), (0.0, -0.6, 0.8)):
            d.ellipse(
                [p(x0 - 0.2, y0 - ht / 2), p(x0 + 0.2, y0 + ht / 2)],
                fill=colour,
                outline=kit.INK,
                width=w,
            )
            for k in (-0.15, 0.1):
                d.line([p(x0 - 0.16, y0 + k), p(x0 + 0.16, y0 + k)], fill=kit.INK, width=w)
        rect(-0.32, 0.38, 0.32, 0.55)
    elif kind == "mine":
        for start, end in (((-0.75, 0.85), (0.55, -0.55)), ((0.75, 0.85), (-0.55, -0.55))):
            _pick(d, p(*start), p(*end), h, colour, w)
    elif kind == "palace":
        poly(
            [
                (-0.85, 0.45),
                (-0.85, -0.55),
                (-0.45, -0.05),
                (0.0, -0.8),
                (0.45, -0.05),
                (0.85, -0.55),
                (0.85, 0.45),
            ]
        )
        rect(-0.85, 0.45, 0.85, 0.85)
        for x, y in ((-0.85, -0.62), (0.0, -0.87), (0.85, -0.62)):
            d.ellipse(
                [p(x - 0.13, y - 0.13), p(x + 0.13, y + 0.13)],
                fill=colour,
                outline=kit.INK,
                width=w,
            )
        d.ellipse([p(-0.1, 0.55), p(0.1, 0.75)], fill=light, outline=kit.INK, width=w)
    elif kind == "army":
        poly([(-0.15, 0.9), (-0.15, -0.9), (0.85, -0.6), (-0.05, -0.25), (-0.05, 0.9)])
        d.line([p(-0.6, 0.9), p(0.5, 0.9)], fill=kit.INK, width=w * 2)


def _pick(d: ImageDraw.ImageDraw, a: Point, b: Point, h: float, colour: kit.RGB, w: int) -> None:
    """A pickaxe: a handle from ``a`` to ``b`` with a curved head across ``b``."""
    ux, uy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(ux, uy)
    ux, uy = ux / length, uy / length
    nx, ny = -uy, ux

    def q(along: float, across: float) -> Point:
        return b[0] + ux * along * h + nx * across * h, b[1] + uy * along * h + ny * across * h

    t = 0.09
    handle = [
        (a[0] + nx * t * h, a[1] + ny * t * h),
        (a[0] - nx * t * h, a[1] - ny * t * h),
        q(0.05, -t),
        q(0.05, t),
    ]
    d.polygon(handle, fill=colour, outline=kit.INK, width=w)
    head = [
        q(-0.3, 0.62),
        q(0.08, 0.28),
        q(0.16, 0.0),
        q(0.08, -0.28),
        q(-0.3, -0.62),
        q(-0.06, -0.22),
        q(-0.1, 0.0),
        q(-0.06, 0.22),
    ]
    d.polygon(head, fill=colour, outline=kit.INK, width=w)


def _mountain_glyph(d: ImageDraw.ImageDraw, cx: float, cy: float, size: float) -> None:
    h = size / 2
    d.polygon(
        [(cx - h, cy + h * 0.7), (cx - h * 0.25, cy - h * 0.7), (cx + h * 0.5, cy + h * 0.7)],
        fill=MOUNTAIN_LINE,
        outline=kit.INK,
    )
    d.polygon(
        [(cx - h * 0.1, cy + h * 0.7), (cx + h * 0.45, cy - h * 0.2), (cx + h, cy + h * 0.7)],
        fill=_blend(MOUNTAIN_LINE, WHITE, 0.3),
        outline=kit.INK,
    )
    d.polygon(
        [
            (cx - h * 0.25, cy - h * 0.7),
            (cx - h * 0.47, cy - h * 0.25),
            (cx - h * 0.03, cy - h * 0.25),
        ],
        fill=WHITE,
    )


def _waves(
    d: ImageDraw.ImageDraw,
    x: float,
    y: float,
    width: float,
    amp: float,
    rows: Sequence[float],
    line: int,
) -> None:
    for row in rows:
        pts = [
            (x + i, y + row + amp * math.sin(i / width * 2 * math.pi * 1.5))
            for i in range(0, int(width) + 1, 2)
        ]
        d.line(pts, fill=RIVER_LINE, width=line)


# ---- the board ---------------------------------------------------------------------


def render(view: dict, names: list[str], highlight: list[str]) -> bytes:
    players = int(view.get("players", len(view.get("scores", [])) or 2))
    scores = view.get("scores", [0] * players)
    seats = kit.seats_from_view(names, players, scores)
    sizes = view.get("reserve_sizes", [0] * players)
    for i, seat in enumerate(seats):
        seat.note = f"reserve {sizes[i]}"
    if view.get("over"):
        status = "game over"
    else:
        status = f"turn {view.get('turns', 0)} · {view.get('phase', '')} phase"
    board = kit.Board("Terra", seats, view.get("to_act", []), HEIGHT, status=status)
    d = board.draw
    top = board.top
    terrain = view.get("terrain") or {}
    mountains = set(terrain.get("mountains", []))
    river = list(terrain.get("river", []))
    river_set = set(river)
    cells = view.get("board", {})

    # plots and terrain
    for yi in range(9):
        for xi in range(9):
            plot = f"{COLUMNS[xi]}{yi + 1}"
            x, y = _cell(plot, top)
            territory = (2 - yi // 3) * 3 + xi // 3
            fill = PLAIN if territory % 2 == 0 else PLAIN_ALT
            if plot in river_set:
                fill = RIVER
            elif plot in mountains:
                fill = MOUNTAIN
            d.rectangle((x, y, x + CELL, y + CELL), fill=fill)
            if plot in river_set:
                _waves(d, x + 6, y, CELL - 12, 3, (CELL * 0.3, CELL * 0.5, CELL * 0.7), 2)
            if plot in mountains and plot not in cells:
                _mountain_glyph(d, x + CELL / 2, y + CELL / 2, CELL * 0.6)
    # the river's course, joining its plots
    if len(river) > 1:
        pts = [(_cell(p, top)[0] + CELL / 2, _cell(p, top)[1] + CELL / 2) for p in river]
        d.line(pts, fill=RIVER_LINE, width=5, joint="curve")

    # thin plot lines, then thick territory bounds
    for i in range(10):
        width = 5 if i % 3 == 0 else 1
        colour = kit.INK if i % 3 == 0 else kit.GRID
        x = LEFT + i * CELL
        y = top + TOP_GAP + i * CELL
        d.line((x, top + TOP_GAP, x, top + TOP_GAP + BOARD), fill=colour, width=width)
        d.line((LEFT, y, LEFT + BOARD, y), fill=colour, width=width)

    # structures
    for plot, held in cells.items():
        x, y = _cell(plot, top)
        owner = int(held["owner"])
        colour = kit.seat_colour(owner)
        d.rounded_rectangle(
            (x + TILE_INSET, y + TILE_INSET, x + CELL - TILE_INSET, y + CELL - TILE_INSET),
            radius=8,
            fill=_blend(colour, WHITE, 0.8),
            outline=colour,
            width=3,
        )
        icon(d, held["type"], x + CELL / 2, y + CELL / 2 + 1, CELL * 0.56, colour)
        if plot in mountains:
            _mountain_glyph(d, x + CELL - 14, y + CELL - 13, 18)
        elif plot in river_set:
            d.rounded_rectangle(
                (x + CELL - 24, y + CELL - 20, x + CELL - 5, y + CELL - 6),
                radius=3,
                fill=RIVER,
                outline=RIVER_LINE,
            )
            _waves(d, x + CELL - 22, y + CELL - 20, 15, 1.5, (5, 10), 1)

    # control: a frame and a numbered badge in the controller's colour
    control = view.get("control", [None] * 9)
    for t in range(9):
        tx = LEFT + (t % 3) * 3 * CELL
        ty = top + TOP_GAP + (t // 3) * 3 * CELL
        owner = control[t] if t < len(control) else None
        if owner is not None:
            colour = kit.seat_colour(int(owner))
            d.rectangle(
                (tx + 3, ty + 3, tx + 3 * CELL - 3, ty + 3 * CELL - 3), outline=colour, width=4
            )
            badge, text = colour, kit.text_colour_on(colour)
        else:
            badge, text = WHITE, kit.INK
        d.ellipse((tx + 3, ty + 3, tx + 27, ty + 27), fill=badge, outline=kit.INK, width=2)
        d.text((tx + 15, ty + 15), str(t + 1), font=kit.font(16), fill=text, anchor="mm")

    # last turn
    for plot in highlight:
        if len(plot) < 2 or plot[0] not in COLUMNS:
            continue
        x, y = _cell(plot, top)
        d.rectangle((x + 2, y + 2, x + CELL - 2, y + CELL - 2), outline=kit.HIGHLIGHT, width=4)
        if plot not in cells:
            m = CELL * 0.3
            cx, cy = x + CELL / 2, y + CELL / 2
            d.line((cx - m, cy - m, cx + m, cy + m), fill=kit.HIGHLIGHT, width=5)
            d.line((cx - m, cy + m, cx + m, cy - m), fill=kit.HIGHLIGHT, width=5)

    # coordinates
    for i in range(9):
        cx = LEFT + i * CELL + CELL / 2
        board.label((cx, top + TOP_GAP / 2), COLUMNS[i], 17, kit.MUTED)
        board.label((cx, top + TOP_GAP + BOARD + 15), COLUMNS[i], 17, kit.MUTED)
        cy = top + TOP_GAP + (8 - i) * CELL + CELL / 2
        board.label((LEFT / 2, cy), str(i + 1), 17, kit.MUTED)
        board.label((LEFT + BOARD + 14, cy), str(i + 1), 17, kit.MUTED)

    _panel(board, view, names, players, bool(terrain.get("mountains") or river))
    board.footer(_footer(view, names))
    return board.png()


def _name(names: Sequence[str], seat: int) -> str:
    name = names[seat] if seat < len(names) and names[seat] else f"Seat {seat + 1}"
    return name if len(name) <= 14 else name[:13] + "…"


def _full_name(names: Sequence[str], seat: int) -> str:
    name = names[seat] if seat < len(names) and names[seat] else f"Seat {seat + 1}"
    return name if len(name) <= 24 else name[:23] + "…"


def _panel(board: kit.Board, view: dict, names: Sequence[str], players: int, terrain: bool) -> None:
    d = board.draw
    x = PANEL_X
    y = board.top + TOP_GAP
    reserves = view.get("reserves")
    sizes = view.get("reserve_sizes", [0] * players)
    cups = view.get("cup_sizes", [0] * players)
    piles = view.get("discard_sizes", [0] * players)
    board.label((x, y), "Reserves" if reserves else "Reserves (hidden)", 17, kit.INK, "la")
    y += 26
    for seat in range(players):
        colour = kit.seat_colour(seat)
        kit.disc(d, x + 8, y + 9, 7, colour, width=1)
        board.label((x + 22, y), _name(names, seat), 15, kit.INK, "la")
        y += 20
        board.label((x + 22, y), f"reserve {sizes[seat]}", 14, kit.MUTED, "la")
        y += 17
        board.label((x + 22, y), f"cup {cups[seat]} · discards {piles[seat]}", 14, kit.MUTED, "la")
        y += 19
        if reserves is not None:
            for i, kind in enumerate(reserves[seat]):
                icon(d, kind, x + 32 + i * 25, y + 11, 20, colour)
            y += 26
        y += 6
    y += 4
    board.label((x, y), "Structures", 17, kit.INK, "la")
    y += 26
    for kind in TYPES:
        d.rounded_rectangle((x, y, x + 34, y + 34), radius=5, fill=WHITE, outline=kit.GRID)
        icon(d, kind, x + 17, y + 17, 26, LEGEND)
        board.label((x + 44, y + 17), kind, 15, kit.INK, "lm")
        y += 36
    if terrain:
        y += 6
        d.rectangle((x, y, x + 34, y + 26), fill=MOUNTAIN, outline=kit.GRID)
        _mountain_glyph(d, x + 17, y + 13, 20)
        board.label((x + 44, y + 13), "mountain", 15, kit.INK, "lm")
        y += 32
        d.rectangle((x, y, x + 34, y + 26), fill=RIVER, outline=kit.GRID)
        _waves(d, x + 3, y, 28, 2, (9, 17), 2)
        board.label((x + 44, y + 13), "river", 15, kit.INK, "lm")


def _footer(view: dict, names: Sequence[str]) -> str:
    if view.get("over"):
        scores = view.get("scores", [])
        best = max(scores, default=0)
        winners = [_full_name(names, s) for s, v in enumerate(scores) if v == best]
        lead = " and ".join(winners) + (" win" if len(winners) > 1 else " wins")
        return f"Game over: {view.get('reason', '')}. {lead} with {best}."
    parts = []
    if view.get("phase") == "discard" and "must_discard" in view:
        parts.append(
            f"{_full_name(names, int(view['turn']))} must discard {view['must_discard']} to keep 4"
        )
    parts.append("control: badge and frame in the controller's colour")
    return " · ".join(parts)
