"""The Discord client: opens the store, builds the service, loads the cogs, syncs commands.

``python -m bot`` calls :func:`run`. Everything the bot knows lives in the database; the
buttons are :mod:`bot.match.ui`'s dynamic items, registered here so they work after a restart.
"""

from __future__ import annotations

import asyncio
import logging
import os
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import db
import speech
from bot import buttons
from bot.config import Settings
from bot.extensions import EXTENSIONS
from bot.kit import places
from bot.kit.common import offer_games
from bot.kit.interact import SOMETHING_WRONG, safe_reply
from bot.kit.language import load as load_server_languages
from bot.kit.language import reader, refusal
from bot.kit.translator import CatalogueTranslator
from service import Service, ServiceError
from service.common import pool
from service.common.boundary import neutral
from service.community import limits

log = logging.getLogger(__name__)

class PantheonTree(app_commands.CommandTree):
    """The command tree; its ``on_error`` is the last resort for app command errors."""

    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError, /
    ) -> None:
        original = getattr(error, "original", error)
        service = getattr(interaction.client, "service", None)
        language = await reader(service, interaction)
        if isinstance(original, ServiceError):
            message = await refusal(service, interaction, original)
        elif isinstance(error, app_commands.NoPrivateMessage):
            message = speech.say(language, "refusal-server-only")
        elif isinstance(error, app_commands.TransformerError):
            message = speech.say(language, "refusal-not-a-value", value=repr(error.value))
        elif isinstance(error, app_commands.CheckFailure):
            message = speech.say(language, "refusal-not-here")
        else:
            command = interaction.command.qualified_name if interaction.command else "?"
            log.error("command /%s failed", command, exc_info=original)
            message = SOMETHING_WRONG
        await safe_reply(interaction, message)


INTENTS = discord.Intents.default()
"""The gateway intents the bot asks for: none privileged (``python -m bot doctor`` says so)."""


class Pantheon(commands.Bot):
    """The bot. ``service`` and ``store`` exist once :meth:`setup_hook` has run."""

    def __init__(self, settings: Settings, **sharding: Any) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=INTENTS,
            tree_cls=PantheonTree,
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            allowed_installs=places.SERVER_INSTALL,
            allowed_contexts=places.SERVER_CONTEXTS,
            **sharding,
        )  # each post allows its own
        self.settings = settings
        self.store: db.Store | None = None
        self.service: Service | None = None

    async def setup_hook(self) -> None:
        self.store = await db.open_store(self.settings.database_path)
        self.service = Service(self.store, vacation_days=self.settings.vacation_days,
                               escape=escape_name, offload="process",
                               limits=limits.parse(os.environ.get("PANTHEON_LIMITS", "")))
        self.service.shards = self.clock_shards
        await load_server_languages(self, self.service)
        offer_games()
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        self.add_dynamic_items(*buttons.DYNAMIC_ITEMS)
        await self.tree.set_translator(CatalogueTranslator())
        await self.sync_commands()

    def running(self) -> Service:
        """The service :meth:`setup_hook` made (every event comes after it)."""
        if self.service is None:
            raise RuntimeError("the bot has not been set up")
        return self.service

    def app_id(self) -> int:
        """The application's id, known from the login (which comes before setup_hook)."""
        if self.application_id is None:
            raise RuntimeError("the application id is known once the bot has logged in")
        return self.application_id

    async def sync_commands(self) -> None:
        """Sync the slash commands to ``DEV_GUILD_ID`` (instant) or globally, and clear
        the other place's copies, so a server never lists each command twice: with a dev
        guild the global commands are cleared; without one (or with another), the guild
        last synced to (remembered in the database) is cleared. A refusal (the bot not
        in that guild, or invited without ``applications.commands``) is logged with its
        fix, and the bot runs on with the commands Discord already has."""
        dev = self.settings.dev_guild_id
        try:
            if dev is not None:
                guild = discord.Object(id=dev)
                self.tree.copy_global_to(guild=guild)
                synced = await self.tree.sync(guild=guild)
                log.info("synced %d commands to guild %s", len(synced), dev)
                await self.http.bulk_upsert_global_commands(self.app_id(), [])
            else:
                synced = await self.tree.sync()
                log.info("synced %d global commands (they may take a while to appear)",
                         len(synced))
        except discord.HTTPException as exc:
            where = f"guild {dev}" if dev is not None else "globally"
            fix = (f"invite the bot to guild {dev} with the applications.commands scope, "
                   "or unset DEV_GUILD_ID" if dev is not None
                   else "check the bot's token and that its application is enabled")
            log.error("could not sync the slash commands %s (%s): %s", where, exc, fix)
            return
        last = await self.running().commands_guild()
        if last is not None and last != dev:
            try:
                await self.http.bulk_upsert_guild_commands(self.app_id(), last, [])
                log.info("cleared the commands of guild %s (the last DEV_GUILD_ID)", last)
            except (discord.Forbidden, discord.NotFound) as exc:  # not in it: none shown
                log.warning("could not clear the commands of guild %s: %s", last, exc)
            except discord.HTTPException as exc:  # try again at the next start
                log.warning("could not clear the commands of guild %s: %s", last, exc)
                return
        await self.running().set_commands_guild(dev)

    def clock_shards(self) -> db.Shards | None:
        """The shards whose guilds' reminders, deadlines and computer moves this process
        runs: all of them (None) unless sharded."""
        return None

    async def on_command_error(self, context: commands.Context,
                               exception: commands.CommandError, /) -> None:
        """The bot has slash commands only: a mention with text is ordinary chat, not a
        failed command, so it is ignored quietly (and anything else only logged)."""
        if isinstance(exception, commands.CommandNotFound):
            return
        log.warning("text command %r failed: %s", context.invoked_with, exception)

    async def on_ready(self) -> None:
        log.info(
            "logged in as %s (%s) in %d servers",
            self.user,
            self.user.id if self.user else "?",
            len(self.guilds),
        )
        await self.leave_servers_left()

    async def leave_servers_left(self) -> None:
        """Close what is open in the servers the bot was removed from while it was offline
        (it missed their ``on_guild_remove``): Discord's list at connection is the truth,
        unavailable servers included."""
        try:
            left = await self.running().servers_left({g.id for g in self.guilds},
                                                   self.clock_shards())
        except Exception:
            log.exception("could not list the servers the bot has left")
            return
        for guild_id in left:
            await self.leave_server(guild_id, "while offline")

    async def on_guild_remove(self, guild: discord.Guild) -> None:
        """Removed from a server (kicked, banned, the server deleted; not an outage, which
        is ``on_guild_unavailable``)."""
        await self.leave_server(guild.id)

    async def leave_server(self, guild_id: int, when: str = "") -> None:
        """The server's open matches are aborted, so their clocks and computer turns stop,
        and its open challenges are closed."""
        try:
            aborted = await self.running().abort_server(guild_id)
            closed = await self.running().close_server_challenges(guild_id)
        except Exception:
            log.exception("removed from guild %s: its matches and challenges were not all "
                          "closed", guild_id)
            return
        log.info("removed from guild %s%s: aborted %d open matches, closed %d challenges",
                 guild_id, f" {when}" if when else "", len(aborted), len(closed))

    async def close(self) -> None:
        try:
            await super().close()
        finally:
            if self.store is not None:
                await self.store.close()
                self.store = None
            await asyncio.to_thread(pool.shutdown)  # the computer players' processes


class ShardedPantheon(Pantheon, commands.AutoShardedBot):
    """The bot as one of several processes (``SHARD_COUNT``, ``SHARD_IDS``) over one
    PostgreSQL database: it connects its shards, and its clock pass claims only the
    matches of their guilds (and, on shard 0, those without a guild)."""

    def __init__(self, settings: Settings) -> None:
        ids = list(settings.shard_ids) if settings.shard_ids is not None else None
        super().__init__(settings, shard_count=settings.shard_count, shard_ids=ids)

    def clock_shards(self) -> db.Shards | None:
        if self.shard_count is None:  # not known yet: claim nothing
            return (1, ())
        ids = self.shard_ids if self.shard_ids is not None else range(self.shard_count)
        return (self.shard_count, tuple(ids))


def make_bot(settings: Settings) -> Pantheon:
    """The bot these settings ask for: sharded if ``SHARD_COUNT`` is set."""
    return ShardedPantheon(settings) if settings.shard_count else Pantheon(settings)


def escape_name(name: str) -> str:
    """A person's name as written into a post: markdown, masked links, mentions and
    channel, command and timestamp markup inert."""
    return neutral(discord.utils.escape_mentions(discord.utils.escape_markdown(name)))


def run(settings: Settings) -> None:
    """Configure logging and run the bot until interrupted."""
    level = getattr(logging, settings.log_level.upper(), logging.INFO)
    discord.utils.setup_logging(level=level, root=True)
    if not settings.token:
        raise SystemExit("DISCORD_TOKEN is not set.")
    make_bot(settings).run(settings.token, log_handler=None)
