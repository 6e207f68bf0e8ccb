"""Storm of the Gods (2–6 players): gods move the wind Vaal Er Num over Num Oluur,
convert its tiles, build constructions and a sanctuary, and try to surround the wind."""


from engines.spec import Budget, Computer, GameSpec
from engines.storm_of_the_gods.game import StormOfTheGods
from engines.storm_of_the_gods.view import StormView

GAME = StormOfTheGods()

SPEC = GameSpec.standard(
    GAME, __name__, order=30,
    # Chance swings more than in the other games, so the search rolls out 3 moves.
    computer=Computer(normal=Budget(iterations=150, rollout_depth=3),
                      hard=Budget(iterations=600, rollout_depth=3, seconds=1.5),
                      scale=15.0, adjust="engines.storm_of_the_gods.computer:deep_totals",
                      # a computer taking a tile back each turn puts one more worshipper
                      # on it: a round trip all the same
                      counts=("worshippers",)),
    view_type=StormView,
)

__all__ = ["GAME", "SPEC", "StormOfTheGods"]
