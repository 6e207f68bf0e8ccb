"""Turn reminders: ``/reminders hours`` and a loop that pings players who keep a match
waiting. The turns already reminded are rows in the database, so a restart neither
forgets a reminder nor sends one twice."""

from __future__ import annotations

import logging
from datetime import UTC, datetime

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot.interact import actor_of, guard, reply
from bot.publish import match_channel, user_mentions
from bot.service import MAX_REMIND_AFTER_HOURS

log = logging.getLogger(__name__)

CHECK_EVERY_MINUTES = 10


class Reminders(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @property
    def service(self):
        return self.bot.service  # type: ignore[attr-defined]

    async def cog_load(self) -> None:
        self.check.start()

    async def cog_unload(self) -> None:
        self.check.cancel()

    @app_commands.command(
        name="reminders", description="When to ping you if a match waits for your move"
    )
    @app_commands.describe(hours=f"Hours without your move before a ping (0 = never, "
                           f"at most {MAX_REMIND_AFTER_HOURS}); default 24")
    async def reminders(
        self,
        interaction: discord.Interaction,
        hours: app_commands.Range[int, 0, MAX_REMIND_AFTER_HOURS],
    ) -> None:
        async with guard(interaction, "/reminders"):
            await reply(interaction, await self.service.set_reminders(actor_of(interaction), hours))

    @tasks.loop(minutes=CHECK_EVERY_MINUTES)
    async def check(self) -> None:
        await self.remind(datetime.now(UTC))

    @check.before_loop
    async def _ready(self) -> None:
        await self.bot.wait_until_ready()

    async def remind(self, now: datetime) -> int:
        """Ping every player whose turn has waited past their delay; returns how many
        matches were reminded. A failure is logged and retried at the next check."""
        sent = 0
        for reminder in await self.service.reminders_due(now):
            channel = await match_channel(self.bot, reminder.match)
            if channel is None:
                await self.service.reminded(reminder)  # nowhere to post: don't retry forever
                continue
            pings = " ".join(f"<@{u}>" for u in reminder.user_ids)
            try:
                await channel.send(f"{pings} {reminder.text}",
                                   allowed_mentions=user_mentions(reminder.user_ids))
            except discord.HTTPException as exc:
                log.warning("match %s: reminder not sent: %s", reminder.match.id, exc)
                continue
            await self.service.reminded(reminder)
            sent += 1
        return sent


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Reminders(bot))
