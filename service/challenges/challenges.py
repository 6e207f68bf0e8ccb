"""Challenges: a player invites others to a match of a game; each challenged player
accepts or declines; the match starts, everyone seated, on the last acceptance. An open
challenge lapses after :data:`CHALLENGE_HOURS`, and its challenger may withdraw it.

A challenge is a row (:mod:`db.challenges`), so a restart loses none, and answering is
one transaction: of two last acceptances at once exactly one starts the match. Every call
returns a :class:`ChallengeNews`: the challenge's text as it now reads, whom to ping, and
the started match's first :class:`Update`.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Collection
from dataclasses import dataclass, field
from datetime import timedelta

from db import (
    ACCEPTED,
    DECLINED,
    LAPSED,
    OPEN,
    WITHDRAWN,
    AlreadyChallenged,
    ChallengeRecord,
    Shards,
    StaleVersion,
    Store,
)
from db.records import stamp
from engines.base import plural
from service.common import boundary
from service.common.clock_math import HOUR, hours_text
from service.common.model import Actor, ServiceError, Update
from service.common.names import sentence
from service.match import gate
from service.match.core import Matches, Now
from service.match.lobby import NO_TERMS, Lobby, checked_level
from service.match.terms import MatchTerms, chosen_options

log = logging.getLogger(__name__)

CHALLENGE_HOURS = 48
ENDED = {ACCEPTED: "was accepted", DECLINED: "was declined", WITHDRAWN: "was withdrawn",
         LAPSED: "lapsed"}


@dataclass(frozen=True)
class Invitee:
    """A person challenged: their id, display name, and whether the account is a bot."""

    user_id: int
    name: str
    is_bot: bool = False


@dataclass
class ChallengeNews:
    """What a challenge call changed: the challenge, its post's text now (``open``: it
    still takes answers), whom to ping, the match it started, and a notice for the
    challenger when the challenge was declined or lapsed."""

    challenge: ChallengeRecord
    text: str
    mentions: list[int] = field(default_factory=list)
    update: Update | None = None
    notice: str = ""

    @property
    def open(self) -> bool:
        return self.challenge.status == OPEN
CLOCK_TERMS = (("remind", "first reminder after"), ("remind_every", "reminders every"),
               ("deadline", "deadline per turn"), ("bank", "time bank"),
               ("bank_add", "bank added per turn"), ("bank_max", "bank at most"))


@boundary.guarded
@dataclass(eq=False)
class Challenges:
    store: Store
    matches: Matches
    lobby: Lobby
    now: Now

    async def challenge(self, actor: Actor, opponents: list[Invitee], game_slug: str,
                        options: dict[str, str] | None = None, channel_id: int | None = None,
                        terms: MatchTerms = NO_TERMS, hosted: bool = False) -> ChallengeNews:
        """Challenge ``opponents`` to a match of ``game_slug`` on the terms of
        ``/match start`` (options, clock, rating, computer seats). ``hosted``: where the
        front end cannot post on its own; its match will be one without a thread, so it
        takes no deadline (:data:`~service.match.gate.NO_DEADLINE`)."""
        game = self.matches.game_of(game_slug)
        if hosted and (terms.deadline or terms.bank):
            raise ServiceError(gate.NO_DEADLINE)
        opponents = [Invitee(boundary.user_id(o.user_id), boundary.person_name(o.name),
                             o.is_bot) for o in opponents]
        unique = list({o.user_id: o for o in opponents}.values())
        if not unique:
            raise ServiceError("Name at least one player to challenge.")
        for opponent in unique:
            if opponent.user_id == actor.user_id:
                raise ServiceError("You cannot challenge yourself: name another player.")
            if opponent.is_bot:
                raise ServiceError(f"{self.matches.escape(opponent.name)} is a bot account and "
                                   "cannot play; for a computer opponent use the bots option.")
        bots = terms.bots
        seats = 1 + len(unique) + bots
        if bots < 0 or not game.min_players <= seats <= game.max_players:
            span = (f"{game.min_players}" if game.min_players == game.max_players
                    else f"{game.min_players} to {game.max_players}")
            computers = f" and {plural(bots, 'computer player')}" if bots else ""
            raise ServiceError(f"{game.title} is for {span} players; this challenge seats "
                               f"{seats} (you, {plural(len(unique), 'opponent')}{computers}).")
        try:
            parsed = game.parse_options(options or {})
        except (ValueError, TypeError, AttributeError) as exc:
            raise ServiceError(sentence(boundary.clip(str(exc), 160)[1:-1])) from None
        terms.clock()  # checked now, used later
        terms = dataclasses.replace(terms, level=checked_level(terms.level))
        now = self.now()
        try:
            record = await self.store.create_challenge(
                guild_id=actor.guild_id, channel_id=channel_id, challenger_id=actor.user_id,
                challenger_name=boundary.person_name(actor.name, "Challenger"),
                game=game.slug, options=parsed, settings=terms.settings(),
                players=[(o.user_id, o.name or "Player") for o in unique],
                created_at=stamp(now),
                expires_at=stamp(now + timedelta(hours=CHALLENGE_HOURS)), hosted=hosted)
        except AlreadyChallenged as again:
            raise ServiceError(
                f"You have already challenged {self.matches.escape(again.name)} to {game.title} "
                f"(challenge #{again.earlier.id}); wait for the answer or withdraw that "
                "challenge first.") from None
        log.info("challenge %s: %s by %s", record.id, game.slug, actor.user_id)
        return ChallengeNews(record, self.challenge_text(record),
                             [p.user_id for p in record.players])

    async def get_challenge(self, challenge_id: int, actor: Actor | None = None
                            ) -> ChallengeRecord:
        """The challenge, if it exists and belongs to the actor's guild."""
        record = (await self.store.get_challenge(challenge_id)
                  if isinstance(challenge_id, int) and 0 < challenge_id < 2**63 else None)
        if record is None or (actor is not None and actor.guild_id is not None
                              and record.guild_id != actor.guild_id):
            raise ServiceError(f"There is no challenge #{boundary.number(challenge_id)} here.")
        return record

    async def accept_challenge(self, challenge_id: int, actor: Actor) -> ChallengeNews:
        """The actor accepts; on the last acceptance the match starts."""
        record = await self._answerable(challenge_id, actor)
        record = await self._answer(record, actor, ACCEPTED)
        if record.status != ACCEPTED:  # others still to answer
            return ChallengeNews(record, self.challenge_text(record),
                                 [p.user_id for p in record.awaited])
        try:
            update = await self._begin(record, actor)
        except BaseException as exc:
            await self.store.reopen_challenge(record.id, actor.user_id)
            if not isinstance(exc, Exception):
                raise
            why = str(exc) if isinstance(exc, ServiceError) else type(exc).__name__
            raise ServiceError(f"The match could not be started ({boundary.clip(why)[1:-1]}); "
                               "the challenge is open again: accept it to try once more."
                               ) from exc
        record.match_id = update.match.id
        await self.store.set_challenge_places(record.id, match_id=update.match.id)
        return ChallengeNews(record, self.challenge_text(record), update=update)

    async def decline_challenge(self, challenge_id: int, actor: Actor) -> ChallengeNews:
        """The actor declines: the challenge ends, and its challenger is told."""
        record = await self._answerable(challenge_id, actor)
        record = await self._answer(record, actor, DECLINED)
        notice = (f"{self.matches.actor_name(actor)} declined your challenge "
                  f"#{record.id} to {self.matches.game_of(record.game).title}.")
        return ChallengeNews(record, self.challenge_text(record), [record.challenger_id],
                             notice=notice)

    async def withdraw_challenge(self, challenge_id: int, actor: Actor) -> ChallengeNews:
        """The challenger takes back an open challenge."""
        record = await self.get_challenge(challenge_id, actor)
        if actor.user_id != record.challenger_id:
            raise ServiceError(f"Only {self.matches.escape(record.challenger_name)}, who made this "
                               "challenge, can withdraw it.")
        if record.status != OPEN or not await self.store.close_challenge(record.id, WITHDRAWN):
            raise ServiceError(self._closed(await self.get_challenge(record.id)))
        record.status = WITHDRAWN
        return ChallengeNews(record, self.challenge_text(record))

    async def close_server_challenges(self, guild_id: int) -> list[int]:
        """Close the open challenges of a server the bot was removed from (as withdrawn:
        nobody could answer them); the ids closed."""
        closed: list[int] = []
        while records := await self.store.find_challenges(guild_id=guild_id, limit=100):
            for record in records:
                await self.store.close_challenge(record.id, WITHDRAWN)
                closed.append(record.id)
        return closed

    async def servers_left(self, present: Collection[int], shards: Shards | None = None
                           ) -> list[int]:
        """The servers with open matches or challenges that are not among ``present`` (the
        servers the bot is in, as Discord listed them at connection): it was removed
        from them while offline. ``shards`` (count, ids): only those shards' servers."""
        left = []
        for guild_id in await self.store.open_servers():
            if shards is not None and (guild_id >> 22) % shards[0] not in shards[1]:
                continue
            if guild_id not in present:
                left.append(guild_id)
        return left

    async def lapse_challenges(self) -> list[ChallengeNews]:
        """Close the open challenges whose time ran out (at :attr:`now`), each with the
        news for its challenger. A challenge another process lapsed first is skipped."""
        news = []
        for record in await self.store.lapsing_challenges(stamp(self.now())):
            if not await self.store.close_challenge(record.id, LAPSED):
                continue
            record.status = LAPSED
            names = ", ".join(self.matches.escape(p.display_name) for p in record.awaited)
            notice = (f"Your challenge #{record.id} to {names} "
                      f"({self.matches.game_of(record.game).title}) lapsed: no answer within "
                      f"{CHALLENGE_HOURS} hours.")
            news.append(ChallengeNews(record, self.challenge_text(record),
                                      [record.challenger_id], notice=notice))
        return news

    # --- texts --------------------------------------------------------------------------
    def challenge_text(self, record: ChallengeRecord) -> str:
        """The challenge post as it now reads: the terms, and each answer so far."""
        game = self.matches.game_of(record.game)
        challenged = ", ".join(self.matches.escape(p.display_name) for p in record.players)
        lines = [f"**{game.title}** challenge #{record.id}: "
                 f"{self.matches.escape(record.challenger_name)} challenges {challenged}."]
        terms = [f"{k}={v}".lower() for k, v in chosen_options(game, record.options).items()]
        settings = record.settings
        if settings.get("bots"):
            terms.append(f"{plural(settings['bots'], 'computer player')}"
                         + (f" ({settings['level']})" if settings.get("level") else ""))
        terms += [f"{word} {hours_text(v * HOUR) if v else 'never'}" for k, word in CLOCK_TERMS
                  if (v := settings.get(k)) is not None]
        if settings.get("on_timeout"):
            terms.append(f"on timeout: {settings['on_timeout']}")
        if settings.get("weekends") is False:
            terms.append("weekends paused")
        if settings.get("rated") is False:
            terms.append("unrated")
        if terms:
            lines.append("Terms: " + ", ".join(terms) + ".")
        answered = [f"{self.matches.escape(p.display_name)} {p.answer}" for p in record.players
                    if p.answer]
        if answered:  # names as written: no capital forced on them
            lines.append(", ".join(answered) + ".")
        if record.status == OPEN:
            waiting = ", ".join(self.matches.escape(p.display_name) for p in record.awaited)
            lines.append(f"{waiting}: press **Accept** or **Decline**. The challenge lapses "
                         f"after {CHALLENGE_HOURS} hours; the challenger may withdraw it.")
        elif record.status == ACCEPTED and record.match_id is not None:
            lines.append(f"Everyone accepted: match #{record.match_id} has begun.")
        else:
            lines.append(f"The challenge {ENDED.get(record.status, record.status)}.")
        return "\n".join(lines)

    @staticmethod
    def _closed(record: ChallengeRecord) -> str:
        return f"This challenge {ENDED.get(record.status, 'is closed')}: it takes no answers."

    # --- internals ----------------------------------------------------------------------
    async def _answerable(self, challenge_id: int, actor: Actor) -> ChallengeRecord:
        record = await self.get_challenge(challenge_id, actor)
        me = record.player(actor.user_id)
        if me is None:
            raise ServiceError("This challenge is not for you.")
        if record.status != OPEN:
            raise ServiceError(self._closed(record))
        if record.expires_at <= stamp(self.now()):
            raise ServiceError("This challenge has lapsed: it takes no answers.")
        if me.answer is not None:
            raise ServiceError("You have already accepted; the others' answers are awaited.")
        return record

    async def _answer(self, record: ChallengeRecord, actor: Actor,
                      answer: str) -> ChallengeRecord:
        try:
            return await self.store.answer_challenge(record.id, actor.user_id, answer)
        except StaleVersion:
            raise ServiceError(self._closed(await self.get_challenge(record.id))) from None

    async def _begin(self, record: ChallengeRecord, actor: Actor) -> Update:
        """The accepted challenge's match: the challenger hosts, everyone is seated (the
        last to accept under the name they have now), computer seats added, started."""
        host = Actor(record.challenger_id, record.challenger_name, record.guild_id)
        terms = MatchTerms.of(record.settings)
        match = await self.lobby.create(
            host, record.game, {k: str(v) for k, v in record.options.items()},
            channel_id=record.channel_id, terms=terms,
            kind=gate.HOSTED if record.hosted else gate.ACCEPTED)
        try:
            for player in record.players:
                name = actor.name if player.user_id == actor.user_id else player.display_name
                await self.lobby.join(match.id, Actor(player.user_id, name, record.guild_id))
            for _ in range(terms.bots):
                await self.lobby.add_ai(match.id, host, terms.level)
            log.info("challenge %s accepted: match %s", record.id, match.id)
            return await self.lobby.start(match.id, host)
        except BaseException:
            await self.lobby.abandon(match.id)
            raise
