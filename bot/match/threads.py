"""A match's thread: opened under the channel where the match was made (an accepted
challenge, a rematch; ``/match start`` opens its own, see :mod:`bot.match.opening`), named
``<Title> #<id>``, with its players added."""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import Literal

import discord

import engines
from bot.kit.interact import service_of_client
from db import MatchRecord

log = logging.getLogger(__name__)

THREAD_ARCHIVE_MINUTES: Literal[10080] = 10080  # 7 days, Discord's longest auto-archive


def thread_name(match: MatchRecord) -> str:
    try:
        title = engines.get(match.game).title
    except KeyError:
        title = match.game
    return f"{title} #{match.id}"


async def create_match_thread(channel: discord.TextChannel, match: MatchRecord) -> discord.Thread:
    """A public thread for the match; raises ``discord.HTTPException`` (no permission)."""
    return await channel.create_thread(
        name=thread_name(match),
        type=discord.ChannelType.public_thread,
        auto_archive_duration=THREAD_ARCHIVE_MINUTES,
        reason=f"Pantheon match #{match.id}",
    )


async def add_members(thread: discord.Thread, user_ids: Iterable[int]) -> None:
    """Add people (not computer seats) to the thread so it shows in their lists."""
    for user_id in user_ids:
        if user_id <= 0:
            continue
        try:
            await thread.add_user(discord.Object(id=user_id))
        except discord.HTTPException as exc:
            log.info("could not add %s to thread %s: %s", user_id, thread.id, exc)


async def open_thread(client: discord.Client, match: MatchRecord) -> discord.Thread | None:
    """Open the started match's thread in its channel, record it and add the players;
    None (logged) if it cannot be opened: the match's posts then go to the channel."""
    channel = client.get_channel(match.channel_id) if match.channel_id else None
    try:
        if isinstance(channel, discord.ForumChannel):  # a forum's match: a new post there
            post = await channel.create_thread(
                name=thread_name(match), content=f"**{thread_name(match)}**",
                auto_archive_duration=THREAD_ARCHIVE_MINUTES,
                reason=f"Pantheon match #{match.id}")
            thread = post.thread
        elif isinstance(channel, discord.TextChannel):
            thread = await create_match_thread(channel, match)
        else:
            log.warning("match %s: channel %s is not a text channel or forum I see",
                        match.id, match.channel_id)
            return None
    except discord.HTTPException as exc:
        log.warning("match %s: no thread in channel %s: %s", match.id, match.channel_id, exc)
        return None
    await service_of_client(client).set_places(match.id, thread_id=thread.id)
    match.thread_id = thread.id
    await add_members(thread, [s.user_id for s in match.seats])
    return thread
