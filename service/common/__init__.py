"""The ground floor every room stands on: the service's values (:mod:`.model`: an
:class:`Actor`, a :class:`Post`, an :class:`Update`, :class:`ServiceError`), the type
checks at its doors (:mod:`.boundary`), names and scores in text (:mod:`.names`), clock
arithmetic (:mod:`.clock_math`), the worker processes (:mod:`.pool`) and the settings both
front ends read (:mod:`.settings`).

Owns no table and no state. Uses no other room.
"""

USES: tuple[str, ...] = ()
"""The other rooms this room may import (:mod:`service.common` is every room's)."""

FACE: tuple[str, ...] = ("boundary", "clock_math", "model", "names", "pool", "settings")
"""The modules other rooms and the front ends may import; the rest are this room's own."""
