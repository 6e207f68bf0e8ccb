"""A challenge where the bot is not a member (issue 55): a group DM, a server that has not
added it. It lives on the bot's answers, as a match without a thread does
(:mod:`bot.match.hosted`): ``/challenge`` answers with the challenge, pinging the
challenged, its buttons on it; a press answers through the pressed message (a deferred
update edits it), the challenger's notice of a refusal is a public answer to the press,
and the last acceptance answers with the match's first board, in the same conversation.
The bot cannot post there on its own, so a challenge that lapses is told to its
challenger by DM, and its post keeps its buttons until one is pressed: the press then
says that it lapsed and removes them.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import discord

import speech
from bot.kit.interact import actor_of, defer
from bot.kit.places import LIMITED, answers_hidden
from bot.match import hosted
from bot.match.publish import message_kwargs, send_dm
from bot.match.ui import announce
from service import (
    CHALLENGE_HOURS,
    ChallengeNews,
    Invitee,
    MatchTerms,
    Post,
    Service,
    ServiceError,
)
from speech import Text

log = logging.getLogger(__name__)



async def challenge_here(service: Service, interaction: discord.Interaction,
                         opponents: list[Invitee], game: str, options: dict[str, str],
                         terms: MatchTerms, buttons: Callable[[int], discord.ui.View]
                         ) -> ChallengeNews:
    """``/challenge`` where the bot is not a member: the challenge is a public answer
    (``buttons``: of a challenge, by its id). Refused where Discord would show the answer
    to its asker alone."""
    if answers_hidden(interaction):
        raise ServiceError(LIMITED)
    await defer(interaction)
    news = await service.challenge(actor_of(interaction), opponents, game, options,
                                   interaction.channel_id, terms=terms, hosted=True)
    kwargs = message_kwargs(Post(news.text, mentions=news.mentions))
    message = await hosted.answer_publicly(
        interaction, {**kwargs, "view": buttons(news.challenge.id)},
        note=Text("anywhere-challenge-posted", {"id": str(news.challenge.id),
                                                "hours": CHALLENGE_HOURS}))
    if message is not None:
        await service.set_challenge_message(news.challenge.id, message.id)
    return news


async def answered_here(interaction: discord.Interaction, news: ChallengeNews,
                        view: discord.ui.View | None) -> str:
    """A press of a challenge's button where the bot is not a member (answered as a
    deferred update of the challenge): the challenge as it now reads, the challenger's
    notice, the match's first board; what to tell the presser."""
    try:
        await interaction.edit_original_response(content=news.text, view=view,
                                                 allowed_mentions=discord.AllowedMentions.none())
    except discord.HTTPException as exc:
        log.info("challenge %s: post not edited: %s", news.challenge.id, exc)
    if news.notice:
        await hosted.answer_publicly(
            interaction, message_kwargs(Post(news.notice, mentions=news.mentions)))
    if news.update is not None:
        await announce(interaction.client, news.update)
        return speech.say(speech.negotiate(interaction.locale),
                          Text("anywhere-challenge-begun", {"id": str(news.update.match.id)}))
    return ""


async def closed_here(interaction: discord.Interaction) -> None:
    """A press on a challenge that takes no answers any more (it lapsed while nobody
    could be told here): its buttons go."""
    try:
        await interaction.edit_original_response(view=None)
    except discord.HTTPException as exc:
        log.info("challenge buttons not removed: %s", exc)


async def lapsed_here(client: discord.Client, news: ChallengeNews) -> bool:
    """A challenge made where the bot is not a member lapsed: its challenger is told by
    DM (Discord lets the bot DM whoever installed it to their account); True if sent."""
    return await send_dm(client, news.challenge.challenger_id, news.notice)

