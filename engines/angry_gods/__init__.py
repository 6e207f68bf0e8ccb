"""Angry Gods: a SiegeStones variant for 2 players by Aaron Bradford Starr.

Players take turns placing a stone of any colour from a common pool as a Leader (in a
space) or a Follower (on an intersection). A Leader surrounded by six followers ascends
as a God; an empty space surrounded becomes a False God. Worshippers score one point per
God of their colour. The rules as the engine keeps them, with our rulings where the
original text is silent, are ``engines/rules/angry-gods.md`` (what ``/rules`` shows).

Geometry: 37 spaces in a hexagon of radius 3 (pointy-top, rows ``A``–``G`` of 4, 5, 6,
7, 6, 5, 4 spaces numbered from the left). An intersection is a corner shared by three
spaces of the board (54 of them); it is named by any of its spaces plus a corner
direction (``n``, ``ne``, ``se``, ``s``, ``sw``, ``nw``) and printed with the name from
the topmost, then leftmost, of its three spaces (always an ``se`` or ``s`` corner).

Stone accounting: the 80 stones are always ``pool + leaders + gods + followers +
worshippers``; worshippers (initial and gained) are taken out of the pool and never
return to it. Removed followers return to the pool.
"""

from __future__ import annotations

from engines.angry_gods.board import (
    AXIAL,
    COLOURS,
    CORNERS,
    DIRECTIONS,
    INNER_SPACES,
    INTERSECTION_SPACES,
    INTERSECTIONS,
    NEIGHBOURS,
    OUTER_RING,
    ROW_LENGTHS,
    ROWS,
    SPACES,
    STONES_PER_COLOUR,
    TOWERS,
    Placement,
    corner_point,
    intersection_name,
    intersection_point,
    parse_move,
    parse_position,
    space_point,
)
from engines.angry_gods.game import GAME, AngryGods
from engines.angry_gods.position import AngryGodsState, score
from engines.angry_gods.view import AngryGodsView
from engines.spec import Budget, Computer, GameSpec

__all__ = [
    "AXIAL",
    "COLOURS",
    "CORNERS",
    "DIRECTIONS",
    "GAME",
    "INNER_SPACES",
    "INTERSECTIONS",
    "INTERSECTION_SPACES",
    "NEIGHBOURS",
    "OUTER_RING",
    "ROWS",
    "ROW_LENGTHS",
    "SPACES",
    "SPEC",
    "STONES_PER_COLOUR",
    "TOWERS",
    "AngryGods",
    "AngryGodsState",
    "Placement",
    "corner_point",
    "intersection_name",
    "intersection_point",
    "parse_move",
    "parse_position",
    "score",
    "space_point",
]

SPEC = GameSpec.standard(
    GAME, __name__, order=20,
    # Budgets chosen with bench/ai.py (2 s p95 on a shared 2-core machine; hard stops near
    # half a second, where it meets the goals).
    computer=Computer(normal=Budget(iterations=16), hard=Budget(iterations=64, seconds=1.5),
                      scale=4.0),
    view_type=AngryGodsView,
)
