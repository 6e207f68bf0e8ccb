"""Terra as text: the 9×9 plots in nine territories framed by heavy lines, each plot its
owner's letter and a structure (Π temple, ♜ castle, ⌂ town, ψ farm, ⚒ mine, ♛ palace),
▲ for a mountain and ≈ for the river; each territory's number on its top edge with the
letter of the seat that controls it; under the board each seat's score, reserve, cup
and discards, and the chits themselves where the view holds them (everyone's with open
reserves, else only the viewer's own)."""

from __future__ import annotations

from collections.abc import Sequence

from rendering.text.common import (
    EMPTY,
    best,
    fit,
    letter,
    name,
    plural,
    seat_line,
    wrap,
)

COLUMNS = "abcdefghi"
SYMBOL = {"temple": "Π", "castle": "♜", "town": "⌂", "farm": "ψ", "mine": "⚒",
          "palace": "♛", "army": "⚑"}
MOUNTAIN, RIVER = "▲", "≈"
PLOT = 3  # a plot's characters: owner, structure, terrain
BAND = 3 * (PLOT + 1) + 1  # a territory's width inside its frame


def text_board(view: dict, names: Sequence[str]) -> str:
    players = int(view.get("players", len(view.get("scores", [])) or 2))
    lines = [_status(view), *_board(view), *_legend(view), *_seats(view, names, players),
             *_chits(view, names, players), *_notes(view, names)]
    return "\n".join(lines)


def _status(view: dict) -> str:
    if view.get("over"):
        return "Terra · game over"
    return f"Terra · turn {view.get('turns', 0)} · {view.get('phase', '')}"


def _board(view: dict) -> list[str]:
    """Rows 9 to 1; a heavy frame around each territory (numbered 1-9 from the top
    left, as in the picture), its controller's letter beside its number."""
    cells = view.get("board", {})
    terrain = view.get("terrain") or {}
    mountains, river = set(terrain.get("mountains", [])), set(terrain.get("river", []))
    control = list(view.get("control") or [None] * 9)
    files = "    " + "".join(
        "".join(c.ljust(PLOT + 1) for c in COLUMNS[k:k + 3]) + "  " for k in (0, 3, 6))
    lines = [files.rstrip()]
    for band in range(3):
        lines.append(_edge(band, control))
        for row in range(9 - 3 * band, 6 - 3 * band, -1):
            plots = [_plot(f"{c}{row}", cells, mountains, river) for c in COLUMNS]
            parts = [" " + " ".join(p.ljust(PLOT) for p in plots[k:k + 3]) + " "
                     for k in (0, 3, 6)]
            lines.append(f"{row} ┃" + "┃".join(parts) + f"┃ {row}")
    lines.append("  ┗" + "┻".join("━" * BAND for _ in range(3)) + "┛")
    return [*lines, files.rstrip()]


def _edge(band: int, control: list) -> str:
    """The top edge of a band of three territories, each labelled "━ 4 A ━━…"."""
    left, middle, right = ("┏", "┳", "┓") if band == 0 else ("┣", "╋", "┫")
    labels = []
    for k in range(3):
        territory = 3 * band + k
        owner = control[territory] if territory < len(control) else None
        label = f"━ {territory + 1} " + (f"{letter(int(owner))} " if owner is not None else "")
        labels.append(label + "━" * (BAND - len(label)))
    return f"  {left}" + middle.join(labels) + right


def _plot(plot: str, cells: dict, mountains: set[str], river: set[str]) -> str:
    land = MOUNTAIN if plot in mountains else RIVER if plot in river else ""
    held = cells.get(plot)
    if held is None:
        return land or EMPTY
    return letter(int(held["owner"])) + SYMBOL.get(held["type"], "?") + land


def _legend(view: dict) -> list[str]:
    text = "A♜: A's castle · ━ 4 A: territory 4, held by A"
    terrain = view.get("terrain") or {}
    if terrain.get("mountains") or terrain.get("river"):
        text += f" · {MOUNTAIN} mountain · {RIVER} river"
    return [" ".join(f"{SYMBOL[k]} {k}" for k in SYMBOL), *wrap(text)]


def _seats(view: dict, names: Sequence[str], players: int) -> list[str]:
    scores = view.get("scores") or [0] * players
    sizes = [view.get(k) or [0] * players for k in ("reserve_sizes", "cup_sizes",
                                                    "discard_sizes")]
    lines = []
    for seat in range(players):
        reserve, cup, discards = (s[seat] if seat < len(s) else 0 for s in sizes)
        note = f"reserve {reserve}, cup {cup}, discards {discards}"
        lines.append(seat_line(seat, names, plural(scores[seat], "pt"), note))
    if view.get("over"):
        winners = best(scores)
        who = " and ".join(f"{letter(s)} {fit(name(names, s), 24)}" for s in winners)
        top = plural(scores[winners[0]], "point") if winners else ""
        lines += wrap(f"{who} {'win' if len(winners) > 1 else 'wins'} with {top}")
    return lines


def _counted(chits: Sequence[str]) -> str:
    """"Π temple ×2, ⚑ army" in the order of the legend."""
    kinds = sorted(set(chits), key=lambda k: (list(SYMBOL).index(k) if k in SYMBOL
                                              else len(SYMBOL), k))
    parts = [f"{SYMBOL.get(k, '?')} {k}" + (f" ×{chits.count(k)}" if chits.count(k) > 1
                                            else "") for k in kinds]
    return ", ".join(parts) or "none"


def _chits(view: dict, names: Sequence[str], players: int) -> list[str]:
    """The chits the view holds: everyone's reserve and discards when reserves are open,
    else the viewer's own reserve and discards (a seat's view)."""
    reserves, discards = view.get("reserves"), view.get("discards")
    own = view.get("seat")
    lines: list[str] = []
    for seat in range(players):
        rows = []
        if reserves is not None and seat < len(reserves):
            rows.append(("reserve", reserves[seat]))
        elif seat == own and "reserve" in view:
            rows.append(("your reserve", view["reserve"]))
        if discards is not None and seat < len(discards):
            rows.append(("discarded", discards[seat]))
        elif seat == own and view.get("discard"):
            rows.append(("you discarded", view["discard"]))
        for caption, chits in rows:
            lines += wrap(f"{letter(seat)} {caption}: {_counted(list(chits))}")
    return lines


def _notes(view: dict, names: Sequence[str]) -> list[str]:
    if view.get("phase") == "discard" and "must_discard" in view and not view.get("over"):
        seat = int(view.get("turn", 0))
        return wrap(f"{letter(seat)} {fit(name(names, seat), 24)} must discard "
                    f"{view['must_discard']} to keep 4")
    return []
