"""Angry Gods board picture: the hexagon of 37 spaces with its 54 intersections.

Leaders are large stones in spaces, followers small stones on intersections, gods stones
on a drawn tower and False Gods empty towers. Every stone carries its colour's letter
(R/Y/G/B) for colour-blind players. Every position is named where no piece hides it: a
space's name at the top of its circle, each intersection's corner ("se") inside the space
that names it, so "C3" and "se" read as the move's "C3se". A panel under the board shows
the pool, the towers, the gods per colour and each player's worshippers and score.
"""

from __future__ import annotations

import math

from PIL import ImageDraw

from rendering import kit

COLOURS = ("red", "yellow", "green", "blue")
STONE: dict[str, kit.RGB] = {
    "red": (214, 48, 49),
    "yellow": (245, 200, 40),
    "green": (0, 130, 110),  # bluish: (40, 150, 70) was 6.1 ΔE00 from red to a deuteranope
    "blue": (40, 100, 215),
}
LETTER = {c: c[0].upper() for c in COLOURS}

ROWS = "ABCDEFG"
ROW_LENGTHS = (4, 5, 6, 7, 6, 5, 4)
CORNER = {"n": (0, -2), "ne": (1, -1), "se": (1, 1), "s": (0, 2), "sw": (-1, 1), "nw": (-1, -1)}

CIRCLE = (kit.WIDTH - 64) // 14  # a space's radius (52 at 800: row D and its letters fit)
UNIT_X = CIRCLE  # half-unit sizes: a centre is (2q + r, 3r) half-units
UNIT_Y = CIRCLE / math.sqrt(3)
EDGE = 30  # row letters and numbers around the hexagon
BOARD_HEIGHT = round(2 * EDGE + 2 * CIRCLE + 18 * UNIT_Y)
PANEL_ROW = 48
SEAT_LINE = 50  # a seat's points under its name, in the panel
SEAT_PANEL_ROW = 74

LEADER_R = 25
FOLLOWER_R = 15
TOWER_STONE_R = 16
SPACE_FILL: kit.RGB = (236, 226, 204)
OUTER_FILL: kit.RGB = (214, 200, 172)
TOWER: kit.RGB = (110, 104, 98)
TOWER_DARK: kit.RGB = (60, 56, 52)
HALO: kit.RGB = (235, 190, 50)
CORNER_LABEL: kit.RGB = kit.MUTED
SPACE_LABEL_DY = -40  # a space's name, above whatever stands in it
CORNER_LABEL_AT = 0.62  # a corner's name, this far from its space's centre to the corner


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


def naming_space(spaces: list[str]) -> str:
    """The space whose name names an intersection shared by ``spaces``: the first in
    reading order (A1, A2, …, G4), as the engine names them ("A1se", not "A2sw"). The
    one place to change if the engine picks its canonical names differently."""
    return min(spaces, key=lambda s: (s[0], int(s[1:])))


def _intersections() -> dict[str, tuple[int, int]]:
    """The 54 intersections (corners shared by three spaces) by their canonical name,
    with their position in half-units."""
    seen: dict[tuple[int, int], list[tuple[str, str]]] = {}
    for s, (x, y) in SPACES.items():
        for d, (dx, dy) in CORNER.items():
            seen.setdefault((x + dx, y + dy), []).append((s, d))
    out = {}
    for point, owners in seen.items():
        if len(owners) == 3:
            space = naming_space([s for s, _ in owners])
            out[space + dict(owners)[space]] = point
    return out


INTERSECTIONS = _intersections()


def _centre_y() -> float:
    return EDGE + CIRCLE + 9 * UNIT_Y



def _xy(half: tuple[int, int], top: float) -> tuple[float, float]:
    """Pixel of a point in half-units, on a board area that starts at ``top``."""
    return kit.WIDTH / 2 + half[0] * UNIT_X, top + _centre_y() + half[1] * UNIT_Y


def position_xy(name: str, top: float) -> tuple[float, float]:
    """Pixel centre of a space ("D4") or an intersection ("C3se")."""
    space, corner = name[:2].upper(), name[2:].lower()
    x, y = SPACES[space]
    if corner:
        dx, dy = CORNER[corner]
        x, y = x + dx, y + dy
    return _xy((x, y), top)


def _stone(draw: ImageDraw.ImageDraw, x: float, y: float, r: float, colour: str, size: int) -> None:
    fill = STONE.get(colour, kit.GAP)
    size = max(size, kit.SMALL)
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
    _stone(draw, x, y - 14, TOWER_STONE_R, colour, kit.SMALL)


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


def _spaces_layer(b: kit.Canvas) -> None:
    """The empty board: the spaces, the row letters, the intersections (a layer)."""
    d = b.draw
    for name, (hx, hy) in SPACES.items():
        x, y = _xy((hx, hy), 0)
        fill = OUTER_FILL if name in OUTER else SPACE_FILL
        kit.disc(d, x, y, CIRCLE - 2, fill, outline=kit.GRID, width=1)
    # Row letters on both sides.
    for row, letter in enumerate(ROWS):
        first = SPACES[f"{letter}1"]
        last = SPACES[f"{letter}{ROW_LENGTHS[row]}"]
        lx, ly = _xy(first, 0)
        rx, _ = _xy(last, 0)
        b.label((lx - CIRCLE - 15, ly), letter, size=kit.LARGE, fill=kit.INK)
        b.label((rx + CIRCLE + 15, ly), letter, size=kit.LARGE, fill=kit.INK)
    for name in INTERSECTIONS:
        x, y = position_xy(name, 0)
        d.ellipse((x - 3, y - 3, x + 3, y + 3), fill=kit.MUTED)


def _board(b: kit.Board, view: dict, marked: list[tuple[str, kit.RGB, int]]) -> None:
    d = b.draw
    board = view.get("board", {})
    b.paste(kit.layer(_spaces_layer, (b.width, BOARD_HEIGHT)), b.top)
    for name, what in board.items():
        try:
            x, y = position_xy(name, b.top)
        except (KeyError, ValueError):
            continue
        role, colour = what.get("role"), what.get("colour", "")
        if role == "leader":
            _stone(d, x, y, LEADER_R, colour, kit.LARGE)
        elif role == "god":
            _god(d, x, y + 4, colour)
        elif role == "false_god":
            _false_god(d, x, y + 4)
        elif role == "follower":
            _stone(d, x, y, FOLLOWER_R, colour, kit.SMALL)
    for name in view.get("removed", []):
        _cross(d, *position_xy(name, b.top))
    _names(b)
    tokens = []
    for name, colour, depth in marked:
        try:
            x, y = position_xy(name, b.top)
        except (KeyError, ValueError):
            continue
        if len(name) == 2 and board.get(name, {}).get("role") != "leader":
            radius = CIRCLE - 4 - 7 * depth  # an empty space: rings inwards
            rim = CIRCLE - 4
        else:
            radius = (LEADER_R + 6 if len(name) == 2 else FOLLOWER_R + 5) + 7 * depth
            rim = radius
        kit.ring(d, x, y, radius, colour=colour, width=5)
        tokens.append((*kit.around(x, y, rim, depth), colour))
    for x, y, colour in tokens:  # the mover's shape on their mark, over every ring
        kit.mark_token(d, x, y, colour)


def _names(b: kit.Board) -> None:
    """Every position's name where no piece hides it: a space's in the top of its circle,
    an intersection's corner ("se") inside the space that names it, towards the corner;
    the two read together give the name the moves use ("C3" + "se" = "C3se")."""
    for name, (hx, hy) in SPACES.items():
        x, y = _xy((hx, hy), b.top)
        b.label((x, y + SPACE_LABEL_DY), name, size=kit.SMALL, fill=kit.INK)
    for name in INTERSECTIONS:
        space, corner = name[:2], name[2:]
        cx, cy = _xy(SPACES[space], b.top)
        px, py = position_xy(name, b.top)
        b.label((cx + (px - cx) * CORNER_LABEL_AT, cy + (py - cy) * CORNER_LABEL_AT), corner,
                size=kit.SMALL, fill=CORNER_LABEL)


COUNT_GAP = 14  # between a count and the next stone
ROW_GAP = 36  # between the pool's last count and "Gods"


def _counts(b: kit.Board, x: float, y: float, title: str, counts: dict) -> float:
    """"Pool (R) 3 (Y) 7 …": each colour's stone and count; returns where the row ends
    (the next row starts past it: "19Gods" was the pool's last count run into the gods')."""
    face = kit.font(kit.TEXT)
    title = kit.clean(kit.say(title))
    b.label((x, y), title, size=kit.TEXT, anchor="lm")
    x += 16 + face.getlength(title)
    for c in COLOURS:
        _stone(b.draw, x + 15, y, 15, c, kit.SMALL)
        number = str(counts.get(c, 0))
        b.label((x + 36, y), number, size=kit.TEXT, anchor="lm")
        x += 36 + face.getlength(number) + COUNT_GAP
    return x - COUNT_GAP


def _counts_width(title: str, counts: dict) -> float:
    """How wide :func:`_counts` draws a row."""
    face = kit.font(kit.TEXT)
    return (16 + face.getlength(kit.clean(kit.say(title)))
            + sum(36 + face.getlength(str(counts.get(c, 0))) + COUNT_GAP for c in COLOURS)
            - COUNT_GAP)


def _gods_apart(view: dict) -> bool:
    """Whether the gods' counts take a row of their own (they do not fit beside the pool's)."""
    pool = _counts_width("picture-angry-pool", view.get("pool", {}))
    gods = _counts_width("picture-angry-gods", view.get("gods", {}))
    return 20 + pool + ROW_GAP + gods > kit.WIDTH - 20


def _panel(b: kit.Board, view: dict, names: list[str], y: float) -> None:
    d = b.draw
    x0 = 20
    end = _counts(b, x0, y + PANEL_ROW / 2, "picture-angry-pool", view.get("pool", {}))
    gods = view.get("gods", {})
    if not _gods_apart(view):
        _counts(b, max(end + ROW_GAP, b.width / 2 + 10), y + PANEL_ROW / 2,
                "picture-angry-gods", gods)
    else:  # the phone-sized type: the gods' counts on a row of their own
        y += PANEL_ROW
        _counts(b, x0, y + PANEL_ROW / 2, "picture-angry-gods", gods)
    y += PANEL_ROW
    left = int(view.get("towers_left", 0))
    towers = kit.say("picture-angry-towers-left", left=left, towers=9)
    b.label((x0, y + PANEL_ROW / 2), towers, size=kit.TEXT, anchor="lm")
    for k in range(9):
        tx = x0 + kit.length(towers, kit.font(kit.TEXT)) + 36 + k * 30
        if k < left:
            _tower(d, tx, y + 16, scale=0.7)
        else:
            _tower(d, tx, y + 16, scale=0.7, fill=kit.BACKGROUND, outline=kit.GAP)
    y += PANEL_ROW + 6
    scores = view.get("scores", [])
    for seat, chips in enumerate(view.get("worshippers", [])):
        name = kit.seat_name(names, seat)
        kit.seat_disc(d, x0 + 10, y + 16, 10, seat, width=1)
        points = scores[seat] if seat < len(scores) else 0
        b.label((x0 + 28, y + 16), kit.fit(name, 200, kit.TEXT), size=kit.TEXT, anchor="lm")
        b.label((x0 + 28, y + SEAT_LINE), kit.points(points), size=kit.SMALL, fill=kit.MUTED,
                anchor="lm")
        per_line = 20
        for k, c in enumerate(chips):
            cx = x0 + 260 + (k % per_line) * 31
            cy = y + 16 + (k // per_line) * 31
            _stone(d, cx, cy, 14, c, kit.SMALL)
        if not chips:
            b.label((x0 + 246, y + 16), kit.fit(kit.say("picture-angry-no-worshippers"),
                                                b.width - x0 - 246 - 12),
                    size=kit.SMALL, fill=kit.MUTED, anchor="lm")
        y += SEAT_PANEL_ROW + 31 * ((max(len(chips), 1) - 1) // per_line)
    b.paste(kit.layer(_key, (b.width, KEY_ROW * len(_key_rows()))), y + 26 - KEY_ABOVE)


KEY_ABOVE, KEY_BELOW = 31, 35  # how far the key reaches around its middle line (no more:
# the layer covers what is drawn above it, the last seat's points)
KEY_ROW = KEY_ABOVE + KEY_BELOW
KEY_SIGN = 48  # a key item's sign, before its word
KEY_GAP = 40  # between one item's word and the next item's sign
KEY_ITEMS = ("picture-angry-leader", "picture-angry-follower", "picture-angry-god",
             "picture-angry-false-god")


def _key_rows() -> list[list[tuple[str, str]]]:
    """The key's items (sign, word): one row where they fit (English), else two of two
    (German's "Falscher Gott" does not fit after the others)."""
    face = kit.font(kit.SMALL)
    items = [(sign, kit.clean(kit.say(message))) for sign, message in
             zip(("leader", "follower", "god", "false-god"), KEY_ITEMS, strict=True)]
    wide = 20 + sum(KEY_SIGN + kit.length(word, face) + KEY_GAP for _, word in items)
    return [items] if wide - KEY_GAP <= kit.WIDTH - 20 else [items[:2], items[2:]]


def _key(b: kit.Canvas) -> None:
    """The key under the panel: leader, follower, god, False God (a layer)."""
    d, face = b.draw, kit.font(kit.SMALL)
    rows = _key_rows()
    half = (b.width - 40) / 2
    for r, row in enumerate(rows):
        x, y = 20.0, KEY_ABOVE + r * KEY_ROW
        for k, (sign, word) in enumerate(row):
            if len(rows) > 1:  # two columns
                x = 20 + k * half
            word = kit.fit(word, (half if len(rows) > 1 else b.width - 20 - x) - KEY_SIGN - 8)
            if sign == "leader":
                _stone(d, x + 22, y, LEADER_R - 4, "red", kit.SMALL)
            elif sign == "follower":
                _stone(d, x + 22, y, FOLLOWER_R, "blue", kit.SMALL)
            elif sign == "god":
                _god(d, x + 22, y + 4, "green")
            else:
                _false_god(d, x + 22, y + 4)
            b.label((x + KEY_SIGN, y), word, size=kit.SMALL, anchor="lm")
            x += KEY_SIGN + kit.length(kit.clean(word), face) + KEY_GAP


def _panel_height(view: dict) -> int:
    rows = sum(SEAT_PANEL_ROW + 31 * ((max(len(c), 1) - 1) // 20)
               for c in view.get("worshippers", []))
    return ((3 if _gods_apart(view) else 2) * PANEL_ROW + 6 + rows + 70
            + KEY_ROW * (len(_key_rows()) - 1))


def render(view: dict, names: list[str], highlight: list[str], *, outcome: str | None = None,
           marks: dict[int, list[str]] | None = None) -> bytes:
    scores = view.get("scores", [0, 0])
    players = len(view.get("worshippers", [])) or 2
    seats = kit.seats_from_view(names, players, scores)
    names = [s.name for s in seats]
    for seat, chips in zip(seats, view.get("worshippers", []), strict=False):
        seat.note = kit.say("picture-angry-worshippers", count=len(chips))
    result = view.get("result")
    if outcome is None and result:
        outcome = kit.outcome_line(names, (result.get("ranking") or [[]])[0],
                                   kit.name_seats(result.get("reason", ""), names))
    status = (kit.say("picture-status-game-over") if result else
              kit.say("picture-angry-placement", number=int(view.get("placements", 0)) + 1))
    b = kit.Board("Angry Gods", seats, view.get("to_act", []),
                  BOARD_HEIGHT + _panel_height(view), status=status, outcome=outcome,
                  game="angry-gods", footer=kit.say("picture-angry-footer"))
    _board(b, view, kit.marked(highlight, marks))
    d = b.draw
    d.line((0, b.top + BOARD_HEIGHT, b.width, b.top + BOARD_HEIGHT), fill=kit.GAP, width=1)
    _panel(b, view, names, b.top + BOARD_HEIGHT + 4)
    return b.png()
