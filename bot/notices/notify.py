"""``/notify``: how and when the bot may reach you — your time zone, quiet hours, how
"your turn" reaches you, a daily digest — and following (or muting) a match. With no
option it shows your settings in words. The DMs themselves (the digest, what quiet hours
held back) go out from the clock loop (:mod:`bot.clocks.reminders`)."""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands

from bot.kit.common import PantheonCog
from bot.kit.interact import actor_of, defer, find_match, guard, reply
from bot.kit.places import anywhere
from service import ServiceError
from service.notices import quiet
from service.notices.notify import FOLLOW, YOUR_TURN

log = logging.getLogger(__name__)

YOUR_TURN_CHOICES = [app_commands.Choice(name=f"{key}: {words}"[:100], value=key)
                     for key, words in YOUR_TURN.items()]
FOLLOW_CHOICES = [app_commands.Choice(name=f"{key}: {words}"[:100], value=key)
                  for key, words in FOLLOW.items()]


class Notify(PantheonCog):
    @anywhere
    @app_commands.command(
        name="notify",
        description="When and how I may ping you: time zone, quiet hours, digest, follows")
    @app_commands.describe(
        time_zone="Your time zone, e.g. Europe/Paris (quiet hours and the digest use it)",
        quiet_hours="No pings or DMs then, e.g. 23:00-07:00 (off: none)",
        your_turn="How your turn reaches you (default: a mention in the match's thread)",
        digest_hour="The local hour of a daily DM listing the matches waiting on you "
                    "(-1: no digest)",
        follow="This match: follow it as a spectator, or mute one you play in",
        match="The match to follow or mute (default: this thread's match)")
    @app_commands.choices(your_turn=YOUR_TURN_CHOICES, follow=FOLLOW_CHOICES)
    async def notify(self, interaction: discord.Interaction, time_zone: str | None = None,
                     quiet_hours: str | None = None, your_turn: str | None = None,
                     digest_hour: app_commands.Range[int, -1, 23] | None = None,
                     follow: str | None = None, match: int | None = None) -> None:
        async with guard(interaction, "/notify"):
            await defer(interaction)
            actor = actor_of(interaction)
            lines = []
            if follow is not None or match is not None:
                if follow is None:
                    raise ServiceError("Say how to follow the match: end, moves, mute or off.")
                record = await find_match(interaction, match)
                lines.append(await self.service.follow(record.id, actor, str(follow)))
            lines.append(await self.service.notify_settings(actor, time_zone, quiet_hours,
                                                            your_turn, digest_hour))
            await reply(interaction, "\n\n".join(lines),
                        allowed_mentions=discord.AllowedMentions.none())

    @notify.autocomplete("time_zone")
    async def zone_autocomplete(self, interaction: discord.Interaction, current: str
                                ) -> list[app_commands.Choice[str]]:
        """IANA time zone names containing what was typed (at most 25)."""
        del interaction  # the same list for everyone
        try:
            return [app_commands.Choice(name=name, value=name)
                    for name in quiet.matching_zones(str(current or ""))]
        except Exception:  # autocomplete must never raise
            log.exception("time zone autocomplete failed")
            return []


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Notify(bot))
