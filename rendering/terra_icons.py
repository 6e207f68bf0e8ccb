"""Terra's drawn icons: a structure (or army) per type in its owner's colour, and the
mountain and river glyphs of the terrain; shared by the board, the chits and the legend."""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import ImageDraw

from rendering import kit

RIVER_LINE = (60, 120, 190)
MOUNTAIN_LINE = (110, 96, 80)
WHITE = (255, 255, 255)
Point = tuple[float, float]


def blend(a: kit.RGB, b: kit.RGB, t: float) -> kit.RGB:
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )



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

    light = blend(colour, WHITE, 0.75)
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


def mountain_glyph(d: ImageDraw.ImageDraw, cx: float, cy: float, size: float) -> None:
    h = size / 2
    d.polygon(
        [(cx - h, cy + h * 0.7), (cx - h * 0.25, cy - h * 0.7), (cx + h * 0.5, cy + h * 0.7)],
        fill=MOUNTAIN_LINE,
        outline=kit.INK,
    )
    d.polygon(
        [(cx - h * 0.1, cy + h * 0.7), (cx + h * 0.45, cy - h * 0.2), (cx + h, cy + h * 0.7)],
        fill=blend(MOUNTAIN_LINE, WHITE, 0.3),
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


def waves(
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
