"""Servers that removed the bot: the day it happened is kept (the client closes their open
work at once: :meth:`bot.client.Pantheon.leave_server`), an invitation back forgets it, and
once an hour the data of servers gone for ``PANTHEON_RETENTION_DAYS`` (default 30) is
deleted (:mod:`service.community.retention`)."""

from __future__ import annotations

import logging
import os

import discord
from discord.ext import commands, tasks

from bot.kit.common import PantheonCog
from service.community.retention import retention_days

log = logging.getLogger(__name__)


class Departures(PantheonCog):
    def __init__(self, bot: commands.Bot) -> None:
        super().__init__(bot)
        self.days = retention_days(os.environ.get("PANTHEON_RETENTION_DAYS", ""))

    async def cog_load(self) -> None:
        self.purge.start()

    async def cog_unload(self) -> None:
        self.purge.cancel()

    @commands.Cog.listener()
    async def on_guild_remove(self, guild: discord.Guild) -> None:
        try:
            await self.service.retention.left(guild.id)
        except Exception:
            log.exception("removed from guild %s: its departure was not recorded", guild.id)

    @commands.Cog.listener()
    async def on_guild_join(self, guild: discord.Guild) -> None:
        await self.service.retention.present([guild.id])

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        """The servers the bot is in are not to be deleted; those it left while offline
        with open work (as the client finds them) are marked gone."""
        try:
            await self.service.retention.present([g.id for g in self.bot.guilds])
            shards = getattr(self.bot, "clock_shards", lambda: None)()
            for guild_id in await self.service.servers_left({g.id for g in self.bot.guilds},
                                                            shards):
                await self.service.retention.left(guild_id)
        except Exception:
            log.exception("could not check the servers the bot has left")

    @tasks.loop(hours=1)
    async def purge(self) -> None:
        try:
            for guild_id, rows in (await self.service.retention.purge(self.days)).items():
                log.info("guild %s left %d days ago or more: its %d rows are deleted",
                         guild_id, self.days, rows)
        except Exception:  # an exception would end the loop: log it, try again next hour
            log.exception("the deletion of departed servers failed")

    @purge.before_loop
    async def _ready(self) -> None:
        await self.bot.wait_until_ready()


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Departures(bot))
