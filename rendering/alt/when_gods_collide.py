"""When Gods Collide in words: who is to act with the dice they rolled, each army's
checkers left, the marked moves, then each player's checkers by square (with the gods
this view knows) and the tiles that make the battlefield, by owner."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engines.when_gods_collide.geometry import FILES
from rendering.alt import common as say
from rendering.text.when_gods_collide import FACES

LAYING = ("tiles", "arrange")
STATUS = {"tiles": "laying tiles, 6 each", "arrange": "arranging the armies",
          "god": "choosing gods in secret"}


def alt_text(view: dict, names: Sequence[str], *,
             marks: Mapping[int, Sequence[str]] | None = None, outcome: str | None = None,
             limit: int = 1024) -> str:
    players = int(view.get("players", len(view.get("scores", [])) or 2))
    scores = list(view.get("scores") or [0] * players)
    over = view.get("phase") == "over"
    board = view.get("board") or {}
    phase = view.get("phase", "")
    game = "When Gods Collide" + ("" if over else ", " + STATUS.get(
        phase, f"turn {view.get('turn', 0)} of {view.get('max_turns', 400)}"))
    winners = list(view.get("winners") or [])
    lead = [say.Lead(say.headline(game, over, outcome, _result(view, names, players),
                                  say.top_score(names, winners, scores, "checker"))),
            say.Lead(say.to_act(view, names, _task(view))),
            say.Lead(_scores(view, names, players, scores, over)),
            say.changes(view, names, marks, lambda sq: _at(board.get(sq), view))]
    return say.compose(lead, _position(view, players), limit)


def _result(view: dict, names: Sequence[str], players: int) -> str:
    winners = list(view.get("winners") or [])
    eliminated = set(view.get("eliminated") or [])
    alive = [p for p in range(players) if p not in eliminated]
    reason = "last god standing" if len(alive) == 1 else "most checkers at the turn limit"
    return say.won(names, winners, reason) or reason


def _task(view: dict) -> str:
    phase = view.get("phase")
    dice = view.get("dice") or {}
    if phase == "tiles":
        return "lay a tile of 2 by 2 squares beside a laid one"
    if phase == "arrange":
        return "put 12 checkers on their own tiles"
    if phase == "god":
        return "name their god in secret"
    rolled = []
    if dice.get("chess"):
        rolled.append(FACES.get(dice["chess"], str(dice["chess"]).capitalize()))
    if dice.get("number"):
        rolled.append(f"number {dice['number']}")
    if dice.get("hero"):
        rolled.append(f"hero {FACES.get(dice['hero'], str(dice['hero']).capitalize())}")
    roll = f", having rolled {say.listing(rolled)}" if rolled else ""
    if phase == "hero":
        return f"a 6: roll the hero die or not{roll}"
    if phase == "move":
        return f"move one checker{roll}"
    return ""


def _scores(view: dict, names: Sequence[str], players: int, scores: list, over: bool) -> str:
    placed = view.get("placed") or [0] * players
    cultures, armies = view.get("cultures") or [], view.get("armies") or []
    eliminated = set(view.get("eliminated") or [])
    laying = view.get("phase") in LAYING
    parts = []
    for s in range(players):
        count = scores[s] if s < len(scores) else 0
        score = (say.plural(placed[s], "tile") + " laid" if laying and not count
                 else say.plural(count, "checker"))
        army = " ".join(x[s] for x in (cultures, armies) if s < len(x))
        note = "eliminated" if s in eliminated else army
        parts.append(f"{say.seat(names, s)} {score}" + (f", {note}" if note else ""))
    return ("Final count: " if over else "Armies: ") + "; ".join(parts) + "."


def _god(checker: dict, viewer: int | None) -> str:
    """What the view knows of a checker: "god" for one known to all, "your god", "a god
    you found", or nothing."""
    if not checker.get("god"):
        return ""
    if checker.get("public") or viewer is None:
        return "god"
    return "your god" if int(checker["owner"]) == viewer else "a god you found"


def _at(checker: dict | None, view: dict) -> str:
    if not checker:
        return "empty"
    god = _god(checker, view.get("viewer"))
    return f"{say.owner(int(checker['owner']))} checker" + (f", {god}" if god else "")


def _order(square: str) -> tuple[int, int]:
    return -int(square[1:]), FILES.index(square[0])  # as read: the top row first


def _tiles(tiles: Sequence[tuple[int, str]]) -> str:
    return "; ".join(f"{say.owner(owner)} " + " ".join(b for o, b in tiles if o == owner)
                     for owner in sorted({o for o, _ in tiles}))


def _position(view: dict, players: int) -> list[say.Group]:
    board = view.get("board") or {}
    viewer = view.get("viewer")
    groups = []
    for s in range(players):
        squares = sorted((sq for sq, c in board.items() if int(c["owner"]) == s), key=_order)
        items = []
        for sq in squares:
            god = _god(board[sq], viewer)
            items.append(f"{sq} ({god})" if god else sq)
        if items:
            groups.append(say.Group(f"{say.owner(s).capitalize()} checkers", items, "checker"))
    tiles = sorted(((int(o), b) for b, o in (view.get("tiles") or {}).items()),
                   key=lambda t: (t[0], _order(t[1])))
    groups.append(say.Group("Tiles of 2 by 2 squares, by lower-left square", tiles, "tile",
                            fmt=_tiles))
    return groups
