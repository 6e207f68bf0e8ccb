"""``/export``: a match's game record as two attachments, the JSON (to replay with
``python -m bot --local --import``) and a readable text."""

from __future__ import annotations

import io
import logging

import discord
from discord import app_commands
from discord.ext import commands

from bot.kit.common import PantheonCog, about_a_match, started_match_autocomplete, title_of
from bot.kit.interact import actor_of, defer, find_match, guard, reply
from db import ABORTED, FINISHED, LOBBY, RUNNING
from service import ServiceError
from service.records.export import OVER

log = logging.getLogger(__name__)


class Records(PantheonCog):
    @app_commands.command(
        name="export",
        description="A match's game record: JSON to replay offline, and text "
        "(only you see it unless public)")
    @about_a_match(started_match_autocomplete(RUNNING, FINISHED, ABORTED),
                   public="Post it for everyone in the channel (default: only you see it)")
    async def export(self, interaction: discord.Interaction, match: int | None = None,
                     public: bool = False) -> None:
        async with guard(interaction, "/export"):
            record = await find_match(interaction, match)
            # Refused before a public "thinking…" is shown: another's lesson, no record yet.
            record = await self.service.readable(record.id, actor_of(interaction))
            if record.status == LOBBY:
                raise ServiceError("This match has not started yet: there is no record to "
                                   "export.")
            await defer(interaction, ephemeral=not public)
            made = await self.service.export(record.id, actor_of(interaction), mine=not public)
            stem = made.filename
            if record.status in OVER:
                note = (f"Replay it offline with `python -m bot --local --import {stem}.json` "
                        "(an unfinished match then continues there).")
            elif made.unreplayable is None:
                note = ("The match is running; nothing in it is hidden or left to chance, so "
                        f"`python -m bot --local --import {stem}.json` replays it and "
                        "continues it there as a new match.")
            else:
                note = ("The match is running, so the record holds only what everyone has "
                        "seen (no seed, no private moves) and cannot be replayed yet; export "
                        "it again once the match is over.")
            files = [discord.File(io.BytesIO(made.json.encode("utf-8")), filename=f"{stem}.json"),
                     discord.File(io.BytesIO(made.text.encode("utf-8")), filename=f"{stem}.txt")]
            await reply(interaction, f"**{title_of(record.game)}** #{record.id}: the game "
                        f"record ({record.status}). {note}", ephemeral=not public, files=files,
                        allowed_mentions=discord.AllowedMentions.none())


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Records(bot))
