"""``/privacy show|export|delete`` (any member, in a server or a DM with the bot) and
``/about`` (what the bot is, and where its privacy policy is). The service does the work
(:mod:`service.community.privacy`); this cog posts what a deletion changed: the board of a match
it resigned, a tournament's news, a challenge's post."""

from __future__ import annotations

import io
import logging

import discord
from discord import app_commands
from discord.ext import commands

from bot.challenges.challenge_ui import edit_challenge
from bot.events.tournament_ui import tell_news
from bot.kit.common import PantheonCog
from bot.kit.interact import actor_of, defer, guard, reply
from bot.match.ui import announce
from service.community.privacy import POLICY, Deletion

log = logging.getLogger(__name__)

ABOUT = ("**Pantheon** plays five board games at correspondence speed: a match gets a "
         "thread, players move whenever they have a minute (`/rules`, `/match start`, "
         "`/challenge`).\n\n**Your data**: I keep your seats in matches (with the name you "
         "had), your settings, notes, follows, vacations, ratings and tournament entries, "
         "and nothing else — no messages, no membership lists. What, why and for how long: "
         f"`{POLICY}`, beside the bot's source. `/privacy show` lists yours, "
         "`/privacy export` sends it as a file, `/privacy delete` deletes it.")
DELETE_ASK = ("This deletes everything I keep about you: settings, notes, follows, "
              "reminders, vacations and ratings. Your running matches end as your "
              "resignation, your lobbies and challenges close, you withdraw from your "
              "tournaments, and your seat in every match becomes \u201cDeleted player\u201d "
              "(the matches stay replayable; nobody else's results change). It cannot be "
              "undone. To go ahead: `/privacy delete confirm:True`.")


class Privacy(PantheonCog, commands.GroupCog, group_name="privacy",
              group_description="What the bot keeps about you: see it, export it, delete it"):
    def __init__(self, bot: commands.Bot) -> None:
        PantheonCog.__init__(self, bot)
        commands.GroupCog.__init__(self)

    @app_commands.command(name="show", description="What the bot keeps about you, in words")
    async def show(self, interaction: discord.Interaction) -> None:
        async with guard(interaction, "/privacy show"):
            await defer(interaction)
            await reply(interaction, await self.service.privacy.summary(actor_of(interaction)))

    @app_commands.command(name="export", description="All the bot keeps about you, as one "
                          "JSON file (only you see it)")
    async def export(self, interaction: discord.Interaction) -> None:
        async with guard(interaction, "/privacy export"):
            await defer(interaction)
            name, text = await self.service.privacy.export(actor_of(interaction))
            await reply(interaction, "Everything I keep about you:",
                        file=discord.File(io.BytesIO(text.encode("utf-8")), filename=name))

    @app_commands.command(name="delete", description="Delete what the bot keeps about you "
                          "(asks first)")
    @app_commands.describe(confirm="True to delete now; without it, what would happen")
    async def delete(self, interaction: discord.Interaction, confirm: bool = False) -> None:
        async with guard(interaction, "/privacy delete"):
            await defer(interaction)
            if not confirm:
                await reply(interaction, DELETE_ASK)
                return
            done = await self.service.privacy.delete(actor_of(interaction))
            await self._post(done)
            await reply(interaction, "\n".join(done.lines),
                        allowed_mentions=discord.AllowedMentions.none())

    async def _post(self, done: Deletion) -> None:
        """What the deletion changed, where the others see it; never raises (the data
        is already deleted)."""
        for update in done.updates:
            await announce(self.bot, update)
        for news in done.news:
            await tell_news(self.bot, news)
        for challenge in done.challenges:
            record = challenge.challenge
            channel = self.bot.get_channel(record.channel_id) if record.channel_id else None
            if record.message_id and isinstance(channel, discord.abc.Messageable):
                await edit_challenge(channel.get_partial_message(  # type: ignore[attr-defined]
                    record.message_id), challenge)


class About(PantheonCog):
    @app_commands.command(name="about", description="What this bot is, and its privacy policy")
    async def about(self, interaction: discord.Interaction) -> None:
        async with guard(interaction, "/about"):
            await reply(interaction, ABOUT)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Privacy(bot))
    await bot.add_cog(About(bot))
