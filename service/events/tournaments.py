"""Tournaments: many matches over rounds, run by themselves.

An organiser creates a tournament of a game in a format (:mod:`service.events.pairing`); players
join until it starts (or late, until a stated round), the organiser adds computer
entrants. Each round's tables are ordinary matches, made and started through the lobby
on the tournament's :class:`~service.match.terms.MatchTerms`. When a round's last match ends
(:meth:`match_over`, told by :class:`~service.match.play.Play`) the next round is paired and
started, or the tournament finishes; the clock pass (:meth:`sweep`) does the same at a
round's deadline, and picks up what a process that died left undone.

Our rules (also in the README): a match still running at the round's deadline, or
aborted by its host or a moderator, is scored as a draw (every seat equal); a player who
runs out of time on a forfeit clock loses that game and plays no later round; withdrawing
resigns the running game and leaves later rounds; a withdrawn entrant keeps their points
in the standings; a bye scores a win.

Every step is one transaction under the tournament's lock (:mod:`db.tournaments`): of
several processes exactly one begins a round (its byes scored with it), makes a table's
match (seated and given to its table in the same write), scores a table, cancels (every
match aborted in the same write) or finishes the tournament. Each queues the posts it
owes in the outbox, drained by whichever process claims them
(:mod:`service.events.outbox`). What a process that died left half-way (a match
ended unscored, a table unmade or unstarted, a withdrawn player's game, a post unsent)
the clock pass finishes.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Sequence
from datetime import datetime, timedelta

from db import (
    ABORTED,
    EVENT_CANCELLED,
    EVENT_OPEN,
    EVENT_RUNNING,
    FINISHED,
    LOBBY,
    RUNNING,
    Full,
    MatchRecord,
    StaleVersion,
    Store,
    TableRecord,
    TournamentRecord,
)
from db.records import stamp
from rendering import standings
from service.clocks.clock_pass import new_worker_id
from service.common import boundary
from service.common.model import Actor, EventNews, ServiceError
from service.common.names import sentence
from service.events import pairing, round_tables
from service.events.entry_terms import (
    EventTerms,
    active_entrants,
    checked_terms,
    table_points,
    terms_of,
)
from service.events.outbox import EventOutbox, Step, current, stepping
from service.events.texts import EventText, StandingsPicture
from service.match import gate
from service.match.core import Matches, Now
from service.match.lobby import Lobby, checked_level, computer_name
from service.match.terms import MatchTerms
from service.match.turns import Turns

log = logging.getLogger(__name__)

MAX_ENTRANTS = 64


@boundary.guarded
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
        self.outbox = EventOutbox(self.store, self.matches, self.lobby, self.text, self.now,
                                  new_worker_id())

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

    async def withdraw(self, tournament_id: int, actor: Actor, notice: str | None = None,
                       mentions: Sequence[int] = ()) -> EventNews:
        """Leave a running tournament: the game running now is resigned (it may end, and
        with it the round), and no later round pairs the player. The withdrawal and its
        notice (``notice``, else "X withdrew."; pinging ``mentions``) are one write; the
        resignation follows (the sweep finishes it if this process dies between). The
        notice names people by markers (``{actor}``: the player; see
        :meth:`EventText.filled`): the outbox keeps no name."""
        record = await self.get(tournament_id, actor)
        me = record.entrant(actor.user_id)
        if me is None:
            raise ServiceError("You are not in this tournament.")
        if record.status == EVENT_OPEN:
            return EventNews(await self.leave(record.id, actor))
        if record.status != EVENT_RUNNING:
            raise ServiceError("This tournament is over.")
        notice = notice or "{actor} withdrew."
        async with stepping() as step:
            if not await self.store.withdraw_entrant(record.id, me.user_id, record.round + 1,
                                                     notice, mentions):
                latest = await self.get(record.id)
                raise ServiceError("You have already withdrawn."
                                   if latest.status == EVENT_RUNNING
                                   else "This tournament is over.")
            await self._resign_withdrawn(await self.get(record.id))
        return await self._drained(step, record.id)

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
        async with stepping() as step:
            if not await self._begin(record, 1):
                latest = await self.get(record.id)
                raise ServiceError("This tournament has already started."
                                   if latest.status != EVENT_CANCELLED
                                   else "This tournament was cancelled.")
        return await self._drained(step, record.id)

    async def cancel(self, tournament_id: int, actor: Actor) -> EventNews:
        """End the tournament now (organiser, or Manage Server): in the same write every
        match of it still in its lobby or running is aborted, so a round beginning or a
        match starting at the same moment either comes before (and is aborted) or finds
        the event cancelled."""
        record = await self.get(tournament_id, actor)
        self._organiser(record, actor, "cancel it")
        who = boundary.person_name(actor.name, "")  # named when posted (the outbox)
        words = "It was cancelled by {actor}." if who else "It was cancelled by the organiser."
        async with stepping() as step:
            if not await self.store.cancel_tournament(
                    record.id, words, (actor.user_id, who) if who else None):
                raise ServiceError("This tournament is already over.")
        log.info("tournament %s cancelled by %s", record.id, actor.user_id)
        return await self._drained(step, record.id)

    async def match_over(self, match: MatchRecord) -> list[EventNews]:
        """A match ended (finished or aborted): score its table; the round's last one
        begins the next round or finishes the tournament."""
        tournament_id = await self.store.tournament_of_match(match.id)
        if tournament_id is None:
            return []
        async with stepping() as step:
            record = await self.get(tournament_id)
            table = next((t for t in record.tables if t.match_id == match.id), None)
            if (record.status == EVENT_RUNNING and table is not None and table.points is None
                    and await self.store.score_table(record.id, table.round, table.number,
                                                     table_points(match, table))):
                await self._next(await self.get(record.id))
        news = await self._drained(step, tournament_id)
        return [news] if news.posts or news.started else []

    async def timed_out(self, match: MatchRecord, user_id: int) -> None:
        """A player ran out of time on a forfeit clock: no later round pairs them."""
        tournament_id = await self.store.tournament_of_match(match.id)
        if tournament_id is None:
            return
        record = await self.get(tournament_id)
        if record.status == EVENT_RUNNING and record.entrant(user_id) is not None:
            await self.store.withdraw_entrant(record.id, user_id, record.round + 1)

    async def sweep(self, now: datetime | None = None) -> list[EventNews]:
        """The clock pass's part: in each running tournament, finish what a dead process
        left half-way (score the matches that ended unscored, make and start the round's
        matches left unmade, resign a withdrawn player's game), apply the round's
        deadline, and move on when the round is complete; then claim every post owed and
        not yet sent (or whose sender died)."""
        now = now or self.now()
        async with stepping() as step:
            for record in await self.store.find_tournaments(statuses=(EVENT_RUNNING,),
                                                            limit=200):
                try:
                    await self._sweep_one(record, now)
                except Exception:  # one broken tournament must not stop the others
                    log.exception("tournament %s: sweep failed", record.id)
        if step is None:
            return []
        drained = await self.outbox.drain(step, at=now)
        return [news for news in drained.values() if news.posts or news.started]

    async def posted(self, post_id: int) -> None:
        """A queued post went out (the front end's word): never sent again."""
        await self.outbox.sent(post_id)

    # --- internals ------------------------------------------------------------------------
    async def _drained(self, step: Step | None, tournament_id: int) -> EventNews:
        """What the step queued for the tournament (when it is the outermost step)."""
        if step is None:
            return EventNews(await self.get(tournament_id))
        drained = await self.outbox.drain(step, tournament_id)
        return drained.get(tournament_id) or EventNews(await self.get(tournament_id))

    async def _sweep_one(self, record: TournamentRecord, now: datetime) -> None:
        late = record.round_ends is not None and record.round_ends <= stamp(now)
        await self._resign_withdrawn(record)
        for table in self.text.round_tables(record, record.round):
            if table.points is not None:
                continue
            if len(table.players) == 1:  # a bye of a round begun before byes were scored
                await self.store.score_table(record.id, table.round, table.number,
                                             {table.players[0]: pairing.BYE_POINTS})
                continue
            match = await self.store.get_match(table.match_id) if table.match_id else None
            if match is None:
                await self._open_table(record, table)
                continue
            if match.status == LOBBY:  # its maker died before starting it
                await self._start(match, record, list(table.players))
            elif match.status == RUNNING and late:
                log.info("tournament %s: match %s adjudicated at the deadline", record.id,
                         match.id)
                await self.turns.abort_now(match)
            match = await self.matches.match(match.id)
            if match.status in (FINISHED, ABORTED):
                await self.store.score_table(record.id, table.round, table.number,
                                             table_points(match, table))
        await self._next(await self.get(record.id), now)

    async def _resign_withdrawn(self, record: TournamentRecord) -> None:
        """Resign the running games of this round's entrants who withdrew."""
        gone = {e.user_id: e for e in record.entrants if e.withdrawn_round is not None
                and e.withdrawn_round <= record.round + 1 and not e.is_ai}
        for table in self.text.round_tables(record, record.round):
            for user_id in set(table.players) & set(gone):
                match = (await self.store.get_match(table.match_id)
                         if table.match_id is not None else None)
                seated = match.seat_of(user_id) if match else None
                if match is None or match.status != RUNNING or not seated or seated.resigned:
                    continue
                actor = Actor(user_id, gone[user_id].display_name, record.guild_id)
                try:
                    update = await self.turns.resign(match.id, actor)
                except ServiceError as exc:  # it ended meanwhile
                    log.info("tournament %s: %s not resigned: %s", record.id, user_id, exc)
                    continue
                step = current()
                if step is not None:
                    step.other.setdefault(record.id, []).append(update)

    async def _next(self, record: TournamentRecord, now: datetime | None = None) -> None:
        """The next round, or the end, if the current round is complete (``now``: when,
        for the next round's deadline)."""
        tables = self.text.round_tables(record, record.round)
        if record.status != EVENT_RUNNING or any(t.points is None for t in tables):
            return
        event, _ = terms_of(record)
        total = pairing.rounds_needed(event.format, len(record.entrants), event.rounds)
        active = active_entrants(record, record.round + 1)
        if record.round >= total or len(active) < 2:
            if await self.store.finish_tournament(record.id, record.round):
                log.info("tournament %s finished", record.id)
            return
        await self._begin(record, record.round + 1, now)

    async def _pair(self, record: TournamentRecord, number: int
                    ) -> Sequence[Sequence[int]]:
        """Round ``number``'s tables (entrants in seat order; one entrant: a bye)."""
        event, _ = terms_of(record)
        game = self.matches.game_of(record.game)
        entrants = [e.user_id for e in record.entrants]
        total = pairing.rounds_needed(event.format, len(entrants), event.rounds)
        history = self.text.history(record)
        return await round_tables.pair_round(self.offload, event.format, entrants,
                                     active_entrants(record, number), history, number,
                                     total, event.seats, max(2, game.min_players))

    async def _begin(self, record: TournamentRecord, number: int,
                     now: datetime | None = None) -> bool:
        """Pair round ``number`` and claim it with its byes scored and its posts queued
        (False if another process did, or the event was cancelled), then make and start
        its matches."""
        event, _ = terms_of(record)
        tables = await self._pair(record, number)
        ends = (stamp((now or self.now()) + timedelta(hours=event.round_hours))
                if event.round_hours else None)
        if not await self.store.begin_round(record.id, number, tables, ends,
                                            pairing.BYE_POINTS):
            return False
        record = await self.get(record.id)
        log.info("tournament %s: round %s begins with %s tables", record.id, number,
                 len(tables))
        for table in self.text.round_tables(record, number):
            if len(table.players) > 1:
                await self._open_table(record, table)
        return True

    async def _open_table(self, record: TournamentRecord, table: TableRecord) -> None:
        """Make the table's match with everyone seated in the table's order, in one write
        that also gives it to the table (nothing if another process was first), and start
        it."""
        _, terms = terms_of(record)
        terms = await self.lobby.gate.admit(self._host(record), record.game,
                                            record.channel_id, terms, gate.TABLE)
        game = self.matches.game_of(record.game)
        seats = []
        for user_id in table.players:
            entrant = record.entrant(user_id)
            assert entrant is not None
            seats.append((user_id, entrant.display_name, entrant.is_ai))
        match_id = await self.store.make_table_match(
            record.id, table.round, table.number, guild_id=record.guild_id,
            channel_id=record.channel_id, game=game.slug,
            options=game.parse_options({k: str(v) for k, v in record.options.items()}),
            seed=self.lobby.seed(), host_id=record.organiser_id, seats=seats,
            clock=terms.clock(), rated=terms.rated)
        if match_id is None:
            return
        await self._start(await self.matches.match(match_id), record, list(table.players))

    async def _start(self, match: MatchRecord, record: TournamentRecord,
                     order: list[int]) -> None:
        """Start a table's match, unless another process just did; its first update is
        handed to whoever drains its announcement."""
        try:
            update = await self.lobby.start(match.id, self._host(record), order=order)
        except ServiceError as exc:
            log.info("tournament %s: match %s not started here: %s", record.id, match.id,
                     exc)
            return
        step = current()
        if step is not None:
            step.started[match.id] = update

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
        event, _ = terms_of(record)
        try:
            await self.store.add_entrant(record.id, user_id=user_id, display_name=name,
                                         is_ai=is_ai, until_round=event.late_until,
                                         most=MAX_ENTRANTS)
        except Full:
            raise ServiceError(f"The tournament is full ({MAX_ENTRANTS} entrants).") from None
        except StaleVersion:
            raise ServiceError("The tournament takes no more entrants." if event.late_until
                               else "The tournament has started: it takes no more "
                               "entrants.") from None
        return await self.get(record.id)
