"""A tournament's post and its buttons (Join / Leave for everyone, Start for the
organiser; Join alone while late entry is open), and posting what a tournament step
changed: the pairings, standings and final posts in the tournament's channel, pinging only
those whose ``/notify`` choice and hours allow it now, each new match in its own thread.
The buttons are dynamic items (``pantheon:event:join:<id>``): the tournament is a row, so
a press after a restart still works."""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import Any

import discord

from bot.kit.dynamic import IdButton
from bot.kit.interact import actor_of, defer, guard, reply, service_of, service_of_client
from bot.match.publish import message_kwargs
from bot.match.threads import open_thread, thread_name
from bot.match.ui import announce, use_news
from db import EVENT_OPEN, MatchRecord, TournamentRecord
from service.common.model import EventNews, Post
from service.events.texts import takes_entrants

log = logging.getLogger(__name__)

ACTIONS: dict[str, tuple[str, discord.ButtonStyle]] = {
    "join": ("Join", discord.ButtonStyle.success),
    "leave": ("Leave", discord.ButtonStyle.secondary),
    "start": ("Start", discord.ButtonStyle.primary),
}
ADOPT_PREFIX = 200
"""How much of a post's words identify it in the channel (the words of pairings or
standings name their round and tournament)."""
ADOPT_SCAN = 200
"""How many messages since a post was queued are read to find it."""
ADOPT_SKEW = timedelta(minutes=5)
"""How far this host's clock and Discord's may disagree: a post is looked for from this
long before it was queued."""
DONE = {"join": "You are in.", "leave": "You left the tournament.",
        "start": "The tournament has begun: round 1 is posted."}


def joined(record: TournamentRecord) -> str:
    """What a player who just joined is told (a late entrant: from which round)."""
    if record.status == EVENT_OPEN:
        return DONE["join"]
    return f"You are in: you play from round {record.round + 1}."


def event_view(record: TournamentRecord) -> discord.ui.View | None:
    """The post's buttons while the tournament takes entrants: all of them while open,
    Join alone while late entry is open."""
    if not takes_entrants(record):
        return None
    view = discord.ui.View(timeout=None)
    for action in ACTIONS if record.status == EVENT_OPEN else ("join",):
        view.add_item(TournamentButton(action, record.id))
    return view


async def post_event(client: discord.Client, channel: discord.abc.Messageable,
                     record: TournamentRecord) -> discord.Message:
    """Post a new tournament with its buttons; remember where."""
    service = service_of_client(client)
    text = (await service.tournament_post(record, "entry")).text
    message = await channel.send(text, view=event_view(record) or discord.utils.MISSING,
                                 allowed_mentions=discord.AllowedMentions.none())
    await service.set_tournament_message(record.id, message.id)
    return message


async def refresh_post(client: discord.Client, record: TournamentRecord) -> None:
    """The tournament's post as it now reads (entrants, status; buttons while open)."""
    channel = client.get_channel(record.channel_id) if record.channel_id else None
    if record.message_id is None or not isinstance(channel, discord.TextChannel):
        return
    text = (await service_of_client(client).tournament_post(record, "entry")).text
    try:
        await channel.get_partial_message(record.message_id).edit(
            content=text, view=event_view(record),
            allowed_mentions=discord.AllowedMentions.none())
    except discord.HTTPException as exc:
        log.info("tournament %s: post not edited: %s", record.id, exc)


async def tell_news(client: discord.Client, news: EventNews) -> None:
    """Post a tournament step: its posts in the tournament's channel, each match it
    started in a thread of its own (whose own news follows), then the post refreshed.
    Each post is an outbox row this process claimed: sent with the row's nonce (Discord
    drops a resend after a crash) and marked sent once out (or refused for good); one
    that fails on Discord's side stays claimed and is sent again when the claim lapses.
    Never raises: the step is already saved."""
    record = news.tournament
    service = service_of_client(client)
    channel = client.get_channel(record.channel_id) if record.channel_id else None
    for index, post in enumerate(news.posts):
        post_id = news.post_ids[index] if index < len(news.post_ids) else None
        try:
            if not isinstance(channel, discord.TextChannel):
                log.info("tournament %s: no channel to post in", record.id)
            else:
                try:  # ping only whom /notify and quiet hours allow now
                    post.mentions = await service.event_mentions(post.mentions)
                except Exception:
                    log.exception("tournament %s: pings not routed; none made", record.id)
                    post.mentions = []
                since = news.resent.get(post_id) if post_id is not None else None
                if since is not None and await sent_before(client, channel, post, since):
                    log.info("tournament %s: post %s was out already", record.id, post_id)
                else:
                    kwargs = message_kwargs(post)
                    if post_id is not None:
                        kwargs["nonce"] = nonce_of(post_id)
                    await channel.send(**kwargs)
        except discord.HTTPException as exc:
            log.warning("tournament %s: post failed: %s", record.id, exc)
            if exc.status >= 500:
                continue  # Discord's trouble: sent again when the claim lapses
        if post_id is not None:  # out, or never to go out (no channel, refused)
            await service.tournament_posted(post_id)
    for index, update in enumerate(news.started):
        post_id = news.started_ids[index] if index < len(news.started_ids) else None
        try:
            if update.match.thread_id is None and post_id is not None:
                await adopt_thread(client, update.match)
            if update.match.thread_id is None:
                await open_thread(client, update.match)
            elif post_id is not None and await has_board(client, update.match.thread_id):
                await service.tournament_posted(post_id)  # sent before a crash
                continue
            await announce(client, update)
        except Exception:
            log.exception("tournament %s: match %s not posted", record.id, update.match.id)
            continue
        if post_id is not None:
            await service.tournament_posted(post_id)
    for later in news.then:
        await tell_news(client, later)
    if news.then:
        return  # the last link refreshes the post
    try:
        latest = await service.tournament(record.id)
        await refresh_post(client, latest)
    except Exception:
        log.exception("tournament %s: post not refreshed", record.id)


async def adopt_thread(client: discord.Client, match: MatchRecord) -> None:
    """A match's thread its announcer opened and died before recording: found by its
    name among the channel's threads and recorded, not opened twice."""
    channel = client.get_channel(match.channel_id) if match.channel_id else None
    if not isinstance(channel, discord.TextChannel | discord.ForumChannel):
        return
    name = thread_name(match)
    found = next((t for t in channel.threads if t.name == name), None)
    if found is not None:
        await service_of_client(client).set_places(match.id, thread_id=found.id)
        match.thread_id = found.id


async def has_board(client: discord.Client, thread_id: int) -> bool:
    """Whether the match's thread already holds a board of ours: an announcement claimed
    again after its sender died may have gone out (a board post carries no nonce)."""
    thread = client.get_channel(thread_id)
    if thread is None:
        try:
            thread = await client.fetch_channel(thread_id)
        except discord.HTTPException:
            return False
    if not isinstance(thread, discord.Thread) or client.user is None:
        return False
    async for message in thread.history(limit=5, oldest_first=True):
        if message.author.id == client.user.id and (message.attachments
                                                    or message.components):
            return True
    return False


async def sent_before(client: discord.Client, channel: discord.TextChannel, post: Post,
                      since: datetime) -> bool:
    """Whether a post claimed again after its sender died went out before: a message of
    ours in the channel since the post was queued that begins with the post's words.
    The nonce drops a resend only within Discord's few minutes; this holds after any
    delay (the clock pass claims a lapsed post again up to its period later)."""
    words = (post.text or "").strip()[:ADOPT_PREFIX]
    if client.user is None or not words:
        return False
    async for message in channel.history(limit=ADOPT_SCAN, oldest_first=True,
                                         after=since - ADOPT_SKEW):
        if message.author.id == client.user.id and words in message_text(message):
            return True
    return False


def message_text(message: discord.Message) -> str:
    """A message's words: its content and, in a Components V2 layout, its text displays."""
    said = [message.content or ""]
    stack: list[Any] = list(message.components)
    while stack:
        item = stack.pop()
        content = getattr(item, "content", None)
        if isinstance(content, str):
            said.append(content)
        stack += list(getattr(item, "children", None) or [])
        stack += list(getattr(item, "components", None) or [])
    return "\n".join(said)


def nonce_of(post_id: int) -> str:
    """A queued post's Discord nonce (at most 25 characters): a resend of it after a
    crash, within Discord's dedupe window, is dropped (discord.py sends it with
    ``enforce_nonce``)."""
    return f"pantheon-event-{post_id}"


use_news(tell_news)


class TournamentButton(
    IdButton,
    template=r"pantheon:event:(?P<action>join|leave|start):(?P<event>\d+)",
):
    """Join / Leave (anyone) and Start (the organiser) under a tournament's post."""

    def __init__(self, action: str, event_id: int) -> None:
        self.action, self.event_id = action, event_id
        super().__init__(f"pantheon:event:{action}:{event_id}", *ACTIONS[action])

    async def callback(self, interaction: discord.Interaction) -> Any:
        async with guard(interaction, f"tournament {self.action} #{self.event_id}"):
            await defer(interaction)
            actor = actor_of(interaction)
            news = await service_of(interaction).tournament_act(self.action, self.event_id,
                                                                actor)
            await tell_news(interaction.client, news)
            await reply(interaction, joined(news.tournament) if self.action == "join"
                        else DONE[self.action])
