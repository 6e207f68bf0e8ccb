"""The Discord cogs, each in the folder of its area beside its views and helpers: each is
an extension with a ``setup(bot)`` coroutine.

- :mod:`bot.match.lobby`: ``/match start`` (a thread and a lobby message with buttons).
- :mod:`bot.match.play`: ``/move``, ``/resign``, ``/abort``.
- :mod:`bot.match.info`: ``/board``, ``/score``, ``/history``, ``/myview``, ``/mymatches``,
  ``/rules``.
- :mod:`bot.clocks.reminders`: ``/reminders``, ``/vacation``, ``/nudge`` and the loop that
  applies deadlines and pings waiting players.
- :mod:`bot.match.social`: ``/undo``, ``/turns``, ``/replay``, ``/leaderboard``.
- :mod:`bot.records.records`: ``/export`` (a match's game record).
- :mod:`bot.learning.coach`: ``/hint`` (unrated matches) and ``/review`` (finished ones).
- :mod:`bot.notices.notify`: ``/notify`` (time zone, quiet hours, "your turn" delivery, the
  daily digest, following or muting a match).
- :mod:`bot.challenges.challenges`: ``/challenge``, the user command "Challenge to a game"
  and the loop that lapses unanswered challenges.
- :mod:`bot.events.tournaments`: ``/tournament`` (create, start, computer, standings, info,
  withdraw, cancel, export); the clock loop of :mod:`bot.clocks.reminders` runs its rounds'
  deadlines.
- :mod:`bot.community.privacy`: ``/privacy`` (show, export, delete) and ``/about``.
- :mod:`bot.community.server_settings`: ``/settings`` (Manage Server).
- :mod:`bot.community.language`: ``/language`` (the language the bot answers a member in).
- :mod:`bot.learning.learn`: ``/learn`` (a game's lesson, in a private thread).
- :mod:`bot.community.departures`: no command; a server that removed the bot is deleted
  after the retention period.
- :mod:`bot.host.health_cog`: no command; the metrics it counts, and ``/healthz`` and
  ``/metrics`` over HTTP when ``HEALTH_PORT`` is set.
"""

EXTENSIONS: tuple[str, ...] = (
    "bot.match.lobby", "bot.match.play", "bot.match.info", "bot.clocks.reminders",
    "bot.match.social", "bot.records.records", "bot.learning.coach",
    "bot.challenges.challenges", "bot.notices.notify", "bot.events.tournaments",
    "bot.community.privacy", "bot.host.health_cog", "bot.community.server_settings",
    "bot.community.departures", "bot.learning.learn", "bot.community.language")
