"""Every persistent button, registered with the client at start-up so that a press after a
restart still finds its handler (their custom ids carry the match, see :mod:`bot.ui`)."""

from __future__ import annotations

from typing import Any

import discord

from bot.challenge_ui import ChallengeButton, GamePick
from bot.notes_ui import NotesButton
from bot.picker import PickButton, PickMenu
from bot.tournament_ui import TournamentButton
from bot.ui import LobbyButton, MoveButton, MyMovesButton, RematchButton, ResignButton
from bot.undo_ui import UndoButton

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
)
