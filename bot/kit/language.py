"""Whose language a text is said in (issue 58): what only one member sees (an ephemeral
answer, a DM) in their Discord client's language; what a channel or thread shows in the
server's preferred language. Both negotiated to one of the five catalogues
(:func:`speech.negotiate`). A member's personal override and a server's
``/settings language`` come next (docs/TRANSLATING.md, "What is left").
"""

from __future__ import annotations

import discord

import speech


def reader(interaction: discord.Interaction) -> str:
    """The catalogue for an answer only this member sees."""
    return speech.negotiate(interaction.locale)


def server(interaction: discord.Interaction) -> str:
    """The catalogue for what the channel shows (the server's preferred language; the
    member's own in a DM, where there is no server)."""
    return speech.negotiate(interaction.guild_locale or interaction.locale)


def refusal(interaction: discord.Interaction, error: BaseException) -> str:
    """A refusal for this member: in their language where it is a catalogue text, else
    as the service wrote it (English, until its room is converted)."""
    said = error.args[0] if error.args else None
    return speech.say(reader(interaction), said) if isinstance(said, speech.Text) \
        else str(error)
