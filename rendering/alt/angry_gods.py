"""Angry Gods in words: who places, each seat's points and worshippers by colour, the
pool and the towers, the marked moves and the followers just removed, then the gods,
leaders, False Gods and followers by colour and place (a space like D4, an
intersection like C3se)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engines.angry_gods.board import INTERSECTIONS, SPACES
from rendering.alt import common as say

COLOURS = ("red", "yellow", "green", "blue")
ORDER = {p: k for k, p in enumerate([*SPACES, *INTERSECTIONS])}


def alt_text(view: dict, names: Sequence[str], *,
             marks: Mapping[int, Sequence[str]] | None = None, outcome: str | None = None,
             limit: int = 1024) -> str:
    result = view.get("result") or {}
    over = bool(result) or bool(view.get("over"))
    scores = list(view.get("scores") or [])
    winners = list((result.get("ranking") or [[]])[0]) if result else []
    board = view.get("board") or {}
    game = "Angry Gods" if over else f"Angry Gods, placement {int(view.get('placements', 0)) + 1}"
    task = ("place a stone from the pool: a leader in an empty space, or a follower on "
            "an intersection next to a leader")
    leaders = winners or (say.best(scores) if over else [])
    lead = [say.Lead(say.headline(game, over, outcome, _result(result, names),
                                  say.top_score(names, leaders, scores))),
            say.Lead(say.to_act(view, names, task)),
            say.Lead(_scores(view, names, over)),
            say.Lead(_pool(view)),
            say.changes(view, names, marks, lambda p: _at(board.get(p))),
            say.Lead(_removed(view), rank=1)]
    return say.compose(lead, _position(board), limit)


def _result(result: dict, names: Sequence[str]) -> str:
    winners = list((result.get("ranking") or [[]])[0]) if result else []
    return say.won(names, winners, str(result.get("reason", "")) if result else "")


def _scores(view: dict, names: Sequence[str], over: bool) -> str:
    scores = list(view.get("scores") or [])
    parts = []
    for s, chips in enumerate(view.get("worshippers") or []):
        held = [f"{chips.count(c)} {c}" for c in COLOURS if c in chips]
        points = scores[s] if s < len(scores) else 0
        parts.append(f"{say.seat(names, s)} {say.plural(points, 'point')}"
                     + (f", worshippers {say.listing(held)}" if held else ", no worshippers"))
    return ("Final scores: " if over else "Scores: ") + "; ".join(parts) + "."


def _pool(view: dict) -> str:
    pool = view.get("pool") or {}
    gods = view.get("gods") or {}
    counts = ", ".join(f"{c} {pool.get(c, 0)}" for c in COLOURS)
    text = f"Pool: {counts}; {say.plural(int(view.get('towers_left', 0)), 'tower')} left"
    made = [f"{c} {gods[c]}" for c in COLOURS if gods.get(c)]
    return say.sentence(text + (f"; gods by colour: {', '.join(made)}" if made else ""))


def _removed(view: dict) -> str:
    removed = list(view.get("removed") or [])
    return say.sentence(f"Followers just removed: {', '.join(removed)}") if removed else ""


def _at(what: dict | None) -> str:
    if not what:
        return "empty"
    if what.get("role") == "false_god":
        return "False God"
    return f"{what.get('colour', '')} {what.get('role', '')}".strip()


def _position(board: dict) -> list[say.Group]:
    places = sorted(board, key=lambda p: ORDER.get(p, len(ORDER)))
    groups = []
    for role, word, noun in (("god", "gods", "god"), ("leader", "leaders", "leader")):
        for c in COLOURS:
            found = [p for p in places if board[p].get("role") == role
                     and board[p].get("colour") == c]
            if found:
                groups.append(say.Group(f"{c.capitalize()} {word}", found, noun))
    false = [p for p in places if board[p].get("role") == "false_god"]
    if false:
        groups.append(say.Group("False Gods", false, "False God"))
    for c in COLOURS:
        found = [p for p in places if board[p].get("role") == "follower"
                 and board[p].get("colour") == c]
        if found:
            groups.append(say.Group(f"{c.capitalize()} followers", found, "follower"))
    if not groups:
        groups.append(say.Group("", ["The board is empty"], "stone", whole=True, count=0))
    return groups
