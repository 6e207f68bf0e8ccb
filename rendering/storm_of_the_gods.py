"""Board picture for Storm of the Gods: the flat-topped hex map of Num Oluur.

Each tile shows its population (top), its coordinate (bottom), the owner's worshippers
(a disc in the seat's colour with the count), a construction (a house) or a sanctuary
(a star). The Compass tile has a rose, Vaal Er Num a dark swirl, its last move an arrow;
an attack ends in a red burst. A band above the map announces a pending encirclement or
construction victory (or what the player to act may do); a panel under the map lists the
roll, each god's counts and a legend.
"""

from __future__ import annotations

import math

from rendering import kit
from rendering.alt.storm_of_the_gods import rolled
from rendering.storm_panel_words import KEY_COLUMNS as KEY_COLUMNS
from rendering.storm_panel_words import KEY_ITEMS, KEY_WORDS
from rendering.storm_panel_words import columns as _columns
from rendering.storm_panel_words import key_columns as _key_columns

R = (kit.WIDTH - 40) // 14  # hex radius (centre to corner): 54 at 800 px
ROOT3 = math.sqrt(3)
COLUMNS = "abcdefghi"
WIND: kit.RGB = (58, 36, 112)
ATTACK: kit.RGB = (20, 20, 20)  # a dark burst: the red one was 4.7 ΔE00 from the highlight
BAND_LINE = kit.SMALL + 8
MAP_LEFT = (kit.WIDTH - int(14 * R)) // 2
MAP_WIDTH = int(14 * R)
MAP_HEIGHT = int(9 * ROOT3 * R)
EDGE = 32  # column letters above and below the map
ROW = 34  # a line of the panel under the map
TILE_FILL: dict[int, kit.RGB] = {  # a warm grey, darker with the population (CIELAB L*
    0: (243, 234, 222),  # 93 to 73): low in chroma, so every seat's token stands out on
    1: (231, 222, 210),  # each (ΔE00 ≥ 11 in every simulated vision, where the sand seat
    2: (220, 211, 199),  # on the old golden population 5 was 0.7); the number on the tile
    3: (209, 200, 188),  # tells the population
    4: (198, 189, 177),
    5: (187, 178, 167),
}
NAME: kit.RGB = (72, 66, 58)  # a hex's name: ≥ 4.7:1 on every fill (WCAG AA)
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
    return _at(position, board.top + board.map_top)  # type: ignore[attr-defined]


def _at(position: str, top: float) -> tuple[float, float]:
    """A hex's centre when the map's top edge is at ``top``."""
    q, y = _coords(position)
    return MAP_LEFT + MAP_WIDTH / 2 + 1.5 * R * q, top + MAP_HEIGHT / 2 - (ROOT3 / 2) * R * y


def _name(names: list[str], seat: int) -> str:
    return kit.seat_name(names, seat)


def render(view: dict, names: list[str], highlight: list[str], *, outcome: str | None = None,
           marks: dict[int, list[str]] | None = None) -> bytes:
    players = int(view.get("players", len(view.get("scores", [])) or 2))
    names = [_name(names, i) for i in range(players)]
    seats = kit.seats_from_view(names, players, view.get("scores"))
    community, limbo = view.get("community", []), view.get("limbo", [])
    for i, seat in enumerate(seats):
        if i < len(community) and i < len(limbo):
            seat.note = kit.say("picture-storm-seat-note", community=community[i],
                                limbo=limbo[i])
    result = view.get("result")
    if outcome is None and result:
        outcome = kit.outcome_line(names, (result.get("ranking") or [[]])[0],
                                   kit.name_seats(str(result.get("reason", "")), names))
    status = kit.say("picture-storm-status", turn=view.get("turn", 0),
                     stack=view.get("stack_size", 0))
    lines, fill = _band_lines(view, names, bool(outcome))
    band = len(lines) * BAND_LINE + 12 if lines else 0
    map_top = band + EDGE
    height = map_top + MAP_HEIGHT + EDGE + _panel_height(players)
    footer = kit.say("picture-storm-footer", discarded=_discarded(
        view.get("discarded", 0), view.get("discarded_populations")))
    board = kit.Board("Storm of the Gods", seats, view.get("to_act", []), height,
                      status=status, outcome=outcome, game="storm-of-the-gods", footer=footer)
    board.map_top = map_top  # type: ignore[attr-defined]
    cells = view.get("board", {})
    _map(board, cells)
    if lines:
        _band(board, lines, fill, band)
    touched = _touched(view, highlight, marks)
    for position in touched & set(POSITIONS):
        if cells.get(position) is None:  # its kept name goes: drawn again over the path
            board.draw.rectangle(_name_box(board.draw, centre(board, position), position),
                                 fill=EMPTY_FILL)
    _path(board, view)
    # as deep as there are seats: a seat's move on a shared hex is never left unmarked
    tokens = []
    for position, colour, depth in kit.marked(highlight, rolled(view, marks), deep=6):
        if position in POSITIONS:  # under the labels and pieces: none is crossed
            cx, cy = centre(board, position)
            board.draw.polygon(
                kit.hex_corners(cx, cy, R - 2 - 7 * depth, pointy=False), outline=colour,
                width=4
            )
            tokens.append((*kit.around(cx, cy, R - 4, depth), colour))  # on the rim
    for position in POSITIONS:
        _contents(board, position, cells.get(position), position in touched)
    wind = view.get("wind")
    if wind in POSITIONS:
        _wind(board, *centre(board, wind), R * 0.36)  # clear of the population and coordinate
    for x, y, colour in tokens:  # the mover's shape on their mark, over the hex's contents
        kit.mark_token(board.draw, x, y, colour)
    _panel(board, view, names, board.top + map_top + MAP_HEIGHT + EDGE)
    return board.png()


def _discarded(discarded: object, populations: list[int] | None) -> str:
    """"3 tiles discarded", with how many of each population when the view counts them
    (``discarded_populations``: the count of population 0, 1, … 5)."""
    if populations and sum(populations):  # an all-zero count said "(by population )"
        counts = " ".join(f"{pop}:{n}" for pop, n in enumerate(populations) if n)
        return kit.say("picture-storm-discarded-by-population", count=sum(populations),
                       populations=counts)
    return kit.say("picture-storm-discarded", count=int(discarded or 0))


# ---- pieces ---------------------------------------------------------------------------


def _band_lines(view: dict, names: list[str], over: bool) -> tuple[list[str], kit.RGB]:
    """The announcement over the map (a pending encirclement or construction victory, or
    what the player to act may do), wrapped to the picture's width, and its colour."""
    lines: list[str] = []
    fill = NEUTRAL
    since = view.get("encircled_since")
    pending = view.get("pending_construction_victory") or []
    if over or view.get("result"):
        return [], fill
    if since is not None:
        lines.append(kit.say("picture-storm-encircled", who=_name(names, since)))
        fill = ALERT
    for seat in pending:
        lines.append(kit.say("picture-storm-construction-victory", who=_name(names, seat)))
        fill = ALERT if since is not None else PENDING
    if not lines:
        lines.append(_phase_line(view, names))
    wrapped: list[str] = []
    for line in lines:
        if line:
            wrapped += kit.wrap(kit.clean(line), kit.WIDTH - 48, kit.font(kit.SMALL))
    return wrapped, fill


def _band(board: kit.Board, lines: list[str], fill: kit.RGB, band: int) -> None:
    top = board.top + 6
    board.draw.rounded_rectangle(
        (12, top, board.width - 12, top + band - 6), radius=8, fill=fill, outline=kit.GRID
    )
    for k, line in enumerate(lines):
        board.label((24, top + 6 + BAND_LINE * k + BAND_LINE / 2 - 2), line, size=kit.SMALL,
                    anchor="lm")


def _phase_line(view: dict, names: list[str]) -> str:
    current = view.get("current", 0)
    who = _name(names, current)
    phase = view.get("phase")
    roll = view.get("roll") or {}
    if phase == "wind":
        options = kit.formats.listed(kit.language(),
                                     [d.upper() for d in view.get("choices", [])], "or")
        return kit.say("picture-storm-phase-wind", who=who, face=str(roll.get("face")),
                       steps=str(roll.get("steps")), options=options)
    if phase == "occupy":
        return kit.say("picture-storm-phase-occupy", who=who,
                       hex=str(view.get("emptied")))
    if phase == "convert":
        return kit.say("picture-storm-phase-convert", who=who)
    if phase == "develop":
        return kit.say("picture-storm-phase-develop", who=who)
    return ""


MAP_LAYER = EDGE + MAP_HEIGHT + EDGE + 12  # the letters under the map reach a little lower


def _map(board: kit.Board, cells: dict) -> None:
    """The tiles and the column letters: a kept layer per map (whose tiles change on
    about every other move), pasted before anything is drawn over it."""
    tiles = tuple(_tile(cells.get(position)) for position in POSITIONS)
    board.paste(kit.layer(_paint_map, (board.width, MAP_LAYER), tiles),
                board.top + board.map_top - EDGE)  # type: ignore[attr-defined]


def _tile(cell: dict | None) -> int | str | None:
    """What a tile's hex shows: nothing (None), the Compass, or its population."""
    if cell is None:
        return None
    return "compass" if cell.get("compass") else int(cell.get("population", 0))


def _paint_map(canvas: kit.Canvas, tiles: tuple[int | str | None, ...]) -> None:
    for position, tile in zip(POSITIONS, tiles, strict=True):
        _hex(canvas, _at(position, EDGE), tile)
    for position, tile in zip(POSITIONS, tiles, strict=True):
        _names(canvas, _at(position, EDGE), position, tile)
    for i, letter in enumerate(COLUMNS):
        q = i - 4
        length = 9 - abs(q)
        _, top_y = _at(f"{letter}{length}", EDGE)
        _, bottom_y = _at(f"{letter}1", EDGE)
        x = MAP_LEFT + MAP_WIDTH / 2 + 1.5 * R * q
        canvas.label((x, top_y - R - 4), letter, size=kit.LARGE, fill=kit.INK, anchor="ms")
        canvas.label((x, bottom_y + R + 4), letter, size=kit.LARGE, fill=kit.INK, anchor="mt")


def _hex(canvas: kit.Canvas, centre: tuple[float, float], tile: int | str | None) -> None:
    d = canvas.draw
    corners = kit.hex_corners(*centre, R - 1, pointy=False)
    if tile is None:
        d.polygon(corners, fill=EMPTY_FILL, outline=(205, 198, 186), width=1)
    elif tile == "compass":
        d.polygon(corners, fill=COMPASS_FILL, outline=kit.GRID, width=2)
    else:
        d.polygon(
            corners,
            fill=TILE_FILL.get(int(tile), TILE_FILL[0]),
            outline=kit.GRID,
            width=3 if tile == 5 else 2,
        )


def _touched(view: dict, highlight: list[str], marks: dict[int, list[str]] | None
             ) -> set[str]:
    """The hexes the wind's path, its attack or a mark may cross: their names are drawn
    again over them (every other hex keeps the names of the map's kept layer)."""
    touched = {view.get("wind_from"), view.get("wind"), view.get("attacked"),
               *(view.get("path") or [])}
    touched |= {position for position, _, _ in kit.marked(highlight, rolled(view, marks),
                                                          deep=6)}
    return {position for position in touched if isinstance(position, str)}


def _name_box(draw: kit.Draw, xy: tuple[float, float], position: str
              ) -> tuple[float, float, float, float]:
    """Where an empty hex's name is inked, and a little around it (all inside the hex)."""
    left, top, right, bottom = draw.textbbox(xy, position, font=kit.font(kit.SMALL),
                                             anchor="mm")
    return left - 3, top - 3, right + 3, bottom + 3


def _names(canvas: kit.Canvas, xy: tuple[float, float], position: str,
           tile: int | str | None) -> None:
    """A hex's name, and a tile's population, as :func:`_contents` draws them."""
    cx, cy = xy
    if tile is None:
        canvas.label((cx, cy), position, size=kit.SMALL, fill=NAME)
    elif tile != "compass":
        background = TILE_FILL.get(int(tile), TILE_FILL[0])
        _boxed(canvas, (cx, cy - R * 0.55), str(tile), kit.TEXT, kit.INK, background)
        _boxed(canvas, (cx, cy + R * 0.55), position, kit.SMALL, NAME, background)


def _contents(board: kit.Board, position: str, cell: dict | None, touched: bool) -> None:
    """A hex's pieces; its names (and population) too where the path or a mark crossed
    the kept ones (else they are the map layer's)."""
    d = board.draw
    cx, cy = centre(board, position)
    if cell is None:
        if touched:
            _names(board, (cx, cy), position, None)
        return
    if cell.get("compass"):
        _rose(board, cx, cy)
        return
    if touched:
        _names(board, (cx, cy), position, _tile(cell))
    owner = cell.get("owner")
    if owner is None:
        return
    colour = kit.seat_colour(owner)
    men = cell.get("worshippers", 0)
    building = cell.get("construction") or cell.get("sanctuary")
    if building:
        bx = cx - R * 0.42 if men else cx
        if cell.get("sanctuary"):
            _star(board, bx, cy + 1, 17 if men else 22, colour)
        else:
            _house(board, bx, cy + 1, 13 if men else 17, colour)
    if men:
        mx = cx + R * 0.22 if building else cx
        kit.seat_disc(d, mx, cy + 1, 17, owner)
        board.label((mx, cy + 1 + kit.seat_middle(owner, 17)), str(men), size=kit.TEXT,
                    fill=kit.text_colour_on(colour))
    elif building:
        kit.seat_disc(d, cx + R * 0.3, cy + 1, 10, owner)  # whose, not by colour alone


def _boxed(
    board: kit.Canvas,
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
    board.label((cx + s * 0.55, cy - s * 0.6), "N", size=kit.SMALL, fill=kit.INK)


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
    points = []
    path = view.get("path") or []
    if view.get("wind_from") and path and path[-1] == view.get("wind"):  # its last move
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
    size = 20
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


def _panel_height(players: int) -> int:
    return ROW * (2 + players) + 14 + ROW * -(-KEY_ITEMS // _key_columns()) + 6


def _panel(board: kit.Board, view: dict, names: list[str], y: float) -> None:
    """Under the map: the wind's roll, each god's counts and a legend."""
    d = board.draw
    x = 20
    roll = view.get("roll") or {}
    text = kit.say("picture-storm-wind-on", hex=str(view.get("wind", "?")))
    if roll:
        direction = roll.get("direction")
        choices = "/".join(c.upper() for c in view.get("choices", []))
        face, steps = str(roll.get("face")), str(roll.get("steps"))
        text = (kit.say("picture-storm-rolled-went", wind=text, face=face, steps=steps,
                        direction=direction.upper()) if direction else
                kit.say("picture-storm-rolled-choose", wind=text, face=face, steps=steps,
                        choices=choices))
    # (the stack's size is the header's: "Turn 6 · stack 49"; here it ran the line past
    # the picture's edge at the phone-sized type)
    board.label((x, y + ROW / 2), kit.fit(text, board.width - 40, kit.TEXT), size=kit.TEXT,
                anchor="lm")
    y += ROW
    columns = _columns(board.width)
    for title, cx in columns.items():
        board.label((cx, y + ROW / 2), title, size=kit.SMALL, anchor="mm", fill=kit.MUTED)
    y += ROW
    players = int(view.get("players", 0))
    community, limbo = view.get("community", []), view.get("limbo", [])
    built = view.get("constructions", [0] * players)
    sanctuaries = view.get("sanctuaries", [None] * players)
    for seat in range(players):
        kit.seat_disc(d, x + 10, y + ROW / 2, 10, seat)
        first = next(iter(columns))
        room = min(columns.values()) - kit.length(first, kit.font(kit.SMALL)) / 2 - x - 40
        board.label((x + 28, y + ROW / 2), kit.fit(_name(names, seat), room, kit.TEXT),
                    size=kit.TEXT, anchor="lm")
        sanct = sanctuaries[seat] if seat < len(sanctuaries) and sanctuaries[seat] else "-"
        values = (community[seat] if seat < len(community) else 0,
                  limbo[seat] if seat < len(limbo) else 0,
                  f"{built[seat] if seat < len(built) else 0}/5", sanct)
        for value, cx in zip(values, columns.values(), strict=True):
            board.label((cx, y + ROW / 2), str(value), size=kit.TEXT, anchor="mm")
        y += ROW
    y += 14 + ROW / 2
    grey = (150, 150, 150)
    columns_of_key = _key_columns()
    step = (board.width - 40) / columns_of_key
    signs = [lambda cx, cy: kit.disc(d, cx, cy, 11, grey),
             lambda cx, cy: _house(board, cx, cy, 10, grey),
             lambda cx, cy: _star(board, cx, cy, 13, grey),
             lambda cx, cy: _wind(board, cx, cy, 13),
             lambda cx, cy: d.line([(cx - 10, cy), (cx + 10, cy)], fill=WIND, width=6),
             lambda cx, cy: _burst(board, cx, cy, 12),
             lambda cx, cy: d.rectangle((cx - 10, cy - 10, cx + 10, cy + 10),
                                        outline=kit.HIGHLIGHT, width=3)]
    for k, (message, draw) in enumerate(zip(KEY_WORDS, signs, strict=True)):
        cx = x + 14 + (k % columns_of_key) * step
        cy = y + (k // columns_of_key) * ROW
        draw(cx, cy)
        board.label((cx + 22, cy), kit.fit(kit.say(message), step - 22 - 14 - 8),
                    size=kit.SMALL, anchor="lm")
