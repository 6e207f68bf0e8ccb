"""Clocks: ``/reminders``, ``/vacation``, ``/nudge``, and one loop that applies the
deadlines and pings players who keep a match waiting. The clocks are rows in the
database (each match's schedule, the reminders sent per turn, vacations), so a restart
neither forgets a reminder or a deadline nor sends one twice. Every timed decision takes
``now``, so tests drive :meth:`Reminders.tick` with a fake clock."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import replace
from datetime import datetime

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot.events.tournament_ui import tell_news
from bot.kit.common import PantheonCog, about_a_match, title_of
from bot.kit.interact import actor_of, defer, deferred_match, guard, reply
from bot.kit.places import anywhere
from bot.match import hosted
from bot.match.publish import match_channel, send_dm, user_mentions
from bot.match.ui import announce
from service import MAX_REMIND_AFTER_HOURS, Reminder, ServiceError
from service.notices.nonces import notice_nonce, reminder_nonce

log = logging.getLogger(__name__)

CHECK_EVERY_MINUTES = 10
NUDGE_THERE = ("Nudge where match #{id} is played: the players it waits for see it there. "
               "Nobody was nudged.")
MAX_VACATION_DAYS = 366


class Reminders(PantheonCog):
    async def cog_load(self) -> None:
        self.check.start()

    async def cog_unload(self) -> None:
        self.check.cancel()

    @anywhere
    @app_commands.command(
        name="reminders", description="When to ping you if a match waits for your move"
    )
    @app_commands.describe(hours=f"Hours without your move before the first ping (0 = never, "
                           f"at most {MAX_REMIND_AFTER_HOURS}); default: the match's")
    async def reminders(
        self,
        interaction: discord.Interaction,
        hours: app_commands.Range[int, 0, MAX_REMIND_AFTER_HOURS],
    ) -> None:
        async with guard(interaction, "/reminders"):
            await reply(interaction, await self.service.set_reminders(actor_of(interaction), hours))

    @anywhere
    @app_commands.command(
        name="vacation", description="Pause your clocks (reminders and deadlines) for some days"
    )
    @app_commands.describe(
        days="Days off from now (0 ends your vacation); leave out to see your days left",
        end="True to end your vacation now (unused days come back)",
    )
    async def vacation(
        self,
        interaction: discord.Interaction,
        days: app_commands.Range[int, 0, MAX_VACATION_DAYS] | None = None,
        end: bool = False,
    ) -> None:
        async with guard(interaction, "/vacation"):
            await defer(interaction)
            await reply(interaction, await self.service.vacation(actor_of(interaction), days, end))

    @app_commands.command(name="nudge", description="Ping the players a match is waiting for")
    @about_a_match(match="The match number (default: this thread's match)")
    async def nudge(self, interaction: discord.Interaction, match: int | None = None) -> None:
        async with guard(interaction, "/nudge"):
            record = await deferred_match(interaction, match)
            if record.hosted and record.channel_id != interaction.channel_id:
                raise ServiceError(NUDGE_THERE.format(id=record.id))
            post = await self.service.nudge(record.id, actor_of(interaction))
            names = ", ".join(f"<@{u}>" for u in post.mentions)
            done = f"Nudged {names} in {title_of(record.game)} #{record.id}."
            if record.hosted:  # no thread: the nudge is this command's public answer
                if await hosted.answer_publicly(
                        interaction, {"content": f"{names} {post.text}",
                                      "allowed_mentions": user_mentions(post.mentions)},
                        note=done) is None:
                    await reply(interaction, "I couldn't post the nudge here just now.")
                return
            channel = await match_channel(self.bot, record)
            posted = False
            if channel is not None:
                try:
                    await channel.send(f"{names} {post.text}",
                                       allowed_mentions=user_mentions(post.mentions))
                    posted = True
                except discord.HTTPException as exc:
                    log.warning("match %s: nudge not posted: %s", record.id, exc)
            if not posted:
                await reply(interaction, "I couldn't post the nudge in the match's thread: "
                            "check my permissions there.")
                return
            await reply(interaction, done)

    @tasks.loop(minutes=CHECK_EVERY_MINUTES)
    async def check(self) -> None:
        try:
            await self.tick(self.service.now())
        except Exception:  # an exception would end the loop: log it, try again next time
            log.exception("the clock pass failed")

    @check.before_loop
    async def _ready(self) -> None:
        await self.bot.wait_until_ready()

    async def tick(self, now: datetime) -> int:
        """One pass over the clocks at ``now``: first the turns past their deadline get
        their consequence (posted like a move), then due reminders ping the players,
        batch by batch (the loop runs other work between batches). Returns how many
        messages were posted. A reminder that cannot be posted is retried with a
        growing pause for a day (:mod:`service.clocks.post_failures`)."""
        sent = 0
        for update in await self.service.expire(now):
            if await announce(self.bot, update) is not None:
                sent += 1
        for news in await self.service.tournament_pass(now):  # rounds' deadlines
            await tell_news(self.bot, news)
            sent += len(news.posts)
        async for batch in self.service.reminder_batches(now):
            for reminder in batch:
                sent += await self.post_reminder(reminder, now)
            await asyncio.sleep(0)
        return sent + await self.send_notices(now)

    async def send_notices(self, now: datetime) -> int:
        """The DMs due (daily digests, what quiet hours held back), each once: a refused
        DM is not retried. Returns how many were sent."""
        sent = 0
        for notice in await self.service.notices_due(now):
            if notice.text and await send_dm(self.bot, notice.user_id, notice.text,
                                             nonce=notice_nonce(notice)):
                sent += 1
            await self.service.notice_sent(notice)
        return sent

    async def post_reminder(self, reminder: Reminder, now: datetime) -> int:
        """Ping one match's waiting players: 1 if posted, else 0 (the failure recorded)."""
        match = reminder.match
        if match.hosted:  # no thread: every waiting player by DM (where Discord allows)
            for user_id in dict.fromkeys([*reminder.user_ids, *reminder.dm_ids]):
                if not await send_dm(self.bot, user_id, reminder.text,
                                     nonce=reminder_nonce(reminder, user_id)) \
                        and user_id in reminder.marks:  # the next board there says it
                    reminder.marks[user_id] = replace(reminder.marks[user_id], unseen=True)
            await self.service.reminded(reminder)
            return 1
        if not reminder.user_ids or (match.thread_id is None and match.channel_id is None):
            for user_id in reminder.dm_ids:  # by DM, or held, or nowhere to post, ever
                await send_dm(self.bot, user_id, reminder.text,
                              nonce=reminder_nonce(reminder, user_id))
            await self.service.reminded(reminder)
            return 1 if reminder.dm_ids else 0
        try:
            channel = await match_channel(self.bot, match)
            if channel is None:
                raise LookupError("the match's thread and channel are unavailable")
            pings = " ".join(f"<@{u}>" for u in reminder.user_ids)
            await channel.send(f"{pings} {reminder.text}",
                               allowed_mentions=user_mentions(reminder.user_ids))
        except Exception as exc:  # any failure: retried later, never raised
            if not isinstance(exc, discord.HTTPException | LookupError):
                log.exception("match %s: reminder not sent", match.id)
            stopped = await self.service.reminder_failed(reminder, now)
            if stopped:
                log.warning("match %s: reminders could not be posted for a day (%s); "
                            "I stop retrying them until one is posted", match.id, exc)
            else:
                log.info("match %s: reminder not sent, retried later: %s", match.id, exc)
            return 0
        for user_id in reminder.dm_ids:
            await send_dm(self.bot, user_id, reminder.text,
                          nonce=reminder_nonce(reminder, user_id))
        await self.service.reminded(reminder)
        return 1


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Reminders(bot))
