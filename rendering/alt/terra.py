"""Terra in words: who builds or discards, each seat's score and chits, the chits the
view holds (the viewer's own reserve; everyone's with open reserves), the marked moves,
the terrain, then each territory with its controller and every structure by owner and
type ("Territory 5 (d4 to f6), held by B: A castle e5; B temples d4 f6, farm e4.")."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engines.terra.board import TERRITORY_PLOTS
from rendering.alt import common as say
from rendering.text.common import letter
from rendering.text.terra import SYMBOL

TYPES = tuple(k for k in SYMBOL if k != "army")  # the structures, in the legend's order
PLURAL = {"town": "towns", "farm": "farms", "mine": "mines", "palace": "palaces",
          "temple": "temples", "castle": "castles", "army": "armies"}


def alt_text(view: dict, names: Sequence[str], *,
             marks: Mapping[int, Sequence[str]] | None = None, outcome: str | None = None,
             limit: int = 1024) -> str:
    players = int(view.get("players", len(view.get("scores", [])) or 2))
    scores = list(view.get("scores") or [0] * players)
    over = bool(view.get("over"))
    board = view.get("board") or {}
    game = "Terra" if over else f"Terra, turn {view.get('turns', 0)}"
    fallback = _result(view, names, scores)
    lead = [say.Lead(say.headline(game, over, outcome, fallback,
                                  say.top_score(names, say.best(scores) if over else [], scores))),
            say.Lead(say.to_act(view, names, _task(view))),
            say.Lead(_scores(view, names, players, scores)),
            *_chits(view, names, players),
            say.Lead(say.changes(view, names, marks, lambda plot: _at(board.get(plot))), rank=1)]
    return say.compose(lead, _position(view), limit)


def _result(view: dict, names: Sequence[str], scores: list) -> str:
    return say.won(names, say.best(scores), str(view.get("reason", "")))


def _task(view: dict) -> str:
    if view.get("phase") == "discard" and "must_discard" in view:
        return f"discard {view['must_discard']} to keep 4 chits"
    if view.get("phase") == "build":
        return "build a structure from their reserve (or first make war with an army)"
    return ""


def _scores(view: dict, names: Sequence[str], players: int, scores: list) -> str:
    sizes = [list(view.get(k) or []) for k in ("reserve_sizes", "cup_sizes", "discard_sizes")]
    parts = []
    for s in range(players):
        reserve, cup, discards = (x[s] if s < len(x) else 0 for x in sizes)
        points = scores[s] if s < len(scores) else 0
        parts.append(f"{say.seat(names, s)} {say.plural(points, 'point')}"
                     f", reserve {reserve}, cup {cup}, discards {discards}")
    return ("Final scores: " if view.get("over") else "Scores: ") + "; ".join(parts) + "."


def counted(chits: Sequence[str]) -> str:
    """"castle ×2, farm, army" in the legend's order, "none" for no chits."""
    order = list(SYMBOL)
    kinds = sorted(set(chits), key=lambda k: (order.index(k) if k in order else len(order), k))
    return ", ".join(f"{k} ×{chits.count(k)}" if chits.count(k) > 1 else k
                     for k in kinds) or "none"


def _chits(view: dict, names: Sequence[str], players: int) -> list[say.Lead]:
    """The chits the view holds, as the text board lists them: the reserves kept, the
    discard piles (a detail) dropped before any of the map."""
    reserves, discards = view.get("reserves"), view.get("discards")
    own = view.get("seat")
    lines = []
    if reserves is not None:
        lines.append(say.Lead(say.sentence("Reserves: " + "; ".join(
            f"{letter(s)} {counted(list(reserves[s]))}"
            for s in range(min(players, len(reserves)))))))
    elif own is not None and "reserve" in view:
        lines.append(say.Lead(say.sentence(f"Your reserve ({letter(int(own))}): "
                                           f"{counted(list(view['reserve']))}")))
    if discards is not None:
        lines.append(say.Lead(say.sentence("Discarded: " + "; ".join(
            f"{letter(s)} {counted(list(discards[s]))}"
            for s in range(min(players, len(discards))))), rank=2, what="the discard piles"))
    elif own is not None and view.get("discard"):
        lines.append(say.Lead(say.sentence(f"You discarded: {counted(list(view['discard']))}"),
                              rank=2, what="your discard pile"))
    return lines


def _at(held: dict | None) -> str:
    return f"{letter(int(held['owner']))} {held['type']}" if held else "empty"


def _territory(structures: Sequence[tuple[int, str, str]]) -> str:
    """"A castle e5; B temples d4 f6, farm e4": by owner, then type, plots in board order."""
    parts = []
    for owner in sorted({o for o, _, _ in structures}):
        mine = [(t, p) for o, t, p in structures if o == owner]
        kinds = []
        for kind in sorted({t for t, _ in mine}, key=lambda t: TYPES.index(t)
                           if t in TYPES else len(TYPES)):
            plots = [p for t, p in mine if t == kind]
            word = PLURAL.get(kind, kind) if len(plots) > 1 else kind
            kinds.append(f"{word} {' '.join(plots)}")
        parts.append(f"{letter(owner)} " + ", ".join(kinds))
    return "; ".join(parts)


def _position(view: dict) -> list[say.Group]:
    board = view.get("board") or {}
    control = list(view.get("control") or [None] * 9)
    terrain = view.get("terrain") or {}
    groups = []
    for kind, word in (("mountains", "Mountains"), ("river", "River")):
        if terrain.get(kind):
            groups.append(say.Group(word, list(terrain[kind]), "terrain plot", whole=True))
    empty = []
    for t in range(1, 10):
        plots = TERRITORY_PLOTS[t]
        ordered = sorted(plots, key=lambda p: (-int(p[1:]), p[0]))  # a9, b9 … c7
        held = [(int(board[p]["owner"]), str(board[p]["type"]), p) for p in ordered
                if p in board]
        owner = control[t - 1] if t - 1 < len(control) else None
        corner = f"{ordered[6]} to {ordered[2]}"  # lower left to upper right
        if not held:
            empty.append(f"{t} ({corner})")
            continue
        ruler = f"held by {letter(int(owner))}" if owner is not None else "held by no one"
        groups.append(say.Group(f"Territory {t} ({corner}), {ruler}", held, "structure",
                                fmt=_territory))
    if empty:
        head = "Empty territory" if len(empty) == 1 else "Empty territories"
        groups.append(say.Group(head, empty, "empty territory"))
    return groups
