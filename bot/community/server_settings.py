"""``/settings`` (Manage Server): where matches start, their default clock, who creates
tournaments, the one role the bot may mention, how "your turn" reaches members who chose
nothing, the games allowed. The service checks, stores and applies them
(:mod:`service.community.server_settings`); with no option, the settings in words."""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands

import speech
from bot.kit.common import PantheonCog
from bot.kit.interact import actor_of, defer, guard, reply
from bot.kit.language import chosen
from bot.kit.places import anywhere, needs_the_bot
from db import TournamentRecord
from service import Service
from service.common.clock_math import MAX_DEADLINE_HOURS, MAX_REMIND_HOURS, ON_TIMEOUT
from service.community.languages import AUTOMATIC
from service.community.server_settings import SERVER_TURN
from service.notices.notify import YOUR_TURN

log = logging.getLogger(__name__)

SETTING_NAMES = ("channel", "remind", "deadline", "on_timeout", "tournament_role",
                 "ping_role", "your_turn", "games", "language", "all")
LANGUAGES = [app_commands.Choice(name="automatic (this server's Discord language)",
                                 value=AUTOMATIC),
             *(app_commands.Choice(name=speech.name_of(tag), value=tag)
               for tag in speech.LANGUAGES)]
"""Each language by its own name (kept in every catalogue), after "automatic"."""


class Settings(PantheonCog):
    @app_commands.command(name="settings", description="This server's settings for the bot "
                          "(Manage Server); without options, in words")
    @app_commands.describe(
        matches_channel="The one text channel where matches, challenges and "
                "tournaments start",
        remind="Default first reminder, in hours, for new matches and challenges",
        deadline="Default deadline per turn, in hours (0: none)",
        on_timeout="Default for a missed deadline",
        tournament_role="Only members with this role (and Manage Server) create tournaments",
        ping_role="A role I may mention when a tournament opens (never @everyone/@here)",
        your_turn="How \"your turn\" reaches members who have not chosen with /notify",
        games="Games allowed here, by name, separated by commas (all: every game)",
        clear="Put one setting (or all) back to its default",
        language="The language of what my posts in this server's channels say")
    @app_commands.choices(
        on_timeout=[app_commands.Choice(name=t, value=t) for t in ON_TIMEOUT],
        your_turn=[app_commands.Choice(name=f"{k}: {YOUR_TURN[k]}"[:100], value=k)
                   for k in SERVER_TURN],
        clear=[app_commands.Choice(name=n, value=n) for n in SETTING_NAMES],
        language=LANGUAGES)
    @anywhere
    @app_commands.default_permissions(manage_guild=True)
    async def settings(
        self, interaction: discord.Interaction,
        matches_channel: discord.TextChannel | None = None,
        remind: app_commands.Range[int, 0, MAX_REMIND_HOURS] | None = None,
        deadline: app_commands.Range[int, 0, MAX_DEADLINE_HOURS] | None = None,
        on_timeout: str | None = None, tournament_role: discord.Role | None = None,
        ping_role: discord.Role | None = None, your_turn: str | None = None,
        games: str | None = None, clear: str | None = None, language: str | None = None,
    ) -> None:
        async with guard(interaction, "/settings"):
            needs_the_bot(interaction, "/settings")
            await defer(interaction)
            if ping_role is not None and ping_role.is_default():
                await reply(interaction, "I never mention @everyone or @here; choose a role.")
                return
            text = await self.service.servers.change(
                actor_of(interaction),
                channel=matches_channel.id if matches_channel else None,
                remind=remind, deadline=deadline, on_timeout=on_timeout,
                tournament_role=tournament_role.id if tournament_role else None,
                ping_role=ping_role.id if ping_role else None, your_turn=your_turn,
                games=games, clear=clear, language=language)
            if interaction.guild_id is not None:
                now = await self.service.servers.get(interaction.guild_id)
                chosen(interaction.client, interaction.guild_id, now.language)
            await reply(interaction, text, allowed_mentions=discord.AllowedMentions.none())


async def ping_for_tournament(service: Service, channel: discord.abc.Messageable,
                              record: TournamentRecord) -> None:
    """Mention the server's ``ping_role`` (if one is set) under a new tournament's post;
    a failure is logged (the tournament is made)."""
    settings = await service.servers.get(record.guild_id)
    if settings.ping_role is None:
        return
    try:
        await channel.send(f"<@&{settings.ping_role}> tournament #{record.id} is open: "
                           "press Join on its post.",
                           allowed_mentions=discord.AllowedMentions(
                               everyone=False, users=False,
                               roles=[discord.Object(settings.ping_role)]))
    except discord.HTTPException as exc:
        log.info("tournament %s: role not mentioned: %s", record.id, exc)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Settings(bot))
