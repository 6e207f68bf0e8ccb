"""The guided move picker: for the player to act, their moves narrowed step by step in an
ephemeral select menu (a group such as ``take a…`` or ``leader red…``, then the move),
so nobody needs to know the notation.

"Choose a move" under a public board (:class:`PickButton`) and "Your moves" with more
moves than buttons (:mod:`bot.match.ui`) open it. The menu (:class:`PickMenu`) is a dynamic
item: its custom id carries the match and version, each option's value what choosing it
does (``g:<prefix>`` a group, ``p:<page>:<prefix>`` another page, ``m:<index>`` a move),
so an open picker still works after a restart and goes stale with the board.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable
from typing import Any

import discord

import speech
from bot.kit.dynamic import IdButton
from bot.kit.interact import actor_of, clip, guard, reply, service_of
from bot.kit.language import reader
from bot.match.turn_posts import jump_link
from engines.base import plural
from service import Actor, Changed, Service, ServiceError, Update
from service.match.move_groups import MENU_SIZE, move_groups, node_size

log = logging.getLogger(__name__)

STALE = speech.Text("buttons-stale")
OPTION_LIMIT = 100  # characters in a select option's label or value
BACK = "g:"  # the value of "all moves": the root group

Announce = Callable[[discord.Client, Update], Awaitable["discord.Message | None"]]
_announce: list[Announce] = []


def use_announce(announce: Announce) -> None:
    """:mod:`bot.match.ui` hands over how a move is published (it imports this module, which
    therefore cannot import it back)."""
    _announce[:] = [announce]


def played_text(actor: Actor, update: Update, move: str, posted: bool) -> speech.Lines:
    """The mover's ephemeral confirmation (their own private news included)."""
    lines: list[speech.Words] = [speech.Text("match-played", {"move": move})]
    mine = update.private.get(actor.user_id)
    if mine is not None and mine.text:
        lines.append(mine.text)
    if not posted and update.public is not None and update.match.hosted:
        lines.append(speech.Text("match-board-where-started"))
    elif not posted and update.public is not None:
        lines.append(speech.Text("match-board-not-posted"))
    return speech.Lines(lines)


async def stale_line(service: Service, match_id: int) -> speech.Text:
    """What a superseded board's button answers: one line, with a link to the current
    board (:mod:`bot.match.turn_posts`) when one is known."""
    try:
        kept = await service.store.posted(match_id)
        match = await service.match(match_id) if kept is not None else None
    except Exception:  # the line without its link
        log.exception("match %s: the current board not found", match_id)
        return STALE
    if kept is None or match is None:
        return STALE
    return speech.Text("buttons-stale-link", {"link": jump_link(match, kept)})


NOT_YOUR_TURN = speech.Text("buttons-not-your-turn")


async def my_moves(service: Service, actor: Actor, match_id: int, version: int,
                   not_yours: speech.Text = NOT_YOUR_TURN) -> list[str]:
    """The actor's legal moves at ``version``; a ServiceError saying why there are none
    (``not_yours`` when it is another player's turn)."""
    try:
        moves = await service.button_moves(match_id, actor, version)
    except Changed:
        raise ServiceError(await stale_line(service, match_id)) from None
    if not moves:
        raise ServiceError(not_yours)
    return moves


def picker_page(match_id: int, version: int, moves: list[str], prefix: str = "",
                page: int = 0) -> tuple[str, discord.ui.View]:
    """The picker's text and menu at the group ``prefix`` (``""``: all moves), one page."""
    groups = move_groups(moves, prefix)
    if not groups:
        raise ServiceError(STALE)
    entries = [(clip(g.label(moves), OPTION_LIMIT),
                f"m:{g.moves[0]}" if g.is_move else f"g:{g.key}") for g in groups]
    capacity = MENU_SIZE - (1 if prefix else 0)
    pages = 1
    if len(entries) > capacity:
        per_page = capacity - 2  # room for "Previous" and "More"
        pages = -(-len(entries) // per_page)
        page = min(max(page, 0), pages - 1)
        shown = entries[page * per_page:(page + 1) * per_page]
        if page > 0:
            shown.insert(0, ("‹ Previous", f"p:{page - 1}:{prefix}"))
        if page < pages - 1:
            shown.append(("More ›", f"p:{page + 1}:{prefix}"))
        entries = shown
    if prefix:
        entries.append(("« All moves", BACK))
    if prefix:
        text = (f"{plural(node_size(moves, prefix), 'move')} starting `{prefix.rstrip()}`: "
                "choose one.")
    else:
        text = f"You have {plural(len(moves), 'legal move')}: choose one (only you see this)."
    if pages > 1:
        text += f" Page {page + 1} of {pages}."
    playable = all(g.is_move for g in groups)
    view = discord.ui.View(timeout=None)
    view.add_item(PickMenu(match_id, version, entries,
                           "Choose a move" if playable else "Choose a group of moves"))
    return text, view


async def open_picker(interaction: discord.Interaction, match_id: int, version: int,
                      moves: list[str]) -> None:
    """Answer (ephemerally, after a deferral) with the picker's first step."""
    text, view = picker_page(match_id, version, moves)
    await reply(interaction, text, view=view)


class PickButton(
    IdButton,
    template=r"pantheon:pick:(?P<match>\d+):(?P<version>\d+)",
):
    """"Choose a move" under a public board when the player to act has many moves."""

    def __init__(self, match_id: int, version: int) -> None:
        super().__init__(f"pantheon:pick:{match_id}:{version}", "Choose a move",
                         discord.ButtonStyle.primary)
        self.match_id = match_id
        self.version = version


    async def callback(self, interaction: discord.Interaction) -> Any:
        async with guard(interaction, f"choose a move #{self.match_id}"):
            await interaction.response.defer(ephemeral=True, thinking=True)
            moves = await my_moves(service_of(interaction), actor_of(interaction),
                                   self.match_id, self.version)
            await open_picker(interaction, self.match_id, self.version, moves)


class PickMenu(
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"pantheon:choose:(?P<match>\d+):(?P<version>\d+)",
):
    """One step of the picker: a group narrows it, a page turns it, a move is played."""

    def __init__(self, match_id: int, version: int, entries: list[tuple[str, str]] | None = None,
                 placeholder: str = "Choose a move") -> None:
        options = [discord.SelectOption(label=label, value=value) for label, value in entries or ()]
        super().__init__(
            discord.ui.Select(custom_id=f"pantheon:choose:{match_id}:{version}",
                              placeholder=placeholder, options=options)
        )
        self.match_id = match_id
        self.version = version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PickMenu:
        return cls(int(match["match"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> Any:
        async with guard(interaction, f"move picker #{self.match_id}"):
            await interaction.response.defer()  # a deferred update of the picker message
            service, actor = service_of(interaction), actor_of(interaction)
            moves = await my_moves(service, actor, self.match_id, self.version)
            value = self.item.values[0] if self.item.values else BACK
            kind, _, rest = value.partition(":")
            if kind == "m":
                await self._play(interaction, service, actor, moves, rest)
                return
            page, prefix = 0, rest
            if kind == "p":
                number, _, prefix = rest.partition(":")
                page = int(number) if number.isdigit() else 0
            text, view = picker_page(self.match_id, self.version, moves, prefix, page)
            await interaction.edit_original_response(content=text, view=view)

    async def _play(self, interaction: discord.Interaction, service: Service, actor: Actor,
                    moves: list[str], index: str) -> None:
        if not index.isdigit() or int(index) >= len(moves):
            raise ServiceError(STALE)
        move = moves[int(index)]
        update = await service.submit(self.match_id, actor, move, expect_version=self.version)
        posted = await _announce[0](interaction.client, update) if _announce else None
        text = speech.said(await reader(service_of(interaction), interaction),
                           played_text(actor, update, move, posted is not None))
        try:  # the picker becomes the confirmation
            await interaction.edit_original_response(content=text, view=None)
        except discord.HTTPException as exc:
            log.info("could not edit the move picker: %s", exc)
            await reply(interaction, text)
