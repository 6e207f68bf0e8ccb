"""When Gods Collide's battle between two armies, weighed roll by roll.

A checker taken is one chance in as many enemy checkers that it was the god, so the
battle is a race of captures; the search (:mod:`engines.ai`) samples a few rolls per
move and often loses that race. Here every move of the roll is weighed by what follows
it exactly, over the 36 rolls of the chess and numbered dice:

- what it takes now, and the chance that one of those was the enemy god;
- the chance that the enemy can take one of ours on its roll, and the chance that
  it takes our god (a checker at random among those it can reach, our god for sure
  once it is known to all);
- the chance that we can take one of theirs on our next roll, and that it is the god;
- how near the enemy stands to our god (:func:`engines.when_gods_collide.fortress.exposure`).

It reads what the seat may know only: where checkers stand, whose they are, its own
god, the gods it found and those known to all, and which checkers Seth converted
(those are never a god). A hero face (a 6 on the numbered die) is weighed as the plain
piece with a 6.
"""

from __future__ import annotations

from collections.abc import Collection

from engines.when_gods_collide.fortress import exposure
from engines.when_gods_collide.geometry import (
    DIAGONAL,
    KNIGHT_JUMPS,
    NEXT,
    ORTHOGONAL,
    RAYS,
    field,
)
from engines.when_gods_collide.movegen import PIECES
from engines.when_gods_collide.state import ARMY_SIZE, State

Board = dict[str, list[int]]

WIN = 10.0
"""A match won, in checkers."""
LOSS = 10.0
"""A match lost (our god taken), in checkers."""
FIRST_SHOT = 0.5
"""How much our next roll's chance to capture counts (the enemy may take back)."""
NEAR = 0.3
"""Per unit of the god's exposure."""
ROLLS = 36


def captures(board: Board, squares: Collection[str], attacker: int) -> list[dict[str, str]]:
    """What ``attacker`` can capture on each of the 36 rolls: target square -> the square
    of one checker that can take it."""
    king: dict[str, str] = {}
    pawn: dict[str, str] = {}
    knight: dict[str, str] = {}
    straight: list[tuple[int, str, str]] = []
    slanted: list[tuple[int, str, str]] = []
    for square, (owner, _) in board.items():
        if owner != attacker:
            continue
        near = NEXT[square]
        for jump in KNIGHT_JUMPS:
            to = near.get(jump)
            if to is not None and to in squares:
                held = board.get(to)
                if held is not None and held[0] != attacker:
                    knight.setdefault(to, square)
        for directions, found in ((ORTHOGONAL, straight), (DIAGONAL, slanted)):
            for direction in directions:
                for distance, to in enumerate(RAYS[square][direction][:6], start=1):
                    if to not in squares:
                        break
                    held = board.get(to)
                    if held is None:
                        continue
                    if held[0] != attacker:
                        found.append((distance, to, square))
                        if distance == 1:
                            king.setdefault(to, square)
                            if directions is DIAGONAL:
                                pawn.setdefault(to, square)
                    break
    rolls: list[dict[str, str]] = []
    for piece in PIECES:
        for number in range(1, 7):
            if piece == "king":
                rolls.append(king)
            elif piece == "pawn":
                rolls.append(pawn)
            elif piece == "knight":
                rolls.append(knight)
            else:
                lines = (straight if piece != "bishop" else []) + (
                    slanted if piece != "rook" else [])
                rolls.append({to: frm for d, to, frm in lines if d <= number})
    return rolls


class Battle:
    """What ``seat`` knows of a two-army battle, and the value of boards after its move."""

    def __init__(self, state: State, seat: int) -> None:
        self.seat = seat
        self.enemy = next(p for p in state.alive() if p != seat)
        self.god = state.gods[seat]
        known = set(state.known[seat]) | set(state.public)
        self.enemy_god = state.gods[self.enemy] if state.gods[self.enemy] in known else -1
        self.revealed = state.gods[seat] in state.public  # what the enemy found is its secret

    def god_chance(self, board: Board, ident: int) -> float:
        """The chance, as ``seat`` knows, that enemy checker ``ident`` is the god."""
        return self._chance(ident, self.born(board))

    def born(self, board: Board) -> int:
        return sum(1 for owner, i in board.values()
                   if owner == self.enemy and i // ARMY_SIZE == self.enemy)

    def our_turn(self, board: Board, squares: Collection[str]) -> float:
        """A board with us to roll, in checkers: the count, our first shot (a capture,
        and the chance it is the god), how near the enemy stands to our god."""
        mine = [sq for sq, (owner, _) in board.items() if owner == self.seat]
        theirs = [sq for sq, (owner, _) in board.items() if owner == self.enemy]
        god_square = next((sq for sq in mine if board[sq][1] == self.god), None)
        if god_square is None:
            return -LOSS
        if not theirs:
            return WIN
        born = self.born(board)
        shot = 0.0
        for found in captures(board, squares, self.seat):
            if found:
                shot += 1 + WIN * max(self._chance(board[sq][1], born) for sq in found)
        near = exposure(god_square, ((sq, 1.0) for sq in theirs))
        return len(mine) - len(theirs) + FIRST_SHOT * shot / ROLLS - NEAR * near

    def _chance(self, ident: int, born: int) -> float:
        if self.enemy_god >= 0:
            return 1.0 if ident == self.enemy_god else 0.0
        if ident // ARMY_SIZE != self.enemy or not born:
            return 0.0
        return 1.0 / born

    def value(self, board: Board, squares: Collection[str]) -> float:
        """The board after our move, the enemy to roll, in checkers: each of its 36
        rolls, on which it takes one checker it can reach at random (our god if it
        knows it), or else leaves the board as it is."""
        if not any(owner == self.enemy for owner, _ in board.values()):
            return WIN
        god_square = next((sq for sq, (owner, i) in board.items()
                           if owner == self.seat and i == self.god), None)
        if god_square is None:
            return -LOSS
        seen: dict[str, float] = {}
        quiet: float | None = None
        total = 0.0
        for found in captures(board, squares, self.enemy):
            if not found:
                if quiet is None:
                    quiet = self.our_turn(board, squares)
                total += quiet
                continue
            if god_square in found and self.revealed:
                total -= LOSS
                continue
            outcome = 0.0
            for to, frm in found.items():
                if to not in seen:
                    if to == god_square:
                        seen[to] = -LOSS
                    else:
                        after = dict(board)
                        after[to] = after.pop(frm)
                        seen[to] = self.our_turn(after, squares)
                outcome += seen[to]
            total += outcome / len(found)
        return total / ROLLS

def weigh(state: State, seat: int, actions: dict[str, tuple]) -> dict[str, float]:
    """Each move's value for ``seat`` (two armies left, a roll to play), in checkers."""
    battle = Battle(state, seat)
    board = state.board
    squares = field(state.tiles)
    standing = battle.value(board, squares)  # an attempt on a god refused: we choose again
    values = {}
    for notation, action in actions.items():
        kind = action[0]
        after = dict(board)
        chance = 0.0
        if kind in ("move", "fly"):
            frm, to = action[1], action[2]
            victim = after.get(to)
            after[to] = after.pop(frm)
            if victim is not None and victim[0] != seat:
                chance = battle.god_chance(board, victim[1])
        elif kind == "push":
            after[action[2]] = after.pop(action[1])
        elif kind == "seth":
            victim = after[action[1]]
            after[action[1]] = [seat, victim[1]]
            chance = battle.god_chance(board, victim[1])
        else:  # the Princess takes every checker she meets but a god, which she passes
            frm, visits = action[1], action[2]
            piece = after.pop(frm)
            for square in visits:
                held = after.get(square)
                if held is not None and held[0] != seat:
                    del after[square]
            after[visits[-1]] = piece
            last = board.get(visits[-1])
            if last is not None and last[0] != seat:
                chance = battle.god_chance(board, last[1])
        value = battle.value(after, squares)
        if kind == "move":  # the god taken: the match won
            values[notation] = chance * WIN + (1 - chance) * value
        else:  # a god is refused: the attempt fails and we move again
            values[notation] = chance * standing + (1 - chance) * value
    return values
