"""Time: each seat's bank and a match's clock (:mod:`.bank`, :mod:`.turn_clocks`), the clocks
a member may choose (:mod:`.clock_options`), the clock pass that plays timeouts and finds
reminders due (:mod:`.clock_pass`), reminders that cannot be posted or delivered
(:mod:`.post_failures`), and vacations, reminder settings and nudges (:mod:`.vacations`).

Owns the tables of match clocks, turn reminders, vacations and user settings. Uses the match
(a timeout is played as a move) and the notices (what the clock pass finds due).
"""

USES: tuple[str, ...] = ("match", "notices")
"""The other rooms this room may import (:mod:`service.common` is every room's)."""

FACE: tuple[str, ...] = ("bank", "clock_options", "clock_pass", "turn_clocks")
"""The modules other rooms and the front ends may import; the rest are this room's own."""
