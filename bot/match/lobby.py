"""``/match start``: a new match in its own thread, with a lobby message and buttons
(where and how the thread is opened: :mod:`bot.match.opening`)."""

from __future__ import annotations

import inspect
import logging
from collections.abc import Callable
from typing import Any, TypeVar

import discord
from discord import app_commands
from discord.ext import commands

import engines
import speech
from bot.kit.common import game_autocomplete
from bot.kit.interact import actor_of, defer, guard, reply
from bot.kit.language import reader
from bot.kit.places import anywhere, elsewhere
from bot.match import hosted
from bot.match.opening import NOT_A_TEXT_CHANNEL, open_match, place_for
from bot.match.ui import lobby_message, lobby_view
from service import MatchTerms, ServiceError, parse_options
from service.common import clock_math as clocks

log = logging.getLogger(__name__)

LEVEL_CHOICES = [
    app_commands.Choice(name="easy — one move ahead, often careless", value="easy"),
    app_commands.Choice(name="normal — searches a little (default)", value="normal"),
    app_commands.Choice(name="hard — searches for up to 2 s a move", value="hard"),
]
TIMEOUT_CHOICES = [
    app_commands.Choice(name="skip the turn (a pass, or the computer moves)", value=clocks.SKIP),
    app_commands.Choice(name="forfeit the match", value=clocks.FORFEIT),
]
TERMS_HELP = {
    "options": "Match options as name=value pairs, e.g. terrain=true",
    "remind": "Hours a turn waits before its first reminder (0 = none); default 24",
    "remind_every": "Then remind again every so many hours (0 = once); default 24",
    "deadline": "Hours per turn before the clock runs out (0 = no deadline, the default)",
    "on_timeout": "When a turn runs out: skip it (the computer moves) or forfeit the match",
    "rated": "False: the match does not count for /leaderboard (default true)",
    "bots": "How many seats computer players take",
    "level": "How well the computer players play (default normal)",
    "bank": "Time bank in days instead of a deadline, e.g. 3 (0 = none, the default)",
    "bank_add": "Days added to the bank after each turn, e.g. 0.5 (default 1)",
    "bank_max": "The most days a bank can hold (default the larger of bank and 7)",
    "weekends": "False: Saturday and Sunday (UTC) don't count on the clocks (default true)",
}
"""The help of the match terms ``/match start`` and ``/challenge`` share (and of
``options``)."""


TERMS = [
    inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, annotation=kind, default=default)
    for name, kind, default in (
        ("remind", app_commands.Range[int, 0, clocks.MAX_REMIND_HOURS] | None, None),
        ("remind_every", app_commands.Range[int, 0, clocks.MAX_REMIND_HOURS] | None, None),
        ("deadline", app_commands.Range[int, 0, clocks.MAX_DEADLINE_HOURS] | None, None),
        ("on_timeout", str | None, None),
        ("rated", bool, True),
        ("bots", app_commands.Range[int, 0, 5], 0),
        ("level", str | None, None),
        ("bank", app_commands.Range[float, 0.0, clocks.MAX_BANK_HOURS / 24] | None, None),
        ("bank_add", app_commands.Range[float, 0.0, clocks.MAX_BANK_ADD_HOURS / 24] | None,
         None),
        ("bank_max", app_commands.Range[float, 0.0, clocks.MAX_BANK_HOURS / 24] | None, None),
        ("weekends", bool, True),
    )
]
"""The match terms as command options, in the order Discord shows them (banks in days)."""


F = TypeVar("F", bound=Callable[..., Any])


def takes_terms(command: F) -> F:
    """A command that takes the match terms (``/match start``, ``/challenge``): they are
    added to its options after its own, and it receives them as ``**terms`` (one value:
    :func:`terms_of`)."""
    signature = inspect.signature(command)
    own = [p for p in signature.parameters.values() if p.kind is not p.VAR_KEYWORD]
    command.__signature__ = signature.replace(parameters=[*own, *TERMS])  # type: ignore[attr-defined]  # read by inspect.signature, which discord.py calls
    return command


@anywhere
class Lobby(commands.GroupCog, group_name="match", group_description="Board game matches"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    @property
    def service(self):
        return self.bot.service  # type: ignore[attr-defined]  # Pantheon (bot.client) sets it; a cog sees commands.Bot

    @app_commands.command(
        name="start",
        description="Start a match in its own thread; players join with the buttons there",
    )
    @app_commands.describe(
        game="The game to play",
        **{**TERMS_HELP,
           "bots": "How many seats computer players take (they join the lobby at once)"},
    )
    @app_commands.choices(on_timeout=TIMEOUT_CHOICES, level=LEVEL_CHOICES)
    @app_commands.autocomplete(game=game_autocomplete)
    @takes_terms
    async def start(
        self,
        interaction: discord.Interaction,
        game: str,
        options: str | None = None,
        **terms: Any,
    ) -> None:
        async with guard(interaction, "/match start"):
            parsed = parse_options(options)
            agreed = terms_of(**terms)
            check_bots(game, agreed.bots)
            if elsewhere(interaction):  # a match without a thread, on the bot's answers
                await hosted.start_here(self.service, interaction, game, parsed, agreed,
                                        lambda m, language: (
                                            lobby_message(self.service, m, language),
                                            lobby_view(m, language)))
                return
            if interaction.guild_id is None:
                raise ServiceError(NOT_A_TEXT_CHANNEL)
            place = place_for(interaction.channel)
            await defer(interaction)
            actor = actor_of(interaction)
            match = await self.service.create(actor, game, parsed, channel_id=place.id,
                                              terms=agreed)
            title = engines.get(match.game).title
            match, thread = await open_match(self.service, match, place, actor, title=title,
                                             bots=agreed.bots, level=agreed.level)
            try:
                await thread.add_user(interaction.user)
            except discord.HTTPException as exc:
                log.info("could not add the host to thread %s: %s", thread.id, exc)
            await reply(interaction, speech.say(await reader(self.service, interaction),
                                                speech.Text("match-open-in", {
                                                    "game": title, "id": str(match.id),
                                                    "thread": thread.mention})))

    @start.autocomplete("options")
    async def options_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        try:
            return [
                app_commands.Choice(name=name, value=value)
                for name, value in option_suggestions(interaction.namespace.game, current)
            ]
        except Exception:  # autocomplete must never raise
            log.exception("options autocomplete failed")
            return []


def terms_of(*, remind: int | None = None, remind_every: int | None = None,
             deadline: int | None = None, on_timeout: str | None = None, rated: bool = True,
             bots: int = 0, level: str | None = None, bank: float | None = None,
             bank_add: float | None = None, bank_max: float | None = None,
             weekends: bool = True) -> MatchTerms:
    """The match terms of a command's options (its banks in days: the terms' in hours)."""
    return MatchTerms(remind, remind_every, deadline, on_timeout, rated, bots, level,
                      hours(bank), hours(bank_add), hours(bank_max), weekends)


def hours(days: float | None) -> int | None:
    """Days as whole hours (at least one, unless none)."""
    if days is None:
        return None
    return max(1, round(days * 24)) if days > 0 else 0


def check_bots(slug: str, bots: int) -> None:
    """Refuse more computer players than the game has seats besides the host's."""
    try:
        game = engines.get(slug)
    except KeyError:
        return  # the service names the games there are
    if not 0 <= bots <= game.max_players - 1:
        raise ServiceError(
            f"{game.title} seats at most {game.max_players} players: you and up to "
            f"{game.max_players - 1} computer player{'s' if game.max_players > 2 else ''}."
        )


def option_suggestions(slug: str | None, typed: str) -> list[tuple[str, str]]:
    """``name=value`` completions for the chosen game's options, appended to what is typed."""
    try:
        game = engines.get(slug or "")
    except KeyError:
        return []
    words = (typed or "").split()
    partial = words.pop() if words and not words[-1].partition("=")[2] else ""
    named = {w.partition("=")[0].lower() for w in words}
    out: list[tuple[str, str]] = []
    for option in game.options:
        if option.name in named:
            continue
        if isinstance(option.default, bool):
            values = [str(option.default).lower(), str(not option.default).lower()]
        else:
            values = [str(v) for v in (option.choices or (option.default,))]
        for value in values:
            token = f"{option.name}={value}"
            if partial and not token.startswith(partial.lower()):
                continue
            text = " ".join([*words, token])
            if len(text) <= 100:
                out.append((f"{text} — {option.help}"[:100], text))
    return out[:25]


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Lobby(bot))
