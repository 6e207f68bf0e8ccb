"""``/learn game:``: a guided first match of a game (:mod:`service.learning.lessons`) in a private
thread of the channel.

Ruling (issue 39): a lesson is played in a **private thread** (``invitable=False``: the
learner and the bot, and moderators who manage threads), not in ephemeral messages. An
ephemeral flow lives on the interaction's 15-minute token, and a lesson is a real match
that may take longer, be left and resumed days later, or outlive a restart; a thread
persists, shows the board pictures, carries the move buttons and the picker like every
match thread, and ``/move`` finds its match there. Where private threads are refused (no
Create Private Threads permission), the lesson falls back to a public thread, and the
learner is told that it is public; in a forum it is a post of the forum (forums have no
private threads), said too. Either way the lesson is the learner's alone: the service
refuses its board, history and record to anyone else.
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands

import speech
from bot.kit.common import PantheonCog, lesson_autocomplete, title_of
from bot.kit.interact import actor_of, defer, guard, reply
from bot.kit.language import reader
from bot.kit.places import anywhere, elsewhere
from bot.learning.hosted import learn_here
from bot.match.opening import NO_THREAD, NOT_A_TEXT_CHANNEL, Place, place_for, undo_opening
from bot.match.threads import THREAD_ARCHIVE_MINUTES, add_members, thread_name
from bot.match.ui import announce
from db import MatchRecord
from service import ServiceError
from speech import Text

log = logging.getLogger(__name__)


async def open_lesson_thread(place: Place, match: MatchRecord,
                             language: str = speech.ENGLISH) -> discord.Thread:
    """The lesson's thread: private where allowed, else public; a forum's post (its
    words in the learner's ``language``). Raises ``discord.HTTPException`` when no
    thread can be opened at all."""
    name, reason = thread_name(match), f"Pantheon lesson #{match.id}"
    if isinstance(place, discord.ForumChannel):
        content = speech.say(language, Text("lesson-forum-post", {"thread": name}))
        post = await place.create_thread(name=name, content=content,
                                         auto_archive_duration=THREAD_ARCHIVE_MINUTES,
                                         reason=reason)
        return post.thread
    try:
        return await place.create_thread(name=name, type=discord.ChannelType.private_thread,
                                         invitable=False, reason=reason,
                                         auto_archive_duration=THREAD_ARCHIVE_MINUTES)
    except discord.HTTPException as exc:
        log.info("lesson %s: no private thread in %s (%s); a public one", match.id,
                 place.id, exc)
    return await place.create_thread(name=name, type=discord.ChannelType.public_thread,
                                     reason=reason,
                                     auto_archive_duration=THREAD_ARCHIVE_MINUTES)


def public_note(place: Place, thread: discord.Thread) -> Text | None:
    """What the learner is told when the lesson's thread is not private (issue 57): a
    public thread (private ones refused here) or a forum's post; None: it is private."""
    if thread.type == discord.ChannelType.private_thread:
        return None
    return Text("lesson-public-forum" if isinstance(place, discord.ForumChannel)
                else "lesson-public-thread")


def opened(language: str, game: str, match: MatchRecord, thread: discord.Thread,
           posted: bool, note: Text | None) -> str:
    """The answer to /learn, in the learner's language."""
    said = speech.say(language, Text("lesson-opened" if posted else "lesson-opened-no-board",
                                     {"game": title_of(game), "match": match.id,
                                      "thread": thread.mention}))
    return said if note is None else f"{said} {speech.say(language, note)}"


class Learn(PantheonCog):
    @app_commands.command(name="learn",
                          description="Learn a game: a guided first match against the computer")
    @app_commands.describe(game="The game to learn")
    @app_commands.autocomplete(game=lesson_autocomplete)
    @anywhere
    async def learn(self, interaction: discord.Interaction, game: str) -> None:
        async with guard(interaction, "/learn"):
            if elsewhere(interaction):  # no thread to open: the lesson is on the answers
                await learn_here(self.service, interaction, game)
                return
            if interaction.guild_id is None:
                raise ServiceError(NOT_A_TEXT_CHANNEL)
            place = place_for(interaction.channel)
            await defer(interaction)
            language = await reader(self.service, interaction)  # a lesson has one reader
            actor = actor_of(interaction)
            update = await self.service.learn(actor, game, channel_id=place.id)
            match = update.match
            made: list[discord.Thread] = []
            try:
                thread = await open_lesson_thread(place, match, language)
                made.append(thread)
                await self.service.set_places(match.id, thread_id=thread.id)
            except Exception as exc:
                await undo_opening(self.service, match.id, actor, made)
                if isinstance(exc, discord.HTTPException):
                    raise ServiceError(NO_THREAD) from None
                raise
            match.thread_id = thread.id
            await add_members(thread, [actor.user_id])
            posted = await announce(self.bot, update)
            await reply(interaction, opened(language, game, match, thread,
                                            posted is not None, public_note(place, thread)))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Learn(bot))
