"""The Discord cogs: each module is an extension with a ``setup(bot)`` coroutine.

- :mod:`bot.cogs.lobby`: ``/match start`` (a thread and a lobby message with buttons).
- :mod:`bot.cogs.play`: ``/move``, ``/resign``, ``/abort``.
- :mod:`bot.cogs.info`: ``/board``, ``/score``, ``/history``, ``/myview``, ``/mymatches``,
  ``/rules``.
- :mod:`bot.cogs.reminders`: ``/reminders``, ``/vacation``, ``/nudge`` and the loop that
  applies deadlines and pings waiting players.
- :mod:`bot.cogs.social`: ``/undo``, ``/turns``, ``/replay``, ``/leaderboard``.
- :mod:`bot.cogs.records`: ``/export`` (a match's game record).
- :mod:`bot.cogs.coach`: ``/hint`` (unrated matches) and ``/review`` (finished ones).
- :mod:`bot.cogs.notify`: ``/notify`` (time zone, quiet hours, "your turn" delivery, the
  daily digest, following or muting a match).
- :mod:`bot.cogs.challenges`: ``/challenge``, the user command "Challenge to a game" and
  the loop that lapses unanswered challenges.
- :mod:`bot.cogs.tournaments`: ``/tournament`` (create, start, computer, standings, info,
  withdraw, cancel, export); the clock loop of :mod:`bot.cogs.reminders` runs its rounds'
  deadlines.
- :mod:`bot.cogs.privacy`: ``/privacy`` (show, export, delete) and ``/about``.
- :mod:`bot.cogs.server_settings`: ``/settings`` (Manage Server).
- :mod:`bot.cogs.learn`: ``/learn`` (a game's lesson, in a private thread).
- :mod:`bot.cogs.departures`: no command; a server that removed the bot is deleted after
  the retention period.
- :mod:`bot.cogs.health`: no command; the metrics it counts, and ``/healthz`` and
  ``/metrics`` over HTTP when ``HEALTH_PORT`` is set.
"""

EXTENSIONS: tuple[str, ...] = ("bot.cogs.lobby", "bot.cogs.play", "bot.cogs.info",
                                 "bot.cogs.reminders", "bot.cogs.social", "bot.cogs.records",
                                 "bot.cogs.coach", "bot.cogs.challenges", "bot.cogs.notify",
                                 "bot.cogs.tournaments", "bot.cogs.privacy",
                                 "bot.cogs.health", "bot.cogs.server_settings",
                                 "bot.cogs.departures", "bot.cogs.learn")
