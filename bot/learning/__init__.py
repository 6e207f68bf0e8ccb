"""Learning in Discord: ``/learn`` (:mod:`.learn`), ``/hint`` and ``/review``
(:mod:`.coach`)."""
