"""Learning a game: its lessons (:mod:`.lessons`: a scripted first match against the
computer; :mod:`.words`: a lesson's own words, said in its reader's language), the
coach's ``/hint`` and ``/review`` (:mod:`.coach`), and the facade's calls for both
(:mod:`.desk`).

Owns the hints table. Uses the match (a lesson is a match, and passes its gate) and records
(a review replays one).
"""

USES: tuple[str, ...] = ("match", "records")
"""The other rooms this room may import (:mod:`service.common` is every room's)."""

FACE: tuple[str, ...] = ("coach", "lessons")
"""The modules other rooms and the front ends may import; the rest are this room's own."""
