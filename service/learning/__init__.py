"""Learning a game: its lessons (:mod:`.lessons`: a scripted first match against the
computer), the coach's ``/hint`` and ``/review`` (:mod:`.coach`), and the facade's calls
for both (:mod:`.desk`).

Owns the hints table. Uses the match (a lesson is a match), records (a review replays one) and
the server's settings (where a lesson may open).
"""

USES: tuple[str, ...] = ("match", "records", "community")
"""The other rooms this room may import (:mod:`service.common` is every room's)."""

FACE: tuple[str, ...] = ("coach", "lessons")
"""The modules other rooms and the front ends may import; the rest are this room's own."""
