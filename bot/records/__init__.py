"""Records in Discord: ``/export`` (:mod:`.records`)."""
