"""What the store hands out and takes in: records, statuses, errors and time stamps.

Shared by every backend and by their callers; imports nothing else from :mod:`db`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

LOBBY, RUNNING, FINISHED, ABORTED = "lobby", "running", "finished", "aborted"
OPEN_STATUSES = (LOBBY, RUNNING)


class StaleVersion(Exception):
    """The match changed since the caller read it."""


class Full(Exception):
    """The lobby has no free seat."""


class AlreadyChallenged(Exception):
    """The challenger has an open challenge of the same game to one of these players."""

    def __init__(self, earlier: ChallengeRecord, name: str) -> None:
        super().__init__(f"challenge #{earlier.id} already asks {name}")
        self.earlier, self.name = earlier, name


@dataclass
class SeatRecord:
    user_id: int
    display_name: str
    seat: int | None = None
    is_ai: bool = False
    resigned: bool = False
    bank: int | None = None
    """Seconds left in the seat's time bank at the start of the current turn (None: the
    bank it started with; see :class:`ClockRecord`)."""

    @property
    def number(self) -> int:
        """The seat's number, once the match has started (a lobby's seats have none)."""
        if self.seat is None:
            raise ValueError(f"{self.display_name!r} has no seat: the match has not started")
        return self.seat


@dataclass
class MoveRecord:
    seq: int
    seat: int
    notation: str
    created_at: str
    marks: list[str] = field(default_factory=list)
    """The positions the move's public view marks (where it happened)."""
    said: str = ""
    """Its public description, seats as markers ("" for moves stored before these)."""
    turn_began: str | None = None
    """When its turn began (None for moves stored before migration 012)."""


@dataclass
class MatchRecord:
    id: int
    guild_id: int | None
    channel_id: int | None
    thread_id: int | None
    lobby_message_id: int | None
    game: str
    options: dict[str, Any]
    seed: int
    status: str
    host_id: int
    version: int
    snapshot: dict[str, Any] | None
    result: dict[str, Any] | None
    created_at: str
    updated_at: str
    seats: list[SeatRecord] = field(default_factory=list)
    lesson: bool = False
    """Played as its game's lesson (migration 019, :mod:`engines.lesson`)."""
    hosted: bool = False
    """Without a thread: it lives on the bot's answers to interactions where the bot is
    not a member (migration 021, issue 55)."""

    def seat_of(self, user_id: int) -> SeatRecord | None:
        return next((s for s in self.seats if s.user_id == user_id), None)

    def by_seat(self) -> list[SeatRecord]:
        """Seated players ordered by seat number (after the start)."""
        return sorted((s for s in self.seats if s.seat is not None), key=lambda s: s.number)

    @property
    def names(self) -> list[str]:
        return [s.display_name for s in self.by_seat()]


@dataclass
class ClockRecord:
    """A match's clock settings (hours; 0 = off) and when it was last nudged. A time bank
    (``bank`` hours at the start, ``bank_add`` after each turn, at most ``bank_max``)
    replaces the per-turn ``deadline``; ``weekend_pause``: Saturday and Sunday (UTC)
    don't count."""

    remind_after: int = 24
    remind_every: int = 24
    deadline: int = 0
    on_timeout: str = "skip"
    nudged_at: str | None = None
    bank: int = 0
    bank_add: int = 0
    bank_max: int = 0
    weekend_pause: bool = False
    post_failures: int = 0
    """Reminders that could not be posted, in a row (migration 010), since when, and
    when their retries stopped."""
    post_failing_since: str | None = None
    posts_stopped_at: str | None = None


@dataclass
class NotifySettings:
    """How a person is notified (migration 014): their IANA time zone, quiet hours
    (minutes after local midnight, ``start`` to ``end``, None: none), how "your turn"
    reaches them (``mention``, ``dm``, ``digest`` or ``off``) and the local hour of their
    daily digest (None: none)."""

    user_id: int
    time_zone: str = "UTC"
    quiet_start: int | None = None
    quiet_end: int | None = None
    your_turn: str = "mention"
    digest_hour: int | None = None


@dataclass
class HeldNotice:
    """A notice held during a person's quiet hours: its kind (``turn``, ``reminder``,
    ``warning``, ``moved``, ``ended``) and match."""

    id: int
    user_id: int
    match_id: int
    kind: str
    held_at: str


@dataclass
class DueNotices:
    """A person whose digest or held notices are due, claimed by one process."""

    settings: NotifySettings
    digest_due: bool
    held: list[HeldNotice]
    digest_at: str | None = None


@dataclass
class TurnReminder:
    """The latest reminder a player got in a match: for which turn (version), which one."""

    version: int = -1
    slot: int = -1
    warned: bool = False
    unseen: bool = False
    """It reached the player by no way (a match without a thread, the DM refused): the
    next board of the match shows it (migration 024)."""


Shards = tuple[int, tuple[int, ...]]
"""Discord shards ``(shard_count, shard_ids)``: a process serves the guilds whose
``(guild_id >> 22) % shard_count`` is one of its ``shard_ids`` (matches without a guild
belong to shard 0)."""


Rating = tuple[float, float]
"""(mu, sigma)."""


@dataclass
class UndoRequest:
    """A player's request to take back moves from ``from_seq`` on, at ``version``."""

    match_id: int
    version: int
    user_id: int
    from_seq: int
    consents: list[int] = field(default_factory=list)
    created_at: str = ""


@dataclass
class Standing:
    """One line of a leaderboard."""

    user_id: int
    mu: float
    sigma: float
    games: int

    @property
    def ordinal(self) -> float:
        """The conservative rating shown to players: mu − 3σ."""
        return self.mu - 3 * self.sigma


@dataclass
class RatingChange:
    user_id: int
    before: Rating
    after: Rating


RatingRule = Callable[[MatchRecord, bool, dict[int, Rating]],
                      dict[int, tuple[Rating, Rating]]]
"""Given a finished match, whether its host left it rated, and the current ratings of its
players (absent: never rated), each player's rating before and after (empty: the match is
not rated)."""


def now() -> str:
    """The time the store writes (tests replace it: call it as ``records.now()``)."""
    return stamp(datetime.now(UTC))


def stamp(moment: datetime) -> str:
    """A datetime as the store writes times (UTC ISO, milliseconds): they sort as text."""
    return moment.astimezone(UTC).isoformat(timespec="milliseconds")


OPEN, ACCEPTED, DECLINED, WITHDRAWN, LAPSED = "open", "accepted", "declined", "withdrawn", "lapsed"
"""A challenge's statuses: waiting for answers, then how it ended."""


@dataclass
class Challenged:
    """One challenged player and their answer (None: not yet; accepted; declined)."""

    user_id: int
    display_name: str
    answer: str | None = None


@dataclass
class ChallengeRecord:
    """A challenge to a match: who challenged whom, to what game, on which terms.
    ``settings``: the match's clock and seat choices (see :mod:`service.challenges.challenges`)."""

    id: int
    guild_id: int | None
    channel_id: int | None
    message_id: int | None
    challenger_id: int
    challenger_name: str
    game: str
    options: dict[str, Any]
    settings: dict[str, Any]
    status: str
    match_id: int | None
    created_at: str
    expires_at: str
    players: list[Challenged] = field(default_factory=list)
    hosted: bool = False
    """Made where the bot is not a member: its post is an answer, its match has no thread."""

    def player(self, user_id: int) -> Challenged | None:
        return next((p for p in self.players if p.user_id == user_id), None)

    @property
    def awaited(self) -> list[Challenged]:
        """The challenged players who have not answered yet."""
        return [p for p in self.players if p.answer is None]


@dataclass
class RematchState:
    """A finished match's rematch: who pressed Rematch (in order), and the new match
    (``claimed`` while it is being made, then ``new_match_id``)."""

    votes: list[int] = field(default_factory=list)
    claimed: bool = False
    new_match_id: int | None = None


# --- tournaments (db.tournaments) ---------------------------------------------------------
EVENT_OPEN, EVENT_RUNNING, EVENT_FINISHED, EVENT_CANCELLED = (
    "open", "running", "finished", "cancelled")


@dataclass
class Entrant:
    """A tournament's entrant; computer entrants have negative ids. ``withdrawn_round``:
    the first round they no longer play (None: still in)."""

    user_id: int
    display_name: str
    is_ai: bool
    position: int
    withdrawn_round: int | None = None


@dataclass
class TableRecord:
    """A table of a round: entrants in seat order (one: a bye), its match, and each
    entrant's points once scored (None before)."""

    round: int
    number: int
    players: list[int]
    match_id: int | None = None
    points: dict[int, float] | None = None


@dataclass
class TournamentRecord:
    """A tournament, with its entrants (entry order) and every round's tables."""

    id: int
    game: str
    status: str
    round: int
    round_ends: str | None
    organiser_id: int
    organiser_name: str
    guild_id: int | None
    channel_id: int | None
    message_id: int | None
    options: dict[str, Any]
    settings: dict[str, Any]
    created_at: str
    entrants: list[Entrant] = field(default_factory=list)
    tables: list[TableRecord] = field(default_factory=list)

    def entrant(self, user_id: int) -> Entrant | None:
        return next((e for e in self.entrants if e.user_id == user_id), None)
