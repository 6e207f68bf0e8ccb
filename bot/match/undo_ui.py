"""The Accept / Refuse buttons under an undo request, alive across restarts.

``pantheon:undo:<match>:<version>:yes|no``: the request itself is a row in the database
(:mod:`service.match.undo`), so a press after a restart finds it; once the match has changed the
version no longer matches and the press says the request lapsed.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.kit.dynamic import IdButton
from bot.kit.interact import actor_of, clip, guard, reply, service_of
from bot.match.ui import announce
from service import ServiceError
from service.match import undo

log = logging.getLogger(__name__)

ANSWERS = {"yes": ("Accept", discord.ButtonStyle.success),
           "no": ("Refuse", discord.ButtonStyle.danger)}


class UndoButton(
    IdButton,
    template=r"pantheon:undo:(?P<match>\d+):(?P<version>\d+):(?P<answer>yes|no)",
):
    """An opponent's answer to an undo request."""

    def __init__(self, match_id: int, version: int, answer: str) -> None:
        super().__init__(f"pantheon:undo:{match_id}:{version}:{answer}", *ANSWERS[answer])
        self.match_id = match_id
        self.version = version
        self.accept = answer == "yes"


    async def callback(self, interaction: discord.Interaction) -> Any:
        async with guard(interaction, f"undo answer #{self.match_id}"):
            await self._press(interaction)

    async def _press(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()  # a deferred update of the request message
        service, actor = service_of(interaction), actor_of(interaction)
        try:
            outcome = await service.answer_undo(self.match_id, self.version, actor,
                                                self.accept)
        except ServiceError as exc:
            if str(exc) == undo.LAPSED:
                await _close(interaction, "The request lapsed.")
            raise
        done = outcome.update is not None or not self.accept
        await _close(interaction, outcome.text, keep_buttons=not done)
        if outcome.update is not None:
            await announce(interaction.client, outcome.update)
        await reply(interaction, outcome.text)


async def _close(interaction: discord.Interaction, note: str, keep_buttons: bool = False
                 ) -> None:
    """Add ``note`` to the request message; take its buttons off unless still open."""
    original = interaction.message.content if interaction.message is not None else ""
    kwargs: dict[str, Any] = {"content": clip(f"{original}\n{note}".strip())}
    if not keep_buttons:
        kwargs["view"] = None
    try:
        await interaction.edit_original_response(**kwargs)
    except discord.HTTPException as exc:
        log.info("could not edit an undo request: %s", exc)


def undo_view(match_id: int, version: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for answer in ANSWERS:
        view.add_item(UndoButton(match_id, version, answer))
    return view
