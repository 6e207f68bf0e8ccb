"""A tile on the map of Storm of the Gods: a list [population, owner, worshippers,
construction, sanctuary, held_since], read by these indices. The owner is a seat or
:data:`NOBODY`, construction and sanctuary are 0/1, held_since is the turn number when
its owner took it. A list indexed by constants keeps the search's copies cheap."""

POP, OWNER, MEN, BUILT, SANCT, SINCE = range(6)
NOBODY = -1
