"""Whose language a text is said in (issue 58): what only one member sees (an ephemeral
answer, a DM) in theirs — chosen with ``/language``, else their Discord client's, which
every interaction brings and the service keeps (:mod:`service.community.languages`);
what a channel or thread shows in the server's: the one its moderators chose with
``/settings language``, else its preferred language in Discord. Each negotiated to
one of the five catalogues (:func:`speech.negotiate`).
"""

from __future__ import annotations

import logging
import weakref

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


_CHOSEN: weakref.WeakKeyDictionary[discord.Client, dict[int, str]] = (
    weakref.WeakKeyDictionary())
"""Per client, the servers whose moderators chose their channels' language (``/settings
language``). Read at start (:func:`load`) and kept as they change (:func:`chosen`): what a
channel shows is said in code that has no store call to make, and a server's interactions,
posts and clock pass are all this process's (its shard's), so no other process changes it
unseen."""


async def load(client: discord.Client, service: Service) -> None:
    """The servers' chosen languages, as stored."""
    _CHOSEN[client] = dict(await service.servers.languages())


def chosen(client: discord.Client, guild_id: int, language: str | None) -> None:
    """A server's chosen language changed (None: back to its Discord language)."""
    kept = _CHOSEN.setdefault(client, {})
    if language is None:
        kept.pop(guild_id, None)
    else:
        kept[guild_id] = language


def server(interaction: discord.Interaction) -> str:
    """The catalogue for what the channel shows: the language the server's moderators
    chose, else its preferred language in Discord; the member's client's in a DM, where
    there is no server."""
    guild_id = interaction.guild_id
    picked = _CHOSEN.get(interaction.client, {}).get(guild_id) if guild_id else None
    return picked or speech.negotiate(interaction.guild_locale or interaction.locale)


async def refusal(service: Service | None, interaction: discord.Interaction,
                  error: BaseException) -> str:
    """A refusal for this member: in their language where it is a catalogue text, else
    as the service wrote it (English, until its room is converted)."""
    said = error.args[0] if error.args else None
    if isinstance(said, speech.Text):
        return speech.say(await reader(service, interaction), said)
    return str(error)
