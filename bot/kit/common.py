"""What several cogs share: game choices, the ``game`` and ``match`` autocompletes, long
replies."""

from __future__ import annotations

import io
import logging
from collections.abc import Callable, Coroutine, Sequence
from typing import Any, TypeVar

import discord
from discord import app_commands
from discord.ext import commands

import engines
from bot.kit.interact import MESSAGE_LIMIT, actor_of, chunks, reply, service_of
from bot.kit.places import anywhere
from service import Service
from service.match.suggest import suggest_matches

log = logging.getLogger(__name__)

MAX_CHUNKS = 3  # longer texts go as a file plus one message
MATCH_HELP = "The match number (default: this thread's match, or your only one)"

Autocomplete = Callable[[discord.Interaction, str],
                        Coroutine[Any, Any, list[app_commands.Choice[int]]]]
F = TypeVar("F", bound=Callable[..., Any])

class PantheonCog(commands.Cog):
    """A cog of this bot: it reaches the service through the bot."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @property
    def service(self) -> Service:
        return self.bot.service  # type: ignore[attr-defined]  # Pantheon (bot.client) sets it; a cog sees commands.Bot


GAME_CHOICES: list[app_commands.Choice[str]] = []
"""The games the reading commands' ``game`` options offer (``/rules``, ``/leaderboard``;
what makes a match offers only the server's games, :func:`game_autocomplete`).
discord.py keeps this very list, so
:func:`offer_games` refreshes it from the registry when the bot sets up its commands: a
game registered after this module was imported (a test's) is offered too."""


def offer_games() -> None:
    GAME_CHOICES[:] = [app_commands.Choice(name=g.title, value=g.slug) for g in engines.all()]


offer_games()


def title_of(slug: str) -> str:
    try:
        return engines.get(slug).title
    except KeyError:
        return slug


def option_int(value: object) -> int | None:
    """An integer option as typed so far (autocomplete sees raw, maybe partial, input)."""
    try:
        return int(str(value).strip().lstrip("#")) if value not in (None, "") else None
    except ValueError:
        return None


async def game_autocomplete(interaction: discord.Interaction, current: str
                            ) -> list[app_commands.Choice[str]]:
    """The games a new match may be of here (the server's allowed games: what the gate
    admits), those whose name holds what is typed."""
    return await _games_here(interaction, current, lessons=False)


async def lesson_autocomplete(interaction: discord.Interaction, current: str
                              ) -> list[app_commands.Choice[str]]:
    """The games with a lesson that the server allows."""
    return await _games_here(interaction, current, lessons=True)


async def _games_here(interaction: discord.Interaction, current: str, lessons: bool
                      ) -> list[app_commands.Choice[str]]:
    try:
        games = await service_of(interaction).games_here(interaction.guild_id, lessons)
    except Exception:  # autocomplete must never raise
        log.exception("game autocomplete failed")
        return []
    typed = str(current or "").strip().lower()
    return [app_commands.Choice(name=title, value=slug) for slug, title in games
            if typed in title.lower() or typed in slug][:25]


async def match_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[int]]:
    """The caller's open matches in this guild: ``#12 Witch Stones — your turn``."""
    try:
        mine = await service_of(interaction).my_matches(actor_of(interaction))
        rows = [(match, title_of(match.game), my_turn) for match, my_turn in mine]
        return [
            app_commands.Choice(name=name, value=value)
            for name, value in suggest_matches(rows, str(current or ""))
        ]
    except Exception:  # autocomplete must never raise
        log.exception("match autocomplete failed")
        return []


def started_match_autocomplete(*statuses: str) -> Autocomplete:
    """An autocomplete of the caller's started matches in this guild with these statuses
    (those with a board), newest first."""

    async def choices(interaction: discord.Interaction,
                      current: str) -> list[app_commands.Choice[int]]:
        try:
            found = await service_of(interaction).my_started(actor_of(interaction), statuses)
            rows = [(m, title_of(m.game), False) for m in found]
            return [app_commands.Choice(name=name, value=value)
                    for name, value in suggest_matches(rows, str(current or ""))]
        except Exception:  # autocomplete must never raise
            log.exception("started-match autocomplete (%s) failed", ", ".join(statuses))
            return []

    return choices


def about_a_match(autocomplete: Autocomplete = match_autocomplete,
                  **help: str) -> Callable[[F], F]:
    """A command with a ``match`` option (a number; default this thread's match, or
    the caller's only one) that ``autocomplete`` offers; ``help`` describes its other
    options (and ``match``, where its default is said otherwise). It works anywhere
    (:func:`bot.kit.places.anywhere`): a match without a thread is played from where it
    was started."""

    def command(callback: F) -> F:
        callback = app_commands.describe(**{"match": MATCH_HELP, **help})(callback)
        callback = app_commands.autocomplete(match=autocomplete)(callback)
        return anywhere(callback)

    return command


async def send_long(
    interaction: discord.Interaction, lines: Sequence[str], *, filename: str, keep: str = "first"
) -> None:
    """Ephemeral text in ≤2000-character messages; past a few, a file plus one message."""
    parts = chunks(lines, MESSAGE_LIMIT)
    if not parts:
        await reply(interaction, "Nothing to show yet.")
        return
    if len(parts) <= MAX_CHUNKS:
        for part in parts:
            await reply(interaction, part)
        return
    shown = parts[0] if keep == "first" else parts[-1]
    text = "\n".join(lines).encode("utf-8")
    note = f"(The whole text is in {filename}.)\n"
    await reply(
        interaction,
        note + shown[: MESSAGE_LIMIT - len(note)],
        file=discord.File(io.BytesIO(text), filename=filename),
    )
