"""What callers hand the service (an :class:`Actor`) and what it hands back (an
:class:`Update` of :class:`Post` objects: what to show whom). No Discord in here."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Protocol

import speech
from db import MatchRecord, TournamentRecord

STALE = "The board changed while you moved: look again and retry."


class ServiceError(Exception):
    """Something the user asked cannot be done; the message says why, for the user."""


class Changed(ServiceError):
    """The match has changed since the version the caller was shown (a button's)."""


@dataclass(frozen=True)
class Actor:
    """Who is asking, and from where."""

    user_id: int
    name: str = ""
    guild_id: int | None = None
    is_admin: bool = False
    roles: frozenset[int] = frozenset()
    """The member's roles in ``guild_id`` (``/settings``' tournament role checks them)."""


@dataclass
class Post:
    """One message: text, optionally a board PNG and its alt text, users to mention and
    a score table."""

    text: str
    png: bytes | None = None
    filename: str = "board.png"
    mentions: list[int] = field(default_factory=list)
    table: list[tuple[str, list[tuple[str, float]]]] = field(default_factory=list)
    pending: Pending | None = field(default=None, repr=False)
    """A picture not drawn yet: private boards are drawn when delivered, after the
    public board is out, so they add nothing to the time a move takes to show."""
    alt: str | None = None
    """The picture's alt text (at most 1,024 characters, Discord's limit), written from
    the same view as the picture: what a screen reader says instead of it."""
    accent: int | None = None
    """The colour (0xRRGGBB) of the seat to act, or of a finished match's winner: the
    tint of the post's frame."""

    language: str = speech.ENGLISH
    """The language :attr:`png` and :attr:`alt` are in (the service's are English)."""

    async def ready(self, language: object = None) -> Post:
        """The picture and its alt text in ``language`` (the front end's: the server's
        for a public post, its reader's for a private one; None: English), drawn when
        pending or when drawn in another language (off the event loop); returns the post
        itself."""
        wanted = speech.negotiate(language)
        if self.pending is not None and (self.png is None or wanted != self.language):
            self.png = await self.pending.drawn(wanted)
            self.alt = self.pending.alt(wanted)
            self.language = wanted
        return self

    def ready_now(self, language: object = None) -> Post:
        """:meth:`ready`, drawn here and now (the console)."""
        wanted = speech.negotiate(language)
        if self.pending is not None and (self.png is None or wanted != self.language):
            self.png = self.pending(wanted)
            self.alt = self.pending.alt(wanted)
            self.language = wanted
        return self


class Pending(Protocol):
    """A picture to draw later, in a language (None: English): called, it is drawn here
    and now; :meth:`drawn` draws it off the event loop, where the service draws its
    pictures; :meth:`alt` is its alt text in that language."""

    def __call__(self, language: str | None = None) -> bytes: ...

    async def drawn(self, language: str | None = None) -> bytes: ...

    def alt(self, language: str | None = None) -> str: ...


@dataclass(frozen=True)
class Choices:
    """What the one player to act may play (see :meth:`service.Service.choices`)."""

    user_id: int
    moves: list[str]
    public: bool
    """Whether the moves may be shown to everyone (else only to the player)."""
    version: int


@dataclass
class Update:
    """What a call changed: the match after it, a public post and private posts."""

    match: MatchRecord
    public: Post | None = None
    private: dict[int, Post] = field(default_factory=dict)
    choices: Choices | None = None
    """The choice of the one player to act now, when :attr:`choices_known` (the buttons
    under the board come from it, without reading the match again)."""
    choices_known: bool = False
    news: list[EventNews] = field(default_factory=list)
    """What the match's end changed in its tournament (the next round, standings)."""
    turn: str | None = None
    """The turn the public post shows (``"<seat to act>:<index of the turn's first
    move>"``): while the same player keeps acting it stays the same, and the turn's post
    (and each player's private view) is edited in place rather than posted again. None:
    a post of its own (a start, an end, an abort)."""
    private_turns: dict[int, str] = field(default_factory=dict)
    """The turn each private post belongs to (keys as :attr:`turn`): the turn of the
    player it is for when they act now, else the turn of the move that made this update.
    A player's private views within one turn (Terra: their turn coming to them, their
    build, discard and draw) are then one DM, edited in place. None: a DM of its own."""


@dataclass
class EventNews:
    """What a tournament step changed: the tournament now, posts for its channel
    (pairings, standings, the final standings), and the first update of each match it
    started (each to post in its own thread)."""

    tournament: TournamentRecord
    posts: list[Post] = field(default_factory=list)
    started: list[Update] = field(default_factory=list)
    post_ids: list[int] = field(default_factory=list)
    """The outbox row of each post (:mod:`service.events.outbox`): the poster marks
    each sent once it went out (and sends it with its nonce)."""
    started_ids: list[int | None] = field(default_factory=list)
    """The outbox row announcing each started match (None: an update that is not an
    announcement, a withdrawal's resignation)."""
    resent: dict[int, datetime] = field(default_factory=dict)
    """Posts (by outbox row) a process claimed before and died holding: each may have
    gone out, so the poster looks for it in the channel since it was queued (then) and
    marks it sent instead of sending it twice."""
    then: list[EventNews] = field(default_factory=list)
    """What to post after this (the next round's posts after this round's matches), in
    the order the steps queued them."""


Renderer = Callable[..., bytes]
"""``render(slug, view, names=...) -> PNG bytes``: :func:`rendering.render` by default."""
