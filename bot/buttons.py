"""Every persistent button, registered with the client at start-up so that a press after a
restart still finds its handler (their custom ids carry the match, see :mod:`bot.match.ui`)."""

from __future__ import annotations

from typing import Any

import discord

from bot.challenges.challenge_ui import ChallengeButton, GamePick
from bot.events.tournament_ui import TournamentButton
from bot.match.picker import PickButton, PickMenu
from bot.match.ui import (
    LobbyButton,
    MoveButton,
    MyMovesButton,
    RematchButton,
    ResignButton,
    YourViewButton,
)
from bot.match.undo_ui import UndoButton
from bot.notices.notes_ui import NotesButton

DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    LobbyButton,
    MoveButton,
    MyMovesButton,
    PickButton,
    PickMenu,
    ResignButton,
    UndoButton,
    RematchButton,
    ChallengeButton,
    GamePick,
    NotesButton,
    TournamentButton,
    YourViewButton,
)
