"""Message nonces for DM notices, derived from the row each notice stands for.

Discord drops a message whose nonce the same author used in the past few minutes when
``enforce_nonce`` is set (it answers with the first message instead), so a notice sent
again after a crash between sending it and recording it (another process claiming it
once the lease lapses, or a retry) is not seen twice, within that window. discord.py
(2.6 and later) sets ``enforce_nonce`` itself whenever a nonce is given; this module
only derives the nonce. A nonce is one author's, across every channel: the person is
part of each key. Only notices get one: a message a person asks for again (``/myview``)
must not be answered by an old one."""

from __future__ import annotations

import hashlib

from db import MatchRecord
from service.clocks.clock_pass import Reminder
from service.notices.notify import Notice

NONCE_LENGTH = 24
"""Hex characters (96 bits); Discord takes at most 25."""


def nonce(kind: str, *parts: object) -> str:
    """The nonce of the notice ``kind`` identified by ``parts`` (ids, versions)."""
    key = "\x1f".join([kind, *(str(p) for p in parts)]).encode()
    return hashlib.blake2b(key, digest_size=NONCE_LENGTH // 2,
                           person=b"pantheon-dm").hexdigest()


def turn_nonce(match: MatchRecord, user_id: int) -> str:
    """A DM an update sends (your turn, a followed match's news): one per move."""
    return nonce("turn", match.id, match.version, match.status, user_id)


def reminder_nonce(reminder: Reminder, user_id: int) -> str:
    """A reminder or deadline warning by DM: one per turn, slot and warning, as recorded
    (:class:`~db.TurnReminder`)."""
    mark = reminder.marks.get(user_id)
    turn = (mark.version, mark.slot, mark.warned) if mark is not None else (
        reminder.match.version, reminder.deadline_left is not None)
    return nonce("reminder", reminder.match.id, user_id, *turn)


def notice_nonce(notice: Notice) -> str:
    """A digest or held-notices summary: one per claim (the last held notice it sums up,
    and the digest it is, named by when the next one is due)."""
    digest = notice.digest_at.isoformat() if notice.digest_sent and notice.digest_at else ""
    return nonce("notice", notice.user_id, notice.held_upto, digest)
