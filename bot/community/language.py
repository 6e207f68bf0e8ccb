"""``/language``: which language the bot answers a member in, wherever they are (their
ephemeral answers and DMs); "automatic" follows their Discord client's again. The service
keeps it (:mod:`service.community.languages`); the answer is said in the language now in
force, so a member sees at once that it took."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

import speech
from bot.kit.common import PantheonCog
from bot.kit.interact import actor_of, guard, reply
from bot.kit.language import reader
from service.community.languages import AUTOMATIC

CHOICES = [app_commands.Choice(name="automatic (your Discord's language)", value=AUTOMATIC),
           *(app_commands.Choice(name=speech.name_of(language), value=language)
             for language in speech.LANGUAGES)]
"""Each language by its own name (kept in every catalogue), after "automatic"."""


class Language(PantheonCog):
    @app_commands.command(name="language", description="The language I answer you in "
                          "(default: your Discord's)")
    @app_commands.describe(language="Your language, or automatic to follow Discord's")
    @app_commands.choices(language=CHOICES)
    async def language(self, interaction: discord.Interaction, language: str) -> None:
        async with guard(interaction, "/language"):
            await reader(self.service, interaction)  # "automatic" names the client's
            said = await self.service.languages.choose(actor_of(interaction), language)
            now = await self.service.languages.of(interaction.user.id)
            await reply(interaction, speech.say(now, said))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Language(bot))
