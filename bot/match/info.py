"""Reading commands: ``/board``, ``/score``, ``/history``, ``/myview``, ``/mymatches``,
``/rules``."""

from __future__ import annotations

import dataclasses
import logging

import discord
from discord import app_commands
from discord.ext import commands

import engines
import speech
from bot.kit.common import (
    GAME_CHOICES,
    PantheonCog,
    about_a_match,
    send_long,
    title_of,
)
from bot.kit.interact import MESSAGE_LIMIT, actor_of, clip, defer, deferred_match, guard, reply
from bot.kit.language import member, reader, server
from bot.kit.places import anywhere, elsewhere
from bot.match import hosted, turn_posts
from bot.match.publish import message_kwargs, score_embed
from bot.match.ui import move_view, with_your_view
from bot.notices.notes_ui import notes_view
from db import RUNNING
from service import ServiceError
from service.match.suggest import match_label

log = logging.getLogger(__name__)

SECTION_LIMIT = 100
"""A section option is read up to this many characters (labels are a few words)."""

HISTORY_VIEWS = [
    app_commands.Choice(name="mine", value="mine"),
    app_commands.Choice(name="public", value="public"),
]


def text_pages(status: str, board: str, limit: int = MESSAGE_LIMIT) -> list[str]:
    """The status, then the board in code blocks, in messages of at most ``limit``
    characters: a page ends at a line's end (a line longer than a page is cut)."""
    fence = "```"
    room = limit - 2 * len(fence) - 2
    lines = [line.replace(fence, "`\u200b``")[:room] for line in board.splitlines()]
    pages: list[list[str]] = []
    for line in lines:
        if pages and sum(len(x) + 1 for x in pages[-1]) + len(line) < room:
            pages[-1].append(line)
        else:
            pages.append([line])
    blocks = [f"{fence}\n" + "\n".join(page) + f"\n{fence}" for page in pages]
    if blocks and len(status) + 1 + len(blocks[0]) <= limit:
        return [f"{status}\n{blocks[0]}", *blocks[1:]]
    return [clip(status, limit), *blocks]


class Info(PantheonCog):
    @app_commands.command(
        name="board",
        description="Show a match's board and status "
        "(public in the match's thread, only to you elsewhere)",
    )
    @about_a_match(
        text="The whole board as text, only to you (for a screen reader, or a small screen)")
    async def board(
        self, interaction: discord.Interaction, match: int | None = None, text: bool = False
    ) -> None:
        async with guard(interaction, "/board"):
            record = await deferred_match(interaction, match)
            if text:
                status, board = await self.service.text_board(record.id, actor_of(interaction))
                status = speech.said(await member(
                    self.service, interaction.user.id, interaction), status)
                for page in text_pages(status, board):
                    await reply(interaction, page, allowed_mentions=discord.AllowedMentions.none())
                return
            post = await self.service.board(record.id, actor_of(interaction))
            own_thread = record.thread_id is not None and interaction.channel_id == record.thread_id
            yours = await member(self.service, interaction.user.id, interaction)
            shown = yours if record.lesson else server(interaction)  # a lesson: its learner's
            if record.hosted or own_thread:  # public: in the server's language
                await post.ready(shown)
            if record.hosted and post.png and await self._post_here(interaction, record, post,
                                                                    shown):
                return
            if own_thread and post.png and await self._post_in_thread(interaction, record, post,
                                                                      shown):
                await reply(interaction, f"The board of #{record.id} is posted above.")
                return
            await post.ready(yours)  # only to you: in your language
            await reply(interaction, **message_kwargs(post, mention=False, language=yours))

    async def _post_here(self, interaction: discord.Interaction, record, post,
                         language: str) -> bool:
        """A match without a thread: its current board as a public answer where it was
        started (with its buttons and "Your view")."""
        view = await move_view(self.service, record) if record.status == RUNNING else None
        view = with_your_view(record, view)
        post, reminded = await hosted.unseen(self.service, record, post)
        shown = await hosted.show_board(self.service, interaction, record,
                                        message_kwargs(post, mention=bool(reminded), view=view,
                                                       language=language),
                                        turn_posts.has_buttons(view))
        if shown and reminded:
            await self.service.reminders_seen(record, reminded)
        return shown

    async def _post_in_thread(self, interaction: discord.Interaction, record, post,
                              language: str) -> bool:
        """Post the board publicly in the match's own thread (with move buttons)."""
        view = await move_view(self.service, record) if record.status == RUNNING else None
        kwargs = message_kwargs(post, mention=False, view=view, language=language)
        if not isinstance(interaction.channel, discord.Thread):
            return False
        kept = await turn_posts.current(self.bot, record)
        try:
            message = await interaction.channel.send(**kwargs)
        except discord.HTTPException as exc:
            log.info("match %s: /board not posted in its thread: %s", record.id, exc)
            return False
        # It is the current board now: the one before loses its buttons; the turn's
        # next step edits this one (when it shows the same position).
        turn = kept.turn if kept is not None and kept.version == record.version else None
        await turn_posts.keep(self.bot, record, turn_posts.BOARD, turn, message,
                              turn_posts.has_buttons(view), kept)
        return True

    @app_commands.command(name="score", description="The current standing of a match")
    @about_a_match()
    async def score(self, interaction: discord.Interaction, match: int | None = None) -> None:
        async with guard(interaction, "/score"):
            record = await deferred_match(interaction, match)
            post = await self.service.standing(record.id, actor_of(interaction))
            embed = None
            if post.table:
                embed = score_embed(post.table, f"{title_of(record.game)} #{record.id}")
            await reply(
                interaction, post.text, embed=embed, allowed_mentions=discord.AllowedMentions.none()
            )

    @app_commands.command(name="history", description="Every move of a match so far")
    @app_commands.choices(view=HISTORY_VIEWS)
    @about_a_match(
        view="mine: as you saw it, your secrets included (default when you play); "
        "public: as everyone saw it",
    )
    async def history(
        self, interaction: discord.Interaction, match: int | None = None, view: str = "mine"
    ) -> None:
        async with guard(interaction, "/history"):
            record = await deferred_match(interaction, match)
            lines = await self.service.history(
                record.id, actor_of(interaction), public=view == "public"
            )
            if not lines:
                await reply(interaction, f"No moves yet in #{record.id}.")
                return
            head = f"**{title_of(record.game)}** #{record.id}, {len(lines)} lines:"
            await send_long(
                interaction, [head, *lines], keep="last", filename=f"match-{record.id}-history.txt"
            )

    @app_commands.command(
        name="myview",
        description="Your own view of a match, with your private information (only you see it)",
    )
    @about_a_match()
    async def myview(self, interaction: discord.Interaction, match: int | None = None) -> None:
        async with guard(interaction, "/myview"):
            record = await deferred_match(interaction, match)
            post = await self.service.private(record.id, actor_of(interaction))
            await post.ready(await member(self.service, interaction.user.id,
                                                   interaction))
            await reply(interaction,
                        **message_kwargs(post, mention=False, view=notes_view(record.id)))

    @anywhere
    @app_commands.command(
        name="mymatches", description="Your open matches in this server, and where it is your turn"
    )
    async def mymatches(self, interaction: discord.Interaction) -> None:
        """In a server that added the bot, that server's; anywhere else (a DM, a group DM,
        a server without the bot), every one of yours, as /turns lists them: only the
        caller sees the answer, and the matches are theirs."""
        async with guard(interaction, "/mymatches"):
            await defer(interaction)
            actor = actor_of(interaction)
            if elsewhere(interaction):
                actor = dataclasses.replace(actor, guild_id=None)  # every server's
            mine = await self.service.my_matches(actor)
            if not mine:
                raise ServiceError("You are in no open match here. Start one with /match start.")
            mine.sort(key=lambda row: (not row[1], -row[0].id))
            lines = []
            for match, my_turn in mine:
                label = match_label(match, title_of(match.game), my_turn)
                if my_turn:
                    label = label.replace("your turn", "**your turn**")
                place = match.thread_id or match.channel_id
                lines.append(f"{label}" + (f" — <#{place}>" if place else ""))
            turns = sum(1 for _, my_turn in mine if my_turn)
            head = f"Your open matches: {len(mine)}; your turn in {turns}."
            await send_long(interaction, [head, *lines], filename="my-matches.txt")

    @anywhere
    @app_commands.command(
        name="rules", description="How to play a game, and its move notation (only you see it)"
    )
    @app_commands.describe(game="The game",
                           section="One section only, e.g. the one a refused move names")
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction, game: str,
                    section: str | None = None) -> None:
        async with guard(interaction, "/rules"):
            language = await reader(self.service, interaction)
            try:
                text = engines.rules_text(game, language)
            except (KeyError, OSError):
                raise ServiceError(speech.Text(  # a typed game is echoed, clipped
                    "rules-not-written", {"game": clip(title_of(game), SECTION_LIMIT)})) from None
            if section:
                part = engines.rules_section(game, section[:SECTION_LIMIT], language)
                if part is None:
                    raise ServiceError(engines.no_section(game, clip(section, SECTION_LIMIT),
                                                          language))
                text = part
            await send_long(interaction, text.splitlines(), filename=f"{game}-rules.md")

    @rules.autocomplete("section")
    async def rules_section_autocomplete(self, interaction: discord.Interaction,
                                         current: str) -> list[app_commands.Choice[str]]:
        """The chosen game's sections in the member's language, those containing what
        was typed (in that language, or in the English label of the same section)."""
        language = await reader(self.service, interaction)
        try:
            labels = engines.section_labels(str(interaction.namespace.game), language)
        except (KeyError, OSError, AttributeError):
            return []
        typed = current.casefold().strip()
        return [app_commands.Choice(name=name, value=name)
                for english, name in labels.items()
                if typed in name.casefold() or typed in english.casefold()][:25]


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Info(bot))
