"""``/learn`` where the bot is not a member (issue 55): the bot's DM, a group DM, a server
that has not added it. There is no thread to open, so the lesson is played on the bot's
answers, as any match without a thread (:mod:`bot.match.hosted`): its first board is the
answer, each step's board the answer to the learner's move.

Ruling: such a lesson is seen by everyone in the conversation (as a lesson in a public
thread is, where private threads are refused), and the learner is told so; only they play
it, and its board, history and record are theirs alone as any lesson's are.
"""

from __future__ import annotations

import discord

import speech
from bot.kit.common import title_of
from bot.kit.interact import actor_of, defer, reply
from bot.kit.language import reader
from bot.kit.places import LIMITED, answers_hidden
from bot.match.ui import announce
from service import Service, ServiceError
from speech import Text


async def learn_here(service: Service, interaction: discord.Interaction, game: str) -> None:
    """The lesson of ``game`` for the caller, answered here."""
    if answers_hidden(interaction):
        raise ServiceError(LIMITED)
    await defer(interaction)
    update = await service.learn(actor_of(interaction), game,
                                 channel_id=interaction.channel_id, hosted=True)
    posted = await announce(interaction.client, update)
    language = await reader(service, interaction)  # a lesson has one reader
    said = speech.say(language, Text(
        "lesson-here" if posted is not None else "lesson-here-no-board",
        {"game": title_of(game), "match": update.match.id}))
    if not interaction.context.dm_channel:
        said += " " + speech.say(language, Text("lesson-here-seen"))
    await reply(interaction, said)
