"""Terra in words: who builds or discards, each seat's score and chits, the chits the
view holds (the viewer's own reserve; everyone's with open reserves), the marked moves,
who holds each territory, the terrain, then each seat's structures by type
("Blue: temples d4 f6, farm e4."). A seat's own discard pile (its private view) is never
left out."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rendering.alt import common as say
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
    # no "Chen has 35 points" after the result: the final scores follow at once, and a
    # full map needs the room
    lead = [say.Lead(say.headline(game, over, outcome, fallback, "")),
            say.Lead(say.to_act(view, names, _task(view))),
            say.Lead(_scores(view, names, players, scores)),
            say.Lead(_sizes(view, players), rank=2, what="the chit counts"),
            *_chits(view, names, players),
            say.changes(view, names, marks, lambda plot: _at(board.get(plot)))]
    return say.compose(lead, _position(view), limit)


def _result(view: dict, names: Sequence[str], scores: list) -> str:
    return say.won(names, say.best(scores), str(view.get("reason", "")))


def _task(view: dict) -> str:
    if view.get("phase") == "discard" and "must_discard" in view:
        return f"discard {view['must_discard']} to keep 4 chits"
    if view.get("phase") == "build":
        return "build (or first make war)"
    return ""


def _scores(view: dict, names: Sequence[str], players: int, scores: list) -> str:
    parts = [f"{say.seat(names, s)} {say.plural(scores[s] if s < len(scores) else 0, 'point')}"
             for s in range(players)]
    return ("Final scores: " if view.get("over") else "Scores: ") + "; ".join(parts) + "."


def _sizes(view: dict, players: int) -> str:
    """"Chits: blue reserve 4, cup 44, discards 10; …" (a detail: the panel's numbers)."""
    sizes = [list(view.get(k) or []) for k in ("reserve_sizes", "cup_sizes", "discard_sizes")]
    parts = []
    for s in range(players):
        reserve, cup, discards = (x[s] if s < len(x) else 0 for x in sizes)
        parts.append(f"{say.owner(s)} reserve {reserve}, cup {cup}, discards {discards}")
    return "Chits: " + "; ".join(parts) + "."


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
            f"{say.owner(s)} {counted(list(reserves[s]))}"
            for s in range(min(players, len(reserves)))))))
    elif own is not None and "reserve" in view:
        lines.append(say.Lead(say.sentence("Your reserve: "
                                           f"{counted(list(view['reserve']))}")))
    if discards is not None:
        lines.append(say.Lead(say.sentence("Discarded: " + "; ".join(
            f"{say.owner(s)} {counted(list(discards[s]))}"
            for s in range(min(players, len(discards))))), rank=2, what="the discard piles"))
    elif own is not None and view.get("discard"):
        lines.append(say.Lead(say.sentence(f"Your discard pile: {counted(list(view['discard']))}")))
    return lines


def _at(held: dict | None) -> str:
    return f"{say.owner(int(held['owner']))} {held['type']}" if held else "empty"


def _owned(structures: Sequence[tuple[str, str]]) -> str:
    """"towns c8 a7, mine c7": one owner's structures by type, plots as the board is read."""
    kinds = []
    for kind in sorted({t for t, _ in structures},
                       key=lambda t: TYPES.index(t) if t in TYPES else len(TYPES)):
        plots = [p for t, p in structures if t == kind]
        word = PLURAL.get(kind, kind) if len(plots) > 1 else kind
        kinds.append(f"{word} {' '.join(plots)}")
    return ", ".join(kinds)


def _order(plot: str) -> tuple[int, str]:
    return -int(plot[1:]), plot[0]  # as read: a9, b9 … i1


def _position(view: dict) -> list[say.Group]:
    """The territories' controllers (numbered as the map numbers them), the terrain, then
    each seat's structures by type: the whole map in about 600 characters at its
    fullest, where a territory-by-territory list needed twice that."""
    board = view.get("board") or {}
    control = list(view.get("control") or [None] * 9)
    terrain = view.get("terrain") or {}
    holders: dict = {}
    for t in range(1, 10):  # by holder in seat order, "no one" last
        seat = control[t - 1] if t - 1 < len(control) else None
        holders.setdefault(seat, []).append(str(t))
    holders = {("no one" if seat is None else say.owner(int(seat))): numbers for seat, numbers
               in sorted(holders.items(), key=lambda h: (h[0] is None, h[0] or 0))}
    held = [f"{who} {' '.join(numbers)}" for who, numbers in holders.items()]
    groups = [say.Group("Territories held", held, "territory",
                        whole=True, count=0, sep="; ")]
    for kind, word in (("mountains", "Mountains"), ("river", "River")):
        if terrain.get(kind):
            groups.append(say.Group(word, list(terrain[kind]), "terrain plot", whole=True))
    players = int(view.get("players", len(view.get("scores", [])) or 2))
    plots = sorted(board, key=_order)  # as read, once for every seat
    for seat in range(players):
        mine = [(str(board[p]["type"]), p) for p in plots if int(board[p]["owner"]) == seat]
        if mine:
            groups.append(say.Group(say.owner(seat).capitalize(), mine, "structure",
                                    fmt=_owned))
    if not board:
        groups.append(say.Group("Structures", [], "structure"))
    return groups
