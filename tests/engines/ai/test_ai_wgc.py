"""The When Gods Collide evaluation: a god in reach of the seat to move is the match."""

from __future__ import annotations

import engines
from engines.ai.evaluate import evaluate_deep
from engines.when_gods_collide.computer import adjusted_counts, danger, gods_at_risk
from engines.when_gods_collide.geometry import (
    BLOCKS,
    COORDS,
    KNIGHT_JUMPS,
    NAMES,
    block_squares,
    field,
)
from engines.when_gods_collide.state import State
from tests.engines.ai.test_ai import midgame

GAME = engines.get("when-gods-collide")
TILES = {block: 0 if k % 2 == 0 else 1 for k, block in enumerate(BLOCKS)}
"""Every block laid: the whole area is a field, blocks alternating between the seats."""


def battle(board: dict[str, tuple[int, int]], current: int, gods=(0, 12)) -> State:
    """Two players in battle, ``current`` to move with a king and a 1."""
    return State(players=2, seed=7, step=3, phase="move", first=0, current=current,
                 gods=list(gods), known=[[], []], tiles=dict(TILES),
                 board={sq: list(v) for sq, v in board.items()}, chess="king", number=1)


def test_a_god_next_to_an_enemy_loses_the_share_of_its_value_the_roll_gives():
    # Seat 0, six checkers up, has its god on a1 beside seat 1's checker on b2; seat
    # 1's god is on p1, out of every reach.
    ahead = {"a1": (0, 0), "b2": (1, 12), "p1": (1, 13),
             **{f"h{k}": (0, k) for k in range(1, 8)}}
    state = battle(ahead, current=1, gods=(0, 13))
    chance = danger(state.board, field(state.tiles), "a1", 0)
    assert 0 < chance < 1
    risky = evaluate_deep(GAME, state, 2)[0]
    # The same lead with the god out of reach.
    safe = battle({**{k: v for k, v in ahead.items() if k != "a1"}, "p16": (0, 0)},
                  current=1, gods=(0, 13))
    # A six-checker lead is worth 0.5 + 0.5 tanh(6 / 3) ~ 0.98, and the god survives
    # the roll with 1 - chance: the risky lead is worth that product, less than safe.
    assert abs(risky - (1 - chance) * evaluate_deep(GAME, safe, 2)[0]) < 1e-9
    assert risky < evaluate_deep(GAME, safe, 2)[0]


def test_the_seat_to_move_pays_for_its_own_god_in_checkers_only():
    # Seat 0 to move may take its god away: its danger costs GOD_WORTH checkers times
    # the chance, not the match.
    board = {"a1": (0, 0), "b2": (1, 12), "p16": (1, 13)}
    counts = adjusted_counts(battle(board, current=0, gods=(0, 13)), [1.0, 2.0])
    chance = danger({k: list(v) for k, v in board.items()}, field(TILES), "a1", 0)
    assert counts == [1.0 - 4.0 * chance, 2.0]


def test_the_god_is_chosen_away_from_an_army_not_arranged_yet():
    # Seat 0 has arranged on its tiles; seat 1 has not: its tiles count as its army.
    tiles = {"g7": 0, "g5": 0, "g3": 0, "i7": 1, "i9": 1, "k7": 1}
    mine = [*block_squares("g7"), *block_squares("g5"), *block_squares("g3")]
    near, far = "h8", "g3"
    assert near in mine and far in mine
    def chosen(square: str) -> float:
        board = {sq: [0, k] for k, sq in enumerate(mine)}
        state = State(players=2, seed=7, step=3, phase="arrange", first=0, current=1,
                      gods=[board[square][1], -1], known=[[], []], tiles=tiles, board=board)
        return gods_at_risk(state)[0]
    assert chosen(near) > 0.5 > chosen(far) == 0.0


def every_enemys_threat(board: dict, squares: frozenset[str], god: str, seat: int) -> float:
    """The danger counted checker by checker (the reference the ray walk must match)."""
    gx, gy = COORDS[god]
    safe = 1.0
    for square, (owner, _id) in board.items():
        if owner == seat:
            continue
        x, y = COORDS[square]
        dx, dy = gx - x, gy - y
        threat = 0.0
        if max(abs(dx), abs(dy)) == 1:
            threat += 1 / 6 + (1 / 6 if abs(dx) == abs(dy) else 0.0)  # king, pawn
        if (dx, dy) in KNIGHT_JUMPS:
            threat += 1 / 6
        distance = max(abs(dx), abs(dy))
        if (dx == 0 or dy == 0 or abs(dx) == abs(dy)) and 0 < distance <= 6:
            sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
            path = [NAMES[x + sx * k][y + sy * k] for k in range(1, distance)]
            if all(p in squares and p not in board for p in path):
                threat += 2 / 6 * (7 - distance) / 6
        safe *= 1.0 - min(1.0, threat)
    return 1.0 - safe


def test_the_danger_walked_from_the_god_is_every_enemy_checkers_threat():
    checked = 0
    for seed in range(12):
        for plies in (40, 70, 110):
            state = midgame(GAME, 2 + seed % 3, seed, plies)
            if state.phase not in ("move", "hero"):
                continue
            squares = field(state.tiles)
            for square, (owner, _id) in state.board.items():
                expected = every_enemys_threat(state.board, squares, square, owner)
                assert abs(danger(state.board, squares, square, owner) - expected) < 1e-12
                checked += 1
    assert checked > 200
