"""``/move`` (with autocomplete of the caller's legal moves), ``/resign`` and ``/abort``."""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands

import speech
from bot.kit.common import PantheonCog, about_a_match, option_int, title_of
from bot.kit.interact import actor_of, deferred_match, find_match, guard, reply
from bot.kit.language import reader
from bot.match.publish import publish
from bot.match.ui import announce, edit_lobby_post, played_text, resign_view
from bot.match.ui import resign as resign_match
from db import LOBBY
from service import ServiceError
from service.match.suggest import suggest_moves

log = logging.getLogger(__name__)



class Play(PantheonCog):
    @app_commands.command(name="move", description="Play a move in your match")
    @about_a_match(move="Your move: start typing and pick from your legal moves")
    async def move(
        self, interaction: discord.Interaction, move: str, match: int | None = None
    ) -> None:
        async with guard(interaction, "/move"):
            record = await deferred_match(interaction, match)
            actor = actor_of(interaction)
            update = await self.service.submit(record.id, actor, move)
            posted = await announce(self.bot, update)
            await reply(interaction, speech.said(
                await reader(self.service, interaction),
                played_text(actor, update, move.strip(), posted is not None)))

    @move.autocomplete("move")
    async def move_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        try:
            record = await find_match(interaction, option_int(interaction.namespace.match))
            moves = await self.service.legal_moves(record.id, actor_of(interaction))
        except ServiceError:
            return []
        except Exception:  # autocomplete must never raise
            log.exception("move autocomplete failed")
            return []
        return [
            app_commands.Choice(name=name, value=value)
            for name, value in suggest_moves(moves, current or "")
        ]

    @app_commands.command(name="resign", description="Give up in a match (you rank last)")
    @about_a_match(confirm="True to resign without the confirmation button")
    async def resign(
        self, interaction: discord.Interaction, match: int | None = None, confirm: bool = False
    ) -> None:
        async with guard(interaction, "/resign"):
            record = await deferred_match(interaction, match)
            self.service.may_resign(record, actor_of(interaction))  # before a confirmation
            title = title_of(record.game)
            language = await reader(self.service, interaction)
            named = {"game": title, "id": str(record.id)}
            if not confirm:
                await reply(
                    interaction, speech.say(language, speech.Text("match-resign-sure", named)),
                    view=resign_view(record.id, interaction.user.id, language),
                )
                return
            await resign_match(interaction, record.id)
            await reply(interaction, speech.say(language, speech.Text("match-you-resigned-from",
                                                                      named)))

    @app_commands.command(
        name="abort", description="End a match without a result (host or Manage Server)"
    )
    @about_a_match()
    async def abort(self, interaction: discord.Interaction, match: int | None = None) -> None:
        async with guard(interaction, "/abort"):
            record = await deferred_match(interaction, match)
            update = await self.service.abort(record.id, actor_of(interaction))
            await publish(self.bot, update)
            if record.status == LOBBY:  # the lobby's message loses its buttons
                await edit_lobby_post(self.bot, update.match)
            await reply(interaction, speech.say(await reader(self.service, interaction),
                                                speech.Text("match-is-aborted", {
                                                    "game": title_of(record.game),
                                                    "id": str(record.id)})))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Play(bot))
