"""Storm of the Gods (2–6 players): gods move the wind Vaal Er Num over Num Oluur,
convert its tiles, build constructions and a sanctuary, and try to surround the wind."""

from engines.storm_of_the_gods.game import StormOfTheGods

GAME = StormOfTheGods()

__all__ = ["GAME", "StormOfTheGods"]
