"""Tournaments in Discord: ``/tournament`` (:mod:`.tournaments`), a tournament's post and
its buttons (:mod:`.tournament_ui`), and members leaving a server (:mod:`.members`)."""
