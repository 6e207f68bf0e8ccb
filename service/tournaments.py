"""Tournaments: many matches over rounds, run by themselves.

An organiser creates a tournament of a game in a format (:mod:`service.pairing`); players
join until it starts (or late, until a stated round), the organiser adds computer
entrants. Each round's tables are ordinary matches, made and started through the lobby
on the tournament's :class:`~service.terms.MatchTerms`. When a round's last match ends
(:meth:`match_over`, told by :class:`~service.play.Play`) the next round is paired and
started, or the tournament finishes; the clock pass (:meth:`sweep`) does the same at a
round's deadline, and picks up what a process that died left undone.

Our rules (also in the README): a match still running at the round's deadline, or
aborted by its host or a moderator, is scored as a draw (every seat equal); a player who
runs out of time on a forfeit clock loses that game and plays no later round; withdrawing
resigns the running game and leaves later rounds; a withdrawn entrant keeps their points
in the standings; a bye scores a win. Every step is a conditional write
(:mod:`db.tournaments`): of several processes exactly one begins a round, scores a table
or finishes the tournament, and a restart loses nothing.
"""

from __future__ import annotations

import dataclasses
import logging
from datetime import datetime, timedelta

from db import (
    ABORTED,
    EVENT_CANCELLED,
    EVENT_FINISHED,
    EVENT_OPEN,
    EVENT_RUNNING,
    FINISHED,
    LOBBY,
    RUNNING,
    MatchRecord,
    StaleVersion,
    Store,
    TableRecord,
    TournamentRecord,
)
from db.records import stamp
from rendering import standings
from service import boundary, pairing, pool
from service.core import Matches, Now
from service.lobby import Lobby, checked_level, computer_name
from service.model import Actor, EventNews, ServiceError, Update
from service.names import sentence
from service.terms import MatchTerms
from service.tournament_terms import (
    EventTerms,
    active_entrants,
    checked_terms,
    table_points,
    terms_of,
)
from service.tournament_text import EventText, StandingsPicture
from service.turns import Turns

log = logging.getLogger(__name__)

MAX_ENTRANTS = 64
LOBBY_GRACE = timedelta(minutes=2)
"""A table's match seated but unstarted this long: its maker died; the sweep starts it."""


@dataclasses.dataclass(eq=False)
class Tournaments:
    store: Store
    matches: Matches
    lobby: Lobby
    turns: Turns
    now: Now
    draw: StandingsPicture = standings.draw
    offload: str = "thread"  # where rounds are paired: "process" (the pool) or "thread"

    def __post_init__(self) -> None:
        self.text = EventText(self.matches, self.draw)

    # --- making one -----------------------------------------------------------------------
    async def create(self, actor: Actor, game_slug: str, event: EventTerms,
                     options: dict[str, str] | None = None, channel_id: int | None = None,
                     terms: MatchTerms | None = None) -> TournamentRecord:
        """A new tournament taking entrants; every value checked here, where it enters."""
        game = self.matches.game_of(game_slug)
        checked, terms = checked_terms(game, event, terms or MatchTerms())
        try:
            parsed = game.parse_options(options or {})
        except (ValueError, TypeError, AttributeError) as exc:
            raise ServiceError(sentence(boundary.clip(str(exc), 160)[1:-1])) from None
        record = await self.store.create_tournament(
            guild_id=actor.guild_id, channel_id=channel_id, organiser_id=actor.user_id,
            organiser_name=boundary.person_name(actor.name, "Organiser"), game=game.slug,
            options=parsed, settings=checked.settings(terms), created_at=stamp(self.now()))
        log.info("tournament %s created: %s %s by %s", record.id, checked.format, game.slug,
                 actor.user_id)
        return record

    async def find(self, tournament_id: int | None, actor: Actor | None = None
                   ) -> TournamentRecord:
        """The tournament by number, or (None) the server's newest open or running one."""
        if tournament_id is not None or actor is None:
            return await self.get(tournament_id or 0, actor)
        found = await self.store.find_tournaments(guild_id=actor.guild_id, limit=100)
        if not found:
            raise ServiceError("There is no open or running tournament here: name one.")
        return found[-1]

    async def get(self, tournament_id: int, actor: Actor | None = None) -> TournamentRecord:
        """The tournament, if it exists and belongs to the actor's server."""
        record = (await self.store.get_tournament(tournament_id)
                  if isinstance(tournament_id, int) and 0 < tournament_id < 2**63 else None)
        if record is None or (actor is not None and actor.guild_id is not None
                              and record.guild_id != actor.guild_id):
            raise ServiceError(
                f"There is no tournament #{boundary.number(tournament_id)} here.")
        return record

    async def act(self, action: str, tournament_id: int, actor: Actor,
                  level: str | None = None) -> EventNews:
        """One of the actions on a tournament, by name (its post's buttons, the commands)."""
        if action == "join":
            return EventNews(await self.join(tournament_id, actor))
        if action == "leave":
            return EventNews(await self.leave(tournament_id, actor))
        if action == "computer":
            return EventNews(await self.add_computer(tournament_id, actor, level))
        acts = {"start": self.start, "withdraw": self.withdraw, "cancel": self.cancel}
        if action not in acts:
            raise ServiceError(f"A tournament has no action {boundary.clip(action)}.")
        return await acts[action](tournament_id, actor)

    # --- entrants -------------------------------------------------------------------------
    async def join(self, tournament_id: int, actor: Actor) -> TournamentRecord:
        record = await self.get(tournament_id, actor)
        if record.entrant(actor.user_id):
            raise ServiceError("You are already in this tournament.")
        return await self._enter(record, actor.user_id,
                                 boundary.person_name(actor.name), is_ai=False)

    async def add_computer(self, tournament_id: int, actor: Actor,
                           level: str | None = None) -> TournamentRecord:
        """A computer entrant (the organiser's): "Computer 2 (easy)" plays at its level."""
        level = checked_level(level)
        record = await self.get(tournament_id, actor)
        self._organiser(record, actor, "add computer players")
        computers = sum(1 for e in record.entrants if e.is_ai)
        return await self._enter(record, -computers - 1, computer_name(computers + 1, level),
                                 is_ai=True)

    async def leave(self, tournament_id: int, actor: Actor) -> TournamentRecord:
        """Leave before the start (after it: :meth:`withdraw`)."""
        record = await self.get(tournament_id, actor)
        if not record.entrant(actor.user_id):
            raise ServiceError("You are not in this tournament.")
        if record.status != EVENT_OPEN:
            raise ServiceError("The tournament has started: use withdraw to leave it.")
        if not await self.store.remove_entrant(record.id, actor.user_id):
            raise ServiceError("The tournament has started: use withdraw to leave it.")
        return await self.get(record.id)

    async def withdraw(self, tournament_id: int, actor: Actor) -> EventNews:
        """Leave a running tournament: the game running now is resigned (it may end, and
        with it the round), and no later round pairs the player."""
        record = await self.get(tournament_id, actor)
        me = record.entrant(actor.user_id)
        if me is None:
            raise ServiceError("You are not in this tournament.")
        if record.status == EVENT_OPEN:
            return EventNews(await self.leave(record.id, actor))
        if record.status != EVENT_RUNNING:
            raise ServiceError("This tournament is over.")
        if not await self.store.withdraw_entrant(record.id, me.user_id, record.round + 1):
            raise ServiceError("You have already withdrawn.")
        news = EventNews(await self.get(record.id), started=[])
        for table in self.text.round_tables(record, record.round):
            if me.user_id in table.players and table.match_id is not None:
                match = await self.store.get_match(table.match_id)
                seated = match.seat_of(me.user_id) if match else None
                if match and match.status == RUNNING and seated and not seated.resigned:
                    news.started.append(await self.turns.resign(match.id, actor))
        news.posts.append(self.text.notice(
            news.tournament, f"{self.matches.escape(me.display_name)} withdrew."))
        return news

    # --- running --------------------------------------------------------------------------
    async def start(self, tournament_id: int, actor: Actor) -> EventNews:
        record = await self.get(tournament_id, actor)
        self._organiser(record, actor, "start it")
        if record.status != EVENT_OPEN:
            raise ServiceError("This tournament has already started.")
        game = self.matches.game_of(record.game)
        least = max(2, game.min_players)
        if len(record.entrants) < least:
            raise ServiceError(f"A tournament needs at least {least} entrants; "
                               f"{len(record.entrants)} joined.")
        news = await self._begin(record, 1)
        if news is None:
            raise ServiceError("This tournament has already started.")
        return news

    async def cancel(self, tournament_id: int, actor: Actor) -> EventNews:
        """End the tournament now (organiser, or Manage Server): its running matches are
        aborted."""
        record = await self.get(tournament_id, actor)
        self._organiser(record, actor, "cancel it")
        if not await self.store.set_tournament_status(record.id, EVENT_CANCELLED,
                                                      (EVENT_OPEN, EVENT_RUNNING)):
            raise ServiceError("This tournament is already over.")
        record = await self.get(record.id)
        for table in self.text.round_tables(record, record.round):
            match = await self.store.get_match(table.match_id) if table.match_id else None
            if match is not None and match.status in (LOBBY, RUNNING):
                await self._abort(match)
        who = self.matches.actor_name(actor, "the organiser")
        return EventNews(record, [self.text.notice(record, f"It was cancelled by {who}.")])

    async def match_over(self, match: MatchRecord) -> list[EventNews]:
        """A match ended (finished or aborted): score its table; the round's last one
        begins the next round or finishes the tournament."""
        tournament_id = await self.store.tournament_of_match(match.id)
        if tournament_id is None:
            return []
        record = await self.get(tournament_id)
        table = next((t for t in record.tables if t.match_id == match.id), None)
        if record.status != EVENT_RUNNING or table is None or table.points is not None:
            return []
        if not await self.store.score_table(record.id, table.round, table.number,
                                            table_points(match, table)):
            return []  # another process scored it
        news = await self._next(await self.get(record.id))
        return [news] if news is not None else []

    async def timed_out(self, match: MatchRecord, user_id: int) -> None:
        """A player ran out of time on a forfeit clock: no later round pairs them."""
        tournament_id = await self.store.tournament_of_match(match.id)
        if tournament_id is None:
            return
        record = await self.get(tournament_id)
        if record.status == EVENT_RUNNING and record.entrant(user_id) is not None:
            await self.store.withdraw_entrant(record.id, user_id, record.round + 1)

    async def sweep(self, now: datetime | None = None) -> list[EventNews]:
        """The clock pass's part: in each running tournament, score the matches that
        ended unscored, make and start the current round's matches a dead process left
        unmade, apply the round's deadline, and move on when the round is complete."""
        now = now or self.now()
        out: list[EventNews] = []
        for record in await self.store.find_tournaments(statuses=(EVENT_RUNNING,),
                                                        limit=200):
            try:
                news = await self._sweep_one(record, now)
            except Exception:  # one broken tournament must not stop the others
                log.exception("tournament %s: sweep failed", record.id)
                continue
            if news is not None:
                out.append(news)
        return out

    # --- internals ------------------------------------------------------------------------
    async def _sweep_one(self, record: TournamentRecord, now: datetime) -> EventNews | None:
        late = record.round_ends is not None and record.round_ends <= stamp(now)
        started: list[Update] = []
        for table in self.text.round_tables(record, record.round):
            if table.points is not None or len(table.players) == 1:
                continue
            match = await self.store.get_match(table.match_id) if table.match_id else None
            if match is None:
                started += await self._open_table(record, table)
                continue
            if match.status == LOBBY and match.created_at <= stamp(now - LOBBY_GRACE):
                started += await self._start(match, record, list(table.players))
            elif match.status == RUNNING and late:
                log.info("tournament %s: match %s adjudicated at the deadline", record.id,
                         match.id)
                match = await self._abort(match)
            if match.status in (FINISHED, ABORTED):
                await self.store.score_table(record.id, table.round, table.number,
                                             table_points(match, table))
        record = await self.get(record.id)
        news = await self._next(record, now)
        if news is None and not started:
            return None
        news = news or EventNews(record)
        news.started[:0] = started
        return news

    async def _next(self, record: TournamentRecord, now: datetime | None = None
                    ) -> EventNews | None:
        """The next round, or the end, if the current round is complete (``now``: when,
        for the next round's deadline)."""
        tables = self.text.round_tables(record, record.round)
        if record.status != EVENT_RUNNING or any(t.points is None for t in tables):
            return None
        event, _ = terms_of(record)
        total = pairing.rounds_needed(event.format, len(record.entrants), event.rounds)
        active = active_entrants(record, record.round + 1)
        if record.round >= total or len(active) < 2:
            if not await self.store.set_tournament_status(record.id, EVENT_FINISHED,
                                                          (EVENT_RUNNING,)):
                return None
            record = await self.get(record.id)
            log.info("tournament %s finished", record.id)
            return EventNews(record, [await self.text.final(record)])
        return await self._begin(record, record.round + 1, now)

    async def _begin(self, record: TournamentRecord, number: int,
                     now: datetime | None = None) -> EventNews | None:
        """Pair round ``number``, claim it (None if another process did), score its byes
        and make and start its matches."""
        event, _ = terms_of(record)
        game = self.matches.game_of(record.game)
        entrants = [e.user_id for e in record.entrants]
        total = pairing.rounds_needed(event.format, len(entrants), event.rounds)
        history = self.text.history(record)
        tables = await pool.pair_round(self.offload, event.format, entrants,
                                       active_entrants(record, number), history, number,
                                       total, event.seats, max(2, game.min_players))
        ends = (stamp((now or self.now()) + timedelta(hours=event.round_hours))
                if event.round_hours else None)
        if not await self.store.begin_round(record.id, number, tables, ends):
            return None
        record = await self.get(record.id)
        log.info("tournament %s: round %s begins with %s tables", record.id, number,
                 len(tables))
        posts = [] if number == 1 else [await self.text.standings_post(record, number - 1)]
        posts.append(self.text.pairings(record, number))
        news = EventNews(record, posts)
        for table in self.text.round_tables(record, number):
            if len(table.players) == 1:
                await self.store.score_table(record.id, number, table.number,
                                             {table.players[0]: pairing.BYE_POINTS})
        for table in self.text.round_tables(record, number):
            if len(table.players) > 1:
                news.started += await self._open_table(record, table)
        news.tournament = await self.get(record.id)
        return news

    async def _open_table(self, record: TournamentRecord, table: TableRecord
                          ) -> list[Update]:
        """Make the table's match (organiser hosting, everyone seated in the table's
        order), give it to the table (or abandon it if another process was first), and
        start it."""
        _, terms = terms_of(record)
        host = self._host(record)
        match = await self.lobby.create(host, record.game,
                                        {k: str(v) for k, v in record.options.items()},
                                        channel_id=record.channel_id, seat_host=False,
                                        terms=terms)
        try:
            for user_id in table.players:
                entrant = record.entrant(user_id)
                assert entrant is not None
                match = await self.lobby.seat(match, user_id, entrant.display_name,
                                              is_ai=entrant.is_ai)
            claimed = await self.store.claim_table(record.id, table.round, table.number,
                                                   match.id)
        except BaseException:
            await self.lobby.abandon(match.id)
            raise
        if not claimed:
            await self.lobby.abandon(match.id)
            return []
        return await self._start(match, record, list(table.players))

    async def _start(self, match: MatchRecord, record: TournamentRecord,
                     order: list[int] | None = None) -> list[Update]:
        """Start a table's match, unless another process just did (it posts it)."""
        try:
            return [await self.lobby.start(match.id, self._host(record), order=order)]
        except ServiceError as exc:
            log.info("tournament %s: match %s not started here: %s", record.id, match.id,
                     exc)
            return []

    async def _abort(self, match: MatchRecord) -> MatchRecord:
        await self.turns.abort_now(match)
        return await self.matches.match(match.id)

    @staticmethod
    def _host(record: TournamentRecord) -> Actor:
        return Actor(record.organiser_id, record.organiser_name, record.guild_id)

    @staticmethod
    def _organiser(record: TournamentRecord, actor: Actor, what: str) -> None:
        if actor.user_id != record.organiser_id and not actor.is_admin:
            raise ServiceError(f"Only the organiser or a member with Manage Server can "
                               f"{what}.")

    async def _enter(self, record: TournamentRecord, user_id: int, name: str,
                     is_ai: bool) -> TournamentRecord:
        if len(record.entrants) >= MAX_ENTRANTS:
            raise ServiceError(f"The tournament is full ({MAX_ENTRANTS} entrants).")
        event, _ = terms_of(record)
        try:
            await self.store.add_entrant(record.id, user_id=user_id, display_name=name,
                                         is_ai=is_ai, until_round=event.late_until)
        except StaleVersion:
            raise ServiceError("The tournament takes no more entrants." if event.late_until
                               else "The tournament has started: it takes no more "
                               "entrants.") from None
        return await self.get(record.id)
