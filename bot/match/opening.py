"""Where ``/match start`` opens a match, and opening it with nothing left behind.

Rulings on the kinds of channel (issue 13):

- a text channel: a public thread;
- an announcement channel: refused (its threads are announcement threads, its posts are
  for news that servers follow; a match belongs in a text channel or a forum);
- a forum, or a post in a forum (where forum members type): a new post in that forum,
  whose first message is the lobby;
- a thread of a text channel: refused, naming the channel to start it in (each match
  has a thread of its own, and a thread cannot hold another);
- a voice or stage channel's text chat: refused (no threads there, and boards in a
  voice chat scroll away with the conversation).

Once the match row exists, any failure (Discord refusing, the client failing with a
non-HTTP error, the database) aborts the match and deletes a thread already made (or, if
that is refused, archives and locks it after a note), and the player is told why.
"""

from __future__ import annotations

import logging

import discord

import speech
from bot.kit.language import server
from bot.kit.places import ANSWERING
from bot.match.threads import THREAD_ARCHIVE_MINUTES
from bot.match.ui import lobby_message, lobby_view
from db import MatchRecord
from service import Actor, Service, ServiceError

log = logging.getLogger(__name__)

NO_THREAD = (
    "I couldn't open a thread for the match here: I need the permissions "
    "Create Public Threads and Send Messages in Threads in this channel "
    "(in a forum: Send Messages)."
)
FAILED = "I couldn't open the match just now; nothing was left behind. Try again in a moment."
NOT_A_TEXT_CHANNEL = (
    "Start a match in a text channel of a server (a thread is then opened for it)."
)
VOICE = (
    "A voice channel's chat cannot hold threads: start the match in a text channel "
    "or a forum, and I open a thread for it there."
)
NEWS = (
    "Announcement channels are for news: start the match in a text channel or a forum, "
    "and I open a thread for it there."
)
CANCELLED_NOTE = "This match could not be opened, so it was cancelled."

Place = discord.TextChannel | discord.ForumChannel


def place_for(channel: object) -> Place:
    """The channel a match started from ``channel`` opens its thread in, or a
    :class:`ServiceError` saying where to start it instead."""
    if isinstance(channel, discord.Thread):
        parent = channel.parent
        if isinstance(parent, discord.ForumChannel):
            return parent
        where = parent.mention if isinstance(parent, discord.TextChannel) else "a text channel"
        raise ServiceError(
            f"This is a thread already: start the match in {where}, and I open a thread "
            "of its own for it there."
        )
    if isinstance(channel, (discord.VoiceChannel, discord.StageChannel)):
        raise ServiceError(VOICE)
    if isinstance(channel, discord.TextChannel) and channel.type == discord.ChannelType.news:
        raise ServiceError(NEWS)
    if isinstance(channel, (discord.TextChannel, discord.ForumChannel)):
        return channel
    raise ServiceError(NOT_A_TEXT_CHANNEL)


async def open_match(service: Service, match: MatchRecord, place: Place, actor: Actor, *,
                     title: str, bots: int = 0, level: str | None = None
                     ) -> tuple[MatchRecord, discord.Thread]:
    """Seat the computer players, open the thread (a post in a forum) with the lobby
    message and record where. On any failure the match is aborted, the thread removed,
    and a :class:`ServiceError` tells the player what happened."""
    made: list[discord.Thread] = []
    try:
        for _ in range(bots):
            match = await service.add_ai(match.id, actor, level)
        thread, lobby = await _open(service, match, place, title, made)
        await service.set_places(match.id, thread_id=thread.id, lobby_message_id=lobby.id)
        return match, thread
    except Exception as exc:
        await undo_opening(service, match.id, actor, made)
        if isinstance(exc, ServiceError):
            raise
        if isinstance(exc, discord.HTTPException):
            log.warning("match %s: no thread in channel %s: %s", match.id, place.id, exc)
            raise ServiceError(NO_THREAD) from None
        log.exception("match %s: opening failed in channel %s", match.id, place.id)
        raise ServiceError(FAILED) from None


async def _open(service: Service, match: MatchRecord, place: Place, title: str,
                made: list[discord.Thread]) -> tuple[discord.Thread, discord.Message]:
    """The thread and its lobby message; each thread is in ``made`` as soon as it exists."""
    name = f"{title} #{match.id}"
    reason = f"Pantheon match #{match.id}"
    answering = ANSWERING.get()  # the command that opens it: its server's language
    language = (server(answering) if answering is not None else speech.negotiate(
        getattr(getattr(place, "guild", None), "preferred_locale", None)))
    text, view = lobby_message(service, match, language), lobby_view(match, language)
    if isinstance(place, discord.ForumChannel):
        post = await place.create_thread(
            name=name, content=text, view=view,
            auto_archive_duration=THREAD_ARCHIVE_MINUTES, reason=reason)
        made.append(post.thread)
        return post.thread, post.message
    thread = await place.create_thread(
        name=name, type=discord.ChannelType.public_thread,
        auto_archive_duration=THREAD_ARCHIVE_MINUTES, reason=reason)
    made.append(thread)
    return thread, await thread.send(text, view=view)


async def undo_opening(service: Service, match_id: int, actor: Actor,
                       made: list[discord.Thread]) -> None:
    """Abort the match and remove its threads; never raises (it runs after a failure)."""
    try:
        await service.abort(match_id, actor)
    except Exception:
        log.exception("match %s: could not abort it after a failed start", match_id)
    for thread in made:
        try:
            await thread.delete(reason=f"Pantheon match #{match_id} could not be opened")
            continue
        except Exception as exc:
            log.warning("match %s: could not delete thread %s: %s", match_id, thread.id, exc)
        try:
            await thread.send(CANCELLED_NOTE)
        except Exception as exc:
            log.info("match %s: no note in thread %s: %s", match_id, thread.id, exc)
        try:
            await thread.edit(archived=True, locked=True)
        except Exception as exc:
            log.warning("match %s: thread %s left open: %s", match_id, thread.id, exc)
