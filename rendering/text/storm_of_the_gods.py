"""Storm of the Gods as text: the flat-topped hex map of Num Oluur, columns a–i.

A flat-topped hex map is a brick wall on its side: each column of positions is half a
position lower than its neighbours, so a line holds every other column's tiles and the
columns alternate line by line. Each tile is one line, so nothing on a line belongs to
a label on another: the position, its population, then the owner's letter and
worshippers with ⌂ for a construction or ★ for a sanctuary ("b3 2 A3⌂"); ◎ marks Vaal
Er Num, ✣ the Compass, × a tile it attacked. (Two lines a tile put a tile's worshippers
beside the next column's label: "A6⌂   b4" belonged to a4.)
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.storm_of_the_gods.map import COLUMNS, to_position
from rendering.text.common import letter, name, plural, seat_line, wrap

BLOCK = 6  # columns of a tile's block, its gap included
LEFT = 1
WIND = "◎"
COMPASS = "✣"
ATTACKED = "×"


def text_board(view: dict, names: Sequence[str]) -> str:
    players = int(view.get("players", len(view.get("scores", [])) or 2))
    lines = [*wrap(_status(view)), *_map(view), *_legend(), *_seats(view, names, players),
             *_announcements(view, names)]
    return "\n".join(lines)


def _status(view: dict) -> str:
    text = f"Storm of the Gods · turn {view.get('turn', 0)}"
    text += f" · stack {plural(view.get('stack_size', 0), 'tile')}"
    populations = view.get("discarded_populations")
    if populations and sum(populations):
        counts = " ".join(f"{pop}:{n}" for pop, n in enumerate(populations) if n)
        text += f" · {plural(sum(populations), 'tile')} discarded (by population {counts})"
    elif view.get("discarded"):
        text += f" · {plural(int(view['discarded']), 'tile')} discarded"
    return text


def _map(view: dict) -> list[str]:
    """Lines top to bottom: the tile at doubled height ``y`` is on line 8 - y (its text
    may run over the next column's place, which is on the lines between)."""
    cells = view.get("board", {})
    width = LEFT + BLOCK * (len(COLUMNS) + 1)
    rows = [[" "] * width for _ in range(17)]
    for i in range(len(COLUMNS)):
        q = i - 4
        for y in range(-8, 9):
            position = to_position(q, y)
            if position is None:
                continue
            tile = " ".join(part for part in _block(position, cells.get(position), view)
                            if part)
            left = LEFT + BLOCK * i
            rows[8 - y][left:left + len(tile)] = list(tile)
    letters = (" " * LEFT + "".join(c.ljust(BLOCK) for c in COLUMNS)).rstrip()
    return [letters, *("".join(r).rstrip() for r in rows), letters]


def _block(position: str, cell: dict | None, view: dict) -> tuple[str, str]:
    """A tile's two lines: "b3 2" (position, population) and "A3⌂◎" (owner, worshippers,
    building, the wind); an empty position has its name only."""
    marks = (WIND if position == view.get("wind") else "") + (
        ATTACKED if position == view.get("attacked") else "")
    if cell is None:
        return position, marks
    if cell.get("compass"):
        return f"{position} {COMPASS}", marks
    top = f"{position} {cell.get('population', 0)}"
    owner = cell.get("owner")
    if owner is None:
        return top, marks
    building = "★" if cell.get("sanctuary") else "⌂" if cell.get("construction") else ""
    men = cell.get("worshippers", 0)
    return top, f"{letter(owner)}{men or ''}{building}{marks}"


def _legend() -> list[str]:
    return ["b3 2 A3: position b3, population 2, A's 3 worshippers",
            f"⌂ construction · ★ sanctuary · {WIND} Vaal Er Num · {COMPASS} Compass",
            "C: community (ready) · L: Limbo · ⌂ built of 5 · ★ sanctuary"]


def _seats(view: dict, names: Sequence[str], players: int) -> list[str]:
    scores = view.get("scores") or [0] * players
    community, limbo = view.get("community", []), view.get("limbo", [])
    built = view.get("constructions", [])
    sanctuaries = view.get("sanctuaries", [])
    result = view.get("result") or {}
    winners = (result.get("ranking") or [[]])[0] if result else []
    lines = []
    for seat in range(players):
        note = (f"C{_at(community, seat)} L{_at(limbo, seat)} ⌂{_at(built, seat)}/5"
                f" ★{_at(sanctuaries, seat) or '-'}")
        if seat in winners:
            note += " · wins"
        lines.append(seat_line(seat, names, plural(_at(scores, seat), "pt"), note))
    return lines


def _at(values: Sequence, seat: int):
    return values[seat] if seat < len(values) else 0


def _announcements(view: dict, names: Sequence[str]) -> list[str]:
    """The wind's roll and move, and what the picture's band announces."""
    roll = view.get("roll") or {}
    text = f"{WIND} Vaal Er Num on {view.get('wind', '?')}"
    if roll:
        direction = roll.get("direction")
        text += f" · rolled {roll.get('face')} {roll.get('steps')}"
        if direction:
            path = " ".join(view.get("path", []))
            text += f", went {direction.upper()} from {view.get('wind_from')}"
            text += f": {path}" if path else ""
        else:
            text += ": " + " or ".join(c.upper() for c in view.get("choices", [])) + "?"
    if view.get("attacked"):
        text += f" · {ATTACKED} attacked {view['attacked']}"
    if view.get("emptied") and view.get("phase") == "occupy":
        text += f" · {view['emptied']} emptied, may be occupied"
    lines = wrap(text)
    if view.get("result"):
        return lines
    since = view.get("encircled_since")
    if since is not None:
        lines += wrap(f"Vaal Er Num surrounded since {letter(since)} {name(names, since)}'s "
                      "turn: the game ends when it comes back, unless broken")
    for seat in view.get("pending_construction_victory") or []:
        lines += wrap(f"{letter(seat)} {name(names, seat)} holds a sanctuary and 2 "
                      "constructions: wins at the start of their next turn")
    return lines
