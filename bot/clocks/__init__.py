"""Clocks in Discord: ``/reminders``, ``/vacation``, ``/nudge`` and the loop that applies
deadlines and pings waiting players (:mod:`.reminders`)."""
