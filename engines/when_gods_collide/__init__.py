"""When Gods Collide: a chess variant on a battlefield of tiles, with hidden god checkers.

The engine lives in :mod:`engines.when_gods_collide.game`; ``GAME`` is the game object.
"""

from engines.when_gods_collide.game import GAME, WhenGodsCollide
from engines.when_gods_collide.state import State

__all__ = ["GAME", "State", "WhenGodsCollide"]
