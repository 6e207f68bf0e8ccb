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


def _picked(client: discord.Client, guild_id: int | None) -> str | None:
    """The language a server's moderators chose, if they chose one."""
    return _CHOSEN.get(client, {}).get(guild_id) if guild_id is not None else None


def server(interaction: discord.Interaction) -> str:
    """The catalogue for what the channel shows: the language the server's moderators
    chose, else its preferred language in Discord; the member's client's in a DM, where
    there is no server."""
    return (_picked(interaction.client, interaction.guild_id)
            or speech.negotiate(interaction.guild_locale or interaction.locale))


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
    (a clock's pass, a reminder): the language its moderators chose, else the server's
    preferred language as the bot sees the server, else as the interaction brings it (a
    server the bot is not a member of), else English."""
    picked = _picked(client, guild_id)
    if picked:
        return picked
    found = client.get_guild(guild_id) if guild_id is not None else None
    if found is not None:
        return speech.negotiate(found.preferred_locale)
    return server(interaction) if interaction is not None else speech.ENGLISH


async def member(service: Service, user_id: int,
                 interaction: discord.Interaction | None = None) -> str:
    """The catalogue for what only ``user_id`` sees, with or without an interaction (a
    DM, a private picture, an ephemeral answer): the language they chose, else their
    client's (``interaction``'s, when it is theirs), else the one last seen. Read only: a
    reading command writes nothing. English where the store cannot answer: the DM must
    still go out."""
    try:
        kept, chosen = await service.store.member_language(user_id)
    except Exception:
        log.exception("could not read the language of user %s", user_id)
        kept = chosen = None
    locale = getattr(interaction, "locale", None)
    seen = speech.negotiate(locale) if isinstance(getattr(locale, "value", None), str) else None
    return chosen or seen or kept or speech.ENGLISH
