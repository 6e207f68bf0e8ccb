"""A server and its members' rights: privacy (:mod:`.privacy`: show, export and delete what
the bot keeps of a member), a server's settings (:mod:`.server_settings`) and caps on what
members open (:mod:`.limits`), a departed server's data (:mod:`.retention`), the counts
for the host's metrics (:mod:`.stats`), and each member's language (:mod:`.languages`).

Owns the tables of server settings, server departures, deleted players and members'
languages. Uses the match,
challenges, events, records and notices: a deletion reaches into each.
"""

USES: tuple[str, ...] = ("match", "challenges", "events", "records", "notices")
"""The other rooms this room may import (:mod:`service.common` is every room's)."""

FACE: tuple[str, ...] = ("languages", "limits", "privacy", "retention", "server_settings")
"""The modules other rooms and the front ends may import; the rest are this room's own."""
