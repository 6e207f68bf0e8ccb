"""The match in Discord: ``/match start`` and its lobby (:mod:`.lobby`, :mod:`.opening`),
``/move``, ``/resign``, ``/abort`` (:mod:`.play`), the reading commands (:mod:`.info`),
``/undo``, ``/turns``, ``/replay``, ``/leaderboard`` (:mod:`.social`), the guided picker
(:mod:`.picker`), the match's buttons (:mod:`.ui`, :mod:`.undo_ui`), its thread
(:mod:`.threads`) and its posts (:mod:`.publish`, :mod:`.turn_posts`)."""
