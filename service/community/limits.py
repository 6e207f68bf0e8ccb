"""Caps on what one member, and one server, may have open or make in an hour, so that one
member cannot flood a server (each lobby and tournament makes a thread, each challenge a
post that pings) nor spend the bot's Discord rate limits for everyone. A refusal is one
line that says when a place frees up. No Discord in here.

The defaults, per member / per server:

- **open lobbies 3 / 20**: a lobby waits for players; three let a member offer three
  games at once, and twenty unstarted lobbies already bury a channel's thread list.
- **open challenges 5 / 40**: a challenge pings people and lapses in 48 h; five at once is
  a busy player, forty a server-wide tournament's worth of invitations.
- **open or running tournaments 2 / 5**: each plays for days and starts a round of
  threads at once.
- **new matches, challenges and tournaments per hour 10 / 60**: each is a thread or a
  pinging post, and its first posts (lobby, board, pictures) are 2–4 requests to
  Discord. Sixty an hour is one a minute for the whole server: a sustained rate of a few
  requests a minute, far under Discord's 50 requests a second per bot and 5 messages
  per 5 seconds per channel, so a flood cannot starve the other servers' moves. A
  tournament's own rounds are not refused (they are not a member's request) but count.

``PANTHEON_LIMITS`` overrides them, e.g. ``lobbies=5,per_hour=20,server_per_hour=120``
(:func:`parse`); 0 turns a cap off.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from db import Store, records
from engines.base import plural
from service.common.model import Actor, ServiceError

HOUR = timedelta(hours=1)
WORDS = {"lobby": ("open lobby", "open lobbies", "starts or is aborted"),
         "challenge": ("open challenge", "open challenges", "is answered, withdrawn or lapses"),
         "tournament": ("open or running tournament", "open or running tournaments",
                        "ends or is cancelled")}


@dataclass(frozen=True)
class Limits:
    lobbies: int = 3
    challenges: int = 5
    tournaments: int = 2
    per_hour: int = 10
    server_lobbies: int = 20
    server_challenges: int = 40
    server_tournaments: int = 5
    server_per_hour: int = 60

    def cap(self, kind: str, server: bool) -> int:
        name = {"lobby": "lobbies", "challenge": "challenges",
                "tournament": "tournaments"}[kind]
        return int(getattr(self, f"server_{name}" if server else name))


OFF = Limits(**{f.name: 0 for f in dataclasses.fields(Limits)})
"""No caps (tests and benchmarks that measure without them)."""


def parse(text: str) -> Limits:
    """``name=number`` pairs, separated by commas (ValueError says what is wrong)."""
    names = {f.name for f in dataclasses.fields(Limits)}
    given: dict[str, int] = {}
    for pair in (p.strip() for p in text.split(",") if p.strip()):
        name, _, value = pair.partition("=")
        name = name.strip()
        if name not in names or not value.strip().isdigit():
            raise ValueError(f"PANTHEON_LIMITS takes name=number pairs of "
                             f"{', '.join(sorted(names))}; not {pair!r}")
        given[name] = int(value)
    return Limits(**given)


@dataclass
class Caps:
    store: Store
    limits: Limits
    now: Callable[[], datetime]

    async def check(self, actor: Actor, kind: str) -> None:
        """Refuse (:class:`ServiceError`, one line) a new ``kind`` (lobby, challenge,
        tournament; ``hourly``: only the cap an hour) the caps do not allow now. Nothing
        outside a server is capped."""
        if actor.guild_id is None:
            return
        if kind != "hourly":
            await self._open(actor, kind)
        await self._hourly(actor)

    async def _open(self, actor: Actor, kind: str) -> None:
        assert actor.guild_id is not None
        one, many, frees = WORDS[kind]
        cap = self.limits.cap(kind, server=False)
        if cap and (await self.store.open_work(actor.guild_id, actor.user_id))[kind] >= cap:
            raise ServiceError(f"You have {plural(cap, one, many)}, the most one member may "
                               f"have here; a place frees up when one {frees}.")
        server = self.limits.cap(kind, server=True)
        if server and (await self.store.open_work(actor.guild_id))[kind] >= server:
            raise ServiceError(f"This server has {plural(server, one, many)}, the most it "
                               f"may have; a place frees up when one {frees}.")

    async def _hourly(self, actor: Actor) -> None:
        assert actor.guild_id is not None
        now = self.now()
        since = records.stamp(now - HOUR)
        for cap, user, who in ((self.limits.per_hour, actor.user_id, "You have"),
                               (self.limits.server_per_hour, None, "This server has")):
            if not cap:
                continue
            made = await self.store.threads_since(actor.guild_id, since, user)
            if len(made) >= cap:
                frees = datetime.fromisoformat(made[len(made) - cap]) + HOUR
                minutes = max(1, -int((now - frees).total_seconds() // 60))
                started = plural(len(made), "match, challenge or tournament",
                                 "matches, challenges and tournaments")
                raise ServiceError(
                    f"{who} started {started} in the last hour, the most allowed; the next "
                    f"is possible at "
                    f"{frees:%H:%M} UTC (in {minutes} min).")
