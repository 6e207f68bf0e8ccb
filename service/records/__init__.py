"""Game records: writing a match out as JSON and text (:mod:`.export`), reading one back
strictly (:mod:`.strict_json`, :mod:`.fields`, :mod:`.importer`), and the animated replay
of a finished match (:mod:`.replay`).

Owns no table. Uses the match (a record is replayed, and continued, as a match).
"""

USES: tuple[str, ...] = ("match",)
"""The other rooms this room may import (:mod:`service.common` is every room's)."""

FACE: tuple[str, ...] = ("export", "importer")
"""The modules other rooms and the front ends may import; the rest are this room's own."""
