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
    if isinstance(said, speech.Text | speech.Lines | speech.Listed):
        return speech.said(await reader(service, interaction), said)
    return str(error)


def guild(client: discord.Client, guild_id: int | None,
          interaction: discord.Interaction | None = None) -> str:
    """The catalogue for what a server's channel shows, with or without an interaction
    (a clock's pass, a reminder): the server's preferred language as the bot sees the
    server, else as the interaction brings it (a server the bot is not a member of),
    else English."""
    found = client.get_guild(guild_id) if guild_id is not None else None
    if found is not None:
        return speech.negotiate(found.preferred_locale)
    return server(interaction) if interaction is not None else speech.ENGLISH


async def member(service: Service, user_id: int) -> str:
    """The catalogue for a DM sent without an interaction: the member's stored language
    (English where the store cannot answer: the DM must still go out)."""
    try:
        return await service.languages.of(user_id)
    except Exception:
        log.exception("could not read the language of user %s", user_id)
        return speech.ENGLISH
