"""The match itself, from its lobby to its result: finding a match and its state
(:mod:`.core`), the lobby and its seats (:mod:`.lobby`), the terms a match is played on
(:mod:`.terms`), the gate every new match passes (:mod:`.gate`), moves and resignations
(:mod:`.turns`), recording a move and all that follows it (:mod:`.play`), take-backs
(:mod:`.undo`), reading a match (:mod:`.reading`, :mod:`.recent`, :mod:`.overview`),
computer seats (:mod:`.computer`), pictures (:mod:`.pictures`), ratings and the leaderboard
(:mod:`.ratings`), and the suggestions and menus of legal moves (:mod:`.suggest`,
:mod:`.move_groups`).

Owns the tables of matches, seats, moves, undo requests, ratings and the posts of a match.
Uses the clocks (a move spends time from a bank) and learning (a lesson's scripted replies,
the coach's hint lines).
"""

USES: tuple[str, ...] = ("clocks", "learning")
"""The other rooms this room may import (:mod:`service.common` is every room's)."""

FACE: tuple[str, ...] = (
    "computer", "core", "gate", "lobby", "move_groups", "overview", "pictures", "play", "ratings",
    "recent", "suggest", "terms", "turns", "undo")
"""The modules other rooms and the front ends may import; the rest are this room's own."""
