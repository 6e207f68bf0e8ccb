"""The one gate every new match passes, whichever way it is made: a lobby
(``/match start``, the console), a lesson, an accepted challenge, a rematch, a tournament's
table, a record continued as a new match. The lobby asks the gate before it writes a
match (:meth:`service.match.lobby.Lobby.create`), and so do the two paths that write one
without a lobby (a tournament's table, a record continued), so a server's rules hold for
all of them; ``tests/match/test_gate.py`` lists the paths and fails on one that does not
ask.

What the gate applies is the server's (:meth:`service.community.server_settings.Servers.admit`):
its allowed games, its matches' channel, the caps and its default clock. No Discord here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from service.common.model import Actor
from service.match.terms import MatchTerms

MATCH = "match"
"""``/match start``, or a match made in the console."""
LESSON = "lesson"
ACCEPTED = "accepted challenge"
REMATCH = "rematch"
TABLE = "table"
"""A tournament's table: admitted with its event (see :data:`RULES`)."""
RECORD = "record"
"""A record continued as a new match (the console's ``--import``)."""
HOSTED = "hosted"
"""``/match start`` where the bot is not a member (a group DM, a server that has not
added it, its own DM): a match without a thread, on the bot's answers (issue 55)."""

HOSTED_LESSON = "hosted lesson"
"""``/learn`` where the bot is not a member: a lesson without a thread (issue 55)."""

KINDS = (MATCH, LESSON, ACCEPTED, REMATCH, TABLE, RECORD, HOSTED, HOSTED_LESSON)
"""Every way a match is made."""
WITHOUT_THREAD = (HOSTED, HOSTED_LESSON)
"""The kinds made where the bot is not a member: a match on its answers."""


@dataclass(frozen=True)
class Rules:
    """Which of a server's rules a kind of new match answers to. Every kind gets the
    server's default clock where its terms chose none."""

    games: bool
    """Only the games the server allows."""
    channel: bool
    """Only in the server's matches' channel, where it has one."""
    cap: str | None
    """``lobby``: the caps on open lobbies and on new threads an hour; ``hourly``: the
    hourly cap alone; None: not capped here."""
    server: bool = True
    """Whether the server's settings apply at all (its default clock included)."""
    deadline: bool = True
    """Whether the match may run on a deadline or a time bank."""


RULES = {
    MATCH: Rules(games=True, channel=True, cap="lobby"),
    LESSON: Rules(games=True, channel=True, cap="lobby"),
    ACCEPTED: Rules(games=True, channel=True, cap=None),  # capped when it was offered
    REMATCH: Rules(games=True, channel=True, cap="hourly"),  # starts at once: a thread, no lobby
    TABLE: Rules(games=False, channel=False, cap=None),
    RECORD: Rules(games=True, channel=True, cap="lobby"),
    HOSTED: Rules(games=False, channel=False, cap="lobby", server=False, deadline=False),
    HOSTED_LESSON: Rules(games=False, channel=False, cap="lobby", server=False,
                         deadline=False),
}
"""The rules per kind. A tournament's table answers to none: the tournament was admitted
when it was made (:meth:`~service.community.server_settings.Servers.govern`), and a
server that later stops allowing its game does not stop a running event midway (a
ruling: its players entered for every round).

A match without a thread (:data:`HOSTED`) answers to no server's settings: they are made
by ``/settings``, which needs the bot to be a member, and a server that removed the bot
has its settings deleted (:mod:`service.community.retention`), so there are none to apply
(a ruling: where the bot *is* a member, a match opens its thread there and the server's
rules hold, however the command was installed). It is capped as a lobby is (nothing
outside a server is capped). It runs without a deadline or a time bank: the bot cannot
post there on its own, so nobody could be told that a clock ran out (:data:`NO_DEADLINE`)."""

NO_DEADLINE = (
    "A match here runs without a deadline (I cannot post here on my own to say a clock ran "
    "out): leave out deadline and bank, or start it in a server that has added me."
)


class Gate(Protocol):
    async def admit(self, actor: Actor, game_slug: str, channel_id: int | None,
                    terms: MatchTerms, kind: str) -> MatchTerms:
        """The terms the new match is played on (the server's defaults filled in), or a
        :class:`~service.common.model.ServiceError` that says which rule refuses it."""
        ...


class Open:
    """The gate of a service with no servers' rules (a lobby built on its own in tests):
    every match is admitted on the terms it asks."""

    async def admit(self, actor: Actor, game_slug: str, channel_id: int | None,
                    terms: MatchTerms, kind: str) -> MatchTerms:
        if kind not in KINDS:
            raise ValueError(f"no way of making a match is called {kind!r}")
        return terms
