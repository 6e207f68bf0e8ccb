"""A match without a thread (issue 55): started where the bot is not a member — a group DM,
a server that has not added it, its own DM — it lives on the bot's answers.

The bot cannot post there, open a thread or read the channel: it answers interactions
only. So ``/match start`` answers with the lobby (its buttons on it); Start answers with
the first board; each move (``/move`` or a button) answers with the new board — edited in
place while the same player acts, through the pressed button or, for fifteen minutes, the
token of the interaction that posted it (:mod:`bot.match.turn_posts`), else posted anew.
The match is the store's, never a message's: ``/board`` posts the current board (the one
before keeps its stale buttons when it can no longer be edited; pressed, they answer with
a link to the current one). Every answer is deferred first (Discord's 3 s).

Private views: a "Your view" button on every running board, answered ephemerally to the
player who presses it, besides the DM (:func:`bot.match.publish.send_private`; Discord
lets the bot DM a person who shares a server with it or who installed it to their
account — anyone else's DM is refused, and the button is their way in). No deadline: the
gate refuses one (:data:`service.match.gate.NO_DEADLINE`), the lobby says so, and a
reminder goes by DM only; one whose DM is refused is said, with a ping, at the head of the
next board anyone opens there (:func:`unseen`).
"""

from __future__ import annotations

import dataclasses
import logging
import weakref
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

import discord

import engines
import speech
from bot.kit.interact import actor_of, defer, service_of_client
from bot.kit.language import reader, server
from bot.kit.places import ANSWERING, LIMITED, answers_hidden
from bot.match import turn_posts
from db import MatchRecord
from service import MatchTerms, Post, Service, ServiceError, Update
from speech import Text

log = logging.getLogger(__name__)

Lobby = Callable[[MatchRecord, str], tuple[str, discord.ui.View]]
"""A lobby's text and buttons, in a language."""

NO_DEADLINE = Text("anywhere-no-deadline")
BOARD_BELOW = Text("anywhere-board-below")
FAILED = Text("anywhere-failed")

_COMPLETED: weakref.WeakKeyDictionary[discord.Client, OrderedDict[int, None]] = (
    weakref.WeakKeyDictionary())
"""Per client, the interactions (ids) whose "thinking…" answer was completed here, the
latest :data:`KEEP` (an interaction's token lasts fifteen minutes)."""
KEEP = 512


def completed(interaction: discord.Interaction) -> None:
    done = _COMPLETED.setdefault(interaction.client, OrderedDict())
    done[interaction.id] = None
    while len(done) > KEEP:
        done.popitem(last=False)


def is_completed(interaction: discord.Interaction) -> bool:
    return interaction.id in _COMPLETED.get(interaction.client, {})


async def start_here(service: Service, interaction: discord.Interaction, game: str,
                     options: dict[str, str], terms: MatchTerms, lobby: Lobby) -> None:
    """``/match start`` where the bot is not a member: the lobby (``lobby``: its text and
    buttons) is the answer."""
    if answers_hidden(interaction):
        raise ServiceError(LIMITED)
    await defer(interaction)
    actor = actor_of(interaction)
    match = await service.create(actor, game, options, channel_id=interaction.channel_id,
                                 terms=terms, hosted=True)
    title = engines.get(match.game).title
    try:
        for _ in range(terms.bots):
            match = await service.add_ai(match.id, actor, terms.level)
        await interaction.edit_original_response(content=speech.say(
            await reader(service, interaction),
            Text("anywhere-open", {"title": title, "id": str(match.id)})))
        completed(interaction)
        here = server(interaction)  # what the conversation sees
        text, view = lobby(match, here)
        message = await interaction.followup.send(
            f"{text}\n{speech.say(here, NO_DEADLINE)}", view=view, wait=True,
            allowed_mentions=discord.AllowedMentions.none())
        turn_posts.remember(interaction.client, message)
        await service.set_places(match.id, lobby_message_id=message.id)
    except Exception as exc:
        try:
            await service.abort(match.id, actor)
        except Exception:
            log.exception("match %s: could not abort it after a failed start", match.id)
        if isinstance(exc, ServiceError):
            raise
        log.warning("match %s: not opened here: %r", match.id, exc)
        raise ServiceError(FAILED) from None


async def unseen(service: Service, match: MatchRecord, post: Post) -> tuple[Post, list[int]]:
    """The board with the reminders of this turn that reached their players by no way
    (their DM refused) said at its head, pinging them; and whom it reminds (to record as
    seen once the board is out)."""
    waiting = await service.unseen_reminders(match)
    if not waiting:
        return post, []
    names = " ".join(f"<@{user_id}>" for user_id in waiting)
    return dataclasses.replace(post, text=speech.Lines(
                                   [Text("anywhere-unseen", {"names": names}), post.text]),
                               mentions=list(dict.fromkeys([*post.mentions, *waiting]))
                               ), waiting


async def post_board(client: discord.Client, update: Update, kwargs: dict[str, Any],
                     edit: dict[str, Any], buttons: bool,
                     pressed: discord.Interaction | None) -> discord.Message | None:
    """The update's board, answered through the interaction being answered: the turn's
    board edited in place (``edit``: no pings), else a new public follow-up (``kwargs``)
    that supersedes the one before. None when nobody is being answered (the clock pass),
    or the answer is not where the match was started (a player's ``/move match:…`` from
    another conversation, whose people are not the match's): the board waits for the next
    command there, or /board."""
    interaction = pressed or ANSWERING.get()
    match = update.match
    if interaction is None or interaction.channel_id != match.channel_id:
        # nobody answered, or a player answered elsewhere: the board is its place's
        log.info("match %s: no interaction here to show its board through", match.id)
        return None
    kept = await turn_posts.current(client, match)
    message = await turn_posts.edit_in_place(client, match, turn_posts.BOARD, update.turn,
                                             kept, edit, buttons, pressed)
    if message is not None:
        return message
    message = await answer_publicly(interaction, kwargs)
    if message is not None:
        await turn_posts.keep(client, match, turn_posts.BOARD, update.turn, message,
                              buttons, kept, pressed)
    return message


async def answer_publicly(interaction: discord.Interaction, kwargs: dict[str, Any],
                          note: str | Text = BOARD_BELOW) -> discord.Message | None:
    """A public follow-up. A command answered "thinking…" privately has that answer
    completed first (with ``note``, in its asker's language): a first follow-up
    would take its place, and stay private."""
    try:
        if interaction.response.type is discord.InteractionResponseType.deferred_channel_message \
                and not is_completed(interaction):
            language = await reader(service_of_client(interaction.client), interaction)
            await interaction.edit_original_response(content=speech.said(language, note))
            completed(interaction)
        message = await interaction.followup.send(wait=True, **kwargs)
        turn_posts.remember(interaction.client, message)
        return message
    except discord.HTTPException as exc:
        log.warning("interaction %s: the board not posted: %s", interaction.id, exc)
    return None


async def show_board(service: Service, interaction: discord.Interaction,
                     match: MatchRecord, kwargs: dict[str, Any], buttons: bool) -> bool:
    """``/board`` in a match without a thread, where it was started: the current board as
    a public answer, kept as the match's board (the turn's next step edits it)."""
    if match.channel_id != interaction.channel_id:
        return False
    kept = await turn_posts.current(interaction.client, match)
    message = await answer_publicly(interaction, kwargs)
    if message is None:
        return False
    turn = kept.turn if kept is not None and kept.version == match.version else None
    await turn_posts.keep(interaction.client, match, turn_posts.BOARD, turn, message,
                          buttons, kept)
    return True
