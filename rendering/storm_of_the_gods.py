"""Board picture for Storm of the Gods: the flat-topped hex map of Num Oluur.

Each tile shows its population (top), its coordinate (bottom), the owner's worshippers
(a disc in the seat's colour with the count), a construction (a house) or a sanctuary
(a star). The Compass tile has a rose, Vaal Er Num a dark swirl, its last move an arrow;
an attack ends in a red burst. A band above the map announces a pending encirclement or
construction victory; a panel on the right lists the roll, each god's counts and a legend.
"""

from __future__ import annotations

import math

from rendering import kit

R = 44  # hex radius (centre to corner)
ROOT3 = math.sqrt(3)
COLUMNS = "abcdefghi"
WIND: kit.RGB = (58, 36, 112)
ATTACK: kit.RGB = (200, 30, 30)
BAND = 40
MAP_LEFT = 30
MAP_TOP = BAND + 30
MAP_WIDTH = int(14 * R)
MAP_HEIGHT = int(9 * ROOT3 * R)
HEIGHT = MAP_TOP + MAP_HEIGHT + 30
PANEL_X = MAP_LEFT + MAP_WIDTH + 24
TILE_FILL: dict[int, kit.RGB] = {
    0: (236, 232, 222),
    1: (233, 222, 194),
    2: (226, 208, 166),
    3: (218, 193, 138),
    4: (207, 176, 112),
    5: (232, 196, 92),
}
EMPTY_FILL: kit.RGB = (250, 247, 240)
COMPASS_FILL: kit.RGB = (190, 196, 204)
PENDING: kit.RGB = (255, 226, 150)
ALERT: kit.RGB = (250, 205, 190)
NEUTRAL: kit.RGB = (236, 230, 218)


def _coords(position: str) -> tuple[int, int]:
    q = COLUMNS.index(position[0]) - 4
    length = 9 - abs(q)
    return q, 2 * (int(position[1:]) - 1) - (length - 1)


POSITIONS = tuple(f"{c}{row}" for i, c in enumerate(COLUMNS) for row in range(1, 10 - abs(i - 4)))


def centre(board: kit.Board, position: str) -> tuple[float, float]:
    q, y = _coords(position)
    cx = MAP_LEFT + MAP_WIDTH / 2 + 1.5 * R * q
    cy = board.top + MAP_TOP + MAP_HEIGHT / 2 - (ROOT3 / 2) * R * y
    return cx, cy


def _name(names: list[str], seat: int) -> str:
    return names[seat] if seat < len(names) and names[seat] else f"Seat {seat + 1}"


def render(view: dict, names: list[str], highlight: list[str]) -> bytes:
    players = int(view.get("players", len(view.get("scores", [])) or 2))
    short = [
        n if len(n) <= 24 // max(1, players - 2) + 4 else n[: 24 // max(1, players - 2) + 3] + "…"
        for n in names
    ]
    seats = kit.seats_from_view(short, players, view.get("scores"))
    community, limbo = view.get("community", []), view.get("limbo", [])
    for i, seat in enumerate(seats):
        if i < len(community) and i < len(limbo):
            seat.note = f"C{community[i]} L{limbo[i]}"
    status = f"Turn {view.get('turn', 0)} · stack {view.get('stack_size', 0)}"
    board = kit.Board("Storm of the Gods", seats, view.get("to_act", []), HEIGHT, status=status)
    _band(board, view, names)
    _edges(board)
    cells = view.get("board", {})
    for position in POSITIONS:
        _hex(board, position, cells.get(position))
    _path(board, view)
    for position in POSITIONS:
        _contents(board, position, cells.get(position))
    for position in highlight:
        if position in POSITIONS:
            cx, cy = centre(board, position)
            board.draw.polygon(
                kit.hex_corners(cx, cy, R - 3, pointy=False), outline=kit.HIGHLIGHT, width=4
            )
    wind = view.get("wind")
    if wind in POSITIONS:
        _wind(board, *centre(board, wind), R * 0.42)
    _panel(board, view, names)
    board.footer(
        "C = community (ready to use) · L = Limbo · number on top = population · "
        f"{view.get('discarded', 0)} tiles discarded"
    )
    return board.png()


# ---- pieces ---------------------------------------------------------------------------


def _band(board: kit.Board, view: dict, names: list[str]) -> None:
    lines: list[str] = []
    fill = NEUTRAL
    result = view.get("result")
    since = view.get("encircled_since")
    pending = view.get("pending_construction_victory") or []
    if result:
        winners = " & ".join(_name(names, s) for s in result["ranking"][0])
        reason = str(result.get("reason", ""))
        lines.append(f"Game over: {winners} won. {reason[:1].upper()}{reason[1:]}")
        fill = PENDING
    else:
        if since is not None:
            lines.append(
                f"Vaal Er Num is surrounded since {_name(names, since)}'s turn: the game ends "
                "when it comes back, unless broken"
            )
            fill = ALERT
        for seat in pending:
            lines.append(
                f"{_name(names, seat)} holds a sanctuary and 2 constructions: "
                "wins at the start of their next turn"
            )
            fill = ALERT if since is not None else PENDING
        if not lines:
            lines.append(_phase_line(view, names))
    top = board.top + 4
    board.draw.rounded_rectangle(
        (12, top, board.width - 12, top + BAND - 6), radius=8, fill=fill, outline=kit.GRID
    )
    text = "  |  ".join(lines)
    size = 17 if len(text) < 95 else 14
    board.label((board.width / 2, top + (BAND - 6) / 2), text, size=size, fill=kit.INK)


def _phase_line(view: dict, names: list[str]) -> str:
    current = view.get("current", 0)
    who = _name(names, current)
    phase = view.get("phase")
    roll = view.get("roll") or {}
    if phase == "wind":
        options = " or ".join(d.upper() for d in view.get("choices", []))
        return f"{who} rolled {roll.get('face')} {roll.get('steps')}: choose the wind, {options}"
    if phase == "occupy":
        return f"{who} may occupy {view.get('emptied')}, emptied by the wind, or skip"
    if phase == "convert":
        return f"{who} may convert one tile the wind drew, or skip"
    if phase == "develop":
        return f"{who} develops their cult (actions, then end)"
    return ""


def _edges(board: kit.Board) -> None:
    for i, letter in enumerate(COLUMNS):
        q = i - 4
        length = 9 - abs(q)
        _, top_y = centre(board, f"{letter}{length}")
        _, bottom_y = centre(board, f"{letter}1")
        x = MAP_LEFT + MAP_WIDTH / 2 + 1.5 * R * q
        board.label((x, top_y - R - 4), letter, size=18, fill=kit.INK)
        board.label((x, bottom_y + R + 6), letter, size=18, fill=kit.INK)


def _hex(board: kit.Board, position: str, cell: dict | None) -> None:
    d = board.draw
    cx, cy = centre(board, position)
    corners = kit.hex_corners(cx, cy, R - 1, pointy=False)
    if cell is None:
        d.polygon(corners, fill=EMPTY_FILL, outline=(205, 198, 186), width=1)
    elif cell.get("compass"):
        d.polygon(corners, fill=COMPASS_FILL, outline=kit.GRID, width=2)
    else:
        population = cell.get("population", 0)
        d.polygon(
            corners,
            fill=TILE_FILL.get(population, TILE_FILL[0]),
            outline=kit.GRID,
            width=3 if population == 5 else 2,
        )


def _contents(board: kit.Board, position: str, cell: dict | None) -> None:
    d = board.draw
    cx, cy = centre(board, position)
    if cell is None:
        board.label((cx, cy), position, size=13, fill=(170, 162, 150))
        return
    if cell.get("compass"):
        _rose(board, cx, cy)
        return
    population = cell.get("population", 0)
    background = TILE_FILL.get(population, TILE_FILL[0])
    _boxed(board, (cx, cy - R * 0.62), str(population), 16, kit.INK, background)
    _boxed(board, (cx, cy + R * 0.66), position, 12, kit.MUTED, background)
    owner = cell.get("owner")
    if owner is None:
        return
    colour = kit.seat_colour(owner)
    men = cell.get("worshippers", 0)
    building = cell.get("construction") or cell.get("sanctuary")
    if building:
        bx = cx - R * 0.42 if men else cx
        if cell.get("sanctuary"):
            _star(board, bx, cy + 1, 15 if men else 19, colour)
        else:
            _house(board, bx, cy + 1, 12 if men else 15, colour)
    if men:
        mx = cx + R * 0.22 if building else cx
        kit.disc(d, mx, cy + 1, 15, colour)
        board.label((mx, cy + 1), str(men), size=17, fill=kit.text_colour_on(colour))


def _boxed(
    board: kit.Board,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: kit.RGB,
    background: kit.RGB,
) -> None:
    """A label on a small box of the tile's colour, readable over the wind's path."""
    left, top, right, bottom = board.draw.textbbox(xy, text, font=kit.font(size), anchor="mm")
    board.draw.rectangle((left - 2, top - 1, right + 2, bottom + 1), fill=background)
    board.label(xy, text, size=size, fill=fill)


def _house(board: kit.Board, x: float, y: float, s: float, colour: kit.RGB) -> None:
    points = [
        (x - s, y + s),
        (x - s, y - s * 0.2),
        (x, y - s * 1.1),
        (x + s, y - s * 0.2),
        (x + s, y + s),
    ]
    board.draw.polygon(points, fill=colour, outline=kit.INK, width=2)


def _star(board: kit.Board, x: float, y: float, s: float, colour: kit.RGB) -> None:
    points = []
    for k in range(10):
        radius = s if k % 2 == 0 else s * 0.45
        angle = math.radians(-90 + 36 * k)
        points.append((x + radius * math.cos(angle), y + radius * math.sin(angle)))
    board.draw.polygon(points, fill=colour, outline=kit.INK, width=2)


def _rose(board: kit.Board, cx: float, cy: float) -> None:
    d = board.draw
    s = R * 0.55
    for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
        tip = (cx + dx * s, cy + dy * s)
        side = (cx - dy * s * 0.2, cy + dx * s * 0.2)
        other = (cx + dy * s * 0.2, cy - dx * s * 0.2)
        d.polygon([tip, side, other], fill=(90, 96, 110) if dy >= 0 else kit.INK)
    board.label((cx, cy - s - 8), "N", size=12, fill=kit.INK)


def _wind(board: kit.Board, cx: float, cy: float, r: float) -> None:
    """Vaal Er Num: a dark disc with a white swirl."""
    d = board.draw
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=WIND, outline=(255, 255, 255), width=2)
    for k, radius in enumerate((r * 0.75, r * 0.5, r * 0.25)):
        start = 200 + 40 * k
        d.arc(
            (cx - radius, cy - radius, cx + radius, cy + radius),
            start,
            start + 230,
            fill=(255, 255, 255),
            width=3 if r > 12 else 2,
        )


def _path(board: kit.Board, view: dict) -> None:
    d = board.draw
    roll = view.get("roll") or {}
    points = []
    if roll.get("direction") and view.get("wind_from"):
        points = [centre(board, view["wind_from"])]
        points += [centre(board, p) for p in view.get("path", [])]
    if len(points) > 1:
        d.line(points, fill=WIND, width=6, joint="curve")
        _arrowhead(board, points[-2], points[-1], WIND, back=R * 0.5)
    attacked = view.get("attacked")
    wind = view.get("wind")
    if attacked and wind:
        start, end = centre(board, wind), centre(board, attacked)
        length = math.dist(start, end) or 1.0
        ux, uy = (end[0] - start[0]) / length, (end[1] - start[1]) / length
        tail = (start[0] + ux * R * 0.45, start[1] + uy * R * 0.45)
        head = (start[0] + ux * R * 1.05, start[1] + uy * R * 1.05)
        d.line([tail, head], fill=ATTACK, width=5)
        _arrowhead(board, tail, head, ATTACK, back=0)
        _burst(board, head[0] + ux * 4, head[1] + uy * 4, 13)


def _arrowhead(
    board: kit.Board, a: tuple[float, float], b: tuple[float, float], colour: kit.RGB, back: float
) -> None:
    angle = math.atan2(b[1] - a[1], b[0] - a[0])
    tip = (b[0] - back * math.cos(angle), b[1] - back * math.sin(angle))
    size = 16
    left = (tip[0] - size * math.cos(angle - 0.45), tip[1] - size * math.sin(angle - 0.45))
    right = (tip[0] - size * math.cos(angle + 0.45), tip[1] - size * math.sin(angle + 0.45))
    board.draw.polygon([tip, left, right], fill=colour)


def _burst(board: kit.Board, x: float, y: float, s: float) -> None:
    points = []
    for k in range(16):
        radius = s if k % 2 == 0 else s * 0.45
        angle = math.radians(22.5 * k)
        points.append((x + radius * math.cos(angle), y + radius * math.sin(angle)))
    board.draw.polygon(points, fill=ATTACK, outline=(255, 255, 255))


# ---- the side panel -----------------------------------------------------------------


def _panel(board: kit.Board, view: dict, names: list[str]) -> None:
    d = board.draw
    x = PANEL_X
    y = board.top + MAP_TOP - 10
    roll = view.get("roll") or {}
    board.label((x, y), "Vaal Er Num", size=18, anchor="lm")
    y += 24
    if roll:
        direction = roll.get("direction")
        towards = (
            direction.upper() if direction else "/".join(c.upper() for c in view.get("choices", []))
        )
        board.label(
            (x, y),
            f"rolled {roll.get('face')} {roll.get('steps')}, went {towards}"
            if direction
            else f"rolled {roll.get('face')} {roll.get('steps')}: {towards}?",
            size=15,
            anchor="lm",
            fill=kit.MUTED,
        )
        y += 20
    board.label((x, y), f"on {view.get('wind', '?')}", size=15, anchor="lm", fill=kit.MUTED)
    y += 20
    board.label(
        (x, y), f"stack: {view.get('stack_size', 0)} tiles", size=15, anchor="lm", fill=kit.MUTED
    )
    y += 34
    board.label((x, y), "Gods", size=18, anchor="lm")
    y += 22
    board.label((x + 24, y), "comm  limbo  built  sanct", size=12, anchor="lm", fill=kit.MUTED)
    y += 18
    players = int(view.get("players", 0))
    community, limbo = view.get("community", []), view.get("limbo", [])
    built = view.get("constructions", [0] * players)
    sanctuaries = view.get("sanctuaries", [None] * players)
    for seat in range(players):
        colour = kit.seat_colour(seat)
        kit.disc(d, x + 8, y + 8, 8, colour)
        name = _name(names, seat)
        board.label((x + 24, y), name if len(name) <= 20 else name[:19] + "…", size=14, anchor="lm")
        y += 18
        sanct = sanctuaries[seat] if seat < len(sanctuaries) and sanctuaries[seat] else "-"
        row = (
            f"{community[seat] if seat < len(community) else 0:>4}"
            f"{limbo[seat] if seat < len(limbo) else 0:>7}"
            f"{built[seat] if seat < len(built) else 0:>6}/5   {sanct}"
        )
        board.label((x + 24, y), row, size=14, anchor="lm", fill=kit.MUTED)
        y += 24
    y += 10
    board.label((x, y), "Legend", size=18, anchor="lm")
    y += 26
    grey = (150, 150, 150)
    kit.disc(d, x + 10, y, 10, grey)
    board.label((x + 28, y), "worshippers", size=14, anchor="lm")
    y += 26
    _house(board, x + 10, y, 9, grey)
    board.label((x + 28, y), "construction", size=14, anchor="lm")
    y += 26
    _star(board, x + 10, y, 11, grey)
    board.label((x + 28, y), "sanctuary", size=14, anchor="lm")
    y += 26
    _wind(board, x + 10, y, 11)
    board.label((x + 28, y), "Vaal Er Num (wind)", size=14, anchor="lm")
    y += 26
    d.line([(x, y), (x + 16, y)], fill=WIND, width=5)
    board.label((x + 28, y), "its last move", size=14, anchor="lm")
    y += 26
    _burst(board, x + 10, y, 9)
    board.label((x + 28, y), "its attack", size=14, anchor="lm")
    y += 26
    d.rectangle((x + 2, y - 8, x + 18, y + 8), outline=kit.HIGHLIGHT, width=3)
    board.label((x + 28, y), "last move", size=14, anchor="lm")
