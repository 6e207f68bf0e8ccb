"""The last mile: turn the service's :class:`Post` objects into Discord messages.

Public posts go to the match's thread (reopened if archived): a board is one Components V2
message (:mod:`bot.kit.layout`: its text, the picture with its alt text, the score table and
the buttons in a frame of the colour of the seat to act), the players to act mentioned
(users only, as their ``/notify`` settings allow now: the service routes each update
first); notices go by DM. Private posts go by
DM; a closed DM (``Forbidden``, 50007) never blocks or drops a move: the thread says so
once per player and match (until a DM to them succeeds again), without the secret, and
points to ``/myview``.
"""

from __future__ import annotations

import dataclasses
import io
import logging
import weakref
from typing import Any

import discord

import speech
from bot.kit import language as languages
from bot.kit.interact import clip, service_of_client
from bot.kit.layout import ALT_LIMIT, board_layout
from bot.kit.places import ANSWERING
from bot.match import hosted, turn_posts
from bot.notices.notes_ui import notes_view
from db import MatchRecord
from service import Delivery, Post, Update, points_text
from service.notices.nonces import turn_nonce

log = logging.getLogger(__name__)

EMBED_FIELD_LIMIT = 1024
EMBED_FIELDS = 25
DM_CLOSED = (
    "{mention} I couldn't DM you (your DMs are closed to me); "
    "use /myview to see your private information."
)


def user_mentions(user_ids: list[int]) -> discord.AllowedMentions:
    """Allow pinging exactly these users: never @everyone, never roles."""
    return discord.AllowedMentions(
        everyone=False,
        roles=False,
        replied_user=False,
        users=[discord.Object(id=u) for u in user_ids],
    )


def score_embed(
    table: list[tuple[str, list[tuple[str, float]]]], title: str = "Score"
) -> discord.Embed:
    """One field per player: ``label: points`` lines and the total."""
    embed = discord.Embed(title=title, colour=discord.Colour.gold())
    for name, rows in table[:EMBED_FIELDS]:
        total = sum(points for _, points in rows)
        lines = [f"{label}: {points_text(points)}" for label, points in rows]
        lines.append(f"**Total: {points_text(total)}**")
        embed.add_field(
            name=clip(name or "?", 256), value=clip("\n".join(lines), EMBED_FIELD_LIMIT)
        )
    return embed


def server_language(client: discord.Client, match: MatchRecord,
                    pressed: discord.Interaction | None = None) -> str:
    """The language of what the match's thread or channel shows: its server's
    (:func:`bot.kit.language.guild`; where the bot is not a member, as the interaction
    being answered brings it)."""
    return languages.guild(client, match.guild_id, pressed or ANSWERING.get())





def picture_file(post: Post) -> discord.File:
    """The post's picture as an attachment, its alt text as the description (what a
    screen reader says and a hover shows)."""
    assert post.png is not None
    alt = clip(post.alt, ALT_LIMIT) if post.alt else None
    return discord.File(io.BytesIO(post.png), filename=post.filename, description=alt)


def message_kwargs(post: Post, *, mention: bool = True,
                   view: discord.ui.View | None = None,
                   language: str = speech.ENGLISH) -> dict[str, Any]:
    """``send`` keyword arguments for a post, its text said in ``language``, and the
    buttons of ``view`` under it. A post with a picture is one Components V2 message
    (:func:`bot.kit.layout.board_layout`): the text, the picture with its alt text, the
    score table and the buttons in one frame. Others are plain: content, a score embed,
    the buttons."""
    post = dataclasses.replace(post, text=speech.said(language, post.text))
    pings = [u for u in post.mentions if u > 0] if mention else []
    tail = ("\n" + " ".join(f"<@{u}>" for u in pings)) if pings else ""
    kwargs: dict[str, Any] = {
        "allowed_mentions": user_mentions(pings) if pings else discord.AllowedMentions.none(),
    }
    if post.png:
        items = list(view.children) if view is not None else []
        kwargs["view"] = board_layout(post, items, tail)
        kwargs["file"] = picture_file(post)
        return kwargs
    kwargs["content"] = clip(post.text or "\u200b", 2000 - len(tail)) + tail
    if post.table:
        kwargs["embed"] = score_embed(post.table)
    if view is not None:
        kwargs["view"] = view
    return kwargs


async def match_channel(
    client: discord.Client, match: MatchRecord
) -> discord.abc.Messageable | None:
    """The match's thread (reopened if archived), else the channel it was started in."""
    for channel_id in (match.thread_id, match.channel_id):
        if channel_id is None:
            continue
        channel = client.get_channel(channel_id)
        if channel is None:
            try:
                channel = await client.fetch_channel(channel_id)
            except Exception as exc:  # Discord's refusal, or a failure below it
                log.warning("match %s: channel %s unavailable: %r", match.id, channel_id, exc)
                continue
        if isinstance(channel, discord.Thread) and channel.archived and not channel.locked:
            try:
                await channel.edit(archived=False)
            except Exception as exc:  # sending may still reopen it
                log.warning("match %s: could not unarchive thread: %r", match.id, exc)
        if isinstance(channel, discord.abc.Messageable):
            return channel
    return None


async def send_public(
    client: discord.Client, match: MatchRecord, post: Post, *, view: discord.ui.View | None = None,
    language: str | None = None
) -> discord.Message | None:
    """Post in the match's thread (in ``language``, else its server's); None (logged) when
    it could not be posted."""
    channel = await match_channel(client, match)
    if channel is None:
        log.warning("match %s has no channel to post in", match.id)
        return None
    kwargs = message_kwargs(post, view=view,
                            language=language or languages.guild(client, match.guild_id))
    try:
        return await channel.send(**kwargs)
    except discord.HTTPException as exc:
        log.warning("match %s: could not post in %s: %s", match.id, channel, exc)
    except Exception:  # below Discord (a dropped connection, a timeout): the DMs still go
        log.exception("match %s: could not post in %s", match.id, channel)
    return None


_CLOSED_DMS: weakref.WeakKeyDictionary[discord.Client, set[tuple[int, int]]] = (
    weakref.WeakKeyDictionary())
"""A small cache, per client: (match, user) pairs whose DMs were refused and already
noted in the thread. Only what the thread was told, so in memory is enough: after a
restart the thread is told once more."""


def closed_dms(client: discord.Client) -> set[tuple[int, int]]:
    """(match, user) pairs whose DMs were refused and already noted in the thread.

    A closed DM is noted once per player per match, and remembered until a DM to that
    player succeeds (see :data:`_CLOSED_DMS`)."""
    return _CLOSED_DMS.setdefault(client, set())


async def send_dm(client: discord.Client, user_id: int, text: str,
                  nonce: str | None = None) -> bool:
    """DM a notice (no secret, no picture); True if sent. A refused DM is logged only.
    ``nonce`` (:mod:`service.notices.nonces`, from the notice's row): Discord drops a resend
    within its dedupe window (discord.py sets ``enforce_nonce`` with it)."""
    try:
        channel = await client.create_dm(discord.Object(id=user_id))
        extra: dict[str, Any] = {"nonce": nonce} if nonce is not None else {}
        await channel.send(clip(text, 2000), allowed_mentions=discord.AllowedMentions.none(),
                           **extra)
        return True
    except discord.HTTPException as exc:
        log.info("DM to %s not sent: %s", user_id, exc)
    except Exception:  # below Discord: the notice is lost, nothing else is
        log.exception("DM to %s failed", user_id)
    return False


async def send_private(
    client: discord.Client, match: MatchRecord, user_id: int, post: Post,
    turn: str | None = None
) -> bool:
    """DM one private post; on closed DMs tell the thread once (no secret). True if sent.
    Within one ``turn`` (:attr:`service.Update.private_turns`) the turn's DM is edited in
    place: one new DM a player a turn, however many steps the turn has.

    The DM channel comes from discord.py's cache (``create_dm`` opens it once per user),
    so a DM costs no user fetch."""
    if user_id <= 0:  # computer players have negative ids
        return False
    noted = closed_dms(client)
    try:
        language = await languages.member(service_of_client(client), user_id)
        await post.ready(language)
        view = notes_view(match.id)
        kwargs = message_kwargs(post, mention=False, view=view, language=language)
        kept = await turn_posts.current(client, match, user_id) if turn else None
        if await turn_posts.edit_in_place(client, match, user_id, turn, kept, kwargs,
                                          False) is not None:
            return True
        channel = await client.create_dm(discord.Object(id=user_id))
        message = await channel.send(**kwargs)
        noted.discard((match.id, user_id))
        if turn is not None:
            await turn_posts.keep(client, match, user_id, turn, message, False, kept)
        return True
    except discord.Forbidden:
        if (match.id, user_id) in noted or match.hosted:  # hosted: the "Your view" button
            return False
        log.info("match %s: DMs closed for user %s", match.id, user_id)
        noted.add((match.id, user_id))
        thread = await match_channel(client, match)
        if thread is not None:
            try:
                await thread.send(
                    DM_CLOSED.format(mention=f"<@{user_id}>"),
                    allowed_mentions=user_mentions([user_id]),
                )
            except discord.HTTPException as exc:
                log.warning("match %s: could not post the DM notice: %s", match.id, exc)
    except discord.HTTPException as exc:
        log.warning("match %s: DM to %s failed: %s", match.id, user_id, exc)
    return False


async def post_board(client: discord.Client, update: Update, view: discord.ui.View | None,
                     pressed: discord.Interaction | None = None) -> discord.Message | None:
    """The update's board: the turn's board edited in place while the same player keeps
    acting, else a new post, the board it supersedes losing its buttons
    (:mod:`bot.match.turn_posts`); the pressed message's buttons go in any case."""
    match, post = update.match, update.public
    assert post is not None
    language = server_language(client, match, pressed)
    if match.lesson:  # a lesson has one reader: said in the learner's language
        learner = next((s.user_id for s in match.seats if not s.is_ai), None)
        asking = pressed or ANSWERING.get()  # the learner's client says it best
        if learner is not None:
            language = await languages.member(
                service_of_client(client), learner,
                asking if asking is not None and asking.user.id == learner else None)
    await post.ready(language)
    if match.hosted:  # no thread: through the interaction being answered
        service = service_of_client(client)
        post, reminded = await hosted.unseen(service, match, post)
        message = await hosted.post_board(
            client, update, message_kwargs(post, view=view, language=language),
            message_kwargs(post, mention=False, view=view, language=language),
            turn_posts.has_buttons(view), pressed)
        if message is not None and reminded:
            await service.reminders_seen(match, reminded)
        return message
    buttons = turn_posts.has_buttons(view)
    kept = await turn_posts.current(client, match)
    done: set[int | None] = set()
    message = await turn_posts.edit_in_place(  # an edit pings nobody: no mentions
        client, match, turn_posts.BOARD, update.turn, kept,
        message_kwargs(post, mention=False, view=view, language=language), buttons, pressed)
    if message is None:
        message = await send_public(client, match, post, view=view, language=language)
        if message is not None:
            done.add(await turn_posts.keep(client, match, turn_posts.BOARD, update.turn,
                                           message, buttons, kept, pressed))
    done.add(message.id if message is not None else None)
    if pressed is not None and pressed.message is not None \
            and pressed.message.id not in done:
        await turn_posts.take_buttons_off(
            client, turn_posts.Posted(pressed.message.channel.id, pressed.message.id,
                                      None, 0, True), pressed)
    return message


async def publish(
    client: discord.Client, update: Update, *, view: discord.ui.View | None = None,
    pressed: discord.Interaction | None = None
) -> discord.Message | None:
    """Post the update's public part in the thread, then its private parts by DM.
    ``pressed``: the button press that made the update (its message is edited through it).

    Nothing here raises, for a Discord failure or one below it (a dropped connection, a
    timeout): the move is already saved, so failures are logged and the rest still goes
    out.
    """
    message, delivery = None, Delivery()
    try:  # whom the board may ping now (quiet hours, "your turn" by DM, mutes)
        delivery = await service_of_client(client).deliver(update)
        if update.public is not None:
            update.public.mentions = delivery.mentions
    except Exception:
        log.exception("match %s: notifications not routed", update.match.id)
    if update.public is not None:
        message = await post_board(client, update, view, pressed)
    for user_id, text in delivery.dms.items():
        mine = update.private.get(user_id)
        if mine is not None and user_id not in delivery.quiet:
            mine.text = speech.Lines([text, mine.text])  # one DM: "your turn" heads it
            continue
        await send_dm(client, user_id, text, nonce=turn_nonce(update.match, user_id))
    for user_id, post in update.private.items():
        if user_id in delivery.quiet:  # held: the summary after their quiet hours says so
            continue
        try:
            await send_private(client, update.match, user_id, post,
                               update.private_turns.get(user_id))
        except Exception:
            log.exception("match %s: private post to %s failed", update.match.id, user_id)
    return message
