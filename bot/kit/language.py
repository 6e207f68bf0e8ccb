"""Whose language a text is said in (issue 58): what only one member sees (an ephemeral
answer, a DM) in theirs — chosen with ``/language``, else their Discord client's, which
every interaction brings and the service keeps (:mod:`service.community.languages`);
what a channel or thread shows in the server's preferred language. Each negotiated to
one of the five catalogues (:func:`speech.negotiate`).
"""

from __future__ import annotations

import logging

import discord

import speech
from service import Service

log = logging.getLogger(__name__)


async def reader(service: Service | None, interaction: discord.Interaction) -> str:
    """The catalogue for an answer only this member sees (recording the locale their
    client brought). Without a service (a refusal before the bot is set up), or if the
    store cannot answer, their client's."""
    client = speech.negotiate(interaction.locale)
    if service is None:
        return client
    try:
        return await service.languages.seen(interaction.user.id, interaction.locale.value)
    except Exception:  # the answer must still go out, in the client's language
        log.exception("could not read the language of user %s", interaction.user.id)
        return client


def server(interaction: discord.Interaction) -> str:
    """The catalogue for what the channel shows (the server's preferred language; the
    member's client's in a DM, where there is no server)."""
    return speech.negotiate(interaction.guild_locale or interaction.locale)


async def refusal(service: Service | None, interaction: discord.Interaction,
                  error: BaseException) -> str:
    """A refusal for this member: in their language where it is a catalogue text, else
    as the service wrote it (English, until its room is converted)."""
    said = error.args[0] if error.args else None
    if isinstance(said, speech.Text):
        return speech.say(await reader(service, interaction), said)
    return str(error)
