"""Angry Gods board picture: the hexagon of 37 spaces with its 54 intersections.

Leaders are large stones in spaces, followers small stones on intersections, gods stones
on a drawn tower and False Gods empty towers. Every stone carries its colour's letter
(R/Y/G/B) for colour-blind players. A side panel shows the pool, the towers, the gods per
colour and each player's worshippers and score.
"""

from __future__ import annotations

import math

from PIL import ImageDraw

from rendering import kit

COLOURS = ("red", "yellow", "green", "blue")
STONE: dict[str, kit.RGB] = {
    "red": (214, 48, 49),
    "yellow": (245, 200, 40),
    "green": (40, 150, 70),
    "blue": (40, 100, 215),
}
LETTER = {c: c[0].upper() for c in COLOURS}

ROWS = "ABCDEFG"
ROW_LENGTHS = (4, 5, 6, 7, 6, 5, 4)
CORNER = {"n": (0, -2), "ne": (1, -1), "se": (1, 1), "s": (0, 2), "sw": (-1, 1), "nw": (-1, -1)}

CIRCLE = 40  # radius of a space's circle; neighbouring circles touch
UNIT_X = CIRCLE  # half-unit sizes: a centre is (2q + r, 3r) half-units
UNIT_Y = CIRCLE / math.sqrt(3)
BOARD_HEIGHT = 600
PANEL_X = 655
CENTRE = (345, kit.HEADER + BOARD_HEIGHT // 2)

LEADER_R = 20
FOLLOWER_R = 12
TOWER_STONE_R = 15
SPACE_FILL: kit.RGB = (236, 226, 204)
OUTER_FILL: kit.RGB = (214, 200, 172)
TOWER: kit.RGB = (110, 104, 98)
TOWER_DARK: kit.RGB = (60, 56, 52)
HALO: kit.RGB = (235, 190, 50)


def _spaces() -> tuple[dict[str, tuple[int, int]], set[str]]:
    """Each space's centre in half-units, and the spaces of the outermost ring."""
    out, outer = {}, set()
    for row, letter in enumerate(ROWS):
        r = row - 3
        q_min = max(-3, -3 - r)
        for k in range(ROW_LENGTHS[row]):
            q = q_min + k
            out[f"{letter}{k + 1}"] = (2 * q + r, 3 * r)
            if max(abs(q), abs(r), abs(q + r)) == 3:
                outer.add(f"{letter}{k + 1}")
    return out, outer


SPACES, OUTER = _spaces()


def _intersections() -> list[str]:
    """The 54 intersections by one name each (a corner shared by three board spaces)."""
    seen: dict[tuple[int, int], list[str]] = {}
    for s, (x, y) in SPACES.items():
        for d, (dx, dy) in CORNER.items():
            seen.setdefault((x + dx, y + dy), []).append(f"{s}{d}")
    return [names[0] for names in seen.values() if len(names) == 3]


INTERSECTIONS = _intersections()


def _xy(half: tuple[int, int]) -> tuple[float, float]:
    return CENTRE[0] + half[0] * UNIT_X, CENTRE[1] + half[1] * UNIT_Y


def position_xy(name: str) -> tuple[float, float]:
    """Pixel centre of a space ("D4") or an intersection ("C3se")."""
    space, corner = name[:2].upper(), name[2:].lower()
    x, y = SPACES[space]
    if corner:
        dx, dy = CORNER[corner]
        x, y = x + dx, y + dy
    return _xy((x, y))


def _stone(draw: ImageDraw.ImageDraw, x: float, y: float, r: float, colour: str, size: int) -> None:
    fill = STONE.get(colour, kit.GAP)
    kit.disc(draw, x, y, r, fill, outline=kit.INK, width=2 if r > 14 else 1)
    draw.text(
        (x, y + 1),
        LETTER.get(colour, "?"),
        font=kit.font(size),
        fill=kit.text_colour_on(fill),
        anchor="mm",
    )


def _tower(
    draw: ImageDraw.ImageDraw,
    x: float,
    y: float,
    scale: float = 1.0,
    fill: kit.RGB = TOWER,
    outline: kit.RGB = TOWER_DARK,
) -> None:
    """A crenellated tower; its top centre (where a god stands) is near (x, y - 10·scale)."""
    w, top, bottom, merlon = 17 * scale, -6 * scale, 28 * scale, 7 * scale
    body = [
        (x - w, y + bottom),
        (x - w * 0.8, y + top),
        (x + w * 0.8, y + top),
        (x + w, y + bottom),
    ]
    draw.polygon(body, fill=fill, outline=outline)
    mw = w * 0.8 * 2 / 5
    for k in (0, 2, 4):
        x0 = x - w * 0.8 + k * mw
        draw.rectangle((x0, y + top - merlon, x0 + mw, y + top), fill=fill, outline=outline)


def _god(draw: ImageDraw.ImageDraw, x: float, y: float, colour: str) -> None:
    _tower(draw, x, y + 2)
    draw.ellipse(
        (
            x - TOWER_STONE_R - 4,
            y - 14 - TOWER_STONE_R - 4,
            x + TOWER_STONE_R + 4,
            y - 14 + TOWER_STONE_R + 4,
        ),
        outline=HALO,
        width=3,
    )
    _stone(draw, x, y - 14, TOWER_STONE_R, colour, 16)


def _false_god(draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
    _tower(draw, x, y + 2, fill=(205, 198, 190), outline=TOWER_DARK)
    draw.ellipse(
        (x - TOWER_STONE_R, y - 14 - TOWER_STONE_R, x + TOWER_STONE_R, y - 14 + TOWER_STONE_R),
        outline=TOWER_DARK,
        width=2,
    )
    draw.rounded_rectangle((x - 6, y + 14, x + 6, y + 30), radius=5, fill=TOWER_DARK)


def _cross(draw: ImageDraw.ImageDraw, x: float, y: float, r: float = 6) -> None:
    draw.line((x - r, y - r, x + r, y + r), fill=kit.HIGHLIGHT, width=3)
    draw.line((x - r, y + r, x + r, y - r), fill=kit.HIGHLIGHT, width=3)


def _board(b: kit.Board, view: dict, highlight: list[str]) -> None:
    d = b.draw
    board = view.get("board", {})
    for name, (hx, hy) in SPACES.items():
        x, y = _xy((hx, hy))
        fill = OUTER_FILL if name in OUTER else SPACE_FILL
        kit.disc(d, x, y, CIRCLE - 2, fill, outline=kit.GRID, width=1)
        if name not in board:
            b.label((x, y), name, size=14, fill=kit.MUTED)
    # Row letters on both sides.
    for row, letter in enumerate(ROWS):
        first = SPACES[f"{letter}1"]
        last = SPACES[f"{letter}{ROW_LENGTHS[row]}"]
        lx, ly = _xy(first)
        rx, _ = _xy(last)
        b.label((lx - CIRCLE - 16, ly), letter, size=20, fill=kit.INK)
        b.label((rx + CIRCLE + 16, ly), letter, size=20, fill=kit.INK)
    # Numbers above the top row and below the bottom row.
    for k in range(1, 5):
        tx, ty = _xy(SPACES[f"A{k}"])
        b.label((tx, ty - CIRCLE - 13), str(k), size=16, fill=kit.MUTED)
        bx, by = _xy(SPACES[f"G{k}"])
        b.label((bx, by + CIRCLE + 13), str(k), size=16, fill=kit.MUTED)
    for name in INTERSECTIONS:
        x, y = position_xy(name)
        d.ellipse((x - 3, y - 3, x + 3, y + 3), fill=kit.MUTED)
    for name, what in board.items():
        x, y = position_xy(name)
        role, colour = what.get("role"), what.get("colour", "")
        if role == "leader":
            _stone(d, x, y, LEADER_R, colour, 20)
        elif role == "god":
            _god(d, x, y, colour)
        elif role == "false_god":
            _false_god(d, x, y)
        elif role == "follower":
            _stone(d, x, y, FOLLOWER_R, colour, 13)
    for name in view.get("removed", []):
        _cross(d, *position_xy(name))
    for name in highlight:
        try:
            x, y = position_xy(name)
        except (KeyError, ValueError):
            continue
        if len(name) == 2:
            radius = CIRCLE - 3 if board.get(name, {}).get("role") != "leader" else LEADER_R + 6
        else:
            radius = FOLLOWER_R + 5
        kit.ring(d, x, y, radius, width=4)


def _panel(b: kit.Board, view: dict, names: list[str]) -> None:
    d = b.draw
    x0 = PANEL_X
    y = b.top + 14
    b.label((x0, y), "Pool", size=19, anchor="lt")
    pool = view.get("pool", {})
    for i, c in enumerate(COLOURS):
        cx = x0 + 14 + (i % 2) * 118
        cy = y + 42 + (i // 2) * 34
        _stone(d, cx, cy, 13, c, 14)
        b.label((cx + 20, cy), f"{c} {pool.get(c, 0)}", size=17, anchor="lm")
    y += 120
    left = int(view.get("towers_left", 0))
    b.label((x0, y), f"Towers left: {left} of 9", size=19, anchor="lt")
    for k in range(9):
        tx = x0 + 12 + k * 25
        if k < left:
            _tower(d, tx, y + 40, scale=0.6)
        else:
            _tower(d, tx, y + 40, scale=0.6, fill=kit.BACKGROUND, outline=kit.GAP)
    y += 74
    b.label((x0, y), "Gods on the board", size=19, anchor="lt")
    gods = view.get("gods", {})
    for i, c in enumerate(COLOURS):
        cx = x0 + 14 + i * 58
        _stone(d, cx, y + 38, 13, c, 14)
        b.label((cx + 18, y + 38), f"{gods.get(c, 0)}", size=18, anchor="lm")
    y += 68
    scores = view.get("scores", [])
    to_act = view.get("to_act", [])
    for seat, chips in enumerate(view.get("worshippers", [])):
        name = names[seat] if seat < len(names) else f"Seat {seat + 1}"
        if len(name) > 14:
            name = name[:13] + "…"
        kit.disc(d, x0 + 8, y + 10, 7, kit.seat_colour(seat), outline=kit.INK, width=1)
        points = scores[seat] if seat < len(scores) else 0
        b.label(
            (x0 + 22, y + 10),
            f"{name}: {points} pts",
            size=18,
            anchor="lm",
            fill=kit.HIGHLIGHT if seat in to_act else kit.INK,
        )
        b.label((x0, y + 28), "worshippers:", size=14, fill=kit.MUTED, anchor="lt")
        for k, c in enumerate(chips):
            cx = x0 + 12 + (k % 10) * 24
            cy = y + 58 + (k // 10) * 24
            _stone(d, cx, cy, 11, c, 13)
        y += 76 + 24 * ((max(len(chips), 1) - 1) // 10)
    # Legend.
    y = max(y + 4, b.top + BOARD_HEIGHT - 118)
    b.label((x0, y), "Key", size=16, fill=kit.MUTED, anchor="lt")
    _stone(d, x0 + 14, y + 34, LEADER_R - 4, "red", 15)
    b.label((x0 + 36, y + 34), "leader", size=15, anchor="lm")
    _stone(d, x0 + 124, y + 34, FOLLOWER_R - 1, "blue", 12)
    b.label((x0 + 142, y + 34), "follower", size=15, anchor="lm")
    _god(d, x0 + 16, y + 80, "green")
    b.label((x0 + 40, y + 80), "god", size=15, anchor="lm")
    _false_god(d, x0 + 124, y + 80)
    b.label((x0 + 148, y + 80), "False God", size=15, anchor="lm")


def render(view: dict, names: list[str], highlight: list[str]) -> bytes:
    scores = view.get("scores", [0, 0])
    seats = kit.seats_from_view(names, len(view.get("worshippers", [])) or 2, scores)
    for seat, chips in zip(seats, view.get("worshippers", []), strict=False):
        seat.note = f"{len(chips)} worshipper{'s' if len(chips) != 1 else ''}"
    result = view.get("result")
    status = "game over" if result else f"placement {int(view.get('placements', 0)) + 1}"
    b = kit.Board("Angry Gods", seats, view.get("to_act", []), BOARD_HEIGHT, status=status)
    _board(b, view, list(highlight))
    _panel(b, view, names)
    if result:
        b.footer(f"Game over: {result.get('reason', '')}.")
    else:
        b.footer(
            "Each worshipper scores 1 point per god of its colour. "
            "Red crosses: followers just removed."
        )
    return b.png()
