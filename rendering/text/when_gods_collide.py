"""When Gods Collide as text: the used part of the 16×16 battlefield, files a–p, rows
1–16, as the picture draws it.

Each square is two characters: a checker is its owner's letter (A, B…) with a mark when
the view knows it is a god (♛ the viewer's own, ☆ one only the viewer found, ★ known to
all); a gap is blank; an empty square of a tile is · once the battle is on, and while
tiles are laid and armies arranged (the only time a tile's owner matters: checkers go
on their own tiles) the owner's letter in lower case. Only gods the view marks are
shown, so a public board shows only gods known to all.
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.when_gods_collide.geometry import FILES, SIZE, block_squares
from rendering.text.common import EMPTY, letter, name, plural, seat_line, wrap

OWN, FOUND, PUBLIC = "♛", "☆", "★"
FACES = {"double-knight": "Double Knight", "winged-sandals": "Winged Sandals",
         "god-of-wind": "God of Wind"}
LAYING = ("tiles", "arrange")
PHASES = {"tiles": "Laying tiles, 6 each", "arrange": "Arranging the armies",
          "god": "Choosing gods in secret"}


def text_board(view: dict, names: Sequence[str]) -> str:
    players = int(view.get("players", len(view.get("scores", [])) or 2))
    lines = [_status(view), *_field(view), *_legend(view), *_seats(view, names, players),
             *wrap(_dice(view, names))]
    return "\n".join(line for line in lines if line)


def _status(view: dict) -> str:
    phase = view.get("phase")
    if phase == "over":
        return "When Gods Collide · game over"
    if phase in PHASES:
        return f"When Gods Collide · {PHASES[phase].lower()}"
    return f"When Gods Collide · turn {view.get('turn', 0)} / {view.get('max_turns', 400)}"


def _xy(square: str) -> tuple[int, int]:
    return FILES.index(square[0]), int(square[1:]) - 1


def _bounds(view: dict) -> tuple[int, int, int, int]:
    """The squares to draw, as the picture's: the tiles and a margin (two while tiles
    are being laid, for where the next may go), the middle of the area before any."""
    tiles = view.get("tiles") or {}
    if not tiles:
        return 4, 4, 11, 11
    xs = [x + dx for x, _ in map(_xy, tiles) for dx in (0, 1)]
    ys = [y + dy for _, y in map(_xy, tiles) for dy in (0, 1)]
    margin = 2 if view.get("phase") == "tiles" else 1
    return (max(0, min(xs) - margin), max(0, min(ys) - margin),
            min(SIZE - 1, max(xs) + margin), min(SIZE - 1, max(ys) + margin))


def _field(view: dict) -> list[str]:
    x0, y0, x1, y1 = _bounds(view)
    tiled = {sq: int(owner) for block, owner in (view.get("tiles") or {}).items()
             for sq in block_squares(block)}
    board = view.get("board") or {}
    viewer = view.get("viewer")
    laying = view.get("phase") in LAYING
    files = "   " + "".join(FILES[x].ljust(3) for x in range(x0, x1 + 1)).rstrip()
    lines = [files]
    for y in range(y1, y0 - 1, -1):
        cells = []
        for x in range(x0, x1 + 1):
            square = f"{FILES[x]}{y + 1}"
            if square in board:
                owner = int(board[square]["owner"])
                cells.append(letter(owner) + _god(board[square], owner, viewer))
            elif square in tiled:
                cells.append(letter(tiled[square]).lower() if laying else EMPTY)
            else:
                cells.append("")
        row = " ".join(c.ljust(2) for c in cells)
        lines.append(f"{y + 1:>2} {row} {y + 1}")
    return [*lines, files]


def _god(checker: dict, owner: int, viewer: int | None) -> str:
    """The mark of a checker the view knows to be a god (see the module's docstring)."""
    if not checker.get("god"):
        return ""
    if checker.get("public") or viewer is None:
        return PUBLIC
    return OWN if owner == viewer else FOUND


def _legend(view: dict) -> list[str]:
    text = "A B…: checkers · " + ("a b…: their empty tile squares" if view.get("phase")
                                  in LAYING else f"{EMPTY}: an empty square") + " · blank: gap"
    marks = {_god(c, int(c["owner"]), view.get("viewer"))
             for c in (view.get("board") or {}).values()}
    known = [(OWN, "your god"), (FOUND, "a god only you found"), (PUBLIC, "a god known to all")]
    notes = [f"{mark} {words}" for mark, words in known if mark in marks]
    return [text, *wrap(" · ".join(notes))] if notes else [text]


def _seats(view: dict, names: Sequence[str], players: int) -> list[str]:
    scores = view.get("scores") or [0] * players
    placed = view.get("placed") or [0] * players
    cultures = view.get("cultures") or []
    armies = view.get("armies") or []
    eliminated = set(view.get("eliminated") or [])
    winners = set(view.get("winners") or [])
    laying = view.get("phase") in LAYING
    lines = []
    for seat in range(players):
        score = (plural(placed[seat], "tile") if laying and not scores[seat]
                 else plural(scores[seat], "checker"))
        note = " ".join(x[seat] for x in (cultures, armies) if seat < len(x))
        if seat in eliminated:
            note = "eliminated"
        elif seat in winners:
            note += " · wins"
        lines.append(seat_line(seat, names, score, note))
    return lines


def _dice(view: dict, names: Sequence[str]) -> str:
    """The dice of the turn: the chess face, the number and a hero."""
    dice = view.get("dice") or {}
    if view.get("phase") == "over" or not dice.get("chess"):
        return ""
    to_act = view.get("to_act") or []
    who = f"{letter(to_act[0])} {name(names, to_act[0])}" if to_act else "The dice"
    text = f"{who} rolled {_face(dice['chess'])}"
    if dice.get("number"):
        text += f" · number {dice['number']}"
    if dice.get("hero"):
        text += f" · hero {_face(dice['hero'])}"
    elif view.get("phase") == "hero":
        text += " · a 6: hero or not?"
    return text


def _face(face: str) -> str:
    return FACES.get(face, face.capitalize())
