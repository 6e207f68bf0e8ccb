"""``/undo``, ``/turns`` (your turn everywhere), ``/replay`` and ``/leaderboard``."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.kit.common import (
    GAME_CHOICES,
    PantheonCog,
    about_a_match,
    send_long,
    started_match_autocomplete,
    title_of,
)
from bot.kit.interact import actor_of, defer, deferred_match, find_match, guard, reply
from bot.kit.places import anywhere, needs_the_bot
from bot.match import hosted
from bot.match.publish import match_channel, message_kwargs, user_mentions
from bot.match.ui import announce
from bot.match.undo_ui import undo_view
from db import ABORTED, FINISHED
from service import ServiceError
from service.match import overview, ratings
from service.match.undo import Asked

log = logging.getLogger(__name__)

NOT_POSTED = ("I couldn't post your request in the match's thread, so it was dropped: "
              "I need Send Messages in Threads there.")
POSTED = ("Your request is posted in the match's thread; the moves are taken back when every "
          "opponent accepts.")
ASKED_BELOW = ("Your request is below; the moves are taken back when every opponent "
               "accepts.")
NOT_HERE = ("Ask for it where match #{id} is played: your opponents answer it there. "
            "Nothing was asked.")
NOT_ANSWERED = "I couldn't post your request here, so it was dropped. Try again in a moment."


def request_kwargs(asked: Asked) -> dict[str, Any]:
    """An undo request as posted: its text pinging the opponents it waits for, and the
    Accept / Refuse buttons."""
    pings = " ".join(f"<@{u}>" for u in asked.waiting if u > 0)
    return {"content": f"{asked.text}\n{pings}".strip(),
            "allowed_mentions": user_mentions(asked.waiting),
            "view": undo_view(asked.match.id, asked.request.version)}


class Social(PantheonCog):
    @app_commands.command(
        name="undo",
        description="Take back your last move (your opponents may have to agree)")
    @about_a_match()
    async def undo(self, interaction: discord.Interaction, match: int | None = None) -> None:
        async with guard(interaction, "/undo"):
            record = await deferred_match(interaction, match)
            outcome = await self.service.ask_undo(record.id, actor_of(interaction))
            if outcome.update is not None:
                posted = await announce(self.bot, outcome.update)
                note = "" if posted else ("\n(I couldn't post the board in the match's "
                                          "thread: check my permissions.)")
                await reply(interaction, outcome.text + note)
                return
            asked = outcome.asked
            assert asked is not None
            if asked.match.hosted:  # no thread: the request is this command's answer
                await self._ask_here(interaction, asked)
                return
            if not await self._post_request(asked):
                await self.service.drop_undo_requests(asked.match.id)
                raise ServiceError(NOT_POSTED)
            await reply(interaction, POSTED)

    async def _post_request(self, asked: Asked) -> bool:
        channel = await match_channel(self.bot, asked.match)
        if channel is None:
            return False
        try:
            await channel.send(**request_kwargs(asked))
        except discord.HTTPException as exc:
            log.warning("match %s: undo request not posted: %s", asked.match.id, exc)
            return False
        return True

    async def _ask_here(self, interaction: discord.Interaction, asked: Asked) -> None:
        """A match without a thread: the request, with its buttons, is a public answer
        where the match is played (a button's answer edits it); asked from elsewhere, or
        not posted, it is dropped."""
        if interaction.channel_id != asked.match.channel_id:
            await self.service.drop_undo_requests(asked.match.id)
            raise ServiceError(NOT_HERE.format(id=asked.match.id))
        if await hosted.answer_publicly(interaction, request_kwargs(asked),
                                        note=ASKED_BELOW) is None:
            await self.service.drop_undo_requests(asked.match.id)
            raise ServiceError(NOT_ANSWERED)

    @anywhere
    @app_commands.command(
        name="turns",
        description="Every match, in every server, waiting for your move (only you see it)")
    async def turns(self, interaction: discord.Interaction) -> None:
        async with guard(interaction, "/turns"):
            await defer(interaction)
            waiting = await self.service.my_turns(actor_of(interaction))
            await send_long(interaction, overview.turns_lines(waiting), filename="my-turns.txt")

    @app_commands.command(
        name="replay", description="An animated replay of a finished match (only you see it)")
    @about_a_match(started_match_autocomplete(FINISHED, ABORTED),
                   match="The match number (default: this thread's match)")
    async def replay(self, interaction: discord.Interaction, match: int | None = None) -> None:
        async with guard(interaction, "/replay"):
            await defer(interaction)
            try:
                record = await find_match(interaction, match)
            except ServiceError:
                if match is not None:
                    raise
                raise ServiceError("Say which match with the `match` option, or use /replay "
                                   "in the match's thread.") from None
            post = await self.service.replay_gif(record.id, actor_of(interaction))
            await reply(interaction, **message_kwargs(post, mention=False))

    @app_commands.command(
        name="leaderboard", description="The best rated players of a game in this server")
    @app_commands.describe(game="The game")
    @app_commands.choices(game=GAME_CHOICES)
    @anywhere
    async def leaderboard(self, interaction: discord.Interaction, game: str) -> None:
        async with guard(interaction, "/leaderboard"):
            needs_the_bot(interaction, "/leaderboard (ratings are per server)")
            if interaction.guild_id is None:
                raise ServiceError("Use /leaderboard in a server: ratings are per server.")
            await defer(interaction)
            board = await self.service.leaderboard(interaction.guild_id, game,
                                                   interaction.user.id)
            await send_long(interaction, ratings.leaderboard_lines(board, title_of(game)),
                            filename=f"{game}-leaderboard.txt")


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Social(bot))
