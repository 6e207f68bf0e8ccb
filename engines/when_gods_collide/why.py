"""Why a move is illegal, in words a player understands."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import pairwise

from engines.base import plural, seat_name
from engines.when_gods_collide import movegen
from engines.when_gods_collide.geometry import (
    COORDS,
    DIAGONAL,
    KNIGHT_JUMPS,
    NAMES,
    ORTHOGONAL,
    RAYS,
    field,
    line,
    offset,
)
from engines.when_gods_collide.notation import PHASES
from engines.when_gods_collide.state import ARMY_SIZE, HERO_NAMES, TILES_EACH, State

FORMS = {
    "fly": "fly c3-f6",
    "push": "push f6-f3",
    "seth": "seth f6",
    "princess": "princess c3-c7",
    "": "c3-c6",
}
STOP_REASON = {
    "enemy": "the first enemy checker in its way",
    "gap": "before a gap",
    "edge": "at the edge of the battlefield",
    "own": "before your own checker",
}


def _example(moves: Iterable[str], default: str) -> str:
    return next(iter(moves), default)


def _starting(moves: Iterable[str], prefix: str, frm: str) -> list[str]:
    """The legal moves (written with ``prefix``) of the checker on ``frm``."""
    lead = f"{prefix} {frm}-" if prefix else f"{frm}-"
    return [m for m in moves if m.startswith(lead)]


def _rolled(s: State) -> str:
    if s.hero:
        return f"{HERO_NAMES[s.hero]} and {s.number}"
    return f"a {s.chess} and {s.number}"


def out_of_phase(s: State, kind: str, example: str) -> str:
    """Why a move of the phase ``kind`` (:data:`PHASES`) is refused in another phase: that
    phase is over, or has not come yet, and what to do now (``example``: a legal move)."""
    setting_up = s.phase in ("tiles", "arrange", "god")
    now = {
        "tiles": f"lay a tile, e.g. {example}",
        "arrange": (f"arrange your army: arrange followed by {ARMY_SIZE} squares of your "
                    "tiles, or arrange auto"),
        "god": f"choose your god checker privately, e.g. {example}",
        "hero": (f"type hero to roll the hero die (and reroll the numbered die) or nohero to "
                 f"keep {s.chess} and 6"),
        "move": f"move a checker like {example}",
    }[s.phase]
    name = {
        "tiles": "laying tiles",
        "arrange": "arranging your army" if setting_up else "arranging the armies",
        "god": "choosing your god" if setting_up else "choosing the gods",
        "hero": "rolling the hero die",
        "move": "the battle" if setting_up else "moving a checker",
    }[kind]
    if PHASES.index(kind) > PHASES.index(s.phase):
        return f"{name} has not come yet: first {now}"
    if kind == "tiles":
        return f"{name} is over: all {TILES_EACH * s.players} tiles are laid; now {now}"
    if kind == "arrange":
        stand = "your army stands on your tiles" if setting_up else "every army stands on its tiles"
        return f"{name} is over: {stand}; now {now}"
    if kind == "god":
        return f"{name} is over: each player named their god before the battle; now {now}"
    return (f"{name} is over for this turn: it comes only on a 6, before you move, and you "
            f"rolled {_rolled(s)}; now {now}")


def wrong_form(s: State, prefix: str, expected: str, moves: dict, written: str = "") -> str:
    """Why a move written with ``prefix`` is refused when ``expected`` is due; ``moves``
    are the legal moves of the player to act, and the example is the one ``written`` (the
    squares after the prefix) meant when it is legal with ``expected``, else one from the
    same square, else any."""
    body = written.strip().lower()
    meant = f"{expected} {body}" if expected else body
    example = meant if meant in moves else _example(
        _starting(moves, expected, body.split("-")[0]) or moves, FORMS[expected])
    if expected:
        return f"with {HERO_NAMES[s.hero]} write {expected} first, e.g. {example}"
    return f"{prefix} is not a move now: you rolled {_rolled(s)}, so move a checker like {example}"


def explain(s: State, seat: int, notation: str, moves: dict, avoid: set[str]) -> str:
    """Why ``notation`` is not among ``moves``; ``avoid`` are the squares the seat knows
    hold its opponents' gods."""
    prefix, _, body = notation.rpartition(" ")
    squares = body.split("-")
    hero = s.hero
    board = s.board
    fld = field(s.tiles)

    def owner_of(sq: str) -> int | None:
        occupant = board.get(sq)
        return None if occupant is None else occupant[0]

    def god_text(sq: str) -> str:
        owner = owner_of(sq)
        if owner is not None and sum(1 for o, _ in board.values() if o == owner) == 1:
            return f"{sq} is {seat_name(owner)}'s last checker, so it is their god"
        return f"you know {sq} is {seat_name(owner)}'s god checker"

    if hero == "seth":
        if len(squares) != 1:
            return "Seth names one enemy checker to convert, e.g. seth f6"
        sq = squares[0]
        if sq not in board:
            return f"{sq} is empty: Seth converts an enemy checker"
        if owner_of(sq) == seat:
            return f"{sq} is your own checker: Seth converts an enemy checker"
        if sq in avoid:
            return f"{god_text(sq)}: Seth must choose another checker"
        return f"Seth converts an enemy checker other than a god you know of: not {sq}"
    if hero == "god-of-wind":
        if len(squares) != 2:
            return "the God of Wind names an enemy checker and where it goes, e.g. push f6-f3"
        frm, to = squares
        if frm not in board:
            return f"{frm} is empty: the God of Wind pushes an enemy checker"
        if owner_of(frm) == seat:
            return "the God of Wind pushes an opponent's checker, not your own"
        way = line(frm, to)
        if way is None:
            return "the God of Wind pushes in a straight line (row, column or diagonal)"
        direction, n = way
        if n > s.number:
            return f"the push goes at most {plural(s.number, 'square')} (the numbered die)"
        x, y = COORDS[frm]
        for k in range(1, n + 1):
            sq = NAMES[x + direction[0] * k][y + direction[1] * k]
            if sq not in fld:
                return f"the push stops before the gap at {sq}"
            if sq in board:
                return f"the push stops before the checker on {sq}: it cannot capture"
        return f"push {frm}-{to} is not possible"

    if not squares or not squares[0]:
        return "name the squares of the move, e.g. " + _example(moves, FORMS[prefix])
    frm = squares[0]
    if frm not in fld:
        return f"{frm} is a gap, not a square of the battlefield"
    if frm not in board:
        return f"you move one of your own checkers, and {frm} is empty"
    if owner_of(frm) != seat:
        return (f"you move one of your own checkers, and the checker on {frm} is "
                f"{seat_name(owner_of(frm))}'s, not yours")
    if len(squares) < 2:
        return f"say where the checker on {frm} goes, e.g. " + _example(
            _starting(moves, prefix, frm) or moves, FORMS[prefix])
    for sq in squares[1:]:
        if sq not in fld:
            return f"{sq} is a gap: a checker must land on a square of the battlefield"
    to = squares[-1]
    if owner_of(to) == seat and to != frm:
        return f"move one checker, never onto your own checker: your own checker stands on {to}"
    if to == frm:
        return "the checker must end on another square (moving 0 squares is not a move)"

    if hero == "winged-sandals":
        if len(squares) != 2:
            return "the Winged Sandals name your checker and where it flies, e.g. fly c3-f6"
        if to in avoid:
            return f"{god_text(to)}: the Winged Sandals cannot capture a god"
    elif hero == "double-knight":
        if len(squares) != 3:
            return (
                "the Double Knight makes two knight jumps: name all three squares, "
                "e.g. " + _example(moves, "c3-d5-e7")
            )
        mid = squares[1]
        if offset(frm, mid) not in KNIGHT_JUMPS or offset(mid, to) not in KNIGHT_JUMPS:
            return "each jump of the Double Knight is a knight's L (two one way, one across)"
        if mid in board:
            return f"the first jump must land on an empty square, and {mid} is occupied"
    elif hero == "princess":
        text = _princess(s, seat, squares, fld, avoid)
        if text:
            return text
    elif hero == "imp":
        if len(squares) != 2:
            return "with the Imp name the start and end squares, e.g. c3-c6"
        return (
            f"with the Imp the checker on {frm} may move as any chess-die piece with a "
            f"{s.number}, but none of them reaches {to}" + _from(moves, frm, prefix)
        )
    else:
        if len(squares) != 2:
            return "name the start and end squares of the move, e.g. c3-c6"
        text = _piece(s, seat, s.chess, frm, to, fld)
        if text:
            return text
    return f"{notation} is not a legal move" + _from(moves, frm, prefix)


def _from(moves: dict, frm: str, prefix: str) -> str:
    options = _starting(moves, prefix, frm)
    if not options:
        return f"; the checker on {frm} has no legal move"
    shown = ", ".join(options[:8]) + (" …" if len(options) > 8 else "")
    return f"; from {frm} you may play {shown}"


def _piece(s: State, seat: int, piece: str, frm: str, to: str, fld: frozenset[str]) -> str:
    board = s.board
    dx, dy = offset(frm, to)
    enemy = to in board and board[to][0] != seat
    if piece == "king":
        if max(abs(dx), abs(dy)) != 1:
            return "a king moves one square in any direction"
    elif piece == "pawn":
        if (dx, dy) in ORTHOGONAL and enemy:
            return "a pawn captures only diagonally"
        if (dx, dy) in DIAGONAL and not enemy:
            return "a pawn moves diagonally only to capture an enemy checker"
        if (dx, dy) not in ORTHOGONAL + DIAGONAL:
            return (
                "a pawn steps one square along a row or column, or captures one square diagonally"
            )
    elif piece == "knight":
        if (dx, dy) not in KNIGHT_JUMPS:
            return "a knight jumps in an L: two squares one way and one across"
    else:
        way = line(frm, to)
        dirs = movegen.SLIDES[piece]
        if way is None or way[0] not in dirs:
            return {
                "rook": "a rook moves along a row or a column",
                "bishop": "a bishop moves diagonally",
                "queen": "a queen moves along a row, a column or a diagonal",
            }[piece]
        end, reason = movegen.slide_end(board, fld, seat, frm, way[0], s.number)
        if end == frm:
            return f"the checker on {frm} cannot move that way at all ({STOP_REASON[reason]})"
        if end != to:
            where = (
                f"ends on {end}" if reason == "full" else f"stops on {end}, {STOP_REASON[reason]}"
            )
            return (
                f"with a {s.number} the {piece} moves exactly {plural(s.number, 'square')} unless "
                f"stopped sooner: that way it {where}"
            )
    return ""


def _princess(s: State, seat: int, squares: list[str], fld: frozenset[str], avoid: set[str]) -> str:
    frm, to = squares[0], squares[-1]
    piece = s.chess
    board = s.board
    if piece in movegen.SLIDES:
        if len(squares) != 2:
            return "a sliding Princess names its start and end squares, e.g. princess c3-c7"
        way = line(frm, to)
        if way is None or way[0] not in movegen.SLIDES[piece]:
            return _piece(s, seat, piece, frm, to, fld) or "the Princess cannot go there"
        if to in avoid:
            return "the Princess may not stop on a god checker you know of"
        end = frm
        for nxt in RAYS[frm][way[0]][: s.number]:
            if nxt not in fld or (nxt in board and board[nxt][0] == seat):
                break
            end = nxt
        return (
            f"the Princess {piece} goes exactly {plural(s.number, 'square')}, capturing "
            "every enemy on the way, and stops sooner only before a gap, the edge or your own "
            "checker: "
            f"that way it ends on {end}"
        )
    if len(squares) - 1 > s.number:
        return f"the Princess makes at most {plural(s.number, 'move')} (the numbered die)"
    for a, b in pairwise(squares):
        dx, dy = offset(a, b)
        if piece == "king" and max(abs(dx), abs(dy)) != 1:
            return f"each move of the Princess king is one square ({a}-{b} is not)"
        if piece == "knight" and (dx, dy) not in KNIGHT_JUMPS:
            return f"each move of the Princess knight is an L jump ({a}-{b} is not)"
        if piece == "pawn" and (dx, dy) not in ORTHOGONAL + DIAGONAL:
            return f"each move of the Princess pawn is one square ({a}-{b} is not)"
        enemy = b in board and board[b][0] != seat
        if piece == "pawn" and (dx, dy) in ORTHOGONAL and enemy:
            return f"the Princess pawn captures only diagonally ({a}-{b} is not)"
        if piece == "pawn" and (dx, dy) in DIAGONAL and not enemy:
            return f"the Princess pawn moves diagonally only to capture ({a}-{b} is not)"
    for sq in squares[1:-1]:
        if sq not in board or board[sq][0] == seat:
            return f"the Princess continues only after a capture, and {sq} holds no enemy"
    for sq in squares[1:]:
        if sq in avoid:
            return "the Princess may not stop on a god checker you know of"
    return ""
