"""The lobby: a match is created, players join or leave, the host adds computer players
and starts it; seats are drawn at the start."""

from __future__ import annotations

import logging
import random
import secrets
from collections.abc import Callable

from db import ABORTED, LOBBY, RUNNING, Full, MatchRecord, StaleVersion, Store
from engines.ai import LEVELS, level_name
from service.clocks.clock_options import schedule_of
from service.common import boundary, clock_math
from service.common.model import Actor, ServiceError, Update
from service.common.names import sentence
from service.match import gate
from service.match.core import Matches
from service.match.play import Play
from service.match.terms import MatchTerms, chosen_options

NO_TERMS = MatchTerms()

log = logging.getLogger(__name__)


@boundary.guarded
class Lobby:
    """``seed``: each new match's seed; ``shuffle``: draws the seats at the start."""

    def __init__(self, store: Store, matches: Matches, play: Play,
                 seed: Callable[[], int] | None = None,
                 shuffle: Callable[[list[int]], None] | None = None) -> None:
        self.store = store
        self.matches = matches
        self.play = play
        self.seed = seed or (lambda: secrets.randbits(62))
        self.shuffle = shuffle or random.SystemRandom().shuffle
        self.gate: gate.Gate = gate.Open()
        """What every new match passes first (the facade gives it the servers' rules)."""

    async def create(self, actor: Actor, game_slug: str, options: dict[str, str] | None = None,
                     channel_id: int | None = None, seat_host: bool = True,
                     terms: MatchTerms = NO_TERMS, seed: int | None = None, *,
                     kind: str) -> MatchRecord:
        """A new match in its lobby on ``terms`` (its clock and rating: its computer seats
        are the caller's to add), once the gate admits it as a ``kind`` of new match
        (:mod:`service.match.gate`); the host takes the first seat unless ``seat_host`` is
        False (the console's all-computer matches). ``seed``: a lesson's (else drawn)."""
        terms = await self.gate.admit(actor, game_slug, channel_id, terms, kind)
        game = self.matches.game_of(game_slug)
        try:
            parsed = game.parse_options(options or {})
        except (ValueError, TypeError, AttributeError) as exc:
            raise ServiceError(sentence(boundary.clip(str(exc), 160)[1:-1])) from None
        clock = terms.clock()
        match = await self.store.create_match(
            guild_id=actor.guild_id, channel_id=channel_id, game=game.slug, options=parsed,
            seed=self.seed() if seed is None else seed, host_id=actor.user_id,
            host_name=boundary.person_name(actor.name, "Host"),
            seat_host=seat_host, hosted=kind in gate.WITHOUT_THREAD)
        try:
            await self.store.set_clock(match.id, clock)
            if not terms.rated:
                await self.store.set_rated(match.id, False)
        except BaseException:
            await self.abandon(match.id)  # no lobby left without its terms
            raise
        log.info("match %s created: %s by %s", match.id, game.slug, actor.user_id)
        return match

    async def join(self, match_id: int, actor: Actor) -> MatchRecord:
        match = await self._lobby(match_id, actor)
        if match.seat_of(actor.user_id):
            raise ServiceError("You are already in this match.")
        return await self.seat(match, actor.user_id, boundary.person_name(actor.name),
                                    is_ai=False)

    async def add_ai(self, match_id: int, actor: Actor, level: str | None = None
                     ) -> MatchRecord:
        """Seat a computer player (host only) at ``level`` (easy, normal, hard; default the
        service's level). A level other than normal is written after its name,
        "Computer 2 (hard)", which is where :meth:`level_of` reads it."""
        level = checked_level(level)
        match = await self._lobby(match_id, actor)
        if actor.user_id != match.host_id:
            raise ServiceError("Only the host can add computer players.")
        number = sum(1 for s in match.seats if s.is_ai) + 1
        return await self.seat(match, -number, computer_name(number, level), is_ai=True)

    async def leave(self, match_id: int, actor: Actor) -> MatchRecord:
        match = await self._lobby(match_id, actor)
        if not match.seat_of(actor.user_id):
            raise ServiceError("You are not in this match.")
        if actor.user_id == match.host_id:
            raise ServiceError("The host cannot leave the lobby; abort the match instead.")
        try:
            return await self.store.remove_seat(match.id, actor.user_id)
        except StaleVersion:
            raise ServiceError("The match has already started.") from None

    async def start(self, match_id: int, actor: Actor,
                    order: list[int] | None = None) -> Update:
        """Start the lobby's match (host only), seats drawn at random unless ``order``
        (user ids, seat 0 first: a rematch's rotated seats) says who sits where."""
        match = await self._lobby(match_id, actor)
        if actor.user_id != match.host_id:
            raise ServiceError("Only the host can start the match.")
        game = self.matches.game_of(match.game)
        count = len(match.seats)
        if count < game.min_players:
            raise ServiceError(f"{game.title} needs at least {game.min_players} players; "
                               f"{count} joined.")
        if order is None:
            order = [s.user_id for s in match.seats]
            self.shuffle(order)
        elif sorted(order) != sorted(s.user_id for s in match.seats):
            raise ServiceError("The seat order must name every player of the lobby once.")
        state = game.setup(count, match.seed, match.options)
        try:
            match = await self.store.start_match(match.id, version=match.version, order=order,
                                                 snapshot=game.dump(state))
        except StaleVersion:
            raise ServiceError("The lobby changed while you pressed start; try again.") from None
        log.info("match %s started with %s players", match.id, count)
        return await self.play.after(match, game, state, await self.begins(match),
                                     previous=None)

    async def begins(self, match: MatchRecord) -> list[str]:
        """The first lines of a started match's first post: its seats and its clock."""
        game = self.matches.game_of(match.game)
        lines = [f"**{game.title}** #{match.id} begins. Seats: " + ", ".join(
            f"{i + 1}. {name}" for i, name in enumerate(self.matches.names(match))) + "."]
        lines.append(clock_math.schedule_text(schedule_of(await self.store.clock(match.id))))
        return lines

    async def abandon(self, match_id: int) -> None:
        """Abort a lobby that a multi-step action (an accepted challenge, a rematch) made
        but could not start, so nobody is left seated in it."""
        latest = await self.store.get_match(match_id)
        if latest is not None and latest.status == LOBBY:
            await self.store.finish(match_id, version=latest.version, status=ABORTED,
                                    result=None)

    def lobby_text(self, match: MatchRecord) -> str:
        game = self.matches.game_of(match.game)
        names = ", ".join(self.matches.name(s) for s in match.seats) or "nobody yet"
        options = ", ".join(f"{k}={v}" for k, v in chosen_options(game, match.options).items())
        return (f"**{game.title}** #{match.id} — lobby ({len(match.seats)}/"
                f"{game.max_players}, needs {game.min_players}). Players: {names}."
                + (f" Options: {options}." if options else ""))

    async def _lobby(self, match_id: int, actor: Actor) -> MatchRecord:
        match = await self.matches.match(match_id, actor)
        if match.status != LOBBY:
            raise ServiceError("This match has already started." if match.status == RUNNING
                               else "This match is over.")
        return match

    async def seat(self, match: MatchRecord, user_id: int, name: str,
                        is_ai: bool) -> MatchRecord:
        game = self.matches.game_of(match.game)
        try:
            return await self.store.add_seat(match.id, user_id=user_id, display_name=name,
                                             capacity=game.max_players, is_ai=is_ai)
        except Full:
            raise ServiceError(f"The match is full ({game.max_players} players).") from None
        except StaleVersion:
            raise ServiceError("The match has already started.") from None


def computer_name(number: int, level: str | None) -> str:
    """"Computer 2", or "Computer 2 (hard)" for a level other than normal (where
    :meth:`~service.match.computer.Computer.level_of` reads it)."""
    return f"Computer {number}" + (f" ({level})" if level not in (None, "normal") else "")


def checked_level(level: str | None) -> str | None:
    """A computer level by any of its names, checked (None: the service's level)."""
    if level is None:
        return None
    try:
        level = level_name(level)
    except (ValueError, TypeError, AttributeError) as exc:
        raise ServiceError(sentence(boundary.clip(str(exc), 160)[1:-1])) from None
    if level not in LEVELS:
        raise ServiceError(f"The computer levels are {', '.join(LEVELS)}.")
    return level


def parse_options(text: str | None) -> dict[str, str]:
    """``"terrain=true open_reserves=yes"`` → a dict; raises ServiceError on a bad pair."""
    options: dict[str, str] = {}
    for pair in (text or "").replace(",", " ").split():
        name, sep, value = pair.partition("=")
        if not sep or not name or not value:
            raise ServiceError(f"Options are written name=value, e.g. terrain=true; "
                               f"not {pair[:40]!r}.")
        options[name.strip().lower()] = value.strip()
    return options
