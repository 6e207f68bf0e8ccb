"""Reminders that cannot be posted (a locked thread, the bot's permissions removed, the
channel gone): tried again after 1 h, 2 h, 4 h… for a day, then the match's reminders
stop being retried (each later reminder is tried once, and recorded as sent if it fails
too) until one is posted again. The count, since when and when retries stopped are
columns of the match's clock (migration 010), so a restart neither forgets the back-off
nor retries sooner; deadlines are not affected (they are played, not posted).

A reminder of a match without a thread goes by DM only; one whose DM was refused is kept
unseen (:meth:`PostFailures.unseen`), for the next board shown there to say it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from db import MatchRecord, Store
from service.clocks.clock_pass import ClockPass, Reminder

FIRST_RETRY = timedelta(hours=1)
"""The pause after the first failure; each further failure in a row doubles it."""
RETRY_FOR = timedelta(days=1)
"""How long a failing reminder is retried before its retries stop."""


def retry_at(failures: int, since: datetime, now: datetime) -> datetime | None:
    """When to try again after the ``failures``-th failure in a row (the first was at
    ``since``): a doubling pause, the last try a day after the first; None: stop."""
    if now - since >= RETRY_FOR:
        return None
    pause = FIRST_RETRY * 2 ** min(failures - 1, 16)
    later: datetime = min(now + pause, since + RETRY_FOR)
    return later


@dataclass(eq=False)
class PostFailures:
    """Whether a match's reminders are being posted: each reminder posted or failed is
    recorded through here (the clock pass records it as sent)."""

    store: Store
    clock_pass: ClockPass

    async def reminded(self, reminder: Reminder) -> None:
        """Record the reminder as sent; a post after failures clears them."""
        await self.clock_pass.reminded(reminder)
        clock = reminder.clock
        if clock.post_failures or clock.posts_stopped_at:
            await self.store.set_post_failures(reminder.match.id, 0, None, None)

    async def reminder_failed(self, reminder: Reminder, now: datetime) -> bool:
        """The reminder could not be posted: schedule its retry (and end this process's
        claim). True when this failure stops the retries (the caller logs that, once);
        once stopped, a failing reminder is recorded as sent without a retry."""
        clock, match = reminder.clock, reminder.match
        failures = clock.post_failures + 1
        since = (datetime.fromisoformat(clock.post_failing_since)
                 if clock.post_failing_since else now)
        again = None if clock.posts_stopped_at else retry_at(failures, since, now)
        if again is None:
            stopped = (datetime.fromisoformat(clock.posts_stopped_at)
                       if clock.posts_stopped_at else now)
            await self.clock_pass.reminded(reminder)  # not retried: as if sent
            await self.store.set_post_failures(match.id, failures, since, stopped)
            return clock.posts_stopped_at is None
        if reminder.next_check is not None and reminder.next_check > now:
            # a deadline (or a later reminder) comes first
            again = min(again, reminder.next_check)
        await self.store.set_post_failures(match.id, failures, since, None)
        await self.store.checked(match.id, match.version, again, self.clock_pass.worker_id())
        return False

    async def unseen(self, match: MatchRecord) -> list[int]:
        """The players of a match without a thread whose reminder of this turn reached
        them by no way (its DM refused): the next board shown there says it to them."""
        if not match.hosted:
            return []
        marks = await self.store.turn_reminders(match.id)
        return [user_id for user_id, mark in marks.items()
                if mark.unseen and mark.version == match.version]

    async def seen(self, match: MatchRecord, user_ids: list[int]) -> None:
        """A board said their reminders to these players: not again."""
        await self.store.reminders_seen(match.id, match.version, user_ids)
