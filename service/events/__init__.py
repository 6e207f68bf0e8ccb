"""Tournaments: the event and its rounds (:mod:`.tournaments`), its terms
(:mod:`.entry_terms`), its members joining, leaving and leaving the server
(:mod:`.members`), the posts it owes its channel, kept in an outbox (:mod:`.outbox`), the
texts of those posts (:mod:`.texts`), and the pairing of a round (the pure package
:mod:`.pairing`, run off the event loop by :mod:`.round_tables`). The facade's tournament
calls are :mod:`.desk`.

Owns the tables of tournaments, their entrants, tables and outbox. Uses the match (each table
of a round is a match), the clock pass (round deadlines), the notices and the server's
settings.
"""

USES: tuple[str, ...] = ("match", "notices", "community", "clocks")
"""The other rooms this room may import (:mod:`service.common` is every room's)."""

FACE: tuple[str, ...] = ("entry_terms", "pairing", "texts", "tournaments")
"""The modules other rooms and the front ends may import; the rest are this room's own."""
