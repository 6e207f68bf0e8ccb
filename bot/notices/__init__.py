"""Notices in Discord: ``/notify`` (:mod:`.notify`) and the private notes' button and form
(:mod:`.notes_ui`)."""
