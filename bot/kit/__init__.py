"""What every cog shares: who is acting and replying (:mod:`.interact`), the layout of a
post (:mod:`.layout`), the base of the buttons that survive a restart (:mod:`.dynamic`),
and the game choices and ``match`` autocomplete (:mod:`.common`)."""
