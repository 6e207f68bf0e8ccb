"""Buttons that survive a restart: ``discord.ui.DynamicItem`` subclasses.

Every button carries what it needs in its ``custom_id`` (``pantheon:join:12``,
``pantheon:move:12:34:0``), and the classes are registered once in ``setup_hook`` with
``add_dynamic_items``; there is no in-memory View per match, and the database is the
only state. A :class:`discord.ui.View` made only of dynamic items is not kept by
discord.py's view store either, so posting boards for months keeps no memory.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable
from typing import Any

import discord

import engines
import speech
from bot.kit import language as languages
from bot.kit.dynamic import IdButton
from bot.kit.interact import actor_of, guard, reply, service_of, service_of_client
from bot.kit.language import member, reader, server
from bot.kit.layout import spent
from bot.kit.places import elsewhere
from bot.match import hosted
from bot.match.picker import PickButton, my_moves, open_picker, played_text, use_announce
from bot.match.publish import (
    match_channel,
    message_kwargs,
    publish,
    send_public,
)
from bot.match.threads import open_thread
from bot.notices.notes_ui import notes_view
from db import ABORTED, FINISHED, LOBBY, RUNNING, MatchRecord
from service import Choices, Post, Service, ServiceError, Update
from service.common.model import EventNews

log = logging.getLogger(__name__)

MAX_MOVE_BUTTONS = 5  # few enough choices (suns/moons, end, a wind) become buttons
MAX_PRIVATE_BUTTONS = 25  # a message holds at most 25 buttons (5 rows of 5)
LABEL_LIMIT = 80
LOBBY_BUTTONS: dict[str, tuple[str, discord.ButtonStyle]] = {
    "join": ("match-button-join", discord.ButtonStyle.success),
    "leave": ("match-button-leave", discord.ButtonStyle.secondary),
    "start": ("match-button-start", discord.ButtonStyle.primary),
    "ai": ("match-button-ai", discord.ButtonStyle.secondary),
}
"""Each lobby button's label (a catalogue id: said in the server's language) and style."""


# --- lobby -----------------------------------------------------------------------------
def lobby_message(service: Service, match: MatchRecord,
                  language: str = speech.ENGLISH) -> str:
    """The lobby message's text; once started or aborted, who played and what happened."""
    if match.status == LOBBY:
        said = speech.Lines([service.lobby_text(match), speech.Text("match-lobby-help")])
        return speech.said(language, said)
    players = [service.name(s) for s in match.seats]
    head = speech.Text("match-lobby-head", {
        "game": _title(match.game), "id": str(match.id),
        "players": speech.Lines(players, ", ") if players else speech.Text("match-nobody")})
    state = ("match-lobby-aborted" if match.status == ABORTED else
             "match-lobby-started" if match.status == RUNNING else "match-lobby-over")
    return speech.said(language, speech.Lines([head, speech.Text(state)]))


def _title(slug: str) -> str:
    try:
        return engines.get(slug).title
    except KeyError:
        return slug


def lobby_view(match: MatchRecord, language: str = speech.ENGLISH) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for action in LOBBY_BUTTONS:
        view.add_item(LobbyButton(action, match.id, language))
    return view


class LobbyButton(
    IdButton,
    template=r"pantheon:(?P<action>join|leave|start|ai):(?P<match>\d+)",
):
    """Join / Leave / Start / Add computer player under a lobby message."""

    def __init__(self, action: str, match_id: int, language: str = speech.ENGLISH) -> None:
        label, style = LOBBY_BUTTONS[action]
        super().__init__(f"pantheon:{action}:{match_id}", speech.say(language, label), style)
        self.action = action
        self.match_id = match_id


    async def callback(self, interaction: discord.Interaction) -> Any:
        async with guard(interaction, f"lobby {self.action} #{self.match_id}"):
            await self._press(interaction)

    async def _press(self, interaction: discord.Interaction) -> None:
        service, actor = service_of(interaction), actor_of(interaction)
        await interaction.response.defer()  # a deferred update of the lobby message
        language = server(interaction)
        if self.action == "start":
            update = await service.start(self.match_id, actor)
            await _edit_lobby(interaction, lobby_message(service, update.match, language), None)
            await announce(interaction.client, update)
            return
        if self.action == "join":
            match = await service.join(self.match_id, actor)
            await _follow_thread(interaction)
        elif self.action == "leave":
            match = await service.leave(self.match_id, actor)
        else:
            match = await service.add_ai(self.match_id, actor)
        await _edit_lobby(interaction, lobby_message(service, match, language),
                          lobby_view(match, language))


async def edit_lobby_post(client: discord.Client, match: MatchRecord) -> None:
    """The match's lobby message as it now reads: a lobby's players and buttons; once
    started, aborted or over, who played and what happened, without buttons. Never
    raises (what changed is saved already)."""
    if match.lobby_message_id is None:
        return
    service = service_of_client(client)
    language = languages.guild(client, match.guild_id)
    try:
        channel = await match_channel(client, match)
        if not isinstance(channel, discord.Thread | discord.TextChannel):
            return
        await channel.get_partial_message(match.lobby_message_id).edit(
            content=lobby_message(service, match, language),
            view=lobby_view(match, language) if match.status == LOBBY else None)
    except discord.HTTPException as exc:
        log.info("match %s: could not edit the lobby message: %s", match.id, exc)
    except Exception:
        log.exception("match %s: could not edit the lobby message", match.id)


async def _edit_lobby(
    interaction: discord.Interaction, content: str, view: discord.ui.View | None
) -> None:
    try:
        await interaction.edit_original_response(content=content, view=view)
    except discord.HTTPException as exc:
        log.warning("could not edit a lobby message: %s", exc)


async def _follow_thread(interaction: discord.Interaction) -> None:
    """Add a joining player to the match's thread so it shows in their list."""
    channel = interaction.channel
    if isinstance(channel, discord.Thread):
        try:
            await channel.add_user(interaction.user)
        except discord.HTTPException as exc:
            log.info("could not add %s to thread %s: %s", interaction.user.id, channel.id, exc)


# --- moves as buttons ------------------------------------------------------------------
class MoveButton(
    IdButton,
    template=r"pantheon:move:(?P<match>\d+):(?P<version>\d+):(?P<index>\d+)",
):
    """One of the few legal moves (index into legal_moves at that version) as a button."""

    def __init__(self, match_id: int, version: int, index: int, label: str = "Move") -> None:
        super().__init__(f"pantheon:move:{match_id}:{version}:{index}",
                         label[:LABEL_LIMIT] or "Move", discord.ButtonStyle.primary)
        self.match_id = match_id
        self.version = version
        self.index = index

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> MoveButton:
        return cls(
            int(match["match"]),
            int(match["version"]),
            int(match["index"]),
            label=getattr(item, "label", None) or "Move",  # the pressed button's own label
        )

    async def callback(self, interaction: discord.Interaction) -> Any:
        async with guard(interaction, f"move button #{self.match_id}"):
            await self._press(interaction)

    async def _press(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()  # first: a deferred update of the board message
        service, actor = service_of(interaction), actor_of(interaction)
        not_yours = speech.Text("buttons-not-yours")
        moves = await my_moves(service, actor, self.match_id, self.version, not_yours)
        if self.index >= len(moves):
            raise ServiceError(not_yours)
        move = moves[self.index]
        update = await service.submit(self.match_id, actor, move, expect_version=self.version)
        # the pressed board is edited in place (the turn goes on) or loses its buttons
        posted = await announce(interaction.client, update, pressed=interaction)
        await reply(interaction, speech.said(await reader(service_of(interaction), interaction),
                                             played_text(actor, update, move,
                                                         posted is not None)))


async def move_view(service: Service, match: MatchRecord) -> discord.ui.View | None:
    """What goes under a public board: when the one player to act has ≤ 5 moves that
    everyone may see, those moves as buttons, and with more "Choose a move" (the picker);
    when their moves are theirs alone (drawn from a secret), a "Your moves" button that
    shows them only to that player. Which follows from the rules and the public move list,
    never from a secret, so the buttons tell nothing."""
    return buttons_for(match.id, await service.choices(match.id))


def buttons_for(match_id: int, choices: Choices | None) -> discord.ui.View | None:
    """The buttons of :func:`move_view` for the one player's ``choices``."""
    if choices is None or not choices.moves:
        return None
    view = discord.ui.View(timeout=None)
    if not choices.public:
        view.add_item(MyMovesButton(match_id, choices.version))
        return view
    if len(choices.moves) > MAX_MOVE_BUTTONS:
        view.add_item(PickButton(match_id, choices.version))
        return view
    for index, move in enumerate(choices.moves):
        view.add_item(MoveButton(match_id, choices.version, index, label=move))
    return view


class MyMovesButton(
    IdButton,
    template=r"pantheon:mine:(?P<match>\d+):(?P<version>\d+)",
):
    """"Your moves" under a board whose moves are the player's secret: pressed by the
    player to act, their moves come back as buttons only they see."""

    def __init__(self, match_id: int, version: int) -> None:
        super().__init__(f"pantheon:mine:{match_id}:{version}", "Your moves",
                         discord.ButtonStyle.primary)
        self.match_id = match_id
        self.version = version


    async def callback(self, interaction: discord.Interaction) -> Any:
        async with guard(interaction, f"your moves #{self.match_id}"):
            await interaction.response.defer(ephemeral=True, thinking=True)
            service, actor = service_of(interaction), actor_of(interaction)
            moves = await my_moves(service, actor, self.match_id, self.version)
            if len(moves) > MAX_PRIVATE_BUTTONS:
                await open_picker(interaction, self.match_id, self.version, moves)
                return
            view = discord.ui.View(timeout=None)
            for index, move in enumerate(moves):
                view.add_item(MoveButton(self.match_id, self.version, index, label=move))
            await reply(interaction, "Your moves (only you see them):", view=view)


async def announce(client: discord.Client, update: Update,
                   pressed: discord.Interaction | None = None) -> discord.Message | None:
    """Publish an update, with move buttons under the board when the choice is small;
    ``pressed``: the button press that made it (its message is edited through it).

    Never raises: the move is already saved, so a failure here is logged and the mover is
    told the board could not be posted (None), rather than that the move failed.
    """
    service = service_of_client(client)
    view = None
    if update.public is not None and update.public.png:
        try:
            view = (buttons_for(update.match.id, update.choices) if update.choices_known
                    else await move_view(service, update.match))
        except Exception:
            log.exception("match %s: could not build the move buttons", update.match.id)
    if update.match.status == FINISHED and update.public is not None:
        view = rematch_view(update.match, languages.guild(client, update.match.guild_id,
                                                          pressed))  # the final board
    if update.match.hosted:
        view = with_your_view(update.match, view)
    try:
        message = await publish(client, update, view=view, pressed=pressed)
    except Exception:
        log.exception("match %s: could not publish an update", update.match.id)
        message = None
    for news in update.news:  # its tournament's next round, standings, final post
        if _tell_news:
            await _tell_news[0](client, news)
    return message


def with_your_view(match: MatchRecord, view: discord.ui.View | None
                   ) -> discord.ui.View | None:
    """A running board's buttons in a match without a thread, and "Your view" after them
    (on every board while the match runs: whether a player has a secret is never told by
    the buttons)."""
    if match.status != RUNNING:
        return view
    out = discord.ui.View(timeout=None)
    for item in view.children if view is not None else ():
        out.add_item(item)
    out.add_item(YourViewButton(match.id))
    return out


class YourViewButton(IdButton, template=r"pantheon:yours:(?P<match>\d+)"):
    """"Your view" under a board of a match without a thread (:mod:`bot.match.hosted`):
    the presser's own view, private information included, answered only to them."""

    def __init__(self, match_id: int) -> None:
        super().__init__(f"pantheon:yours:{match_id}", "Your view",
                         discord.ButtonStyle.secondary)
        self.match_id = match_id

    async def callback(self, interaction: discord.Interaction) -> Any:
        async with guard(interaction, f"your view #{self.match_id}"):
            await interaction.response.defer(ephemeral=True, thinking=True)
            post = await service_of(interaction).private(self.match_id, actor_of(interaction))
            await post.ready(await member(service_of(interaction),
                                                   interaction.user.id, interaction))
            await reply(interaction,
                        **message_kwargs(post, mention=False, view=notes_view(self.match_id)))


TellNews = Callable[[discord.Client, EventNews], Awaitable[None]]
_tell_news: list[TellNews] = []


def use_news(tell: TellNews) -> None:
    """How :func:`announce` posts a tournament's news (:mod:`bot.events.tournament_ui`, which
    imports this module)."""
    _tell_news[:] = [tell]


use_announce(announce)


# --- resigning -------------------------------------------------------------------------
class ResignButton(
    IdButton,
    template=r"pantheon:resign:(?P<match>\d+):(?P<user>\d+)",
):
    """The confirmation under ``/resign`` (only the user who asked may press it)."""

    def __init__(self, match_id: int, user_id: int, language: str = speech.ENGLISH) -> None:
        super().__init__(f"pantheon:resign:{match_id}:{user_id}",
                         speech.say(language, "match-button-resign"), discord.ButtonStyle.danger)
        self.match_id = match_id
        self.user_id = user_id


    async def callback(self, interaction: discord.Interaction) -> Any:
        async with guard(interaction, f"resign #{self.match_id}"):
            if interaction.user.id != self.user_id:
                raise ServiceError(speech.Text("match-not-your-button"))
            await interaction.response.defer()
            update = await resign(interaction, self.match_id)
            said = speech.Text("match-you-resigned-from", {
                "game": _title(update.match.game), "id": str(update.match.id)})
            try:
                await interaction.edit_original_response(
                    content=speech.say(await reader(service_of(interaction), interaction),
                                       said), view=None
                )
            except discord.HTTPException as exc:
                log.info("could not edit the resign confirmation: %s", exc)


def resign_view(match_id: int, user_id: int, language: str = speech.ENGLISH
                ) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ResignButton(match_id, user_id, language))
    return view


async def resign(interaction: discord.Interaction, match_id: int) -> Update:
    """Resign the caller and publish what it changed."""
    update = await service_of(interaction).resign(match_id, actor_of(interaction))
    await announce(interaction.client, update)
    return update



# --- rematch ---------------------------------------------------------------------------
def rematch_view(match: MatchRecord, language: str = speech.ENGLISH
                 ) -> discord.ui.View | None:
    """Rematch under a finished match's final board (when a person played in it)."""
    if not any(not s.is_ai for s in match.seats):
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(RematchButton(match.id, language))
    return view


class RematchButton(
    IdButton,
    template=r"pantheon:rematch:(?P<match>\d+)",
):
    """A player's request for a rematch (:mod:`service.challenges.rematch`); the last request opens
    the new match in a thread of its own, or, where the bot is not a member, answers with
    its first board (a match without a thread, made through the gate as one)."""

    def __init__(self, match_id: int, language: str = speech.ENGLISH) -> None:
        super().__init__(f"pantheon:rematch:{match_id}",
                         speech.say(language, "match-button-rematch"), discord.ButtonStyle.success)
        self.match_id = match_id


    async def callback(self, interaction: discord.Interaction) -> Any:
        async with guard(interaction, f"rematch #{self.match_id}"):
            if elsewhere(interaction):  # a match without a thread: answered here
                await self._here(interaction)
                return
            await interaction.response.defer(ephemeral=True, thinking=True)
            service, client = service_of(interaction), interaction.client
            news = await service.rematch(self.match_id, actor_of(interaction))
            if news.update is None:
                await send_public(client, news.match, Post(news.text, mentions=news.mentions))
                await reply(interaction, "Asked: the rematch starts when everyone has.")
                return
            thread = await open_thread(client, news.update.match)
            await announce(client, news.update)
            place = thread.mention if thread is not None else "this channel"
            await send_public(client, news.match, Post(f"{news.text} It is in {place}."))
            try:  # the button is spent
                if interaction.message is not None:
                    await interaction.message.edit(view=spent(interaction.message))
            except discord.HTTPException as exc:
                log.info("could not remove the rematch button: %s", exc)
            await reply(interaction, f"Match #{news.update.match.id} is open in {place}.")

    async def _here(self, interaction: discord.Interaction) -> None:
        """Where the bot is not a member: who asked, and then the new match's first
        board, are public answers here; the final board (answered as a deferred update)
        loses its button once the rematch is made."""
        await interaction.response.defer()
        news = await service_of(interaction).rematch(self.match_id, actor_of(interaction))
        if news.update is None:
            await hosted.answer_publicly(
                interaction, message_kwargs(Post(news.text, mentions=news.mentions)))
            await reply(interaction, "Asked: the rematch starts when everyone has.")
            return
        await announce(interaction.client, news.update)
        try:  # the button is spent
            await interaction.edit_original_response(view=spent(interaction.message))
        except discord.HTTPException as exc:
            log.info("could not remove the rematch button: %s", exc)
        await reply(interaction, f"{news.text} Its board is below.")
