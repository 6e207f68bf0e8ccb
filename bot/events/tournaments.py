"""``/tournament``: create one (a post with Join / Leave / Start), ``join`` (also late,
until the stated round begins), ``start``, ``computer``
(the organiser adds a computer entrant), ``standings`` (a picture with its alt text, and
the words), ``info``, ``withdraw``, ``cancel`` (organiser, or Manage Server) and
``export`` (the event as JSON). Rounds run themselves (:mod:`service.events.tournaments`): what
a step changes is posted by :func:`bot.events.tournament_ui.tell_news`. Every command names a
tournament by number, else the server's newest open or running one."""

from __future__ import annotations

import io
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot.community.server_settings import ping_for_tournament
from bot.events.members import check_entrants, member_gone
from bot.events.tournament_ui import joined, post_event, tell_news
from bot.kit import places
from bot.kit.common import PantheonCog, game_autocomplete, option_int, title_of
from bot.kit.interact import actor_of, defer, guard, reply, service_of
from bot.match.lobby import LEVEL_CHOICES, TERMS_HELP, TIMEOUT_CHOICES, terms_of
from bot.match.publish import message_kwargs
from db import TournamentRecord
from service import ServiceError, parse_options
from service.common import clock_math as clocks
from service.events.entry_terms import MAX_ROUND_HOURS, MAX_ROUNDS, EventTerms
from service.events.pairing import ROUND_ROBIN, SWISS, TABLES

log = logging.getLogger(__name__)

FORMAT_CHOICES = [
    app_commands.Choice(name="Swiss (two-player games)", value=SWISS),
    app_commands.Choice(name="round robin: everyone meets everyone", value=ROUND_ROBIN),
    app_commands.Choice(name="tables grouped by score (3 to 6 a table)", value=TABLES),
]
MEMBERS_EVERY_MINUTES = 10
EVENT = "The tournament's number (default: this server's newest open or running one)"
NOT_HERE = "Create a tournament in a text channel of a server: its rounds are posted there."


async def joinable_autocomplete(interaction: discord.Interaction, current: str
                                ) -> list[app_commands.Choice[int]]:
    """This server's tournaments that take entrants now: ``#4 Kayles Swiss — round 1,
    late entry until round 2``, newest first; a typed number narrows them."""
    try:
        found = await service_of(interaction).joinable_tournaments(interaction.guild_id)
        typed = option_int(current)
        return [app_commands.Choice(name=joinable_name(r)[:100], value=r.id)
                for r in found if typed is None or str(typed) in str(r.id)][:25]
    except Exception:  # autocomplete must never raise
        log.exception("tournament autocomplete failed")
        return []


def joinable_name(record: TournamentRecord) -> str:
    fmt = {SWISS: "Swiss", ROUND_ROBIN: "round robin", TABLES: "tables"}.get(
        str(record.settings.get("format")), "")
    state = ("open" if record.round == 0 else f"round {record.round}, late entry until "
             f"round {record.settings.get('late_until')}")
    return f"#{record.id} {title_of(record.game)} {fmt} — {state}"


Run = Callable[["Tournaments", discord.Interaction, "int | None"], Awaitable[None]]


def subcommand(name: str, description: str, run: Run) -> Any:
    """A subcommand taking only the tournament (by number, else the newest): ``run``."""
    async def command(self: Tournaments, interaction: discord.Interaction,
                      tournament: int | None = None) -> None:
        await run(self, interaction, tournament)

    command.__qualname__ = f"Tournaments.{name}"  # a method: discord.py passes the cog
    described = app_commands.describe(tournament=EVENT)(command)
    return app_commands.command(name=name, description=description)(described)


def action(name: str, done: str) -> Run:
    """Do ``name`` on the tournament, post what changed, answer ``done``."""
    return lambda cog, interaction, number: cog._act(interaction, name, number, done)


@places.anywhere
class Tournaments(PantheonCog, commands.GroupCog, group_name="tournament",
                  group_description="Tournaments: Swiss, round robin, tables"):
    def __init__(self, bot: commands.Bot) -> None:
        PantheonCog.__init__(self, bot)
        commands.GroupCog.__init__(self)

    async def cog_load(self) -> None:
        self.members.start()

    async def cog_unload(self) -> None:
        self.members.cancel()

    @tasks.loop(minutes=MEMBERS_EVERY_MINUTES)
    async def members(self) -> None:
        """Entrants who left the server leave its tournaments (:mod:`bot.events.members`)."""
        try:
            await check_entrants(self.bot, self.service.now())
        except Exception:  # an exception would end the loop: log it, try again next time
            log.exception("the tournaments' member check failed")

    @members.before_loop
    async def _ready(self) -> None:
        await self.bot.wait_until_ready()

    @commands.Cog.listener()
    async def on_raw_member_remove(self, payload: discord.RawMemberRemoveEvent) -> None:
        """Heard only with the members intent (see :mod:`bot.events.members`)."""
        await member_gone(self.bot, payload.guild_id, payload.user.id)

    @app_commands.command(name="create", description="Create a tournament; players join "
                          "with the buttons under its post")
    @app_commands.describe(
        game="The game to play", format="How rounds are paired",
        rounds="Rounds to play (a round robin plays its own number)",
        seats="Most players a table (tables format); default 4",
        late_until="Players may still join until this round begins (0 = nobody late)",
        round_hours="Hours a round lasts; a game still running then is scored a draw",
        **{k: v for k, v in TERMS_HELP.items()
           if k in ("options", "deadline", "on_timeout", "rated", "bank", "weekends")})
    @app_commands.choices(format=FORMAT_CHOICES, on_timeout=TIMEOUT_CHOICES)
    @app_commands.autocomplete(game=game_autocomplete)
    async def create(
        self, interaction: discord.Interaction, game: str, format: str,
        rounds: app_commands.Range[int, 1, MAX_ROUNDS] = 3,
        seats: app_commands.Range[int, 2, 6] | None = None,
        late_until: app_commands.Range[int, 0, MAX_ROUNDS] = 0,
        round_hours: app_commands.Range[int, 1, MAX_ROUND_HOURS] | None = None,
        options: str | None = None, rated: bool = True,
        deadline: app_commands.Range[int, 0, clocks.MAX_DEADLINE_HOURS] | None = None,
        on_timeout: str | None = None, weekends: bool = True,
        bank: app_commands.Range[float, 0.0, clocks.MAX_BANK_HOURS / 24] | None = None,
    ) -> None:
        async with guard(interaction, "/tournament create"):
            places.needs_the_bot(interaction, "A tournament")
            if not isinstance(interaction.channel, discord.TextChannel):
                raise ServiceError(NOT_HERE)
            channel, parsed = interaction.channel, parse_options(options)
            await defer(interaction)
            # reminders and bank growth: the defaults
            terms = terms_of(deadline=deadline, on_timeout=on_timeout, rated=rated,
                             bank=bank, weekends=weekends)
            event = EventTerms(format, rounds, seats or (4 if format == TABLES else 2),
                               late_until, round_hours)
            record = await self.service.create_tournament(
                actor_of(interaction), game, event, options=parsed, channel_id=channel.id,
                terms=terms)
            await post_event(self.bot, channel, record)
            await ping_for_tournament(self.service, channel, record)  # /settings' role
            await reply(interaction, f"Tournament #{record.id} is posted: players join with "
                        "its buttons; you add computer players with /tournament computer "
                        "and press Start.")

    async def _act(self, interaction: discord.Interaction, action: str,
                   tournament: int | None, done: str, level: str | None = None) -> None:
        async with guard(interaction, f"/tournament {action}"):
            places.needs_the_bot(interaction, "A tournament")
            await defer(interaction)
            service, actor = self.service, actor_of(interaction)
            record = await service.tournament(tournament, actor)
            news = await service.tournament_act(action, record.id, actor, level)
            await tell_news(self.bot, news)
            await reply(interaction, done.format(id=record.id))

    @app_commands.command(name="join", description="Enter a tournament (late entrants "
                          "too, until the round its terms name begins)")
    @app_commands.describe(tournament="The tournament's number (default: this server's "
                           "newest that takes entrants)")
    @app_commands.autocomplete(tournament=joinable_autocomplete)
    async def join(self, interaction: discord.Interaction,
                   tournament: int | None = None) -> None:
        async with guard(interaction, "/tournament join"):
            places.needs_the_bot(interaction, "A tournament")
            await defer(interaction)
            news = await self.service.join_tournament(tournament, actor_of(interaction))
            await tell_news(self.bot, news)
            await reply(interaction, f"Tournament #{news.tournament.id}: "
                        + joined(news.tournament))

    start = subcommand("start", "Start a tournament (its organiser)", action(
        "start", "Tournament #{id} has begun: round 1 is posted."))
    withdraw = subcommand("withdraw", "Leave a tournament: your running game is resigned "
                          "and no later round pairs you", action(
                              "withdraw", "You withdrew from tournament #{id}."))
    cancel = subcommand("cancel", "Cancel a tournament and abort its games (organiser, or "
                        "Manage Server)", action("cancel", "Tournament #{id} is cancelled."))

    @app_commands.command(name="computer", description="Add a computer entrant to a "
                          "tournament (its organiser)")
    @app_commands.describe(tournament=EVENT, level="How well it plays (default normal)")
    @app_commands.choices(level=LEVEL_CHOICES)
    async def computer(self, interaction: discord.Interaction,
                       tournament: int | None = None, level: str | None = None) -> None:
        await self._act(interaction, "computer", tournament,
                        "A computer player entered tournament #{id}.", level)

    @app_commands.command(name="standings", description="A tournament's standings, as a "
                          "picture and in words")
    @app_commands.describe(tournament=EVENT, public="Post them for everyone (default: "
                           "only you see them)")
    async def standings(self, interaction: discord.Interaction,
                        tournament: int | None = None, public: bool = False) -> None:
        await self._show(interaction, "standings", tournament, public)

    info = subcommand("info", "A tournament's terms, entrants and the current round's games",
                      lambda cog, interaction, number: cog._show(interaction, "info", number))
    export = subcommand("export", "A tournament as JSON: pairings, results, tie-breaks",
                        lambda cog, interaction, number: cog._show(interaction, "export",
                                                                   number))

    async def _show(self, interaction: discord.Interaction, what: str,
                    tournament: int | None, public: bool = False) -> None:
        """The standings (a picture with alt text), the info, or the export (a file)."""
        async with guard(interaction, f"/tournament {what}"):
            places.needs_the_bot(interaction, "A tournament")
            await defer(interaction, ephemeral=not public)
            record = await self.service.tournament(tournament, actor_of(interaction))
            post = await self.service.tournament_post(record, what)
            if what == "export":
                data = io.BytesIO(post.text.encode("utf-8"))
                await reply(interaction, f"Tournament #{record.id} ({record.status}): every "
                            "round's pairings and points, and the standings with their "
                            "tie-breaks.", file=discord.File(data, filename=post.filename))
                return
            await reply(interaction, ephemeral=not public, **message_kwargs(post))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Tournaments(bot))
