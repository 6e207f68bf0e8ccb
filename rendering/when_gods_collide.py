"""When Gods Collide board: the tiled battlefield with its gaps, armies, dice and gods.

Only the used part of the 16×16 area is drawn (plus a margin), with the area's own file
letters and row numbers on the edges so they match the move notation. Tiles are tinted by
owner; each checker carries its culture's symbol (Ziggurat, Sphinx, Temple, Viking Ship)
in its owner's colour; gods appear only where the view marks them: the viewer's own god
with a gold crown, gods the viewer has found out with a ring and star in the viewer's
colour (only they know), gods known to all (``"public"`` in the view) with a gold star.
"""

from __future__ import annotations

import functools

from PIL import ImageDraw

from rendering import kit

FILES = "abcdefghijklmnop"
SIZE = 16
LABEL = 32
DICE_STRIP = 96
MAX_CELL = 64
GOLD = (212, 160, 23)
GAP_FILL = (240, 240, 240)  # lighter than any tile: ≥ 9.9 ΔE00 from every tint
GAP_LINE = (205, 202, 195)
CHECKER_FILL = (253, 251, 245)
TINT = 0.18  # a tile's share of its owner's colour: a mark in any seat's colour stays
# ΔE00 ≥ 10 from it (0.28 was 4.1 to a deuteranope); the token at its middle tells whose
BADGE = 0.2  # that token's size, a fraction of a square
FACES = ("king", "pawn", "knight", "queen", "bishop", "rook", "imp", "double-knight",
         "winged-sandals", "god-of-wind", "princess", "seth")
CULTURES = ("babylonian", "egyptian", "greek", "norse")
FACE_MOST = 236  # the widest a die's face grows for its word (a longer one is shortened)


def _face_name(face: str, most: float = FACE_MOST) -> str:
    """A die's face in the picture's language ("Double Knight"), shortened to fit a face
    ``most`` px wide."""
    if face not in FACES:
        return face
    return kit.fit(kit.say("picture-wgc-face", face=face), most - 28, kit.TEXT)


def _xy(square: str) -> tuple[int, int]:
    return FILES.index(square[0]), int(square[1:]) - 1


def _mix(a: kit.RGB, b: kit.RGB, t: float) -> kit.RGB:
    return tuple(round(a[i] * (1 - t) + b[i] * t) for i in range(3))  # type: ignore[return-value]


def _bounds(view: dict) -> tuple[int, int, int, int]:
    tiles = view.get("tiles", {})
    if not tiles:
        return 4, 4, 11, 11
    xs, ys = [], []
    for block in tiles:
        x, y = _xy(block)
        xs += [x, x + 1]
        ys += [y, y + 1]
    margin = 2 if view.get("phase") == "tiles" else 1
    x0, x1 = max(0, min(xs) - margin), min(SIZE - 1, max(xs) + margin)
    y0, y1 = max(0, min(ys) - margin), min(SIZE - 1, max(ys) + margin)
    return x0, y0, x1, y1


# ------------------------------------------------------------------ symbols
def _poly(
    d: ImageDraw.ImageDraw,
    cx: float,
    cy: float,
    k: float,
    points: list[tuple[float, float]],
    fill: kit.RGB,
) -> None:
    d.polygon([(cx + x * k, cy + y * k) for x, y in points], fill=fill)


def _rect(
    d: ImageDraw.ImageDraw,
    cx: float,
    cy: float,
    k: float,
    x0: float,
    y0: float,
    x1: float,
    y1: float,
    fill: kit.RGB,
) -> None:
    d.rectangle((cx + x0 * k, cy + y0 * k, cx + x1 * k, cy + y1 * k), fill=fill)


def _ziggurat(d: ImageDraw.ImageDraw, cx: float, cy: float, k: float, c: kit.RGB) -> None:
    _rect(d, cx, cy, k, -0.85, 0.2, 0.85, 0.55, c)
    _rect(d, cx, cy, k, -0.6, -0.15, 0.6, 0.2, c)
    _rect(d, cx, cy, k, -0.35, -0.5, 0.35, -0.15, c)
    _rect(d, cx, cy, k, -0.12, -0.72, 0.12, -0.5, c)


def _sphinx(d: ImageDraw.ImageDraw, cx: float, cy: float, k: float, c: kit.RGB) -> None:
    _poly(
        d,
        cx,
        cy,
        k,
        [
            (-0.9, 0.5),
            (-0.9, 0.3),
            (-0.55, 0.3),
            (-0.62, 0.0),
            (-0.52, -0.2),
            (-0.5, -0.55),
            (-0.3, -0.7),
            (-0.1, -0.55),
            (-0.08, -0.2),
            (0.05, -0.05),
            (0.7, -0.05),
            (0.9, 0.2),
            (0.9, 0.5),
        ],
        c,
    )
    d.ellipse((cx - 0.4 * k, cy - 0.42 * k, cx - 0.26 * k, cy - 0.3 * k), fill=CHECKER_FILL)


def _temple(d: ImageDraw.ImageDraw, cx: float, cy: float, k: float, c: kit.RGB) -> None:
    _poly(d, cx, cy, k, [(-0.9, -0.28), (0.0, -0.72), (0.9, -0.28)], c)
    _rect(d, cx, cy, k, -0.85, -0.28, 0.85, -0.14, c)
    for x in (-0.68, -0.24, 0.2, 0.64):
        _rect(d, cx, cy, k, x - 0.07, -0.14, x + 0.07, 0.36, c)
    _rect(d, cx, cy, k, -0.92, 0.36, 0.92, 0.55, c)


def _ship(d: ImageDraw.ImageDraw, cx: float, cy: float, k: float, c: kit.RGB) -> None:
    _poly(
        d,
        cx,
        cy,
        k,
        [
            (-0.95, -0.32),
            (-0.78, 0.14),
            (0.78, 0.14),
            (0.95, -0.32),
            (0.85, 0.3),
            (0.5, 0.5),
            (-0.5, 0.5),
            (-0.85, 0.3),
        ],
        c,
    )
    _rect(d, cx, cy, k, -0.05, -0.8, 0.05, 0.14, c)
    _poly(d, cx, cy, k, [(-0.5, -0.68), (0.5, -0.68), (0.45, -0.05), (-0.45, -0.05)], c)
    for y in (-0.5, -0.28):
        _rect(d, cx, cy, k, -0.46, y, 0.46, y + 0.07, CHECKER_FILL)


SYMBOLS = (_ziggurat, _sphinx, _temple, _ship)


def _star(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: kit.RGB = GOLD) -> None:
    import math

    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.45
        angle = math.radians(-90 + 36 * i)
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    d.polygon(points, fill=fill, outline=kit.INK)


def _crown(d: ImageDraw.ImageDraw, cx: float, cy: float, w: float) -> None:
    """A gold crown, ``w`` wide, standing on (cx, cy)."""
    h = w * 0.62
    d.polygon([(cx - w / 2, cy), (cx - w / 2, cy - h), (cx - w / 4, cy - h * 0.45),
               (cx, cy - h * 1.05), (cx + w / 4, cy - h * 0.45), (cx + w / 2, cy - h),
               (cx + w / 2, cy)], fill=GOLD, outline=kit.INK)


def _checker(
    d: ImageDraw.ImageDraw, cx: float, cy: float, cell: int, owner: int, god: str
) -> None:
    """A checker; ``god`` is "" (no god known), "own" (the viewer's god), "found" (a god
    the viewer found out: ``finder`` colour) or "public" (known to all). Drawn once per
    kind and kept (see :func:`kit.stamp`)."""
    r = cell * 0.4
    colour = kit.seat_colour(owner)
    if god == "own":
        d.ellipse((cx - r - 4, cy - r - 4, cx + r + 4, cy + r + 4), outline=GOLD, width=5)
    elif god.startswith("found"):
        finder = kit.seat_colour(int(god[5:] or 0))
        d.ellipse((cx - r - 4, cy - r - 4, cx + r + 4, cy + r + 4), outline=finder, width=5)
    elif god == "public":
        d.ellipse((cx - r - 3, cy - r - 3, cx + r + 3, cy + r + 3), outline=GOLD, width=3)
    kit.disc(d, cx, cy, r, CHECKER_FILL, outline=colour, width=max(2, cell // 14))
    SYMBOLS[owner % len(SYMBOLS)](d, cx, cy + r * 0.04, r * 0.62, colour)
    if god == "own":
        _crown(d, cx, cy - r * 0.62, r * 1.3)
    elif god.startswith("found"):
        _star(d, cx + r * 0.72, cy - r * 0.72, max(8, cell * 0.2),
              kit.seat_colour(int(god[5:] or 0)))
    elif god == "public":
        _star(d, cx + r * 0.72, cy - r * 0.72, max(7, cell * 0.17))


def _emblem(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, *, owner: int,
            colour: kit.RGB) -> None:
    """A seat in the header as its checkers look: its emblem on a checker."""
    kit.disc(d, cx, cy, r, CHECKER_FILL, outline=colour, width=2)
    SYMBOLS[owner % len(SYMBOLS)](d, cx, cy + r * 0.04, r * 0.62, colour)


# -------------------------------------------------------------------- dice
def _pips(d: ImageDraw.ImageDraw, x: float, y: float, size: float, n: int) -> None:
    d.rounded_rectangle(
        (x, y, x + size, y + size), radius=8, fill=(255, 255, 255), outline=kit.INK, width=2
    )
    spots = {
        1: [(1, 1)],
        2: [(0, 0), (2, 2)],
        3: [(0, 0), (1, 1), (2, 2)],
        4: [(0, 0), (2, 0), (0, 2), (2, 2)],
        5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
        6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)],
    }[n]
    step = size / 4
    pr = size / 11
    for i, j in spots:
        px, py = x + step * (i + 1), y + step * (j + 1)
        d.ellipse((px - pr, py - pr, px + pr, py + pr), fill=kit.INK)


HERO_ASKED = "picture-wgc-hero-asked"
HERO_ASKED_SHORT = "picture-wgc-hero-asked-short"
"""The question where the whole one leaves a name no room (the widest chess face)."""


def _face_width(text: str) -> int:
    return max(120, int(kit.length(kit.clean(text), kit.font(kit.TEXT))) + 28)


def _face(board: kit.Board, x: float, y: float, caption: str, text: str, fill: kit.RGB) -> float:
    d = board.draw
    width = _face_width(text)
    d.rounded_rectangle((x, y, x + width, y + 44), radius=8, fill=fill, outline=kit.INK, width=2)
    board.label((x + width / 2, y + 22), text, size=kit.TEXT, fill=kit.text_colour_on(fill))
    board.label((x + width / 2, y - 16), kit.fit(kit.say(caption), width + 12),
                size=kit.SMALL, fill=kit.MUTED)
    return x + width


def _dice(board: kit.Board, view: dict, names: list[str], y: float) -> None:
    dice = view.get("dice") or {}
    to_act = view.get("to_act") or []
    d = board.draw
    phase = view.get("phase")
    x = 16.0
    if phase == "over":
        return
    if not dice.get("chess"):
        text = (kit.say("picture-wgc-phase-line", phase=phase, tiles=6)
                if phase in ("tiles", "arrange", "god") else "")
        board.label((x, y + 22), kit.fit(text, board.width - 2 * x, kit.TEXT), size=kit.TEXT,
                    anchor="lm")
        return
    who = names[to_act[0]] if to_act else ""
    face = kit.font(kit.TEXT)
    number = kit.clean(kit.say("picture-wgc-number"))
    slot = max(44.0, kit.length(number, kit.font(kit.SMALL)))
    asked = kit.say(HERO_ASKED) if not dice.get("hero") and phase == "hero" else ""
    before, after = kit.say("picture-wgc-rolled", who="\0").split("\0")
    # the faces as wide as their words, or narrower where the roller's line needs it
    least = kit.length(kit.clean(before + "…" + after), face)
    others = 16 + 16 + (slot + 16 if dice.get("number") else 0)
    faces = 2 if dice.get("hero") else 1
    most = min(FACE_MOST, (board.width - 2 * x - 16 - least - others
                           - (0 if dice.get("hero") else
                              kit.length(kit.clean(kit.say(HERO_ASKED_SHORT)), face)))
               / faces)
    chess, hero = _face_name(dice["chess"], most), _face_name(dice.get("hero") or "", most)
    dice_width = (_face_width(chess) + 16
                  + (slot + 16 if dice.get("number") else 0)
                  + (_face_width(hero) if dice.get("hero") else 0)
                  + kit.length(kit.clean(asked), face))
    room = (board.width - 2 * x - 16 - dice_width
            - kit.length(kit.clean(before + after), face))
    if asked and room < kit.length("Ana…", face):
        room += kit.length(kit.clean(asked), face)
        asked = kit.say(HERO_ASKED_SHORT)
        room -= kit.length(kit.clean(asked), face)
    who = kit.fit(who, min(200, room), kit.TEXT)  # the dice always fit: the name gives way
    rolled = before + who + after
    board.label((x, y + 22), rolled, size=kit.TEXT, anchor="lm")
    x += d.textlength(kit.clean(rolled), font=face) + 16
    x = _face(board, x, y, "picture-wgc-chess", chess, (255, 255, 255)) + 16
    if dice.get("number"):  # the die under its caption, the caption as wide as it needs
        board.label((x + slot / 2, y - 16), number, size=kit.SMALL, fill=kit.MUTED)
        _pips(d, x + (slot - 44) / 2, y, 44, int(dice["number"]))
        x += slot + 16
    if dice.get("hero"):
        _face(board, x, y, "picture-wgc-hero", hero, GOLD)
    elif asked:  # shortened only where even the short question is too long (pseudo)
        board.label((x, y + 22), kit.fit(asked, board.width - 16 - x, kit.TEXT), size=kit.TEXT,
                    fill=kit.HIGHLIGHT,
                    anchor="lm")


def _outcome(view: dict, names: list[str]) -> str:
    winners = list(view.get("winners") or [])
    eliminated = set(view.get("eliminated") or [])
    alive = [p for p in range(len(names)) if p not in eliminated]
    reason = kit.say("picture-wgc-last-god-standing" if len(alive) == 1 else
                     "picture-wgc-turn-limit")
    return kit.outcome_line(names, winners, reason)


# ------------------------------------------------------------------- render
def render(view: dict, names: list[str], highlight: list[str], *, outcome: str | None = None,
           marks: dict[int, list[str]] | None = None) -> bytes:
    players = int(view.get("players", len(view.get("scores", [])) or 2))
    names = [names[i] if i < len(names) and names[i] else kit.say("picture-player", number=i + 1)
             for i in range(players)]
    x0, y0, x1, y1 = _bounds(view)
    cols, rows = x1 - x0 + 1, y1 - y0 + 1
    cell = min(MAX_CELL, (kit.WIDTH - 2 * LABEL - 32) // cols, 860 // rows)
    bw, bh = cols * cell, rows * cell
    strip = 0 if view.get("phase") == "over" else DICE_STRIP  # no dice once it is over
    height = LABEL * 2 + bh + strip + 12

    eliminated = set(view.get("eliminated") or [])
    winners = set(view.get("winners") or [])
    scores = view.get("scores") or [0] * players
    seats = []
    for i in range(players):
        culture = CULTURES[i % len(CULTURES)]
        note = kit.say("picture-wgc-eliminated" if i in eliminated else
                       "picture-wgc-winner" if i in winners else "picture-wgc-culture",
                       culture=culture)
        score = (
            kit.say("picture-wgc-checkers", count=scores[i])
            if view.get("phase") not in ("tiles", "arrange") or scores[i]
            else kit.say("picture-wgc-tiles", count=(view.get("placed") or [0] * players)[i])
        )
        colour = _mix(kit.seat_colour(i), (200, 200, 200), 0.7) if i in eliminated else None
        emblem = functools.partial(_emblem, owner=i, colour=colour or kit.seat_colour(i))
        seats.append(kit.Seat(name=names[i], score=score, colour=colour, note=note,
                              emblem=emblem))
    phase = view.get("phase")
    status = (kit.say("picture-wgc-status", phase=phase) if phase in
              ("tiles", "arrange", "god", "over") else
              kit.say("picture-wgc-turn", turn=view.get("turn", 0),
                      turns=view.get("max_turns", 400)))
    if outcome is None and phase == "over":
        outcome = _outcome(view, names)
    board = kit.Board("When Gods Collide", seats, view.get("to_act") or [], height,
                      status=status, outcome=outcome, game="when-gods-collide",
                      footer=_notes(view, names))
    d = board.draw
    left = (kit.WIDTH - bw) // 2
    top = board.top + LABEL

    def corner(x: int, y: int) -> tuple[int, int]:
        return left + (x - x0) * cell, top + (y1 - y) * cell

    tiled: dict[tuple[int, int], int] = {}
    for block, owner in (view.get("tiles") or {}).items():
        bx, by = _xy(block)
        for dx in (0, 1):
            for dy in (0, 1):
                tiled[(bx + dx, by + dy)] = int(owner)
    for x in range(x0, x1 + 1):
        for y in range(y0, y1 + 1):
            px, py = corner(x, y)
            owner = tiled.get((x, y))
            if owner is None:
                d.rectangle((px, py, px + cell, py + cell), fill=GAP_FILL)
                d.line((px, py + cell, px + cell, py), fill=GAP_LINE, width=1)
                continue
            base = kit.LIGHT_SQUARE if (x + y) % 2 else kit.DARK_SQUARE
            d.rectangle(
                (px, py, px + cell, py + cell),
                fill=_mix(base, kit.seat_colour(owner), TINT),
                outline=kit.GRID,
            )
    for block in view.get("tiles") or {}:
        bx, by = _xy(block)
        px, py = corner(bx, by + 1)
        d.rectangle((px, py, px + 2 * cell, py + 2 * cell), outline=kit.INK, width=3)
    d.rectangle((left, top, left + bw, top + bh), outline=kit.GRID, width=1)

    tokens = []
    for square, colour, depth in kit.marked(highlight or [], marks):
        try:
            x, y = _xy(square)
        except (ValueError, IndexError):
            continue
        if x0 <= x <= x1 and y0 <= y <= y1:
            px, py = corner(x, y)
            inset = 2 + 7 * depth
            box = (px + inset, py + inset, px + cell - inset, py + cell - inset)
            d.rectangle(box, outline=colour, width=5)
            inner = kit.MARK_TOKEN + 3  # inside the square: its edges may be a tile's frame
            tokens.append((*kit.edge((px + inner, py + inner, px + cell - inner,
                                      py + cell - inner), depth), colour))
    for block, owner in (view.get("tiles") or {}).items():
        # the owner's token where the tile's four squares meet (clear of the checkers and
        # over the marks): the tint alone told the owner
        bx, by = _xy(block)
        px, py = corner(bx, by + 1)
        kit.seat_disc(d, px + cell, py + cell, max(5, cell * BADGE), int(owner), width=1)
    viewer = view.get("viewer")
    for square, checker in (view.get("board") or {}).items():
        x, y = _xy(square)
        px, py = corner(x, y)
        owner = int(checker["owner"])
        kit.stamp(board.image, _checker, px + cell / 2, py + cell / 2, cell * 3 // 4 + 6,
                  cell, owner, _god(checker, owner, viewer))
    for tx, ty, colour in tokens:  # the mover's shape on their mark, over the checkers
        kit.mark_token(d, tx, ty, colour)

    size = kit.SMALL
    for x in range(x0, x1 + 1):
        cx = corner(x, y0)[0] + cell / 2
        board.label((cx, top - LABEL / 2), FILES[x], size=size, fill=kit.MUTED)
        board.label((cx, top + bh + LABEL / 2), FILES[x], size=size, fill=kit.MUTED)
    for y in range(y0, y1 + 1):
        cy = corner(x0, y)[1] + cell / 2
        board.label((left - LABEL / 2 - 2, cy), str(y + 1), size=size, fill=kit.MUTED)
        board.label((left + bw + LABEL / 2 + 2, cy), str(y + 1), size=size, fill=kit.MUTED)

    _dice(board, view, names, top + bh + LABEL + 38)  # captions clear of the file letters
    return board.png()


def _notes(view: dict, names: list[str]) -> str:
    """The footer: who is out and what the god marks mean (those shown only)."""
    notes = []
    if view.get("eliminated"):
        notes.append(kit.say("picture-wgc-out", who=kit.formats.listed(
            kit.language(), [names[i] for i in view.get("eliminated", [])])))
    viewer = view.get("viewer")
    kinds = {_god(c, int(c["owner"]), viewer) for c in (view.get("board") or {}).values()}
    if "own" in kinds:
        notes.append(kit.say("picture-wgc-note-own"))
    if any(k.startswith("found") for k in kinds):
        notes.append(kit.say("picture-wgc-note-found"))
    if "public" in kinds:
        notes.append(kit.say("picture-wgc-note-public"))
    notes.append(kit.say("picture-wgc-note-gaps"))
    return " · ".join(notes)


def _god(checker: dict, owner: int, viewer: int | None) -> str:
    """How the picture marks a checker's god (see :func:`_checker`)."""
    if not checker.get("god"):
        return ""
    if checker.get("public") or viewer is None:
        return "public"
    if owner == viewer:
        return "own"
    return f"found{viewer}"
