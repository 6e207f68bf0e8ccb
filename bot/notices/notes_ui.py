"""Private notes: the "Notes" button under a player's own view (their DM and ``/myview``)
opens a form with their note on the match; the service keeps it (``service.notices.notes``)."""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.kit.dynamic import IdButton
from bot.kit.interact import actor_of, guard, reply, service_of
from service.notices.notes import NOTE_LENGTH

log = logging.getLogger(__name__)


class NoteForm(discord.ui.Modal):
    """The form: one paragraph, the note so far filled in."""

    def __init__(self, match_id: int, title: str, note: str | None) -> None:
        super().__init__(title=title[:45], timeout=None)
        self.match_id = match_id
        self.note: discord.ui.TextInput[NoteForm] = discord.ui.TextInput(
            label="Your note (only you see it)", style=discord.TextStyle.paragraph,
            custom_id="note",
            default=note or None, required=False, max_length=NOTE_LENGTH,
            placeholder="Plans, reads on your opponents… Empty forgets the note.")
        self.add_item(self.note)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        async with guard(interaction, f"note #{self.match_id}"):
            said = await service_of(interaction).set_note(self.match_id, actor_of(interaction),
                                                          self.note.value)
            await reply(interaction, said)


class NotesButton(IdButton, template=r"pantheon:notes:(?P<match>\d+)"):
    """"Notes" under a player's own view: opens :class:`NoteForm`."""

    def __init__(self, match_id: int) -> None:
        super().__init__(f"pantheon:notes:{match_id}", "Notes", discord.ButtonStyle.secondary)
        self.match_id = match_id

    async def callback(self, interaction: discord.Interaction) -> Any:
        async with guard(interaction, f"notes #{self.match_id}"):
            service, actor = service_of(interaction), actor_of(interaction)
            note = await service.note(self.match_id, actor)  # refused to a non-player
            match = await service.match(self.match_id, actor)
            title = f"Your note on {service.matches.game_of(match.game).title} #{match.id}"
            await interaction.response.send_modal(NoteForm(match.id, title, note))


def notes_view(match_id: int) -> discord.ui.View:
    """The buttons under a player's own view."""
    view = discord.ui.View(timeout=None)
    view.add_item(NotesButton(match_id))
    return view
