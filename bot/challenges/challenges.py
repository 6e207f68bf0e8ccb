"""``/challenge`` and the user command "Challenge to a game": a post in the channel that
pings the challenged players, with Accept / Decline / Withdraw buttons (see
:mod:`bot.challenges.challenge_ui`); and the loop that lapses challenges nobody answered in 48 hours
and tells their challengers. Every timed decision takes the service's ``now``, so tests
drive :meth:`Challenges.tick` with a fake clock."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot.challenges.challenge_ui import (
    NOT_HERE,
    challenge_view,
    edit_challenge,
    invitee_of,
    pick_view,
    post_challenge,
    tell_challenger,
)
from bot.challenges.hosted import challenge_here, lapsed_here
from bot.kit.common import PantheonCog, game_autocomplete
from bot.kit.interact import actor_of, defer, guard, reply
from bot.kit.places import anywhere, elsewhere
from bot.match.lobby import LEVEL_CHOICES, TERMS_HELP, TIMEOUT_CHOICES, takes_terms, terms_of
from service import CHALLENGE_HOURS, ServiceError, parse_options

log = logging.getLogger(__name__)

LAPSE_EVERY_MINUTES = 5
MENU_NAME = "Challenge to a game"


class Challenges(PantheonCog):
    def __init__(self, bot: commands.Bot) -> None:
        super().__init__(bot)
        self.menu = app_commands.ContextMenu(name=MENU_NAME, callback=self.challenge_menu)
        self.menu.guild_only = True

    async def cog_load(self) -> None:
        self.bot.tree.add_command(self.menu)
        self.lapse.start()

    async def cog_unload(self) -> None:
        self.lapse.cancel()
        self.bot.tree.remove_command(self.menu.name, type=self.menu.type)

    @app_commands.command(
        name="challenge",
        description=f"Challenge players to a match; they accept within {CHALLENGE_HOURS} h",
    )
    @app_commands.describe(
        opponent="The player you challenge",
        game="The game to play",
        opponent2="Another player (games for 3 or more)",
        opponent3="Another player",
        opponent4="Another player",
        opponent5="Another player",
        **TERMS_HELP,
    )
    @app_commands.choices(on_timeout=TIMEOUT_CHOICES, level=LEVEL_CHOICES)
    @app_commands.autocomplete(game=game_autocomplete)
    @anywhere
    @takes_terms
    async def challenge(
        self,
        interaction: discord.Interaction,
        opponent: discord.Member | discord.User,  # a User where the bot is not a member
        game: str,
        opponent2: discord.Member | discord.User | None = None,
        opponent3: discord.Member | discord.User | None = None,
        opponent4: discord.Member | discord.User | None = None,
        opponent5: discord.Member | discord.User | None = None,
        options: str | None = None,
        **terms: Any,
    ) -> None:
        async with guard(interaction, "/challenge"):
            parsed = parse_options(options)
            opponents = [invitee_of(m) for m in (opponent, opponent2, opponent3, opponent4,
                                                 opponent5) if m is not None]
            if elsewhere(interaction):  # no channel to post in: the answer is the challenge
                await challenge_here(self.service, interaction, opponents, game, parsed,
                                     terms_of(**terms), challenge_view)
                return
            channel = interaction.channel
            if not isinstance(channel, discord.TextChannel):
                raise ServiceError(NOT_HERE)
            await defer(interaction)
            news = await self.service.challenge(actor_of(interaction), opponents, game, parsed,
                                                channel.id, terms=terms_of(**terms))
            await post_challenge(self.bot, channel, news)
            await reply(interaction, f"Challenge #{news.challenge.id} is posted; it lapses "
                        f"in {CHALLENGE_HOURS} hours unless answered.")

    async def challenge_menu(self, interaction: discord.Interaction,
                             member: discord.Member) -> None:
        """The user command: a menu of games, only to the caller."""
        async with guard(interaction, MENU_NAME):
            if not isinstance(interaction.channel, discord.TextChannel):
                raise ServiceError(NOT_HERE)  # a thread, a forum post: say so before the menu
            if member.id == interaction.user.id:
                raise ServiceError("You cannot challenge yourself: name another player.")
            if member.bot:
                raise ServiceError(f"{self.service.escape(member.display_name)} is a bot "
                                   "account and cannot play.")
            games = await self.service.games_here(interaction.guild_id)
            await reply(interaction, f"Challenge {member.mention} to which game? (Options "
                        "and clocks: use /challenge.)", view=pick_view(member.id, games))

    @tasks.loop(minutes=LAPSE_EVERY_MINUTES)
    async def lapse(self) -> None:
        try:
            await self.tick()
        except Exception:  # an exception would end the loop: log it, try again next time
            log.exception("the challenge lapse pass failed")

    @lapse.before_loop
    async def _ready(self) -> None:
        await self.bot.wait_until_ready()

    async def tick(self) -> int:
        """Lapse the challenges whose time ran out (at the service's ``now``): edit each
        post and tell its challenger. Returns how many were lapsed."""
        lapsed = await self.service.lapse_challenges()
        for news in lapsed:
            record = news.challenge
            if record.hosted:  # nowhere to post: the challenger is told by DM
                await lapsed_here(self.bot, news)
                continue
            channel = self.bot.get_channel(record.channel_id) if record.channel_id else None
            if not isinstance(channel, discord.TextChannel):
                log.info("challenge %s lapsed; its channel is gone", record.id)
                continue
            if record.message_id is not None:
                await edit_challenge(channel.get_partial_message(record.message_id), news)
            await tell_challenger(channel, news)
        return len(lapsed)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Challenges(bot))
