"""Challenges in Discord: ``/challenge`` and the user command (:mod:`.challenges`), and the
buttons of a challenge post (:mod:`.challenge_ui`)."""
