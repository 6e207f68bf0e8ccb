"""One post a turn: a match's board (and each player's private view by DM) is posted when
the player to act changes, and edited in place while the same player keeps acting (Storm's
roll, conversions and actions; Terra's build then its discard). Edits notify nobody, so a
thread gets one new board, and one ping, per change of the player to act, and each player
at most one new DM a turn.

When a board is superseded, its buttons are edited off (one edit of the old message; none
when it had none), so no board but the current one has live buttons. Where each match's
current posts are is kept in the database (:mod:`db.posts`, migration 017): a restart
edits the right message, and of two processes publishing one match, the newer version's
board is kept and the other's is taken off at once. Every failure here falls back to a new
post or leaves the buttons (a stale button still answers with a link to the current board):
the move is already saved.
"""

from __future__ import annotations

import logging
import weakref
from collections import OrderedDict
from typing import Any

import discord

from bot.kit.interact import service_of_client
from bot.kit.layout import spent
from db import MatchRecord
from db.posts import BOARD, Posted

log = logging.getLogger(__name__)

KEEP = 512
"""How many recently posted messages a process keeps (to take their buttons off without
fetching them first); after a restart, one fetch instead."""

_RECENT: weakref.WeakKeyDictionary[discord.Client, OrderedDict[int, discord.Message]] = (
    weakref.WeakKeyDictionary())


def remember(client: discord.Client, message: discord.Message) -> None:
    recent = _RECENT.setdefault(client, OrderedDict())
    recent[message.id] = message
    recent.move_to_end(message.id)
    while len(recent) > KEEP:
        recent.popitem(last=False)


def recalled(client: discord.Client, message_id: int) -> discord.Message | None:
    return _RECENT.get(client, OrderedDict()).get(message_id)


def jump_link(match: MatchRecord, posted: Posted) -> str:
    """The address of a match's post (a DM's has ``@me`` for a server)."""
    place = match.guild_id if match.guild_id is not None else "@me"
    return f"https://discord.com/channels/{place}/{posted.channel_id}/{posted.message_id}"


def edit_kwargs(kwargs: dict[str, Any]) -> dict[str, Any]:
    """``send`` keyword arguments as an edit takes them: the picture replaces the
    message's attachments."""
    out = dict(kwargs)
    file = out.pop("file", None)
    if file is not None:
        out["attachments"] = [file]
    out.pop("embed", None)
    if "embed" in kwargs:
        out["embeds"] = [kwargs["embed"]]
    return out


def pressed_message(pressed: discord.Interaction | None, message_id: int
                    ) -> discord.Message | None:
    """The message whose button was pressed, when it is ``message_id``."""
    if pressed is not None and pressed.message is not None \
            and pressed.message.id == message_id:
        return pressed.message
    return None


async def edit_post(client: discord.Client, posted: Posted, kwargs: dict[str, Any],
                    pressed: discord.Interaction | None = None) -> discord.Message | None:
    """Edit a kept post with ``kwargs`` (those of ``send``): through the pressed button's
    interaction when it is that post (no call on the channel's rate limit), else by its
    channel and id. None when it could not be edited (deleted, no access): post anew."""
    kwargs = edit_kwargs(kwargs)
    try:
        if pressed_message(pressed, posted.message_id) is not None:
            assert pressed is not None
            return await pressed.edit_original_response(**kwargs)
        answer = recalled(client, posted.message_id)
        if isinstance(answer, discord.WebhookMessage):  # an interaction's answer (a match
            return await answer.edit(**kwargs)  # without a thread): through its token
        channel = client.get_partial_messageable(posted.channel_id)
        return await channel.get_partial_message(posted.message_id).edit(**kwargs)
    except discord.HTTPException as exc:
        log.info("post %s not edited (%s): posting anew", posted.message_id, exc)
    except Exception:  # below Discord: post anew
        log.exception("post %s not edited: posting anew", posted.message_id)
    return None


async def take_buttons_off(client: discord.Client, posted: Posted,
                           pressed: discord.Interaction | None = None) -> bool:
    """Edit a superseded post's buttons off, keeping its text and picture (a Components V2
    board is edited with its own layout, buttons left out). One edit, and one fetch when
    this process did not post it. True when done."""
    try:
        message = pressed_message(pressed, posted.message_id)
        if message is not None:
            assert pressed is not None
            await pressed.edit_original_response(view=spent(message))
            return True
        message = recalled(client, posted.message_id)
        if message is None:
            channel = client.get_partial_messageable(posted.channel_id)
            message = await channel.fetch_message(posted.message_id)
        await message.edit(view=spent(message))
        return True
    except discord.HTTPException as exc:
        log.info("buttons of post %s not taken off: %s", posted.message_id, exc)
    except Exception:
        log.exception("buttons of post %s not taken off", posted.message_id)
    return False


def has_buttons(view: discord.ui.View | None) -> bool:
    return view is not None and bool(view.children)


async def keep(client: discord.Client, match: MatchRecord, user_id: int, turn: str | None,
               message: discord.Message, buttons: bool, before: Posted | None,
               pressed: discord.Interaction | None = None) -> int | None:
    """Record ``message`` as the match's board (``user_id`` 0) or the player's private
    post; take the buttons off the post it supersedes (its id is returned), or off
    ``message`` itself when a newer one was recorded meanwhile (another process)."""
    store = service_of_client(client).store
    remember(client, message)
    mine = Posted(message.channel.id, message.id, turn, match.version, buttons)
    try:
        kept = await store.set_posted(match.id, user_id, mine)
    except Exception:  # the post is out; only its later edit is lost
        log.exception("match %s: post %s not recorded", match.id, message.id)
        return None
    if not kept:
        if buttons:
            await take_buttons_off(client, mine)
        return None
    if before is not None and before.buttons and before.message_id != message.id:
        await take_buttons_off(client, before, pressed)
        return before.message_id
    return None


async def current(client: discord.Client, match: MatchRecord, user_id: int = BOARD
                  ) -> Posted | None:
    try:
        return await service_of_client(client).store.posted(match.id, user_id)
    except Exception:
        log.exception("match %s: its posts not read", match.id)
        return None


async def edit_in_place(client: discord.Client, match: MatchRecord, user_id: int,
                        turn: str | None, kept: Posted | None, kwargs: dict[str, Any],
                        buttons: bool, pressed: discord.Interaction | None = None
                        ) -> discord.Message | None:
    """The turn's post edited with ``kwargs`` when ``kept`` is that turn's (same player
    to act, same turn); None otherwise or when the edit failed."""
    if turn is None or kept is None or kept.turn != turn or kept.version > match.version:
        return None
    message = await edit_post(client, kept, kwargs, pressed)
    if message is not None:
        await keep(client, match, user_id, turn, message, buttons, None)
    return message
