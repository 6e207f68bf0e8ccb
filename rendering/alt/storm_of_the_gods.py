"""Storm of the Gods in words: what the god to act may do, any victory about to happen,
each god's belief points and worshippers, Vaal Er Num (the wind) and its path, the
marked moves, then every tile by holder ("A holds d4 (population 1, 3 worshippers)")
and the unclaimed tiles with their population."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engines.storm_of_the_gods.map import COLUMNS, DIRECTION_NAMES
from rendering.alt import common as say


def alt_text(view: dict, names: Sequence[str], *,
             marks: Mapping[int, Sequence[str]] | None = None, outcome: str | None = None,
             limit: int = 1024) -> str:
    players = int(view.get("players", len(view.get("scores", [])) or 2))
    scores = list(view.get("scores") or [0] * players)
    result = view.get("result") or {}
    over = bool(result) or view.get("phase") == "over"
    winners = list((result.get("ranking") or [[]])[0]) if result else []
    board = view.get("board") or {}
    marks = rolled(view, marks)
    game = "Storm of the Gods" if over else (
        f"Storm of the Gods, turn {view.get('turn', 0)}, "
        f"{say.plural(view.get('stack_size', 0), 'tile')} left in the stack")
    lead = [say.Lead(say.headline(game, over, outcome, _result(result, names),
                                  say.top_score(names, winners, scores, 'belief point'))),
            say.Lead(say.to_act(view, names, _task(view))),
            *(say.Lead(text) for text in ([] if over else _alerts(view, names))),
            say.Lead(_scores(view, names, players, scores, over)),
            say.Lead(_worshippers(view, players), rank=2, what="the worshippers in reserve"),
            say.Lead(_wind(view)),
            say.changes(view, names, marks, lambda p: _tile(board.get(p))),
            say.Lead(_discarded(view), rank=2, what="the discarded tiles")]
    return say.compose(lead, _position(board, players), limit)


def rolled(view: dict, marks: Mapping[int, Sequence[str]] | None
           ) -> dict[int, list[str]] | None:
    """``marks`` with the wind's move this turn (where it blew from, its path, what it
    attacked) given to the god to act: their roll, automatic when the god before them
    ended their turn, is stored with that move, and was marked in that god's colour
    while the text said who rolled. (A place the other god also moved on in this
    roll's path is then marked once, in the roller's colour.)"""
    roll = view.get("roll") or {}
    current = view.get("current")
    if not marks or not roll.get("direction") or current is None:
        return None if marks is None else {int(s): list(p) for s, p in marks.items()}
    wind = {view.get("wind_from"), *(view.get("path") or []), view.get("attacked")} - {None}
    out: dict[int, list[str]] = {}
    moved: list[str] = []
    for seat, places in marks.items():
        if int(seat) == int(current):
            out[int(seat)] = list(places)
            continue
        out[int(seat)] = [p for p in places if p not in wind]
        moved += [p for p in places if p in wind]
    if moved:
        out[int(current)] = list(dict.fromkeys([*out.get(int(current), []), *moved]))
    return {s: p for s, p in out.items() if p}


def _result(result: dict, names: Sequence[str]) -> str:
    winners = list((result.get("ranking") or [[]])[0]) if result else []
    return say.won(names, winners, str(result.get("reason", "")) if result else "")


def _task(view: dict) -> str:
    phase = view.get("phase")
    roll = view.get("roll") or {}
    if phase == "wind":
        options = " or ".join(DIRECTION_NAMES.get(d, d) for d in view.get("choices", []))
        return f"rolled {roll.get('face')} {roll.get('steps')}, choose the wind: {options}"
    if phase == "occupy":
        return f"occupy {view.get('emptied')}, emptied by the wind, or skip"
    if phase == "convert":
        drawn = say.listing(list(view.get("drawn") or []))
        return "convert one tile the wind drew" + (f" ({drawn})" if drawn else "") + ", or skip"
    if phase == "develop":
        return "develop their cult (actions, then end)"
    return ""


def _alerts(view: dict, names: Sequence[str]) -> list[str]:
    """The announcements of a victory about to happen, as the picture's band gives them."""
    lines = []
    since = view.get("encircled_since")
    if since is not None:
        lines.append(f"Vaal Er Num surrounded since {say.seat(names, int(since))}'s turn: the "
                     "game ends when it comes back, unless broken.")
    for s in view.get("pending_construction_victory") or []:
        lines.append(f"{say.seat(names, int(s))} holds a sanctuary and 2 constructions: wins at "
                     "the start of their next turn.")
    return lines


def _at(view: dict, key: str, s: int) -> int:
    values = view.get(key) or []
    return int(values[s] or 0) if s < len(values) else 0


def _scores(view: dict, names: Sequence[str], players: int, scores: list, over: bool) -> str:
    parts = [f"{say.seat(names, s)} {_at(view, 'scores', s)}" for s in range(players)]
    return ("Final scores" if over else "Scores") + " in belief points: " + "; ".join(parts) + "."


def _worshippers(view: dict, players: int) -> str:
    """"Worshippers in community and Limbo: blue 3 and 27; …": the panel's columns (a
    detail: constructions and sanctuaries are in the position)."""
    parts = [f"{say.owner(s)} {_at(view, 'community', s)} and {_at(view, 'limbo', s)}"
             for s in range(players)]
    return "Worshippers in community and Limbo: " + "; ".join(parts) + "."


def _wind(view: dict) -> str:
    text = f"Vaal Er Num, the wind, is on {view.get('wind', 'e5')}"
    roll = view.get("roll") or {}
    direction = roll.get("direction")
    if roll and direction:
        text += (f"; rolled {roll.get('face')} {roll.get('steps')} and blew "
                 f"{DIRECTION_NAMES.get(direction, direction)} from {view.get('wind_from')}")
        path = list(view.get("path") or [])
        text += f" through {', '.join(path)}" if path else ", going nowhere"
    if view.get("attacked"):
        text += f"; it attacked {view['attacked']}"
    if view.get("emptied") and view.get("phase") == "occupy":
        text += f"; {view['emptied']} was emptied and may be occupied"
    return say.sentence(text)


def _discarded(view: dict) -> str:
    populations = view.get("discarded_populations") or []
    if populations and sum(populations):
        counts = ", ".join(f"{n} of population {pop}" for pop, n in enumerate(populations) if n)
        return f"{say.plural(sum(populations), 'tile')} discarded: {counts}."
    if view.get("discarded"):
        return f"{say.plural(int(view['discarded']), 'tile')} discarded."
    return ""


def _tile(cell: dict | None) -> str:
    """"population 3, B 2 worshippers, construction", "the Compass" or "empty"."""
    if cell is None:
        return "empty"
    if cell.get("compass"):
        return "the Compass"
    text = f"population {cell.get('population', 0)}"
    owner = cell.get("owner")
    if owner is None:
        return text + ", unclaimed"
    text += f", {say.owner(int(owner))} {say.plural(cell.get('worshippers', 0), 'worshipper')}"
    if cell.get("sanctuary"):
        text += ", sanctuary"
    elif cell.get("construction"):
        text += ", construction"
    return text


def _order(position: str) -> tuple[int, int]:
    return COLUMNS.index(position[0]), int(position[1:])


def _held(cell: dict) -> str:
    text = f"population {cell.get('population', 0)}"
    if cell.get("worshippers"):
        text += f", {say.plural(cell.get('worshippers', 0), 'worshipper')}"
    if cell.get("sanctuary"):
        text += ", sanctuary"
    elif cell.get("construction"):
        text += ", construction"
    return text


def _position(board: dict, players: int) -> list[say.Group]:
    tiles = sorted((p for p, c in board.items() if not c.get("compass")), key=_order)
    groups = [say.Group("", ["The Compass is on e5"], "tile", whole=True, count=0)]
    for s in range(players):
        held = [f"{p} ({_held(board[p])})" for p in tiles if board[p].get("owner") == s]
        if held:
            groups.append(say.Group(f"{say.owner(s).capitalize()} holds", held, "tile", sep="; "))
    free = [f"{p} ({board[p].get('population', 0)})" for p in tiles
            if board[p].get("owner") is None]
    if free:
        groups.append(say.Group("Unclaimed tiles, by population", free, "tile"))
    if not tiles:
        groups.append(say.Group("", ["No other tile is on the map"], "tile", whole=True, count=0))
    return groups
