"""When Gods Collide: what a move does on the battlefield — moves, flights, Seth's
conversion, the Princess's slide, captures and refused attempts. Functions over a
mutable working copy of the state (``play`` copies first)."""

from __future__ import annotations

from engines.when_gods_collide.state import State


def mark_public(s: State, squares: list[str]) -> None:
    """The squares everyone sees the move on."""
    s.last = list(squares)
    s.last_private, s.last_seat = [], -1

def refuse(s: State, seat: int, how: str, square: str, shown: list[str],
           events: list[dict]) -> None:
    """An attempt on a god that the rules refuse: the mover learns the god, and only
    they see the squares involved."""
    ident = s.board[square][1]
    owner = s.board[square][0]
    if ident not in s.known[seat]:
        s.known[seat] = sorted([*s.known[seat], ident])
    s.last_private, s.last_seat = list(shown), seat
    events.append(
        {"kind": "refused", "seat": seat, "how": how, "square": square, "owner": owner}
    )

def is_god(s: State, square: str) -> bool:
    occupant = s.board.get(square)
    return occupant is not None and s.gods[occupant[0]] == occupant[1]

def capture(s: State, seat: int, square: str, victim: list[int], captured: list[list],
            events_after: list[dict]) -> None:
    owner, ident = victim
    god = s.gods[owner] == ident
    captured.append([square, owner, god])
    if god:
        s.board = {sq: v for sq, v in s.board.items() if v[0] != owner}
        s.eliminated.append(owner)
        events_after.append({"kind": "eliminated", "seat": owner})
        alive = s.alive()
        if len(alive) == 1:
            s.phase = "over"
            s.chess, s.number, s.hero = "", 0, ""
            events_after.append({"kind": "over", "winner": alive[0]})

def do_move(s: State, seat: int, action: tuple, events: list[dict]) -> None:
    _, frm, to, via = action
    how = s.hero or s.chess
    captured, after = arrive(s, seat, frm, to)
    path = [frm, via, to] if via else [frm, to]
    mark_public(s, path)
    events.append(
        {"kind": "move", "seat": seat, "how": how, "path": path, "captured": captured}
    )
    events.extend(after)

def arrive(s: State, seat: int, frm: str, to: str) -> tuple[list[list], list[dict]]:
    """Move the checker on ``frm`` to ``to``, capturing what stood there: the captured
    checkers and the events that follow the capture."""
    piece = s.board.pop(frm)
    victim = s.board.get(to)
    s.board[to] = piece
    captured: list[list] = []
    after: list[dict] = []
    if victim is not None:
        capture(s, seat, to, victim, captured, after)
    return captured, after

def do_fly(s: State, seat: int, action: tuple, events: list[dict]) -> bool:
    _, frm, to = action
    if is_god(s, to):
        refuse(s, seat, "winged-sandals", to, [frm, to], events)
        return True
    captured, after = arrive(s, seat, frm, to)
    mark_public(s, [frm, to])
    events.append({"kind": "fly", "seat": seat, "path": [frm, to], "captured": captured})
    events.extend(after)
    return False

def do_seth(s: State, seat: int, action: tuple, events: list[dict]) -> bool:
    square = action[1]
    if is_god(s, square):
        refuse(s, seat, "seth", square, [square], events)
        return True
    owner, ident = s.board[square]
    s.board[square] = [seat, ident]
    mark_public(s, [square])
    events.append({"kind": "seth", "seat": seat, "square": square, "victim": owner})
    return False

def do_princess(s: State, seat: int, action: tuple, events: list[dict]) -> bool:
    _, frm, visits, slide = action
    board = dict(s.board)
    piece = board.pop(frm)
    captured: list[list] = []
    passed: list[list] = []
    for k, square in enumerate(visits):
        occupant = board.get(square)
        if occupant is None or occupant[0] == seat:
            continue
        if s.gods[occupant[0]] == occupant[1]:
            if slide and k < len(visits) - 1:
                passed.append([square, occupant[0], occupant[1]])
                continue
            refuse(s, seat, "princess", square, [frm, *visits], events)
            return True
        captured.append([square, occupant[0], False])
        del board[square]
    board[visits[-1]] = piece
    s.board = board
    for _, _, ident in passed:  # seen by all to survive: known to everyone
        if ident not in s.known[seat]:
            s.known[seat] = sorted([*s.known[seat], ident])
        if ident not in s.public:
            s.public = sorted([*s.public, ident])
    path = [frm, visits[-1]] if slide else [frm, *visits]
    mark_public(s, [frm, *visits])
    events.append(
        {
            "kind": "princess",
            "seat": seat,
            "piece": s.chess,
            "path": path,
            "captured": captured,
            "passed": [[sq, o] for sq, o, _ in passed],
        }
    )
    return False
