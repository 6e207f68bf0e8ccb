"""When Gods Collide at the hard level: the set-up, planned so the god is kept out of
reach (:mod:`~engines.when_gods_collide.hard` plays it).

The set-up decides where a god can hide, and there every move scores the same: a search
lays its tiles anywhere, ``arrange auto`` scatters its army, and the god is chosen among
checkers standing next to the enemy. Here instead:

- **tiles**: each tile where it leaves the seat's best *refuge* least exposed — a square
  far from enemy tiles, counting the blocks still empty as places an enemy tile may yet
  come, as likely as the enemy's tiles left to lay can fill them;
- **arrange**: the army packed around that refuge, the squares next to it first, so
  that no sliding, king or pawn move reaches it and every enemy has to dig through;
- **god**: the checker on the refuge (the least exposed and in danger, then the best
  shielded).

It reads the public board and its own seat only.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engines.when_gods_collide.computer import danger, pictured
from engines.when_gods_collide.geometry import (
    BLOCKS,
    COORDS,
    NEXT,
    block_neighbours,
    block_squares,
    field,
    square_order,
)
from engines.when_gods_collide.state import ARMY_SIZE, TILES_EACH, State

REACH = (0.0, 1.0, 0.6, 0.35, 0.2, 0.12, 0.08)
"""How much an enemy checker that many squares away (the king's distance) threatens a
square, next to it counting 1; seven and more squares: :data:`FAR`."""
FAR = 0.04
FILL = ARMY_SIZE / (4 * TILES_EACH)
"""The share of its tiles' squares an army stands on."""
LATER = 0.5
"""An empty block two steps from the laid tiles counts this much of a frontier block
(an enemy tile may come there only after another)."""


def distance(a: str, b: str) -> int:
    ax, ay = COORDS[a]
    bx, by = COORDS[b]
    return max(abs(ax - bx), abs(ay - by))


def reach(d: int) -> float:
    return REACH[d] if d < len(REACH) else FAR


def exposure(square: str, enemies: Iterable[tuple[str, float]]) -> float:
    """How exposed ``square`` is to enemy checkers, each ``(square, likelihood)``."""
    return sum(weight * reach(distance(square, where)) for where, weight in enemies)


def presence(state: State, seat: int) -> list[tuple[str, float]]:
    """Where enemy checkers stand or may come to stand, each with its likelihood.

    An enemy's checkers where they stand once arranged; before, each square of its
    tiles holds one with the chance its army fills them. While tiles are laid, an empty
    block next to the laid ones may still get an enemy tile — as likely as the enemy
    tiles left to lay can fill the blocks open to them — and one two steps away half
    as likely.
    """
    found: list[tuple[str, float]] = []
    arranged = {owner for owner, _ in state.board.values()}
    for square, (owner, _) in state.board.items():
        if owner != seat:
            found.append((square, 1.0))
    tiles = state.tiles
    for block, owner in tiles.items():
        if owner != seat and owner not in arranged:
            found.extend((square, FILL) for square in block_squares(block))
    if state.phase != "tiles":
        return found
    enemy_left = sum(TILES_EACH - sum(1 for o in tiles.values() if o == other)
                     for other in range(state.players) if other != seat)
    frontier = [b for b in BLOCKS if b not in tiles
                and any(n in tiles for n in block_neighbours(b))]
    second = sorted({n for b in frontier for n in block_neighbours(b)
                     if n not in tiles and n not in frontier}, key=square_order)
    if enemy_left and frontier:
        chance = min(1.0, enemy_left / len(frontier)) * FILL
        for block, weight in [(b, chance) for b in frontier] + [(b, chance * LATER)
                                                                for b in second]:
            found.extend((square, weight) for square in block_squares(block))
    return found


def own_squares(tiles: dict[str, int], seat: int) -> list[str]:
    return sorted((sq for block, owner in tiles.items() if owner == seat
                   for sq in block_squares(block)), key=square_order)


def refuge(state: State, seat: int) -> tuple[float, str]:
    """The seat's least exposed square of its tiles, and its exposure."""
    enemies = presence(state, seat)
    return min((round(exposure(square, enemies), 9), square)
               for square in own_squares(state.tiles, seat))


def arrangement(state: State, seat: int) -> list[str]:
    """Twelve squares of the seat's tiles packed around its refuge, nearest first."""
    _, heart = refuge(state, seat)
    enemies = presence(state, seat)
    mine = own_squares(state.tiles, seat)
    ranked = sorted(mine, key=lambda sq: (distance(sq, heart), exposure(sq, enemies),
                                          square_order(sq)))
    return sorted(ranked[:ARMY_SIZE], key=square_order)


def god_square(state: State, seat: int) -> str:
    """The checker to be the god: the least exposed and in danger (the enemy pictured
    on all its tiles while its army is not arranged), then the one with the fewest
    empty squares around it (the best shielded)."""
    enemies = presence(state, seat)
    board = pictured(state)
    squares = field(state.tiles)
    mine = [sq for sq, (owner, _) in state.board.items() if owner == seat]

    def unshielded(square: str) -> int:
        return sum(1 for near in NEXT[square].values()
                   if near in squares and near not in state.board)

    return min(mine, key=lambda sq: (round(exposure(sq, enemies)
                                           + 3 * danger(board, squares, sq, seat), 9),
                                     unshielded(sq), square_order(sq)))


def tile_block(state: State, seat: int, blocks: Sequence[str]) -> str:
    """The block that leaves the seat's refuge least exposed."""
    def left(block: str) -> tuple[float, tuple[int, int]]:
        trial = state.clone()
        trial.tiles[block] = seat
        return refuge(trial, seat)[0], square_order(block)
    return min(blocks, key=left)
