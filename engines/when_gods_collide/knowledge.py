"""When Gods Collide: who knows which god. The squares of the gods a viewer knows,
each player's private view and its words, the reveal at the end, and the states a
viewer cannot tell apart (determinisation, for computer players and twin tests)."""

from __future__ import annotations

import random

from engines.base import join_words, seat_name
from engines.when_gods_collide.geometry import square_order
from engines.when_gods_collide.state import ARMY_SIZE, CULTURES, GODS, State


def known_gods(state: State, seat: int | None) -> set[str]:
    """Squares of the gods ``seat`` knows (its own, its discoveries and the gods known
    to all); for the public (None) only the gods known to all."""
    public = set(state.public)
    if seat is None or not 0 <= seat < state.players:
        return {sq for sq, (_, ident) in state.board.items() if ident in public}
    known = set(state.known[seat]) | public
    own = state.gods[seat]
    return {
        sq
        for sq, (o, ident) in state.board.items()
        if (o == seat and ident == own) or (o != seat and ident in known)
    }


def private_view(state: State, seat: int) -> dict | None:
    if not 0 <= seat < state.players:
        return None
    god = None
    if state.gods[seat] >= 0:
        god = state.square_of(state.gods[seat])
    known = set(state.known[seat]) | set(state.public)
    found = {
        sq: o for sq, (o, ident) in sorted(state.board.items()) if o != seat and ident in known
    }
    return {"culture": CULTURES[seat], "god_name": GODS[seat], "god": god, "known_gods": found}


def private_text(state: State, seat: int) -> str | None:
    """E.g. "Your god checker (Marduk) is on e4. You know {seat1}'s god checker: g7."."""
    if not 0 <= seat < state.players:
        return None
    if seat in state.eliminated:
        text = f"Your god checker ({GODS[seat]}) was captured: you are out of the battle."
    elif state.gods[seat] < 0:
        text = f"You have not chosen your god checker ({GODS[seat]}) yet."
    else:
        text = f"Your god checker ({GODS[seat]}) is on {state.square_of(state.gods[seat])}."
    known = set(state.known[seat]) | set(state.public)
    found = [
        f"{seat_name(o)}'s god checker: {sq}"
        for sq, (o, ident) in sorted(state.board.items(), key=lambda kv: (kv[1][0], kv[0]))
        if o != seat and ident in known
    ]
    if found:
        text += f" You know {join_words(found)}."
    elif state.phase not in ("tiles", "arrange", "god", "over"):
        text += " You know no other player's god checker."
    return text


def final_reveal(state: State) -> str | None:
    """Where every god checker stood when the match ended (by the rules, or by a
    resignation or deadline: the caller decides when it has ended)."""
    lines = []
    for p in range(state.players):
        square = state.square_of(state.gods[p]) if state.gods[p] >= 0 else None
        if state.gods[p] < 0:
            lines.append(f"{seat_name(p)} had not chosen a god checker.")
        elif square is not None:
            lines.append(f"{seat_name(p)}'s god checker ({GODS[p]}) was on {square}.")
        else:
            lines.append(f"{seat_name(p)}'s god checker ({GODS[p]}) was captured.")
    return " ".join(lines)


def determinise(state: State, seat: int | None, rng: random.Random) -> State:
    """Others' gods and what others have learned are secret, and so are the
    checkers' identities (a view shows owners only): checkers are numbered afresh in
    square order, each other player's god is the one ``seat`` has found (or everyone
    knows) or else one of their own first checkers (never one Seth converted) at
    random, others' discoveries are forgotten
    (but for the gods known to all) and future rolls come from a fresh seed. For the
    public (``seat`` None) every god is drawn so but those known to all."""
    new = state.clone()
    squares = sorted(state.board, key=square_order)
    # A checker's id is its first owner's seat * ARMY_SIZE + k (public: a checker Seth
    # converted is never its new owner's god), so ids are renumbered within that block.
    ident: dict[int, int] = {}
    for sq in squares:
        old = state.board[sq][1]
        origin = old // ARMY_SIZE
        ident[old] = origin * ARMY_SIZE + sum(1 for i in ident if i // ARMY_SIZE == origin)
    new.board = {sq: [state.board[sq][0], ident[state.board[sq][1]]] for sq in squares}
    mine = set(state.public)
    if seat is not None and 0 <= seat < state.players:
        mine |= set(state.known[seat])
    for p in range(state.players):
        if p == seat:
            new.gods[p] = ident.get(state.gods[p], -1)
        elif state.gods[p] < 0 or p in state.eliminated:
            new.gods[p] = -1
        else:
            held = [sq for sq in squares if state.board[sq][0] == p]
            own = [sq for sq in held if state.board[sq][1] // ARMY_SIZE == p] or held
            found = [sq for sq in own if state.board[sq][1] in mine]
            new.gods[p] = new.board[found[0] if found else rng.choice(own)][1]
        if p == seat:
            new.known[p] = sorted(ident[i] for i in state.known[p] if i in ident)
        else:
            new.known[p] = sorted(ident[i] for i in state.public if i in ident)
    new.public = sorted(ident[i] for i in state.public if i in ident)
    if seat is None or state.last_seat != seat:
        new.last_private, new.last_seat = [], -1
    new.seed, new.step = rng.getrandbits(62), 0
    return new
