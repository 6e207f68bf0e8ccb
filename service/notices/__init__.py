"""What reaches a member outside a thread: following a match and the "your turn" notices
(:mod:`.notify`), quiet hours in the member's time zone (:mod:`.quiet`), the daily digest
(:mod:`.digest`), private notes on a match (:mod:`.notes`) and the nonces that keep a
resent DM from showing twice (:mod:`.nonces`).

Owns the tables of notify settings, follows, held notices and notes. Uses the clocks (what is
due, how long is left) and the match (what waits for whom).
"""

USES: tuple[str, ...] = ("clocks", "match")
"""The other rooms this room may import (:mod:`service.common` is every room's)."""

FACE: tuple[str, ...] = ("nonces", "notes", "notify", "quiet")
"""The modules other rooms and the front ends may import; the rest are this room's own."""
