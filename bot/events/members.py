"""A member who leaves a server leaves its tournaments (the README's rule:
:meth:`service.events.members.EventMembers.member_left`).

Discord tells a bot that someone left only through the privileged members intent, which
this bot does not ask for (nothing else needs it, and an unapproved privileged intent
stops the bot from connecting). So the tournaments' clock loop asks instead: each
entrant of a server's open and running tournaments is looked up (``GET`` a guild member,
which needs no intent) at most once every :data:`RECHECK`, and one Discord no longer
knows ("Unknown Member") has left. A bot run with the members intent also hears the
leave at once (``on_raw_member_remove``); both paths end in the same step, which happens
once however often it is told."""

from __future__ import annotations

import asyncio
import logging
import weakref
from datetime import datetime, timedelta

import discord

from bot.events.tournament_ui import tell_news
from bot.kit.interact import service_of_client

log = logging.getLogger(__name__)

RECHECK = timedelta(hours=1)
UNKNOWN_MEMBER = 10007

_CHECKED: weakref.WeakKeyDictionary[discord.Client, dict[tuple[int, int], datetime]] = (
    weakref.WeakKeyDictionary())
"""Per client: when each (server, entrant) was last found a member. In memory: after a
restart everyone is looked up once more, which costs only requests."""


async def member_gone(client: discord.Client, guild_id: int, user_id: int) -> int:
    """The member left the server: their tournaments there take them out, and what that
    changed is posted. Returns how many tournaments it changed; never raises."""
    try:
        changed = await service_of_client(client).member_left(guild_id, user_id)
    except Exception:
        log.exception("member %s left guild %s: tournaments not updated", user_id, guild_id)
        return 0
    for news in changed:
        await tell_news(client, news)
    if changed:
        log.info("member %s left guild %s: out of %d tournaments", user_id, guild_id,
                 len(changed))
    return len(changed)


async def still_there(guild: discord.Guild, user_id: int) -> bool | None:
    """Whether the user is still a member (None: Discord could not say now). Always
    asked of Discord: without the members intent the cache keeps those who left."""
    try:
        await guild.fetch_member(user_id)
        return True
    except discord.NotFound as exc:
        return False if exc.code == UNKNOWN_MEMBER else None
    except discord.HTTPException as exc:
        log.info("guild %s: member %s not looked up: %s", guild.id, user_id, exc)
        return None


async def check_entrants(client: discord.Client, now: datetime) -> int:
    """Look up the entrants not looked up for :data:`RECHECK` in the servers this client
    is in; take out those who left. Returns how many had left."""
    checked = _CHECKED.setdefault(client, {})
    gone = 0
    for guild_id, user_ids in (await service_of_client(client).tournament_entrants()).items():
        guild = client.get_guild(guild_id)
        if guild is None:  # another shard's, or a server the bot left (closed there)
            continue
        for user_id in sorted(user_ids):
            seen = checked.get((guild_id, user_id))
            if seen is not None and now - seen < RECHECK:
                continue
            present = await still_there(guild, user_id)
            if present:
                checked[(guild_id, user_id)] = now
            elif present is False:
                checked.pop((guild_id, user_id), None)
                gone += 1
                await member_gone(client, guild_id, user_id)
            await asyncio.sleep(0)
    return gone
