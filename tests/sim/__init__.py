"""The Discord layer under simcord: the real ``Pantheon`` client, discord.py's real
parsers, command tree and views, against an in-process Discord. See ``harness.py``."""
