"""Witch Stones in words: the side to act and what they may take, both scores and sides,
the marked moves, then every piece by kind ("Crowns (3): c3, e5, g7.") with the
earthstones as "every other square except the empty …" when that is shorter."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rendering.alt import common as say

FILES = "abcdefghi"
SQUARES = [f"{f}{r}" for r in range(9, 0, -1) for f in FILES]  # as read: a9 to i1
KINDS = ("crown", "sun", "moon", "earth")
NOUN = {"crown": "crown", "sun": "sun", "moon": "moon", "earth": "earthstone"}
TASK = {"side": "choose a side, suns or moons",
        "remove": "take one piece (an earthstone or their own side's sun or moon) or "
                  "a line between two empty squares"}


def alt_text(view: dict, names: Sequence[str], *,
             marks: Mapping[int, Sequence[str]] | None = None, outcome: str | None = None,
             limit: int = 1024) -> str:
    board = view.get("board") or {}
    scores = list(view.get("scores") or [0, 0])
    over = view.get("phase") == "over"
    winners = say.best(scores) if over else []
    lead = [say.Lead(say.headline("Witch Stones", over, outcome, _result(view, names),
                                  say.top_score(names, winners, scores))),
            say.Lead(say.to_act(view, names, TASK.get(view.get("phase", ""), ""))),
            say.Lead(_scores(view, names, scores)),
            say.changes(view, names, marks, lambda sq: _piece(board.get(sq)))]
    return say.compose(lead, _position(board), limit)


def _result(view: dict, names: Sequence[str]) -> str:
    scores = list(view.get("scores") or [0, 0])
    target = view.get("target", 50)
    winners = say.best(scores)
    top = max(scores, default=0)
    if len(winners) > 1:
        return f"a draw at {say.plural(top, 'point')}, no moves left"
    reason = f"reached {target} points" if top >= target else "no moves left"
    return f"{say.seat(names, winners[0])} wins - {reason}"


def _scores(view: dict, names: Sequence[str], scores: list) -> str:
    sides = list(view.get("sides") or [None, None])
    parts = []
    for k, points in enumerate(scores):
        side = sides[k] if k < len(sides) else None
        parts.append(f"{say.seat(names, k)} {say.plural(points, 'point')}, "
                     + (f"plays {side}" if side else "no side yet"))
    if view.get("phase") == "over":
        return "Final scores: " + "; ".join(parts) + "."
    return "Scores: " + "; ".join(parts) + f". First to {view.get('target', 50)} points wins."


def _piece(kind: str | None) -> str:
    return NOUN.get(kind or "", "empty") if kind else "empty"


def _position(board: dict[str, str]) -> list[say.Group]:
    """Each kind's squares, a9 to i1 as the board is read; earthstones by the shorter of
    their squares and the empty squares."""
    by_kind = {kind: [sq for sq in SQUARES if board.get(sq) == kind] for kind in KINDS}
    empty = [sq for sq in SQUARES if sq not in board]
    groups = [say.Group(f"{say.plural(len(by_kind[k]), NOUN[k]).capitalize()}", by_kind[k], NOUN[k])
              for k in ("crown", "sun", "moon") if by_kind[k]]
    gone = [NOUN[k] + "s" for k in KINDS if not by_kind[k]]  # "No crowns or suns.", not
    if gone:  # "0 crowns: none. 0 suns: none."
        none = say.Group("", [f"No {say.listing(gone).replace(' and ', ' or ')}"], "",
                         whole=True, count=0)
        groups.append(none)
    earth = by_kind["earth"]
    heading = say.plural(len(earth), "earthstone").capitalize()
    if not earth:
        return groups
    if not empty:
        return [*groups, say.Group("", [f"{heading}: every other square"], "earthstone",
                                   whole=True, count=len(earth))]
    if len(empty) < len(earth):
        words = f"{heading}: every other square except the empty "
        return [*groups, say.Group("", empty, "earthstone", whole=True, count=len(earth),
                                   fmt=lambda squares: words + ", ".join(squares))]
    return [*groups, say.Group(heading, earth, "earthstone"),
            say.Group("", ["Every other square is empty"], "empty square", whole=True, count=0)]
