"""When Gods Collide's hard player: the set-up planned around a refuge for the god
(:mod:`~engines.when_gods_collide.fortress`), the battle between two armies weighed
roll by roll (:mod:`~engines.when_gods_collide.tactics`), and the search
(:mod:`engines.ai`) for the rest: whether to roll the hero die, and battles of three
or four armies."""

from __future__ import annotations

import random
from collections.abc import Sequence

from engines.ai.players import Decision, MctsPlayer, Player
from engines.base import Game
from engines.when_gods_collide import tactics
from engines.when_gods_collide.fortress import arrangement, god_square, tile_block
from engines.when_gods_collide.game import GAME
from engines.when_gods_collide.state import State


class HardPlayer(Player):
    """See the module."""

    name = "wgc-hard"

    def __init__(self) -> None:
        import engines
        self.search = MctsPlayer(budgets={
            GAME.slug: engines.spec(GAME.slug).computer.hard})

    def decide(self, game: Game, state: State, seat: int, seed: int,
               history: Sequence[str] = ()) -> Decision:
        moves = game.legal_moves(state, seat)
        if len(moves) == 1 and state.phase != "arrange":
            return Decision(moves[0])
        if state.phase == "tiles":
            blocks = [m.split()[1] for m in moves]
            return Decision(f"tile {tile_block(state, seat, blocks)}", len(blocks))
        if state.phase == "arrange":
            return Decision("arrange " + " ".join(arrangement(state, seat)), 1)
        if state.phase == "god":
            return Decision(f"god {god_square(state, seat)}", len(moves))
        if state.phase == "move" and len(state.alive()) == 2:
            values = tactics.weigh(state, seat, GAME.actions(state, seat))
            best = max(values.values())
            chosen = [m for m in moves if values.get(m, -1e9) >= best - 1e-9]
            return Decision(random.Random(seed).choice(chosen), len(moves))
        return self.search.decide(game, state, seat, seed, history)
