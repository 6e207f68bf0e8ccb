"""Ratings: openskill's Plackett-Luce model, per game and per server (guild).

A finished match is rated when its host left it rated (``rated`` at ``/match start``), it
was played in a server, and it had at least two human seats and no computer seat. Its
ranking comes from :class:`engines.base.Result` (seats in one group tied; resigned and
forfeited seats already rank last). The store settles each finished match exactly once,
in one transaction with a flag on the match, and :meth:`Ratings.catch_up` settles any a crash left
behind. Players see the conservative rating, the ordinal mu − 3σ (0 for a newcomer).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass

from openskill.models import PlackettLuce

import speech
from db import MatchRecord, Store
from db.social import Rating, RatingChange, Standing
from service.common import boundary

log = logging.getLogger(__name__)

MODEL = PlackettLuce()
DEFAULT: Rating = (MODEL.mu, MODEL.sigma)
TOP = 10


def ordinal(rating: Rating) -> float:
    mu, sigma = rating
    return mu - 3 * sigma


def is_rated(match: MatchRecord, rated: bool) -> bool:
    """The host's choice, and only humans (at least two), and in a server."""
    seated = match.by_seat()
    return (rated and match.guild_id is not None and len(seated) >= 2
            and not any(s.is_ai for s in seated))


def rate(match: MatchRecord, rated: bool, current: dict[int, Rating]
         ) -> dict[int, tuple[Rating, Rating]]:
    """Each player's (before, after) for a finished match; empty if it is not rated.

    Seats missing from the result's ranking (there should be none) rank last together.
    """
    if not is_rated(match, rated) or not match.result:
        return {}
    seated = match.by_seat()
    place = {}
    for rank, group in enumerate(match.result.get("ranking") or []):
        for seat in group:
            place[seat] = rank + 1
    last = len(place) + 1
    users = [s.user_id for s in seated]
    before = [current.get(u, DEFAULT) for u in users]
    teams = [[MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in before]
    ranks: list[float] = [place.get(s.number, last) for s in seated]
    after = MODEL.rate(teams, ranks=ranks)
    return {u: (b, (team[0].mu, team[0].sigma))
            for u, b, team in zip(users, before, after, strict=True)}


def change_lines(match: MatchRecord, changes: list[RatingChange],
                 escape: Callable[[str], str] = str) -> list[speech.Words]:
    """``Ratings: Ana 0.0 → 3.4 (+3.4) · Bo 0.0 → -1.8 (-1.8).``, each number as the
    reader's language writes it."""
    if not changes:
        return []
    names = {s.user_id: escape(s.display_name) for s in match.seats}
    parts: list[speech.Words] = []
    for change in changes:
        old, new = round(ordinal(change.before), 1), round(ordinal(change.after), 1)
        delta = round(new - old, 1)
        parts.append(speech.Text("match-rating-change", {
            "who": names.get(change.user_id, "?"), "before": old, "after": new,
            "sign": "-" if delta < 0 else "+", "change": abs(delta)}))
    return [speech.Text("match-ratings", {"changes": speech.Lines(parts, " · ")})]


@boundary.guarded
@dataclass(eq=False)
class Ratings:
    """Rating finished matches once each, and the servers' leaderboards; names written
    by ``escape``."""

    store: Store
    escape: Callable[[str], str] = str

    async def settle(self, match: MatchRecord) -> list[speech.Words]:
        """Rate a just-finished match (if rated and not done yet); the lines for its final
        post. Never raises: the match is over either way, and :meth:`catch_up`
        retries."""
        try:
            changes = await self.store.settle_rating(match.id, rate)
        except Exception:
            log.exception("match %s: rating failed; it is retried later", match.id)
            return []
        return change_lines(match, changes or [], self.escape)

    async def catch_up(self) -> int:
        """Settle every finished match a crash left unsettled, oldest first; how many."""
        settled = 0
        while ids := await self.store.unsettled_finishes():
            for match_id in ids:
                if await self.store.settle_rating(match_id, rate) is not None:
                    settled += 1
            if len(ids) < 100:
                break
        return settled

    async def leaderboard(self, guild_id: int, game: str, user_id: int) -> Board:
        """The server's leaderboard of a game (a player no longer known by name is shown
        as their mention)."""
        await self.catch_up()
        standings = await self.store.standings(guild_id, game)
        ranked = list(enumerate(standings, start=1))
        wanted = [s.user_id for _, s in ranked[:TOP]]
        mine = next(((rank, s) for rank, s in ranked if s.user_id == user_id), None)
        if mine is not None and mine[0] > TOP:
            wanted.append(user_id)
        names = await self.store.display_names(wanted, guild_id)

        def row(rank: int, standing: Standing) -> tuple[int, Standing, str]:
            name = names.get(standing.user_id)
            return (rank, standing,
                    self.escape(name) if name is not None else f"<@{standing.user_id}>")

        top = [row(rank, s) for rank, s in ranked[:TOP]]
        own = row(*mine) if mine is not None and mine[0] > TOP else None
        return Board(top, own, len(standings))


@dataclass
class Board:
    """A leaderboard: the top rows, and the caller's own row if not among them."""

    top: list[tuple[int, Standing, str]]
    mine: tuple[int, Standing, str] | None
    players: int


def leaderboard_lines(board: Board, title: str) -> list[str]:
    if not board.top:
        return [f"No rated {title} matches have finished in this server yet."]
    lines = [f"**{title}** leaderboard ({board.players} rated players; rating = mu − 3σ):"]
    for rank, standing, name in board.top:
        lines.append(_row(rank, standing, name))
    if board.mine is not None:
        lines.append("…")
        lines.append(_row(*board.mine))
    return lines


def _row(rank: int, standing: Standing, name: str) -> str:
    games = f"{standing.games} game{'s' if standing.games != 1 else ''}"
    return f"{rank}. {name} — {standing.ordinal:.1f} ({games})"
