"""DM notices carry a nonce derived from their row: the same row gives the same nonce
(so Discord drops a resend), another row another one, always within Discord's 25
characters."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from db import MatchRecord, TurnReminder
from service.clocks.clock_pass import Reminder
from service.notices.nonces import notice_nonce, reminder_nonce, turn_nonce
from service.notices.notify import Notice

DAY = datetime(2026, 3, 2, 8, tzinfo=UTC)


def match(match_id: int = 7, version: int = 3) -> MatchRecord:
    return MatchRecord(id=match_id, guild_id=70, channel_id=None, thread_id=None,
                       lobby_message_id=None, game="kayles", options={}, seed=1,
                       status="running", host_id=1, version=version, snapshot=None,
                       result=None, created_at="2026-03-02T08:00:00+00:00",
                       updated_at="2026-03-02T08:00:00+00:00")


def test_the_same_row_gives_the_same_nonce_and_another_row_another() -> None:
    first = turn_nonce(match(), 2)
    assert first == turn_nonce(match(), 2) and len(first) <= 25
    others = {turn_nonce(match(version=4), 2), turn_nonce(match(), 3),
              turn_nonce(match(match_id=8), 2)}
    assert first not in others and len(others) == 3
    held = Notice(2, "While you slept: …", 41, False, None)
    digest = Notice(2, "Your daily digest: …", None, True, DAY + timedelta(days=1))
    assert notice_nonce(held) == notice_nonce(Notice(2, "other words", 41, False, None))
    assert notice_nonce(held) != notice_nonce(Notice(2, "…", 42, False, None))
    assert notice_nonce(held) != notice_nonce(Notice(3, "…", 41, False, None))
    assert notice_nonce(digest) != notice_nonce(
        Notice(2, "…", None, True, DAY + timedelta(days=2)))  # tomorrow's digest
    assert len({first, notice_nonce(held), notice_nonce(digest)}) == 3
    reminder = Reminder(match(), [2], 5.0, marks={2: TurnReminder(3, 1, False)})
    again = Reminder(match(), [2], 6.0, marks={2: TurnReminder(3, 1, False)})
    assert reminder_nonce(reminder, 2) == reminder_nonce(again, 2)
    warning = Reminder(match(), [2], 6.0, marks={2: TurnReminder(3, 1, True)})
    assert reminder_nonce(warning, 2) != reminder_nonce(reminder, 2)
