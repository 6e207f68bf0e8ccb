"""Legal moves of the battle, from the mover's point of view.

``board`` maps a square to ``[owner, checker id]``; ``field`` is the set of squares on
tiles. ``avoid`` holds the enemy squares the mover knows to be gods (its discoveries and
any player's last checker): moves the rules forbid onto a god are not offered there. A
move onto a god the mover does not know is offered and refused when played.

Each generator returns ``{notation: action}``; the action tuple is what ``play`` applies:

- ``("move", frm, to, via)``: a checker moves (``via`` is the Double Knight's middle
  square or ""), capturing whatever enemy stands on ``to``, gods included;
- ``("fly", frm, to)``: Winged Sandals; ``("push", frm, to)``: God of Wind;
- ``("seth", square)``; ``("princess", frm, visits, slide)``: the squares the Princess
  passes in order (every square of a slide; each landing of a king, pawn or knight).
"""

from __future__ import annotations

from collections.abc import Collection

from engines.when_gods_collide.geometry import (
    ALL_DIRECTIONS,
    DIAGONAL,
    KNIGHT_JUMPS,
    NEXT,
    ORTHOGONAL,
    RAYS,
    square_order,
)

Board = dict[str, list[int]]
Action = tuple

PIECES = ("king", "pawn", "knight", "queen", "bishop", "rook")
SLIDES = {"queen": ALL_DIRECTIONS, "bishop": DIAGONAL, "rook": ORTHOGONAL}


def _own(board: Board, square: str, seat: int) -> bool:
    occupant = board.get(square)
    return occupant is not None and occupant[0] == seat


def _enemy(board: Board, square: str, seat: int) -> bool:
    occupant = board.get(square)
    return occupant is not None and occupant[0] != seat


def slide_end(
    board: Board, field: Collection[str], seat: int, frm: str, direction: tuple[int, int], n: int
) -> tuple[str, str]:
    """Where a sliding checker stops going ``direction`` with ``n``, and why.

    Exactly ``n`` squares, except that it stops on the first enemy (capturing it) or on
    the last free square before a gap, the edge or an own checker. Returns the end square
    (``frm`` when it cannot move) and the reason: "full", "enemy", "gap", "edge", "own".
    """
    square = frm
    ray = RAYS[frm][direction]
    for k in range(n):
        if k >= len(ray):
            return square, "edge"
        nxt = ray[k]
        if nxt not in field:
            return square, "gap"
        occupant = board.get(nxt)
        if occupant is not None:
            if occupant[0] == seat:
                return square, "own"
            return nxt, "enemy"
        square = nxt
    return square, "full"


def _slide_targets(
    board: Board,
    field: Collection[str],
    seat: int,
    frm: str,
    directions: tuple[tuple[int, int], ...],
    n: int,
) -> list[str]:
    targets = []
    rays = RAYS[frm]
    for d in directions:
        end = None
        for nxt in rays[d][:n]:
            if nxt not in field:
                break
            occupant = board.get(nxt)
            if occupant is not None:
                if occupant[0] != seat:
                    end = nxt
                break
            end = nxt
        if end is not None:
            targets.append(end)
    return targets


def piece_targets(
    board: Board, field: Collection[str], seat: int, frm: str, piece: str, n: int
) -> list[str]:
    """Squares a checker on ``frm`` may reach moving as ``piece`` with numbered die ``n``."""
    if piece in SLIDES:
        return _slide_targets(board, field, seat, frm, SLIDES[piece], n)
    targets: list[str] = []
    steps = NEXT[frm]
    if piece == "pawn":
        for d in ORTHOGONAL:
            to = steps.get(d)
            if to in field and to not in board:
                targets.append(to)
        for d in DIAGONAL:
            occupant = board.get(steps.get(d))  # type: ignore[arg-type]
            if occupant is not None and occupant[0] != seat:
                targets.append(steps[d])
        return targets
    for d in ALL_DIRECTIONS if piece == "king" else KNIGHT_JUMPS:
        to = steps.get(d)
        if to in field:
            occupant = board.get(to)
            if occupant is None or occupant[0] != seat:
                targets.append(to)
    return targets


def _own_squares(board: Board, seat: int) -> list[str]:
    return sorted((sq for sq, (owner, _) in board.items() if owner == seat), key=square_order)


def chess_moves(
    board: Board, field: Collection[str], seat: int, pieces: Collection[str], n: int
) -> dict[str, Action]:
    """Ordinary moves for the chess die's piece (or, for the Imp, any of them)."""
    moves: dict[str, Action] = {}
    for frm in _own_squares(board, seat):
        for piece in pieces:
            for to in piece_targets(board, field, seat, frm, piece, n):
                moves.setdefault(f"{frm}-{to}", ("move", frm, to, ""))
    return moves


def any_chess_move(
    board: Board, field: Collection[str], seat: int, pieces: Collection[str], n: int
) -> bool:
    """Whether :func:`chess_moves` would find anything (without listing it all)."""
    for frm, (owner, _) in board.items():
        if owner == seat:
            for piece in pieces:
                if piece_targets(board, field, seat, frm, piece, n):
                    return True
    return False


def double_knight_moves(board: Board, field: Collection[str], seat: int) -> dict[str, Action]:
    moves: dict[str, Action] = {}
    for frm in _own_squares(board, seat):
        for j1 in KNIGHT_JUMPS:
            mid = NEXT[frm].get(j1)
            if mid not in field or mid in board:
                continue
            for j2 in KNIGHT_JUMPS:
                to = NEXT[mid].get(j2)
                if to in field and to != frm and not _own(board, to, seat):
                    moves[f"{frm}-{mid}-{to}"] = ("move", frm, to, mid)
    return moves


def fly_moves(
    board: Board, field: Collection[str], seat: int, avoid: Collection[str]
) -> dict[str, Action]:
    targets = sorted(
        (sq for sq in field if not _own(board, sq, seat) and sq not in avoid), key=square_order
    )
    return {
        f"fly {frm}-{to}": ("fly", frm, to) for frm in _own_squares(board, seat) for to in targets
    }


def push_moves(board: Board, field: Collection[str], seat: int, n: int) -> dict[str, Action]:
    moves: dict[str, Action] = {}
    enemies = sorted((sq for sq, (owner, _) in board.items() if owner != seat), key=square_order)
    for frm in enemies:
        for d in ALL_DIRECTIONS:
            square = frm
            for _ in range(n):
                square = NEXT[square].get(d)
                if square not in field or square in board:
                    break
                moves[f"push {frm}-{square}"] = ("push", frm, square)
    return moves


def seth_moves(board: Board, seat: int, avoid: Collection[str]) -> dict[str, Action]:
    enemies = sorted(
        (sq for sq, (owner, _) in board.items() if owner != seat and sq not in avoid),
        key=square_order,
    )
    return {f"seth {sq}": ("seth", sq) for sq in enemies}


def princess_moves(
    board: Board, field: Collection[str], seat: int, piece: str, n: int, avoid: Collection[str]
) -> dict[str, Action]:
    """The Princess: captures do not end the move, until the numbered die is used up."""
    moves: dict[str, Action] = {}
    for frm in _own_squares(board, seat):
        if piece in SLIDES:
            for d in SLIDES[piece]:
                visits: list[str] = []
                square = frm
                for _ in range(n):
                    nxt = NEXT[square].get(d)
                    if nxt not in field or _own(board, nxt, seat):
                        break
                    square = nxt
                    visits.append(square)
                if visits and visits[-1] not in avoid:
                    moves[f"princess {frm}-{visits[-1]}"] = ("princess", frm, tuple(visits), True)
        else:
            _princess_chain(board, field, seat, piece, n, avoid, frm, frm, (), frozenset(), moves)
    return moves


def _princess_chain(
    board: Board,
    field: Collection[str],
    seat: int,
    piece: str,
    n: int,
    avoid: Collection[str],
    frm: str,
    at: str,
    path: tuple[str, ...],
    taken: frozenset[str],
    moves: dict[str, Action],
) -> None:
    steps = NEXT[at]
    if piece == "king":
        options = [(steps.get(d), "any") for d in ALL_DIRECTIONS]
    elif piece == "knight":
        options = [(steps.get(d), "any") for d in KNIGHT_JUMPS]
    else:
        options = [(steps.get(d), "empty") for d in ORTHOGONAL]
        options += [(steps.get(d), "capture") for d in DIAGONAL]
    for to, kind in options:
        if to is None or to not in field or to == at:
            continue
        occupant = board.get(to) if to not in taken and to != frm else None
        if occupant is not None and occupant[0] == seat:
            continue
        captures = occupant is not None
        if (kind == "empty" and captures) or (kind == "capture" and not captures):
            continue
        if captures and to in avoid:
            continue
        route = (*path, to)
        moves[f"princess {'-'.join((frm, *route))}"] = ("princess", frm, route, False)
        if captures and len(route) < n:
            _princess_chain(
                board, field, seat, piece, n, avoid, frm, to, route, taken | {to}, moves
            )
