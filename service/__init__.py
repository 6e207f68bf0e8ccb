"""The match service: lobby, seats, turns, clocks and who sees what. No Discord in here.

Front ends (:mod:`bot`, :mod:`console`, tests) call :class:`Service` with who is acting
(an :class:`Actor`) and get :class:`Update` objects back: what to post publicly and what
to send privately to whom. All state is the store's: a restart loses nothing.

The service is a house of rooms, one package an area, whose docstring says what it owns,
which rooms it may use (``USES``) and which modules others may import (``FACE``;
``tests/architecture/test_rooms.py`` holds them to it):

- :mod:`service.common`: values, type checks, names, clock arithmetic, the worker pool.
- :mod:`service.match`: lobby, turns, play, undo, reading, computer seats, pictures, ratings.
- :mod:`service.clocks`: banks, deadlines, the clock pass, reminders, vacations.
- :mod:`service.notices`: follows, "your turn", quiet hours, the digest, notes, nonces.
- :mod:`service.challenges`: challenges and rematches.
- :mod:`service.events`: tournaments, their pairing, outbox, members and texts.
- :mod:`service.records`: export, import and replay of game records.
- :mod:`service.community`: privacy, server settings, caps, retention, metrics counts.
- :mod:`service.learning`: lessons, hints and reviews.

:class:`Service` is the one door: a facade that composes each room's parts (plain
classes, each handed what it needs) and forwards to them, every parameter checked by its
type hints on the way in (:func:`service.common.boundary.guarded`). The tournament and
learning calls are the rooms' own desks (:mod:`service.events.desk`,
:mod:`service.learning.desk`).
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Callable, Collection, Iterable
from datetime import datetime
from typing import Any

import engines
import rendering
from db import ChallengeRecord, MatchRecord, SeatRecord, Shards, Store
from engines.ai import Player, level_name
from engines.base import Game, State
from service.challenges.challenges import CHALLENGE_HOURS, ChallengeNews, Challenges, Invitee
from service.challenges.rematch import Rematches, RematchNews
from service.clocks.bank import Banks
from service.clocks.clock_pass import CLAIM_BATCH, ClockPass, Reminder
from service.clocks.post_failures import PostFailures
from service.clocks.turn_clocks import TurnClocks
from service.clocks.vacations import MAX_REMIND_AFTER_HOURS, Vacations
from service.common import boundary, clock_math, pool
from service.common.model import (
    STALE,
    Actor,
    Changed,
    Choices,
    Post,
    Renderer,
    ServiceError,
    Update,
)
from service.common.names import points_text
from service.community.languages import Languages
from service.community.limits import OFF, Caps, Limits
from service.community.privacy import Privacy
from service.community.retention import Retention
from service.community.server_settings import Servers
from service.community.stats import Stats
from service.events.desk import TournamentDesk
from service.events.members import EventMembers
from service.events.tournaments import Tournaments
from service.learning.coach import Coach
from service.learning.desk import LearningDesk
from service.match import gate, overview
from service.match.computer import Computer
from service.match.core import Games, Matches, Now, positions
from service.match.lobby import Lobby, parse_options
from service.match.pictures import Pictures
from service.match.play import Play
from service.match.ratings import Board, Ratings
from service.match.reading import Reading
from service.match.terms import MatchTerms
from service.match.turns import Turns
from service.match.undo import Outcome, Undo
from service.notices.digest import Digest
from service.notices.notes import Notes
from service.notices.notify import Delivery, Notice, Notify
from service.records import export as records
from service.records import replay
from service.records.importer import Loaded, continue_copy

COMMANDS_GUILD = "commands_guild"
"""The bot state key of the guild the commands were last synced to."""


@boundary.guarded
class Service(TournamentDesk, LearningDesk):
    """Every operation on matches, in one object: each method hands the call to the part
    that does it (see the module). Every public method checks its parameters by their
    type hints first (:func:`service.common.boundary.guarded`): the service's one boundary."""

    def __init__(self, store: Store, *, render: Renderer = rendering.render,
                 seed_source: Callable[[], int] | None = None,
                 shuffle: Callable[[list[int]], None] | None = None,
                 vacation_days: int = clock_math.VACATION_DAYS,
                 now: Callable[[], datetime] | None = None,
                 player: Player | None = None,
                 escape: Callable[[str], str] | None = None,
                 level: str = "normal", offload: str = "thread",
                 pictures_offload: str | None = None,
                 games: Games = engines.get,
                 listing: Callable[[], Iterable[Game]] = engines.all,
                 limits: Limits = OFF) -> None:
        """``player``: a player object for every computer seat (tests,
        ``--ai-iterations``), else each seat plays at its level; ``level``: that of
        computer seats added without one, and of resigned seats; ``offload``: where
        decisions, pictures and tournament pairings run, ``process`` (:mod:`service.common.pool`,
        the bot and the console) or ``thread`` (tests); ``pictures_offload``: where
        pictures are drawn, if not there (the console draws them in a thread: one person
        waits for them, and the pool's first picture would wait for a worker to start);
        ``escape``: how a person's name is written into text (the Discord front end
        escapes markdown); ``games``: the engine registry; ``limits``: the caps on what
        members open (:mod:`service.community.limits`; the bot's are on, the default here is
        none)."""
        for where in (offload, pictures_offload or offload):
            if where not in ("thread", "process"):
                raise ValueError(f"offload is 'thread' or 'process', not {where!r}")
        self.store = store
        self._now = Now(now)
        escape = boundary.written(escape or (lambda name: name))
        self.matches = Matches(store, games, listing, escape)
        self.pictures = Pictures(render, pictures_offload or offload)
        self.computer = Computer(store, player, level_name(level), offload)
        self.ratings = Ratings(store, escape)
        self.banks = Banks(store, self.matches, vacation_days)
        self.turn_clocks = TurnClocks(store, self.matches, self.banks, self._now)
        self.play = Play(store, self.matches, self.banks, self.turn_clocks, self.pictures,
                         self.computer, self.ratings, self._now)
        self.lobby = Lobby(store, self.matches, self.play, seed_source, shuffle)
        self.turns = Turns(store, self.matches, self.play, self.pictures)
        self.digest = Digest(store, self.matches, self.turn_clocks)
        self.notify = Notify(store, self.matches, self.digest, self._now,
                             lambda: self.clock_pass.worker_id())
        self.clock_pass = ClockPass(store, self.matches, self.play, self.turns, self.banks,
                                    self.turn_clocks, self.computer, self.notify)
        self.post_failures = PostFailures(store, self.clock_pass)
        self.vacations = Vacations(store, self.matches, self.turn_clocks, self._now,
                                   vacation_days)
        self.notes = Notes(store, self.matches)
        self.reading = Reading(store, self.matches, self.pictures, self.turn_clocks,
                               self.lobby)
        self.undo = Undo(store, self.matches, self.play, self._now)
        self.challenges = Challenges(store, self.matches, self.lobby, self._now)
        self.rematches = Rematches(store, self.matches, self.lobby, self.computer)
        self.tournaments = Tournaments(store, self.matches, self.lobby, self.turns, self._now,
                                       offload=offload)
        self.play.events = self.tournaments
        self.coach = Coach(store, self.matches, self.pictures, offload)
        self.event_members = EventMembers(store, self.tournaments, self.notify, self._now)
        self.stats = Stats()
        self.retention = Retention(store, self._now)
        self.languages = Languages(store)
        self.servers = Servers(store, listing, Caps(store, limits, self._now))
        self.lobby.gate = self.servers
        self.notify.default_turn = self.servers.your_turn
        self.privacy = Privacy(store, self.matches, self.turns, self.lobby, self.challenges,
                               self.tournaments, self._now)

    # --- shared settings ----------------------------------------------------------------
    @property
    def now(self) -> Callable[[], datetime]:
        """The clocks' time where no ``now`` is given (a fake clock set moves every part's)."""
        return self._now

    @now.setter
    def now(self, read: Callable[[], datetime]) -> None:
        self._now.read = read

    @property
    def shards(self) -> Callable[[], Shards | None]:
        """The Discord shards whose guilds' clocks this process runs (ClockPass.shards)."""
        return self.clock_pass.shards

    @shards.setter
    def shards(self, shards: Callable[[], Shards | None]) -> None:
        self.clock_pass.shards = shards

    @property
    def render(self) -> Renderer:
        """The renderer every picture is drawn with."""
        return self.pictures.render

    @render.setter
    def render(self, render: Renderer) -> None:
        self.pictures.render = render

    def escape(self, name: str) -> str:
        return self.matches.escape(name)

    # --- matches and names --------------------------------------------------------------
    async def match(self, match_id: int, actor: Actor | None = None) -> MatchRecord:
        return await self.matches.match(match_id, actor)

    async def readable(self, match_id: int, actor: Actor) -> MatchRecord:
        """The match, if the actor may look at it: a lesson is its learner's alone (a
        front end asks first where a refusal must not be shown in public)."""
        return await self.matches.readable(match_id, actor)

    async def match_here(self, actor: Actor, channel_id: int | None,
                         match_id: int | None = None) -> MatchRecord:
        return await self.matches.match_here(actor, channel_id, match_id)

    async def my_matches(self, actor: Actor) -> list[tuple[MatchRecord, bool]]:
        return await self.matches.my_matches(actor)

    async def my_started(self, actor: Actor, statuses: tuple[str, ...],
                         limit: int = 25) -> list[MatchRecord]:
        return await self.matches.my_started(actor, statuses, limit)

    async def set_places(self, match_id: int, *, thread_id: int | None = None,
                         lobby_message_id: int | None = None) -> None:
        """Where the front end posts the match: its thread and its lobby's message."""
        await self.store.set_places(match_id, thread_id=thread_id,
                                    lobby_message_id=lobby_message_id)

    async def set_challenge_message(self, challenge_id: int, message_id: int) -> None:
        """The message that shows the challenge (its buttons are edited there)."""
        await self.store.set_challenge_places(challenge_id, message_id=message_id)

    def state_of(self, match: MatchRecord) -> tuple[Game, State]:
        return self.matches.state_of(match)

    def name(self, seated: SeatRecord | None, default: str = "?") -> str:
        return self.matches.name(seated, default)

    def named(self, match: MatchRecord, text: str) -> str:
        return self.matches.named(match, text)

    def level_of(self, seated: SeatRecord) -> str:
        return self.computer.level_of(seated)

    # --- lobby --------------------------------------------------------------------------
    async def create(self, actor: Actor, game_slug: str, options: dict[str, str] | None = None,
                     channel_id: int | None = None, seat_host: bool = True,
                     terms: MatchTerms | None = None, hosted: bool = False,
                     **fields: Any) -> MatchRecord:
        """A new match in its lobby, on ``terms`` (or on terms given by their
        :class:`MatchTerms` fields); ``hosted``: where the front end cannot post on its
        own, a match without a thread (the gate's :data:`~service.match.gate.HOSTED`)."""
        agreed = terms or MatchTerms.given(fields)
        if hosted:
            return await self.lobby.create(actor, game_slug, options, channel_id, seat_host,
                                           agreed, kind=gate.HOSTED)
        return await self.lobby.create(actor, game_slug, options, channel_id, seat_host,
                                       agreed, kind=gate.MATCH)

    async def games_here(self, guild_id: int | None, lessons: bool = False
                         ) -> list[tuple[str, str]]:
        """The games the gate admits here, (slug, title) (``lessons``: with a lesson)."""
        allowed = self.servers.allowed_games(await self.servers.get(guild_id))
        with_lesson = {slug for slug, _ in self.lesson_games()} if lessons else None
        return [(g.slug, g.title) for g in allowed
                if with_lesson is None or g.slug in with_lesson]

    async def join(self, match_id: int, actor: Actor) -> MatchRecord:
        return await self.lobby.join(match_id, actor)

    async def add_ai(self, match_id: int, actor: Actor, level: str | None = None
                     ) -> MatchRecord:
        return await self.lobby.add_ai(match_id, actor, level)

    async def leave(self, match_id: int, actor: Actor) -> MatchRecord:
        return await self.lobby.leave(match_id, actor)

    async def start(self, match_id: int, actor: Actor,
                    order: list[int] | None = None) -> Update:
        return await self.lobby.start(match_id, actor, order)

    def lobby_text(self, match: MatchRecord) -> str:
        return self.lobby.lobby_text(match)

    # --- turns --------------------------------------------------------------------------
    async def legal_moves(self, match_id: int, actor: Actor) -> list[str]:
        return await self.turns.legal_moves(match_id, actor)

    async def waiting(self, match_id: int) -> dict[int, list[str]]:
        return await self.turns.waiting(match_id)

    async def choices(self, match_id: int) -> Choices | None:
        return await self.turns.choices(match_id)

    async def button_moves(self, match_id: int, actor: Actor, version: int) -> list[str]:
        return await self.turns.button_moves(match_id, actor, version)

    async def submit(self, match_id: int, actor: Actor, move: str,
                     expect_version: int | None = None) -> Update:
        update = await self.turns.submit(match_id, actor, move, expect_version)
        self.stats.moves += 1
        return update

    def may_resign(self, match: MatchRecord, actor: Actor) -> SeatRecord:
        return self.turns.may_resign(match, actor)

    async def resign(self, match_id: int, actor: Actor) -> Update:
        return await self.turns.resign(match_id, actor)

    async def abort(self, match_id: int, actor: Actor) -> Update:
        return await self.turns.abort(match_id, actor)

    async def abort_server(self, guild_id: int) -> list[int]:
        return await self.turns.abort_server(guild_id)

    # --- reading ------------------------------------------------------------------------
    async def board(self, match_id: int, actor: Actor | None = None) -> Post:
        return await self.reading.board(match_id, actor)

    async def text_board(self, match_id: int, actor: Actor | None = None
                         ) -> tuple[str, str]:
        return await self.reading.text_board(match_id, actor)

    async def standing(self, match_id: int, actor: Actor | None = None,
                       picture: bool = False) -> Post:
        return await self.reading.standing(match_id, actor, picture)

    async def private(self, match_id: int, actor: Actor) -> Post:
        return await self.reading.private(match_id, actor)

    async def history(self, match_id: int, actor: Actor | None = None,
                      public: bool = False) -> list[str]:
        return await self.reading.history(match_id, actor, public)

    async def replay(self, match_id: int) -> State:
        return await self.reading.replay(match_id)

    async def replay_gif(self, match_id: int, actor: Actor | None = None) -> Post:
        return await replay.replay(self.store, self.matches, self.pictures, match_id,
                                   actor)

    async def export(self, match_id: int, actor: Actor | None = None,
                     mine: bool = False) -> records.Export:
        """The record; ``mine``: for the actor alone (with their private note)."""
        return await records.export(self.store, self.matches, match_id, actor, mine)

    async def continue_copy(self, loaded: Loaded) -> Update:
        return await continue_copy(self.store, self.play, self.lobby.gate, loaded)

    async def my_turns(self, actor: Actor, now: datetime | None = None
                       ) -> list[overview.Turn]:
        return await overview.my_turns(self.store, self.matches, actor, now)

    async def leaderboard(self, guild_id: int, game: str, user_id: int) -> Board:
        return await self.ratings.leaderboard(guild_id, game, user_id)

    # --- undo ---------------------------------------------------------------------------
    async def ask_undo(self, match_id: int, actor: Actor) -> Outcome:
        return await self.undo.ask(match_id, actor)

    async def answer_undo(self, match_id: int, version: int, actor: Actor,
                          accept: bool) -> Outcome:
        return await self.undo.answer(match_id, version, actor, accept)

    async def drop_undo_requests(self, match_id: int) -> None:
        """Withdraw the match's undo request (one that could not be posted)."""
        await self.store.drop_undo_requests(match_id)

    # --- clocks -------------------------------------------------------------------------
    async def set_reminders(self, actor: Actor, hours: int) -> str:
        return await self.vacations.set_reminders(actor, hours)

    async def vacation(self, actor: Actor, days: int | None = None, end: bool = False,
                       now: datetime | None = None) -> str:
        return await self.vacations.vacation(actor, days, end, now)

    async def nudge(self, match_id: int, actor: Actor, now: datetime | None = None) -> Post:
        return await self.vacations.nudge(match_id, actor, now)

    async def clock_lines(self, match: MatchRecord, now: datetime | None = None) -> list[str]:
        return await self.turn_clocks.clock_lines(match, now)

    async def expire(self, now: datetime) -> list[Update]:
        started = time.time()  # the clock pass's first step: timed here for /metrics
        try:
            return await self.clock_pass.expire(now)
        finally:
            self.stats.passed(started, time.time())

    async def reminders_due(self, now: datetime) -> list[Reminder]:
        return await self.clock_pass.reminders_due(now)

    def reminder_batches(self, now: datetime, size: int = CLAIM_BATCH
                         ) -> AsyncIterator[list[Reminder]]:
        return self.clock_pass.reminder_batches(now, size)

    async def reminded(self, reminder: Reminder) -> None:
        await self.post_failures.reminded(reminder)

    async def reminder_failed(self, reminder: Reminder, now: datetime) -> bool:
        return await self.post_failures.reminder_failed(reminder, now)

    async def unseen_reminders(self, match: MatchRecord) -> list[int]:
        return await self.post_failures.unseen(match)

    async def reminders_seen(self, match: MatchRecord, user_ids: list[int]) -> None:
        await self.post_failures.seen(match, user_ids)

    # --- notifications (following: service.notify; notes: service.notes) ---------------
    async def notify_settings(self, actor: Actor, time_zone: str | None = None,
                              quiet_hours: str | None = None, your_turn: str | None = None,
                              digest_hour: int | None = None, now: datetime | None = None
                              ) -> str:
        return await self.notify.configure(actor, time_zone, quiet_hours, your_turn,
                                           digest_hour, now)

    async def deliver(self, update: Update, now: datetime | None = None) -> Delivery:
        return await self.notify.deliver(update, now)

    async def follow(self, match_id: int, actor: Actor, mode: str) -> str:
        return await self.notify.follow(match_id, actor, mode)

    async def note(self, match_id: int, actor: Actor) -> str | None:
        return await self.notes.note(match_id, actor)

    async def set_note(self, match_id: int, actor: Actor, text: str) -> str:
        return await self.notes.set_note(match_id, actor, text)

    async def notices_due(self, now: datetime) -> list[Notice]:
        return await self.notify.notices_due(now)

    async def notice_sent(self, notice: Notice) -> None:
        await self.notify.sent(notice)

    # --- challenges and rematches -------------------------------------------------------
    async def challenge(self, actor: Actor, opponents: list[Invitee], game_slug: str,
                        options: dict[str, str] | None = None, channel_id: int | None = None,
                        terms: MatchTerms | None = None, hosted: bool = False,
                        **fields: Any) -> ChallengeNews:
        """A challenge on ``terms`` (or their fields); ``hosted``: as :meth:`create`'s."""
        agreed = await self.servers.govern(actor, game_slug, channel_id,
                                           terms or MatchTerms.given(fields), "challenge")
        assert agreed is not None
        return await self.challenges.challenge(actor, opponents, game_slug, options,
                                               channel_id, agreed, hosted)

    async def get_challenge(self, challenge_id: int, actor: Actor | None = None
                            ) -> ChallengeRecord:
        return await self.challenges.get_challenge(challenge_id, actor)

    async def accept_challenge(self, challenge_id: int, actor: Actor) -> ChallengeNews:
        return await self.challenges.accept_challenge(challenge_id, actor)

    async def decline_challenge(self, challenge_id: int, actor: Actor) -> ChallengeNews:
        return await self.challenges.decline_challenge(challenge_id, actor)

    async def withdraw_challenge(self, challenge_id: int, actor: Actor) -> ChallengeNews:
        return await self.challenges.withdraw_challenge(challenge_id, actor)

    async def close_server_challenges(self, guild_id: int) -> list[int]:
        return await self.challenges.close_server_challenges(guild_id)

    async def servers_left(self, present: Collection[int], shards: Shards | None = None
                           ) -> list[int]:
        return await self.challenges.servers_left(present, shards)

    async def lapse_challenges(self) -> list[ChallengeNews]:
        return await self.challenges.lapse_challenges()

    async def rematch(self, match_id: int, actor: Actor) -> RematchNews:
        return await self.rematches.rematch(match_id, actor)

    # --- the front end's own state ------------------------------------------------------
    async def commands_guild(self) -> int | None:
        """The guild the front end last synced its commands to (None: none, or global)."""
        value = await self.store.bot_state(COMMANDS_GUILD)
        return int(value) if value is not None else None

    async def set_commands_guild(self, guild_id: int | None) -> None:
        await self.store.set_bot_state(COMMANDS_GUILD,
                                       str(guild_id) if guild_id is not None else None)


__all__ = [
    "CHALLENGE_HOURS",
    "MAX_REMIND_AFTER_HOURS",
    "STALE",
    "Actor",
    "ChallengeNews",
    "Changed",
    "Choices",
    "Delivery",
    "Invitee",
    "MatchTerms",
    "Notice",
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
