"""``/tournament``: create one (a post with Join / Leave / Start), ``start``, ``computer``
(the organiser adds a computer entrant), ``standings`` (a picture with its alt text, and
the words), ``info``, ``withdraw``, ``cancel`` (organiser, or Manage Server) and
``export`` (the event as JSON). Rounds run themselves (:mod:`service.tournaments`): what
a step changes is posted by :func:`bot.tournament_ui.tell_news`. Every command names a
tournament by number, else the server's newest open or running one."""

from __future__ import annotations

import io
import logging

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.common import GAME_CHOICES, PantheonCog
from bot.cogs.lobby import LEVEL_CHOICES, TERMS_HELP, TIMEOUT_CHOICES, terms_of
from bot.interact import actor_of, defer, guard, reply
from bot.tournament_ui import post_event, post_kwargs, tell_news
from service import ServiceError, parse_options
from service import clock_math as clocks
from service.pairing import ROUND_ROBIN, SWISS, TABLES
from service.tournament_terms import MAX_ROUND_HOURS, MAX_ROUNDS, EventTerms

log = logging.getLogger(__name__)

FORMAT_CHOICES = [
    app_commands.Choice(name="Swiss (two-player games)", value=SWISS),
    app_commands.Choice(name="round robin: everyone meets everyone", value=ROUND_ROBIN),
    app_commands.Choice(name="tables grouped by score (3 to 6 a table)", value=TABLES),
]
EVENT = "The tournament's number (default: this server's newest open or running one)"
NOT_HERE = "Create a tournament in a text channel of a server: its rounds are posted there."


@app_commands.guild_only()
class Tournaments(PantheonCog, commands.GroupCog, group_name="tournament",
                  group_description="Tournaments: Swiss, round robin, tables"):
    def __init__(self, bot: commands.Bot) -> None:
        PantheonCog.__init__(self, bot)
        commands.GroupCog.__init__(self)

    @app_commands.command(name="create", description="Create a tournament; players join "
                          "with the buttons under its post")
    @app_commands.describe(
        game="The game to play", format="How rounds are paired",
        rounds="Rounds to play (a round robin plays its own number)",
        seats="Most players a table (tables format); default 4",
        late_until="Players may still join until this round begins (0 = nobody late)",
        round_hours="Hours a round lasts; a game still running then is scored a draw",
        **{k: v for k, v in TERMS_HELP.items() if k not in ("bots", "level")})
    @app_commands.choices(game=GAME_CHOICES, format=FORMAT_CHOICES,
                          on_timeout=TIMEOUT_CHOICES)
    async def create(
        self, interaction: discord.Interaction, game: str, format: str,
        rounds: app_commands.Range[int, 1, MAX_ROUNDS] = 3,
        seats: app_commands.Range[int, 2, 6] | None = None,
        late_until: app_commands.Range[int, 0, MAX_ROUNDS] = 0,
        round_hours: app_commands.Range[int, 1, MAX_ROUND_HOURS] | None = None,
        options: str | None = None,
        remind: app_commands.Range[int, 0, clocks.MAX_REMIND_HOURS] | None = None,
        remind_every: app_commands.Range[int, 0, clocks.MAX_REMIND_HOURS] | None = None,
        deadline: app_commands.Range[int, 0, clocks.MAX_DEADLINE_HOURS] | None = None,
        on_timeout: str | None = None, rated: bool = True,
        bank: app_commands.Range[float, 0.0, clocks.MAX_BANK_HOURS / 24] | None = None,
        bank_add: app_commands.Range[float, 0.0, clocks.MAX_BANK_ADD_HOURS / 24] | None = None,
        bank_max: app_commands.Range[float, 0.0, clocks.MAX_BANK_HOURS / 24] | None = None,
        weekends: bool = True,
    ) -> None:
        async with guard(interaction, "/tournament create"):
            channel = interaction.channel
            if not isinstance(channel, discord.TextChannel):
                raise ServiceError(NOT_HERE)
            parsed = parse_options(options)
            await defer(interaction)
            terms = terms_of(remind, remind_every, deadline, on_timeout, rated, 0, None,
                             bank, bank_add, bank_max, weekends)
            event = EventTerms(format, rounds, seats or (4 if format == TABLES else 2),
                               late_until, round_hours)
            record = await self.service.create_tournament(
                actor_of(interaction), game, event, options=parsed, channel_id=channel.id,
                terms=terms)
            await post_event(self.bot, channel, record)
            await reply(interaction, f"Tournament #{record.id} is posted: players join with "
                        "its buttons; you add computer players with /tournament computer "
                        "and press Start.")

    async def _act(self, interaction: discord.Interaction, action: str,
                   tournament: int | None, done: str, level: str | None = None) -> None:
        async with guard(interaction, f"/tournament {action}"):
            await defer(interaction)
            service, actor = self.service, actor_of(interaction)
            record = await service.tournament(tournament, actor)
            news = await service.tournament_act(action, record.id, actor, level)
            await tell_news(self.bot, news)
            await reply(interaction, done.format(id=record.id))

    @app_commands.command(name="start", description="Start a tournament (its organiser)")
    @app_commands.describe(tournament=EVENT)
    async def start(self, interaction: discord.Interaction,
                    tournament: int | None = None) -> None:
        await self._act(interaction, "start", tournament,
                        "Tournament #{id} has begun: round 1 is posted.")

    @app_commands.command(name="computer", description="Add a computer entrant to a "
                          "tournament (its organiser)")
    @app_commands.describe(tournament=EVENT, level="How well it plays (default normal)")
    @app_commands.choices(level=LEVEL_CHOICES)
    async def computer(self, interaction: discord.Interaction,
                       tournament: int | None = None, level: str | None = None) -> None:
        await self._act(interaction, "computer", tournament,
                        "A computer player entered tournament #{id}.", level)

    @app_commands.command(name="withdraw", description="Leave a tournament: your running "
                          "game is resigned and no later round pairs you")
    @app_commands.describe(tournament=EVENT)
    async def withdraw(self, interaction: discord.Interaction,
                       tournament: int | None = None) -> None:
        await self._act(interaction, "withdraw", tournament,
                        "You withdrew from tournament #{id}.")

    @app_commands.command(name="cancel", description="Cancel a tournament and abort its "
                          "games (organiser, or Manage Server)")
    @app_commands.describe(tournament=EVENT)
    async def cancel(self, interaction: discord.Interaction,
                     tournament: int | None = None) -> None:
        await self._act(interaction, "cancel", tournament, "Tournament #{id} is cancelled.")

    @app_commands.command(name="standings", description="A tournament's standings, as a "
                          "picture and in words")
    @app_commands.describe(tournament=EVENT, public="Post them for everyone (default: "
                           "only you see them)")
    async def standings(self, interaction: discord.Interaction,
                        tournament: int | None = None, public: bool = False) -> None:
        async with guard(interaction, "/tournament standings"):
            await defer(interaction, ephemeral=not public)
            record = await self.service.tournament(tournament, actor_of(interaction))
            post = await self.service.tournament_post(record, "standings")
            kwargs = post_kwargs(post)
            await reply(interaction, kwargs.pop("content"), ephemeral=not public, **kwargs)

    @app_commands.command(name="info", description="A tournament's terms, entrants and "
                          "the current round's games")
    @app_commands.describe(tournament=EVENT)
    async def info(self, interaction: discord.Interaction,
                   tournament: int | None = None) -> None:
        async with guard(interaction, "/tournament info"):
            record = await self.service.tournament(tournament, actor_of(interaction))
            post = await self.service.tournament_post(record, "info")
            await reply(interaction, post.text, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="export", description="A tournament as JSON: pairings, "
                          "results, tie-breaks")
    @app_commands.describe(tournament=EVENT)
    async def export(self, interaction: discord.Interaction,
                     tournament: int | None = None) -> None:
        async with guard(interaction, "/tournament export"):
            await defer(interaction)
            record = await self.service.tournament(tournament, actor_of(interaction))
            post = await self.service.tournament_post(record, "export")
            file = discord.File(io.BytesIO(post.text.encode("utf-8")), filename=post.filename)
            await reply(interaction, f"Tournament #{record.id} ({record.status}): every "
                        "round's pairings and points, and the standings with their "
                        "tie-breaks.", file=file)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Tournaments(bot))
