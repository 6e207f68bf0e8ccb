"""Where a command was used, for a Pantheon installed to a person's account (issue 55).

Discord lets a person install the app to their account; its commands then work in any DM,
group DM and server that allows external apps, and the bot answers through the
interaction alone: it is not a member there, so it cannot post, open a thread or read the
channel. :func:`elsewhere` tells such a place from a server that added the bot (where a
match opens its thread, as ever).

Every command declares where it works: :func:`anywhere` (both installs, every context),
or the tree's default, a server that added the bot (:data:`SERVER_INSTALL`,
:data:`SERVER_CONTEXTS`). A command offered everywhere that needs the bot to be a member
(a server's settings, its tournaments, its leaderboard) answers elsewhere in one line
(:func:`needs_the_bot`, in the command's body: an error raised by a check would be the
tree's).
"""

from __future__ import annotations

from contextvars import ContextVar
from typing import TypeVar

import discord
from discord import app_commands

from service import ServiceError

T = TypeVar("T")

SERVER_INSTALL = app_commands.AppInstallationType(guild=True, user=False)
SERVER_CONTEXTS = app_commands.AppCommandContext(guild=True, dm_channel=True,
                                                 private_channel=False)
"""The tree's defaults: a command that declares nothing is the server install's, in its
servers and the bot's DM (as before user installs; ``guild_only`` narrows it)."""

ELSEWHERE = (
    "{what} works only in a server that has added Pantheon (a moderator adds it with the "
    "link in /about); here, play with /match start."
)
LIMITED = (
    "This server shows answers from apps it has not added only to the person who asked "
    "(its members lack Use External Apps here), so nobody else would see the match: ask a "
    "moderator to allow external apps, or play in a DM or a group DM."
)

SERVER_PERMISSIONS = 326417632256
"""The permissions a server grants the bot when it is added (the README's list): View
Channels, Send Messages, Send Messages in Threads, Create Public Threads, Manage
Threads, Embed Links, Attach Files, Read Message History."""
AUTHORIZE = "https://discord.com/oauth2/authorize?client_id={id}"


def install_links(application_id: int) -> tuple[str, str]:
    """The links that add the bot to a server (``integration_type=0``, the bot and its
    commands with :data:`SERVER_PERMISSIONS`) and to a person's account
    (``integration_type=1``, its commands only), built from the application's id."""
    base = AUTHORIZE.format(id=application_id)
    return (f"{base}&scope=bot+applications.commands&permissions={SERVER_PERMISSIONS}"
            "&integration_type=0",
            f"{base}&scope=applications.commands&integration_type=1")


ANSWERING: ContextVar[discord.Interaction | None] = ContextVar("answering", default=None)
"""The interaction a command or button is answering (set by
:func:`bot.kit.interact.guard`): a match without a thread is shown through it."""


def anywhere(command: T) -> T:
    """Declare a command usable from both installs in every context: a server that added
    the bot, the bot's DM, a group DM or DM between people, a server without the bot."""
    command = app_commands.allowed_installs(guilds=True, users=True)(command)
    return app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)(command)


def elsewhere(interaction: discord.Interaction) -> bool:
    """Whether the bot is not a member where ``interaction`` came from: a DM, a group DM,
    or a server that has not added it (discord.py makes a placeholder of such a server;
    the client's own list of servers has it only when the bot is in it)."""
    guild_id = interaction.guild_id
    return guild_id is None or interaction.client.get_guild(guild_id) is None


def answers_hidden(interaction: discord.Interaction) -> bool:
    """Whether Discord would turn this place's public answers ephemeral: a server without
    the bot whose member lacks Use External Apps there."""
    return (interaction.guild_id is not None and elsewhere(interaction)
            and not interaction.permissions.use_external_apps)


def needs_the_bot(interaction: discord.Interaction, what: str) -> None:
    """Refuse, in one line, a command that needs the bot to be a member here (it is
    offered everywhere, :func:`anywhere`, so that it can say where it works)."""
    if elsewhere(interaction):
        raise ServiceError(ELSEWHERE.format(what=what))
