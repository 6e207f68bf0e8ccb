"""When Gods Collide: a chess variant on a battlefield of tiles, with hidden god checkers.

The engine lives in :mod:`engines.when_gods_collide.game`; ``GAME`` is the game object.
"""


from engines.spec import Budget, Computer, GameSpec
from engines.when_gods_collide.game import GAME, WhenGodsCollide
from engines.when_gods_collide.state import State
from engines.when_gods_collide.view import WhenGodsCollideView

SPEC = GameSpec.standard(
    GAME, __name__, order=40,
    # hard 250: CPU p95 1.2 s a decision (400 took ~2 s) and no weaker against greedy
    computer=Computer(normal=Budget(iterations=100),
                      hard=Budget(iterations=250, seconds=1.5),
                      scale=3.0, adjust="engines.when_gods_collide.computer:deep_totals",
                      hard_player="engines.when_gods_collide.hard:HardPlayer"),
    view_type=WhenGodsCollideView,
    score_unit="checker",  # a score is the checkers a seat has left on the board
)

__all__ = ["GAME", "SPEC", "State", "WhenGodsCollide"]
