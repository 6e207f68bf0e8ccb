"""Terra's board: 9×9 plots in nine bounded territories, structures as drawn icons.

Drawn only from the engine's view: structures (an icon per type in the owner's colour),
territory numbers with a badge and frame in the controller's colour, mountains and the
river when terrain is on, the last turn's plots ringed. Under the board: each player's
reserve, cup and discard counts; the chits themselves as counted tiles ("x2") where the
viewer may know them (everyone's with open reserves, else the viewer's own reserve in
their private picture, and their discards when the view has them); a legend.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import ImageDraw

from rendering import kit
from rendering import terra_icons as icons

COLUMNS = "abcdefghi"
LEFT = 36  # board's left edge (row numbers to its left)
CELL = (kit.WIDTH - 2 * LEFT) // 9  # 80 at 800 px: row numbers either side
TOP_GAP = 32  # column letters above the board
TERRITORY_BADGE = 20  # a territory's numbered badge, its radius
BOARD = CELL * 9
HEIGHT = TOP_GAP + BOARD + 36  # the board and its coordinates; the panel goes under it
TILE_INSET = 8
BADGE = 9  # the owner's token on a structure: 18 px, 6.0 px at a phone client's 265 (7 was 5)
ROW = 38  # a line of the panel
CHIT = 44  # a reserve chit drawn as a tile
CHITS_LEFT = 250  # where a row of chits starts, after its caption (or further: :func:`_chits_left`)
CHITS_LEFT_MOST = 400  # the furthest: a longer caption is shortened
CHIT_STEP = CHIT + 62  # a chit and its count
NAME_LEAST = 120  # the least room a name keeps beside a seat's counts in the panel
CHITS_PER_LINE = (kit.WIDTH - CHITS_LEFT - 16) // CHIT_STEP  # then the row goes on below

PLAIN = (236, 226, 204)
PLAIN_ALT = (228, 216, 190)
RIVER = (150, 196, 232)
RIVER_LINE = icons.RIVER_LINE  # the icons' colours named here too: the palette keeps
MOUNTAIN = (196, 184, 166)
MOUNTAIN_LINE = icons.MOUNTAIN_LINE  # exact every colour a picture's module names
WHITE = icons.WHITE
LEGEND = (190, 186, 180)
TYPES = ("temple", "castle", "town", "farm", "mine", "palace")


def _cell(plot: str, top: int) -> tuple[int, int]:
    """Top-left pixel of a plot."""
    x = COLUMNS.index(plot[0])
    y = int(plot[1:]) - 1
    return LEFT + x * CELL, top + TOP_GAP + (8 - y) * CELL


def render(view: dict, names: list[str], highlight: list[str], *, outcome: str | None = None,
           marks: dict[int, list[str]] | None = None) -> bytes:
    players = int(view.get("players", len(view.get("scores", [])) or 2))
    scores = view.get("scores", [0] * players)
    seats = kit.seats_from_view(names, players, scores)
    names = [s.name for s in seats]
    sizes = view.get("reserve_sizes", [0] * players)
    for i, seat in enumerate(seats):
        seat.note = kit.say("picture-realm-reserve-count", count=sizes[i])
    if view.get("over"):
        status = kit.say("picture-status-game-over")
        if outcome is None:
            best = max(scores, default=0)
            outcome = kit.outcome_line(names, [s for s, v in enumerate(scores) if v == best],
                                       kit.name_seats(str(view.get("reason", "")), names))
    else:
        status = kit.say("picture-realm-status", turn=view.get("turns", 0),
                         phase=str(view.get("phase", "")))
    rows = _panel_rows(view, players)
    shown = view.get("terrain") or {}
    terrain_on = bool(shown.get("mountains") or shown.get("river"))
    board = kit.Board("Terra", seats, view.get("to_act", []),
                      HEIGHT + _panel_height(rows, players, terrain_on),
                      status=status, outcome=outcome, game="terra",
                      footer=_footer(view, names))
    d = board.draw
    top = board.top
    terrain = view.get("terrain") or {}
    mountains = set(terrain.get("mountains", []))
    river = list(terrain.get("river", []))
    river_set = set(river)
    cells = view.get("board", {})

    board.paste(kit.layer(_plots, (board.width, HEIGHT),
                          (tuple(sorted(mountains)), tuple(river))), top)
    for plot in sorted(mountains - set(cells)):
        x, y = _cell(plot, top)
        icons.mountain_glyph(d, x + CELL / 2, y + CELL / 2, CELL * 0.6)

    # structures
    for plot, held in cells.items():
        x, y = _cell(plot, top)
        colour = kit.seat_colour(int(held["owner"]))
        kit.stamp(board.image, _structure, x + CELL / 2, y + CELL / 2, CELL // 2,
                  held["type"], int(held["owner"]))
        if plot in mountains:
            icons.mountain_glyph(d, x + CELL - 16, y + CELL - 15, 20)
        elif plot in river_set:
            d.rounded_rectangle(
                (x + CELL - 24, y + CELL - 20, x + CELL - 5, y + CELL - 6),
                radius=3,
                fill=RIVER,
                outline=RIVER_LINE,
            )
            icons.waves(d, x + CELL - 22, y + CELL - 20, 15, 1.5, (5, 10), 1)

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
            kit.seat_disc(d, tx + 24, ty + 24, TERRITORY_BADGE, int(owner))
            text, halo = kit.text_colour_on(colour), colour
        else:
            kit.disc(d, tx + 24, ty + 24, TERRITORY_BADGE, WHITE)
            text, halo = kit.INK, WHITE
        dy = 0.0 if owner is None else kit.seat_middle(int(owner), TERRITORY_BADGE)
        # the digit is taller than a triangle's or diamond's middle: a halo in the badge's
        # own colour keeps the part that reaches past the shape readable
        d.text((tx + 24, ty + 24 + dy), str(t + 1), font=kit.font(kit.SMALL), fill=text,
               anchor="mm", stroke_width=2, stroke_fill=halo)

    # last turn, or each seat's moves since the viewer's last turn
    tokens = []
    for plot, colour, depth in kit.marked(highlight, marks):
        if len(plot) < 2 or plot[0] not in COLUMNS or not plot[1:].isdigit():
            continue
        x, y = _cell(plot, top)
        inset = 2 + 8 * depth
        box = (x + inset, y + inset, x + CELL - inset, y + CELL - inset)
        d.rectangle(box, outline=colour, width=5)
        inner = kit.MARK_TOKEN + 3  # inside the plot: a corner is shared by four
        tokens.append((*kit.corner((x + inner, y + inner, x + CELL - inner, y + CELL - inner),
                                   depth), colour))
        if plot not in cells and depth == 0:
            m = CELL * 0.3
            cx, cy = x + CELL / 2, y + CELL / 2
            d.line((cx - m, cy - m, cx + m, cy + m), fill=colour, width=5)
            d.line((cx - m, cy + m, cx + m, cy - m), fill=colour, width=5)
    for x, y, colour in tokens:  # the mover's shape on their mark, over every outline
        kit.mark_token(d, x, y, colour)

    _panel(board, view, names, rows, top + HEIGHT, bool(terrain.get("mountains") or river))
    return board.png()


def _plots(canvas: kit.Canvas, terrain: tuple[tuple[str, ...], tuple[str, ...]]) -> None:
    """The board of a match before anything is built (a layer, for its terrain): the
    plots, mountains and river, the plot and territory lines, the coordinates. Mountain
    glyphs come later, only on mountains nobody built on."""
    d = canvas.draw
    mountains, river = set(terrain[0]), terrain[1]
    river_set = set(river)
    for yi in range(9):
        for xi in range(9):
            plot = f"{COLUMNS[xi]}{yi + 1}"
            x, y = _cell(plot, 0)
            territory = (2 - yi // 3) * 3 + xi // 3
            fill = PLAIN if territory % 2 == 0 else PLAIN_ALT
            if plot in river_set:
                fill = RIVER
            elif plot in mountains:
                fill = MOUNTAIN
            d.rectangle((x, y, x + CELL, y + CELL), fill=fill)
            if plot in river_set:
                icons.waves(d, x + 6, y, CELL - 12, 3, (CELL * 0.3, CELL * 0.5, CELL * 0.7), 2)
    # the river's course, joining its plots
    if len(river) > 1:
        pts = [(_cell(p, 0)[0] + CELL / 2, _cell(p, 0)[1] + CELL / 2) for p in river]
        d.line(pts, fill=RIVER_LINE, width=5, joint="curve")
    # thin plot lines, then thick territory bounds
    for i in range(10):
        width = 5 if i % 3 == 0 else 1
        colour = kit.INK if i % 3 == 0 else kit.GRID
        x = LEFT + i * CELL
        y = TOP_GAP + i * CELL
        d.line((x, TOP_GAP, x, TOP_GAP + BOARD), fill=colour, width=width)
        d.line((LEFT, y, LEFT + BOARD, y), fill=colour, width=width)
    # coordinates
    for i in range(9):
        cx = LEFT + i * CELL + CELL / 2
        canvas.label((cx, TOP_GAP / 2), COLUMNS[i], kit.TEXT, kit.MUTED)
        canvas.label((cx, TOP_GAP + BOARD + 17), COLUMNS[i], kit.TEXT, kit.MUTED)
        cy = TOP_GAP + (8 - i) * CELL + CELL / 2
        canvas.label((LEFT / 2, cy), str(i + 1), kit.TEXT, kit.MUTED)
        canvas.label((LEFT + BOARD + 18, cy), str(i + 1), kit.TEXT, kit.MUTED)


def _name(names: Sequence[str], seat: int) -> str:
    name = kit.seat_name(list(names), seat)
    return name if len(name) <= 14 else name[:13] + "…"


def _full_name(names: Sequence[str], seat: int) -> str:
    name = kit.seat_name(list(names), seat)
    return name if len(name) <= 24 else name[:23] + "…"


def _counted(chits: Sequence[str]) -> list[tuple[str, int]]:
    """Chits grouped by kind, in the order of ``TYPES`` (then armies and the rest)."""
    order = {k: i for i, k in enumerate((*TYPES, "army"))}
    kinds = sorted(set(chits), key=lambda k: (order.get(k, len(order)), k))
    return [(k, list(chits).count(k)) for k in kinds]


def _panel_rows(view: dict, players: int) -> list[tuple[int, str, list[str]]]:
    """The chit rows the panel shows: (seat, caption, chits): everyone's reserve and
    discards when reserves are open, else the viewer's own (a private view)."""
    rows: list[tuple[int, str, list[str]]] = []
    reserves, discards = view.get("reserves"), view.get("discards")
    own = view.get("seat")
    for seat in range(players):
        if reserves is not None and seat < len(reserves):
            rows.append((seat, "picture-realm-reserve", list(reserves[seat])))
        elif seat == own and "reserve" in view:
            rows.append((seat, "picture-realm-your-reserve", list(view["reserve"])))
        if discards is not None and seat < len(discards):
            if discards[seat]:
                rows.append((seat, "picture-realm-discarded", list(discards[seat])))
        elif seat == own and view.get("discard"):
            rows.append((seat, "picture-realm-you-discarded", list(view["discard"])))
    return rows


def _panel_height(rows: list, players: int, terrain: bool) -> int:
    legend = _legend_rows(terrain)  # 7 kinds, then mountain and river
    per_line = _per_line(_chits_left(rows))
    lines = sum(_lines(chits, per_line) for _, _, chits in rows)
    return 6 + ROW * players + 12 + (CHIT + 12) * lines + 16 + legend * (CHIT + 10) + 8


def _chits_left(rows: list[tuple[int, str, list[str]]]) -> float:
    """Where the rows of chits start: after the widest caption, at least at
    :data:`CHITS_LEFT` (English's), at most :data:`CHITS_LEFT_MOST`."""
    face = kit.font(kit.SMALL)
    widest = max((kit.length(kit.clean(kit.say(caption)), face) for _, caption, _ in rows),
                 default=0)
    return min(CHITS_LEFT_MOST, max(CHITS_LEFT, 20 + 28 + widest + 12))


def _per_line(left: float) -> int:
    return int((kit.WIDTH - left - 16) // CHIT_STEP)


def _lines(chits: list[str], per_line: int = CHITS_PER_LINE) -> int:
    """How many lines a row of chits takes: as many kinds as fit on each."""
    return max(1, -(-len(set(chits)) // per_line))


def _panel(board: kit.Board, view: dict, names: Sequence[str],
           rows: list[tuple[int, str, list[str]]], y: float, terrain: bool) -> None:
    d = board.draw
    x = 20
    players = int(view.get("players", 2))
    sizes = view.get("reserve_sizes", [0] * players)
    cups = view.get("cup_sizes", [0] * players)
    piles = view.get("discard_sizes", [0] * players)
    d.line((0, y, board.width, y), fill=kit.GAP, width=1)
    y += 6
    # each seat's counts in one column set against the right margin (as far left as the
    # longest needs), the names in what is left (at most 250 px)
    right = board.width - 16
    counts = [kit.fit(kit.clean(kit.say("picture-realm-counts", reserve=sizes[seat],
                                        cup=cups[seat], discards=piles[seat])),
                      right - (x + 28 + NAME_LEAST + 24)) for seat in range(players)]
    start = right - max((kit.length(c, kit.font(kit.SMALL)) for c in counts), default=0)
    for seat in range(players):
        kit.seat_disc(d, x + 10, y + ROW / 2, 10, seat, width=1)
        board.label((x + 28, y + ROW / 2),
                    kit.fit(_name(names, seat), min(250, start - 24 - x - 28), kit.TEXT),
                    kit.TEXT, kit.INK, "lm")
        board.label((start, y + ROW / 2), counts[seat], kit.SMALL, kit.MUTED, "lm")
        y += ROW
    y += 12
    left = _chits_left(rows)
    per_line = _per_line(left)
    for seat, caption, chits in rows:
        colour = kit.seat_colour(seat)
        kit.seat_disc(d, x + 10, y + CHIT / 2, 10, seat, width=1)
        board.label((x + 28, y + CHIT / 2), kit.fit(kit.say(caption), left - x - 28 - 8),
                    kit.SMALL, kit.INK, "lm")
        if not chits:
            board.label((left, y + CHIT / 2), kit.say("picture-realm-none"), kit.SMALL,
                        kit.MUTED, "lm")
        for k, (kind, count) in enumerate(_counted(chits)):
            cx = left + (k % per_line) * CHIT_STEP
            cy = y + (k // per_line) * (CHIT + 12) + CHIT / 2
            kit.stamp(board.image, _chit_piece, cx + CHIT / 2, cy, CHIT // 2 + 2, kind, colour)
            board.label((cx + CHIT + 6, cy), f"x{count}", kit.TEXT, kit.INK, "lm")
        y += (CHIT + 12) * _lines(chits, per_line)
    y += 16
    board.paste(kit.layer(_legend, (board.width, _legend_rows(terrain) * (CHIT + 10)),
                          terrain), y)


LEGEND_KINDS = (*TYPES, "army")


def _legend_columns(terrain: bool) -> int:
    """Four kinds a row, or three where a word would reach the next kind's tile."""
    face = kit.font(kit.SMALL)
    shown = (*LEGEND_KINDS, *(("mountain", "river") if terrain else ()))
    longest = max(kit.length(kit.clean(kit.say("picture-realm-kind", kind=k)), face)
                  for k in shown)
    return 4 if CHIT + 10 + longest <= (kit.WIDTH - 40) / 4 - 8 else 3


def _legend_rows(terrain: bool) -> int:
    return -(-(len(LEGEND_KINDS) + (2 if terrain else 0)) // _legend_columns(terrain))


def _legend(canvas: kit.Canvas, terrain: bool) -> None:
    """Every kind of structure, and the terrain when the match has it (a layer)."""
    d, x, y = canvas.draw, 20, 0
    columns = _legend_columns(terrain)
    step = (canvas.width - 40) / columns
    room = step - CHIT - 10 - 8
    for i, kind in enumerate(LEGEND_KINDS):
        label = kit.fit(kit.say("picture-realm-kind", kind=kind), room)
        lx = x + (i % columns) * step
        ly = y + (i // columns) * (CHIT + 10)
        d.rounded_rectangle((lx, ly, lx + CHIT, ly + CHIT), radius=5, fill=WHITE,
                            outline=kit.GRID)
        icons.icon(d, kind, lx + CHIT / 2, ly + CHIT / 2, CHIT * 0.72, LEGEND)
        canvas.label((lx + CHIT + 10, ly + CHIT / 2), label, kit.SMALL, kit.INK, "lm")
    if terrain:
        for i, kind in ((7, "mountain"), (8, "river")):
            label = kit.fit(kit.say("picture-realm-kind", kind=kind), room)
            lx = x + (i % columns) * step
            ly = y + (i // columns) * (CHIT + 10)
            if kind == "mountain":
                d.rectangle((lx, ly, lx + CHIT, ly + CHIT), fill=MOUNTAIN, outline=kit.GRID)
                icons.mountain_glyph(d, lx + CHIT / 2, ly + CHIT / 2, CHIT * 0.6)
            else:
                d.rectangle((lx, ly, lx + CHIT, ly + CHIT), fill=RIVER, outline=kit.GRID)
                icons.waves(d, lx + 3, ly, CHIT - 6, 2, (14, 28), 2)
            canvas.label((lx + CHIT + 10, ly + CHIT / 2), label, kit.SMALL, kit.INK, "lm")


def _chit(d: ImageDraw.ImageDraw, x: float, y: float, kind: str, colour: kit.RGB) -> None:
    """A reserve chit as a small tile in the seat's colours."""
    d.rounded_rectangle((x, y, x + CHIT, y + CHIT), radius=6,
                        fill=icons.blend(colour, WHITE, 0.8), outline=colour, width=3)
    icons.icon(d, kind, x + CHIT / 2, y + CHIT / 2, CHIT * 0.66, colour)


def _chit_piece(d: ImageDraw.ImageDraw, cx: float, cy: float, kind: str,
                colour: kit.RGB) -> None:
    """:func:`_chit` around its centre (a kept piece: see :func:`kit.stamp`)."""
    _chit(d, cx - CHIT / 2, cy - CHIT / 2, kind, colour)


def _structure(d: ImageDraw.ImageDraw, cx: float, cy: float, kind: str, owner: int) -> None:
    """A structure on its plot, drawn around the plot's centre: a tile in the owner's
    colours with the structure's icon and the owner's shape in its corner (a kept piece:
    see :func:`kit.stamp`)."""
    colour = kit.seat_colour(owner)
    x, y = cx - CELL / 2, cy - CELL / 2
    d.rounded_rectangle(
        (x + TILE_INSET, y + TILE_INSET, x + CELL - TILE_INSET, y + CELL - TILE_INSET),
        radius=8,
        fill=icons.blend(colour, WHITE, 0.8),
        outline=colour,
        width=3,
    )
    icons.icon(d, kind, cx, cy + 1, CELL * 0.56, colour)
    kit.seat_disc(d, x + TILE_INSET + BADGE + 2, y + TILE_INSET + BADGE + 2, BADGE, owner, width=1)


def _footer(view: dict, names: Sequence[str]) -> str:
    if view.get("over"):
        scores = view.get("scores", [])
        best = max(scores, default=0)
        winners = [_full_name(names, s) for s, v in enumerate(scores) if v == best]
        return kit.say("picture-realm-winners", who=kit.formats.listed(kit.language(), winners),
                       count=len(winners), points=best)
    parts = []
    if view.get("phase") == "discard" and "must_discard" in view:
        parts.append(kit.say("picture-realm-must-discard",
                             who=_full_name(names, int(view["turn"])),
                             count=int(view["must_discard"]), keep=4))
    parts.append(kit.say("picture-realm-controller"))
    return " · ".join(parts)
