"""Pantheon's Discord front end: the client, its cogs and buttons over the match service."""
