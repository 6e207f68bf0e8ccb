"""The match service: lobby, seats, turns, clocks and who sees what. No Discord in here.

Front ends (the Discord cogs in :mod:`bot`, the offline :mod:`console`, tests) call the
coroutines of :class:`Service` with who is acting (an :class:`Actor`) and get back
:class:`Update` objects that say what to post publicly and what to send privately to
whom. All state lives in the store; nothing is kept in memory between calls, so a restart
loses nothing.

The package, by concern: :mod:`~service.core` (loading, recording, automatic seats,
posts), :mod:`~service.lobby`, :mod:`~service.turns`, :mod:`~service.clocks` (with the
pure :mod:`~service.clock_math`), :mod:`~service.reading`, :mod:`~service.undo`,
:mod:`~service.ratings`, :mod:`~service.replay`, :mod:`~service.overview`,
:mod:`~service.suggest` and :mod:`~service.names` (the texts that name seats).
"""

from __future__ import annotations

from service import pool
from service.clocks import MAX_REMIND_AFTER_HOURS, Reminder
from service.core import positions
from service.lobby import parse_options
from service.model import STALE, Actor, Post, Renderer, ServiceError, Update
from service.names import points_text
from service.post_failures import PostFailures
from service.reading import Reading


class Service(PostFailures, Reading):
    """Every operation on matches, in one object: :class:`~service.lobby.Lobby`,
    :class:`~service.turns.Turns`, :class:`~service.clocks.Clocks` and
    :class:`~service.reading.Reading` over :class:`~service.core.MatchCore`, and
    :class:`~service.post_failures.PostFailures` (reminders that cannot be posted)."""


__all__ = ["MAX_REMIND_AFTER_HOURS", "STALE", "Actor", "Post", "Reminder", "Renderer",
           "Service", "ServiceError", "Update", "parse_options", "points_text", "pool", "positions"]
