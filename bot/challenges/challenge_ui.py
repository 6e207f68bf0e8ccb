"""The buttons of a challenge post (Accept / Decline for the challenged, Withdraw for the
challenger) and the game menu of the "Challenge to a game" user command. They are
dynamic items (``pantheon:challenge:accept:<id>``, ``pantheon:pick:<user>``): the
challenge is a row (:mod:`service.challenges.challenges`), so a press after a restart still works.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import discord

import engines
from bot.challenges.hosted import answered_here, closed_here
from bot.kit.dynamic import IdButton
from bot.kit.interact import actor_of, guard, reply, service_of, service_of_client
from bot.kit.places import elsewhere
from bot.match.publish import message_kwargs
from bot.match.threads import open_thread
from bot.match.ui import announce
from db import OPEN
from db.records import stamp
from service import Actor, ChallengeNews, Invitee, Post, ServiceError

log = logging.getLogger(__name__)

ACTIONS: dict[str, tuple[str, discord.ButtonStyle]] = {
    "accept": ("Accept", discord.ButtonStyle.success),
    "decline": ("Decline", discord.ButtonStyle.danger),
    "withdraw": ("Withdraw", discord.ButtonStyle.secondary),
}
NOT_HERE = "Challenge in a text channel of a server: the match's thread opens there."


def challenge_view(challenge_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for action in ACTIONS:
        view.add_item(ChallengeButton(action, challenge_id))
    return view


async def post_challenge(client: discord.Client, channel: discord.abc.Messageable,
                         news: ChallengeNews) -> discord.Message:
    """Post a new challenge, pinging the challenged, with its buttons; remember where."""
    kwargs = message_kwargs(Post(news.text, mentions=news.mentions))
    message = await channel.send(**kwargs, view=challenge_view(news.challenge.id))
    await service_of_client(client).set_challenge_message(news.challenge.id, message.id)
    return message


async def tell_challenger(channel: discord.abc.Messageable, news: ChallengeNews) -> None:
    """The notice of a refusal or a lapse, in the challenge's channel, pinging the
    challenger; a failure is logged (the challenge is already closed)."""
    kwargs = message_kwargs(Post(news.notice, mentions=news.mentions))
    try:
        await channel.send(**kwargs)
    except discord.HTTPException as exc:
        log.warning("challenge %s: notice not posted: %s", news.challenge.id, exc)


async def edit_challenge(message: discord.Message | discord.PartialMessage,
                         news: ChallengeNews) -> None:
    """The challenge post as it now reads; buttons only while it takes answers."""
    view = challenge_view(news.challenge.id) if news.open else None
    try:
        await message.edit(content=news.text, view=view,
                           allowed_mentions=discord.AllowedMentions.none())
    except discord.HTTPException as exc:
        log.info("challenge %s: post not edited: %s", news.challenge.id, exc)


class ChallengeButton(
    IdButton,
    template=r"pantheon:challenge:(?P<action>accept|decline|withdraw):(?P<challenge>\d+)",
):
    """Accept / Decline (the challenged) and Withdraw (the challenger)."""

    def __init__(self, action: str, challenge_id: int) -> None:
        super().__init__(f"pantheon:challenge:{action}:{challenge_id}", *ACTIONS[action])
        self.action = action
        self.challenge_id = challenge_id


    async def callback(self, interaction: discord.Interaction) -> Any:
        async with guard(interaction, f"challenge {self.action} #{self.challenge_id}"):
            service, actor = service_of(interaction), actor_of(interaction)
            act = {"accept": service.accept_challenge, "decline": service.decline_challenge,
                   "withdraw": service.withdraw_challenge}[self.action]
            if elsewhere(interaction):
                await self._here(interaction, act)
                return
            await interaction.response.defer(ephemeral=True, thinking=True)
            news = await act(self.challenge_id, actor)
            if interaction.message is not None:
                await edit_challenge(interaction.message, news)
            if news.notice and interaction.channel is not None:
                await tell_challenger(interaction.channel, news)  # type: ignore[arg-type]  # a challenge button is under a message in a text channel
            await reply(interaction, await self._answer(interaction, news))

    async def _here(self, interaction: discord.Interaction,
                    act: Callable[[int, Actor], Awaitable[ChallengeNews]]) -> None:
        """Where the bot is not a member (:mod:`bot.challenges.hosted`): answered as a
        deferred update of the challenge, which it edits."""
        await interaction.response.defer()
        service = service_of(interaction)
        try:
            news = await act(self.challenge_id, actor_of(interaction))
        except ServiceError:
            record = await service.get_challenge(self.challenge_id)
            if record.status != OPEN or record.expires_at <= stamp(service.now()):
                await closed_here(interaction)
            raise
        view = challenge_view(news.challenge.id) if news.open else None
        said = await answered_here(interaction, news, view)
        await reply(interaction, said or self._said(news))

    def _said(self, news: ChallengeNews) -> str:
        if self.action == "accept":
            return "Accepted: the match starts when everyone has."
        return "Declined." if self.action == "decline" else "Withdrawn."

    async def _answer(self, interaction: discord.Interaction, news: ChallengeNews) -> str:
        if news.update is not None:
            thread = await open_thread(interaction.client, news.update.match)
            await announce(interaction.client, news.update)
            place = thread.mention if thread is not None else "this channel"
            return f"Match #{news.update.match.id} is open in {place}."
        return self._said(news)


class GamePick(
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"pantheon:pick:(?P<user>\d+)",
):
    """The game menu of "Challenge to a game": the choice posts a challenge to the user
    with the default terms (``/challenge`` sets options and clocks). It offers the games
    the server allows (``games``: (slug, title)); rebuilt from its custom id after a
    restart, only the chosen value matters."""

    def __init__(self, user_id: int, games: Sequence[tuple[str, str]] | None = None) -> None:
        offered = games if games is not None else [(g.slug, g.title) for g in engines.all()]
        options = [discord.SelectOption(label=title, value=slug) for slug, title in offered]
        super().__init__(discord.ui.Select(
            placeholder="Choose a game", options=options, custom_id=f"pantheon:pick:{user_id}"))
        self.user_id = user_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> GamePick:
        return cls(int(match["user"]))

    async def callback(self, interaction: discord.Interaction) -> Any:
        async with guard(interaction, f"challenge pick for {self.user_id}"):
            channel = interaction.channel
            if interaction.guild is None or not isinstance(channel, discord.TextChannel):
                raise ServiceError(NOT_HERE)
            await interaction.response.defer()  # a deferred update of the menu
            member = await interaction.guild.fetch_member(self.user_id)
            news = await service_of(interaction).challenge(
                actor_of(interaction), [invitee_of(member)], self.item.values[0],
                channel_id=channel.id)
            await post_challenge(interaction.client, channel, news)
            await interaction.edit_original_response(
                content=f"Challenge #{news.challenge.id} is posted.", view=None)


def pick_view(user_id: int, games: Sequence[tuple[str, str]]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(GamePick(user_id, games))
    return view


def invitee_of(member: discord.Member | discord.User) -> Invitee:
    return Invitee(member.id, member.display_name, is_bot=member.bot)
