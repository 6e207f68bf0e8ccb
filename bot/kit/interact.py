"""Small helpers shared by the cogs and the buttons: who is acting, replying, errors.

Every reply goes through :func:`reply`, which picks the interaction's first response or its
followup webhook, so a command may defer first (Discord's 3-second limit, error 10062) and
still answer the same way. :func:`guard` turns a :class:`ServiceError` into a short
ephemeral message and any other exception into a logged trace plus a short apology.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any

import discord

from bot.kit.language import refusal
from bot.kit.places import ANSWERING, elsewhere
from service import Actor, Service, ServiceError

if TYPE_CHECKING:
    from db import MatchRecord

log = logging.getLogger(__name__)

MESSAGE_LIMIT = 2000  # characters in one Discord message
SOMETHING_WRONG = "Something went wrong; the match is safe. Try again in a moment."


def service_of(interaction: discord.Interaction) -> Service:
    """The service the bot holds (``Pantheon.service``)."""
    return service_of_client(interaction.client)


def service_of_client(client: discord.Client) -> Service:
    """The service of the bot (``Pantheon.service``): the one way into the matches."""
    return client.service  # type: ignore[attr-defined]  # set by Pantheon


def actor_of(interaction: discord.Interaction) -> Actor:
    """Who is acting: the user, their display name, the guild, and Manage Server.

    In a server that has not added the bot the actor is in no server (a ruling of issue
    55): the service answers there to no server's settings, and what it does about the
    servers it is not in (closing their open matches at connection, deleting their data
    after they left) must never reach what was made there."""
    user = interaction.user
    name = getattr(user, "display_name", None) or user.name
    if elsewhere(interaction):
        return Actor(user.id, name=name)
    permissions = interaction.permissions
    roles = frozenset(role.id for role in getattr(user, "roles", ()))
    return Actor(
        user.id, name=name, guild_id=interaction.guild_id, is_admin=bool(permissions.manage_guild),
        roles=roles,
    )


def clip(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """``text`` cut to ``limit`` characters, with an ellipsis when cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def chunks(lines: Iterable[str], limit: int = MESSAGE_LIMIT) -> list[str]:
    """Join lines into messages of at most ``limit`` characters (long lines are split)."""
    out: list[str] = []
    current = ""
    for line in lines:
        while len(line) > limit:
            if current:
                out.append(current)
                current = ""
            out.append(line[:limit])
            line = line[limit:]
        candidate = f"{current}\n{line}" if current else line
        if len(candidate) > limit:
            out.append(current)
            current = line
        else:
            current = candidate
    if current.strip():
        out.append(current)
    return out


async def reply(
    interaction: discord.Interaction,
    content: str | None = None,
    *,
    ephemeral: bool = True,
    **kwargs: Any,
) -> None:
    """Answer through the first response, or through the followup once responded/deferred.

    ``None`` keyword values are dropped (the followup webhook takes MISSING, not None).
    """
    sent = {k: v for k, v in kwargs.items() if v is not None}
    if content is not None:
        sent["content"] = clip(content)
    if interaction.response.is_done():
        await interaction.followup.send(ephemeral=ephemeral, **sent)
    else:
        await interaction.response.send_message(ephemeral=ephemeral, **sent)


async def safe_reply(interaction: discord.Interaction, content: str) -> None:
    """An ephemeral reply that never raises (the interaction may have expired, the client
    may fail with a non-HTTP error such as a closed session)."""
    try:
        await reply(interaction, content, ephemeral=True)
    except discord.HTTPException as exc:
        log.warning("could not answer interaction %s: %s", interaction.id, exc)
    except Exception:
        log.exception("could not answer interaction %s", interaction.id)


@asynccontextmanager
async def guard(interaction: discord.Interaction, what: str) -> AsyncIterator[None]:
    """Run a command's body; errors become short ephemeral messages, never silence. While
    it runs, :data:`bot.kit.places.ANSWERING` is ``interaction`` (a match without a thread
    is shown through it)."""
    answering = ANSWERING.set(interaction)
    try:
        yield
    except ServiceError as exc:
        await safe_reply(interaction, await refusal(service_of(interaction), interaction, exc))
    except Exception:
        log.exception("%s failed for user %s", what, interaction.user.id)
        await safe_reply(interaction, SOMETHING_WRONG)
    finally:
        ANSWERING.reset(answering)


async def defer(interaction: discord.Interaction, *, ephemeral: bool = True) -> None:
    """Acknowledge a command now (a "thinking…" state), to answer through the followup."""
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=ephemeral, thinking=True)


async def deferred_match(interaction: discord.Interaction, match_id: int | None) -> MatchRecord:
    """What a command about one match does first: answer "thinking…" at once (privately:
    an error stays private, and Discord does not wait), then find the match
    (:func:`find_match`)."""
    await defer(interaction)
    return await find_match(interaction, match_id)


async def find_match(interaction: discord.Interaction, match_id: int | None) -> MatchRecord:
    """The match named by the option, else the one whose thread this is, else the only one.
    Where the bot is not a member (:func:`bot.kit.places.elsewhere`), only a match without
    a thread that was started here, or that the caller plays in, is found: a server's
    matches are not read from outside it."""
    match = await service_of(interaction).match_here(
        actor_of(interaction), interaction.channel_id, match_id
    )
    if elsewhere(interaction) and not (
            match.hosted and (match.channel_id == interaction.channel_id
                              or match.seat_of(interaction.user.id) is not None)):
        raise ServiceError(f"There is no match #{match.id} here.")
    return match
