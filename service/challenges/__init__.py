"""Challenges (:mod:`.challenges`: a match offered to named members, accepted, declined,
withdrawn or lapsed) and rematches (:mod:`.rematch`).

Owns the tables of challenges and their players, rematches and rematch votes. Uses the match
(an accepted challenge or a rematch opens a lobby).
"""

USES: tuple[str, ...] = ("match",)
"""The other rooms this room may import (:mod:`service.common` is every room's)."""

FACE: tuple[str, ...] = ("challenges",)
"""The modules other rooms and the front ends may import; the rest are this room's own."""
