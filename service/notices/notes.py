"""Private notes: a player's own note on a match they play in, kept per match and player,
shown only to them (``/myview``) and exported only in their own record."""

from __future__ import annotations

from dataclasses import dataclass

from db import Store
from service.common import boundary
from service.common.model import Actor
from service.match.core import Matches

NOTE_LENGTH = 1000
"""The longest note (Discord's text input allows up to 4,000 characters; a note is a
reminder to oneself, not an essay)."""


@boundary.guarded
@dataclass(eq=False)
class Notes:
    store: Store
    matches: Matches

    async def note(self, match_id: int, actor: Actor) -> str | None:
        """The actor's note on the match (None if they kept none)."""
        match = await self.matches.readable(match_id, actor)
        self.matches.player(match, actor)
        return await self.store.note(match.id, actor.user_id)

    async def set_note(self, match_id: int, actor: Actor, text: str) -> str:
        """Keep the actor's note on a match they play in (empty: forget it)."""
        text = boundary.note(text, NOTE_LENGTH)
        match = await self.matches.readable(match_id, actor)
        self.matches.player(match, actor)
        await self.store.set_note(match.id, actor.user_id, text or None)
        if not text:
            return "Your note on this match is gone."
        return "Your note is kept: only you see it, in /myview and in your own export."
