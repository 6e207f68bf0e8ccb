"""The match service: lobby, seats, turns, clocks and who sees what. No Discord in here.

Front ends (the Discord cogs in :mod:`bot`, the offline :mod:`console`, tests) call the
coroutines of :class:`Service` with who is acting (an :class:`Actor`) and get back
:class:`Update` objects that say what to post publicly and what to send privately to
whom. All state lives in the store; nothing is kept in memory between calls, so a restart
loses nothing.

The package, by concern: :mod:`~service.core` (loading, recording, automatic seats,
posts), :mod:`~service.lobby`, :mod:`~service.turns`, :mod:`~service.clocks` (with the
pure :mod:`~service.clock_math`, the time banks of :mod:`~service.bank` and the start
options of :mod:`~service.clock_options`), :mod:`~service.reading`, :mod:`~service.undo`,
:mod:`~service.ratings`, :mod:`~service.replay`, :mod:`~service.overview`,
:mod:`~service.suggest`, :mod:`~service.names` (the texts that name seats),
:mod:`~service.challenges` and :mod:`~service.rematch`.
"""

from __future__ import annotations

from service import pool
from service.challenges import CHALLENGE_HOURS, ChallengeNews, Challenges, Invitee
from service.clocks import MAX_REMIND_AFTER_HOURS, Reminder
from service.core import positions
from service.lobby import parse_options
from service.model import STALE, Actor, Post, Renderer, ServiceError, Update
from service.names import points_text
from service.post_failures import PostFailures
from service.reading import Reading
from service.rematch import Rematches, RematchNews


class Service(PostFailures, Challenges, Rematches, Reading):
    """Every operation on matches, in one object: :class:`~service.lobby.Lobby`,
    :class:`~service.turns.Turns`, :class:`~service.clocks.Clocks` (over
    :class:`~service.bank.Banks`), :class:`~service.reading.Reading`,
    :class:`~service.challenges.Challenges` and :class:`~service.rematch.Rematches` over
    :class:`~service.core.MatchCore`, and
    :class:`~service.post_failures.PostFailures` (reminders that cannot be posted)."""


__all__ = [
    "CHALLENGE_HOURS",
    "MAX_REMIND_AFTER_HOURS",
    "STALE",
    "Actor",
    "ChallengeNews",
    "Invitee",
    "Post",
    "RematchNews",
    "Reminder",
    "Renderer",
    "Service",
    "ServiceError",
    "Update",
    "parse_options",
    "points_text",
    "pool",
    "positions",
]
