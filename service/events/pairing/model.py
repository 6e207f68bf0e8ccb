"""What pairing works on: a played (or bye) table of a round."""

from __future__ import annotations

from dataclasses import dataclass, field

SWISS = "swiss"
ROUND_ROBIN = "round-robin"
TABLES = "tables"
FORMATS = (SWISS, ROUND_ROBIN, TABLES)

BYE_POINTS = 1.0
"""A bye scores as a win."""


@dataclass(frozen=True)
class Table:
    """One table of a round: ``players`` (entrant ids) in seat order, seat 0 first (White
    in a two-player game); ``points`` each scored once it ended (empty while it runs). A
    table of one player is a bye."""

    round: int
    players: tuple[int, ...]
    points: dict[int, float] = field(default_factory=dict, compare=False)

    @property
    def bye(self) -> bool:
        return len(self.players) == 1

    @property
    def done(self) -> bool:
        return bool(self.points) or self.bye

    def scored(self, entrant: int) -> float:
        if self.bye:
            return BYE_POINTS
        return self.points.get(entrant, 0.0)
