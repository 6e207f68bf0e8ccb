"""``/privacy show|export|delete`` (any member, in a server or a DM with the bot) and
``/about`` (what the bot is, and where its privacy policy is). The service does the work
(:mod:`service.community.privacy`); this cog posts what a deletion changed: the board of a match
it resigned, a tournament's news, a challenge's post, and the lobby and tournament posts
that showed the person taking part, edited as they now read. All of it comes from the
service after the person was forgotten, so none of it names them."""

from __future__ import annotations

import logging
import re
import tempfile
from collections.abc import Callable

import discord
from discord import app_commands
from discord.ext import commands

from bot.challenges.challenge_ui import edit_challenge
from bot.events.tournament_ui import refresh_post, tell_news
from bot.kit.common import PantheonCog
from bot.kit.interact import actor_of, defer, guard, reply
from bot.kit.layout import resending_through
from bot.kit.places import anywhere, install_links
from bot.match.ui import announce, edit_lobby_post
from db.privacy import DELETED_NAME
from service.community.privacy import POLICY, Deletion

log = logging.getLogger(__name__)

ABOUT = ("**Pantheon** plays five board games at correspondence speed: a match gets a "
         "thread (where I am not a member, it lives on my answers), players move whenever "
         "they have a minute (`/rules`, `/match start`, `/challenge`).\n\n**Your data**: "
         "I keep your seats in matches (with the name you "
         "had), your settings, notes, follows, vacations, ratings and tournament entries, "
         "and nothing else — no messages, no membership lists. What, why and for how long: "
         f"`{POLICY}`, beside the bot's source. `/privacy show` lists yours, "
         "`/privacy export` sends it as a file, `/privacy delete` deletes it.")
INSTALL = ("\n\n**Add Pantheon** to a server: <{server}>\nor to your account, to play in "
           "DMs, group DMs and servers that have not added it: <{account}>")
DELETE_ASK = ("This deletes everything I keep about you: settings, notes, follows, "
              "reminders, vacations and ratings. Your running matches end as your "
              "resignation, your lobbies and challenges close, you withdraw from your "
              "tournaments, and your seat in every match becomes \u201cDeleted player\u201d "
              "(the matches stay replayable; nobody else's results change). It cannot be "
              "undone. To go ahead: `/privacy delete confirm:True`.")


@anywhere
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
            with tempfile.TemporaryFile() as out:  # thousands of matches: not in memory
                name = await self.service.privacy.export_to(actor_of(interaction), out)
                out.seek(0)
                await reply(interaction, "Everything I keep about you:",
                            file=discord.File(out, filename=name))

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
            with resending_through(self._unsaid(interaction.user.id, done.former_names)):
                await self._post(done)
            await reply(interaction, "\n".join(done.lines),
                        allowed_mentions=discord.AllowedMentions.none())

    def _unsaid(self, user_id: int, names: list[str]) -> Callable[[str], str]:
        """What takes the person out of the words of an earlier message sent again (a
        superseded board losing its buttons): their mention, and each name they had (as
        written, and escaped as a post writes it) where it stands as a word."""
        mention = re.compile(rf"\s*<@!?{user_id}>")
        words = sorted({*names, *(self.service.escape(n) for n in names)} - {""},
                       key=len, reverse=True)
        named = re.compile("|".join(rf"(?<!\w){re.escape(w)}(?!\w)" for w in words)) \
            if words else None

        def scrub(text: str) -> str:
            text = mention.sub("", text)
            return named.sub(DELETED_NAME, text) if named is not None else text
        return scrub

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
        for match in done.lobbies:  # an aborted lobby loses Join and Start
            await edit_lobby_post(self.bot, match)
        told = {news.tournament.id for news in done.news}  # tell_news refreshed these
        for tournament in done.tournaments:
            if tournament.id not in told:
                try:
                    await refresh_post(self.bot, tournament)
                except Exception:
                    log.exception("tournament %s: post not refreshed", tournament.id)


class About(PantheonCog):
    @anywhere
    @app_commands.command(name="about", description="What this bot is, and its privacy policy")
    async def about(self, interaction: discord.Interaction) -> None:
        async with guard(interaction, "/about"):
            server, account = install_links(interaction.client.application_id or 0)
            await reply(interaction, ABOUT + INSTALL.format(server=server, account=account))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Privacy(bot))
    await bot.add_cog(About(bot))
