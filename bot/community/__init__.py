"""A server and its members in Discord: ``/privacy`` and ``/about`` (:mod:`.privacy`),
``/settings`` (:mod:`.server_settings`), and a server that removed the bot
(:mod:`.departures`)."""
