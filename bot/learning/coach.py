"""``/hint`` (the computer's choice for your move, in unrated matches) and ``/review`` (the
moments a finished match turned for you), both answered to the asker alone.

A review's moments come as ephemeral follow-ups of the command, not by DM: they stay
beside the question that asked for them, reach people whose DMs are closed, and the
command's deferred answer already shows the progress ("Reviewing… 12/40 positions")."""

from __future__ import annotations

import logging
import time

import discord
from discord import app_commands
from discord.ext import commands

import speech
from bot.kit.common import PantheonCog, about_a_match, started_match_autocomplete
from bot.kit.interact import actor_of, deferred_match, guard, reply
from bot.kit.language import reader
from bot.match.publish import message_kwargs
from db import ABORTED, FINISHED, RUNNING
from service import Post
from speech import Text

log = logging.getLogger(__name__)

ALT_LIMIT = 1024
"""Discord's limit on a picture's alt text."""
PROGRESS_SECONDS = 1.5
"""At most one progress edit this often (and always the first): Discord limits edits."""


class Coach(PantheonCog):
    @app_commands.command(
        name="hint",
        description="The computer's choice for your move, and why (unrated matches; only "
        "you see it)")
    @about_a_match(started_match_autocomplete(RUNNING))
    async def hint(self, interaction: discord.Interaction, match: int | None = None) -> None:
        async with guard(interaction, "/hint"):
            record = await deferred_match(interaction, match)
            given = await self.service.hint(record.id, actor_of(interaction))
            language = await reader(self.service, interaction)
            await reply(interaction, speech.say(language, given.text),
                        allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(
        name="review",
        description="The moments a finished match turned for you, by the computer (only "
        "you see it)")
    @about_a_match(started_match_autocomplete(FINISHED, ABORTED))
    async def review(self, interaction: discord.Interaction, match: int | None = None
                     ) -> None:
        async with guard(interaction, "/review"):
            record = await deferred_match(interaction, match)
            language = await reader(self.service, interaction)
            shown = [0.0]

            async def progress(done: int, total: int) -> None:
                now = time.monotonic()
                if done < total and shown[0] and now - shown[0] < PROGRESS_SECONDS:
                    return
                shown[0] = now
                try:
                    await interaction.edit_original_response(
                        content=speech.say(language, Text("review-progress",
                                                          {"done": done, "total": total})))
                except discord.HTTPException as exc:  # progress is a courtesy
                    log.info("/review progress not shown: %s", exc)

            found = await self.service.review(record.id, actor_of(interaction), progress)
            none = discord.AllowedMentions.none()
            await interaction.edit_original_response(
                content=speech.say(language, found.heading), allowed_mentions=none)
            for n, moment in enumerate(found.moments, 1):
                post = Post(speech.say(language, moment.text), moment.png,
                            filename=f"review-{n}.png",
                            alt=speech.say(language, moment.alt)[:ALT_LIMIT])
                await reply(interaction, **message_kwargs(post, mention=False))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Coach(bot))
