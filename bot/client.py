"""The Discord client: opens the store, builds the service, loads the cogs, syncs commands.

``python -m bot`` calls :func:`run`. Everything the bot knows lives in the database; the
buttons are :mod:`bot.ui`'s dynamic items, registered here so they work after a restart.
"""

from __future__ import annotations

import asyncio
import logging

import discord
from discord import app_commands
from discord.ext import commands

import db
from bot import buttons
from bot.cogs import EXTENSIONS
from bot.config import Settings
from bot.interact import SOMETHING_WRONG, safe_reply
from service import Service, ServiceError, pool

log = logging.getLogger(__name__)


class PantheonTree(app_commands.CommandTree):
    """The command tree; its ``on_error`` is the last resort for app command errors."""

    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError, /
    ) -> None:
        original = getattr(error, "original", error)
        if isinstance(original, ServiceError):
            message = str(original)
        elif isinstance(error, app_commands.NoPrivateMessage):
            message = "Use this command in a server."
        elif isinstance(error, app_commands.TransformerError):
            message = f"That is not a valid value: {error.value!r}."
        elif isinstance(error, app_commands.CheckFailure):
            message = "You can't use this command here."
        else:
            command = interaction.command.qualified_name if interaction.command else "?"
            log.error("command /%s failed", command, exc_info=original)
            message = SOMETHING_WRONG
        await safe_reply(interaction, message)


class Pantheon(commands.Bot):
    """The bot. ``service`` and ``store`` exist once :meth:`setup_hook` has run."""

    def __init__(self, settings: Settings) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            tree_cls=PantheonTree,
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
        )  # each post allows its own
        self.settings = settings
        self.store: db.Store | None = None
        self.service: Service | None = None

    async def setup_hook(self) -> None:
        self.store = await db.open_store(self.settings.database_path)
        self.service = Service(self.store, vacation_days=self.settings.vacation_days,
                               escape=escape_name, offload="process")
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        self.add_dynamic_items(*buttons.DYNAMIC_ITEMS)
        if self.settings.dev_guild_id is not None:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to guild %s", len(synced), guild.id)
        else:
            synced = await self.tree.sync()
            log.info("synced %d global commands (they may take a while to appear)", len(synced))

    async def on_ready(self) -> None:
        log.info(
            "logged in as %s (%s) in %d servers",
            self.user,
            self.user.id if self.user else "?",
            len(self.guilds),
        )

    async def close(self) -> None:
        try:
            await super().close()
        finally:
            if self.store is not None:
                await self.store.close()
                self.store = None
            await asyncio.to_thread(pool.shutdown)  # the computer players' processes


def escape_name(name: str) -> str:
    """A person's name as written into a post: markdown, masked links and mentions inert."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(name))


def run(settings: Settings) -> None:
    """Configure logging and run the bot until interrupted."""
    level = getattr(logging, settings.log_level.upper(), logging.INFO)
    discord.utils.setup_logging(level=level, root=True)
    if not settings.token:
        raise SystemExit("DISCORD_TOKEN is not set.")
    Pantheon(settings).run(settings.token, log_handler=None)
