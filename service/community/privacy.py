"""``/privacy``: what the bot keeps about a person, in words; all of it as one JSON file;
and deleting it. No Discord in here.

Deleting first ends what is still open, through the same calls a player makes, so every
other player sees what they would see had the person left by hand: a running match is
resigned (two players: the other wins; more: the bot plays the seat, ranked last), a
lobby is left (or aborted, if they host it), a challenge withdrawn or declined, a
tournament left (open) or withdrawn from (running; one they organise that has not
started is cancelled, since nobody else could start it). Then the store forgets them in
one transaction (:meth:`db.privacy.PrivacyQueries.forget_person`): what is theirs alone
goes, and shared records keep a pseudonym and the name "Deleted player", so every match
still replays and no other player's result, points or rating changes.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from db import (
    EVENT_OPEN,
    EVENT_RUNNING,
    LOBBY,
    OPEN,
    RUNNING,
    WITHDRAWN,
    Store,
)
from db.privacy import DELETED_NAME
from service.challenges.challenges import ChallengeNews, Challenges
from service.common.model import Actor, EventNews, ServiceError, Update
from service.common.names import plural
from service.events.tournaments import Tournaments
from service.match.core import Matches
from service.match.lobby import Lobby
from service.match.turns import Turns
from service.records import export as records

FORMAT = "pantheon-personal-data"
POLICY = "PRIVACY.md"
"""The written policy, in the bot's source (``/about`` names it)."""


@dataclass
class Deletion:
    """What deleting a person changed, for the front end to post: match updates (a
    resignation's board, an aborted lobby), tournament news, challenge posts."""

    updates: list[Update] = field(default_factory=list)
    news: list[EventNews] = field(default_factory=list)
    challenges: list[ChallengeNews] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)


@dataclass
class Privacy:
    store: Store
    matches: Matches
    turns: Turns
    lobby: Lobby
    challenges: Challenges
    tournaments: Tournaments
    now: Callable[[], datetime]

    # --- in words ---------------------------------------------------------------------
    async def summary(self, actor: Actor) -> str:
        rows = await self.store.personal_rows(actor.user_id)
        seats = rows["seats"]
        statuses = await self._statuses([s["match_id"] for s in seats])
        running = sum(1 for s in seats if statuses.get(s["match_id"]) in (LOBBY, RUNNING))
        lines = ["What I keep about you, and why:"]
        if seats:
            lines.append(f"- **Matches**: your seat in {plural(len(seats), 'match')} "
                         f"({running} open), with the name you had, to run them and replay "
                         "them; the moves belong to the seat, not to you.")
        if rows["ratings"]:
            lines.append(f"- **Ratings**: {plural(len(rows['ratings']), 'leaderboard rating')}"
                         f" and {plural(len(rows['rating_changes']), 'rating change')}.")
        settings = [name for name, table in (("reminders", "user_settings"),
                                             ("notifications", "notify_settings"))
                    if rows[table]]
        if settings:
            lines.append(f"- **Settings**: your {' and '.join(settings)} settings.")
        if rows["vacations"]:
            lines.append(f"- **Vacations**: {plural(len(rows['vacations']), 'vacation')} "
                         "(they count your days off per year).")
        for table, one, many in (
                ("match_notes", "private note", None), ("match_follows", "follow", None),
                ("match_posts", "private view DM'd to you (where it is, to edit it)",
                 "private views DM'd to you (where they are, to edit them)"),
                ("notify_held", "notice held for your quiet hours",
                 "notices held for your quiet hours"),
                ("tournament_entrants", "tournament entry", "tournament entries"),
                ("tournaments", "tournament you organised", "tournaments you organised"),
                ("challenges", "challenge you made", "challenges you made"),
                ("challenge_players", "challenge you received", "challenges you received")):
            if rows[table]:
                lines.append(f"- {plural(len(rows[table]), one, many)}.")
        if len(lines) == 1:
            lines = ["I keep nothing about you."]
        lines += ["", "Nothing else: no messages, no server membership, no IP address. "
                  "`/privacy export` sends you all of it as one JSON file; `/privacy delete` "
                  f"deletes it. How long each is kept and why: {POLICY} (see `/about`)."]
        return "\n".join(lines)

    # --- export -------------------------------------------------------------------------
    async def export(self, actor: Actor) -> tuple[str, str]:
        """All the store keeps about the actor as one JSON document: (file name, JSON).
        Each match is its game record as ``/export`` writes it (a running match's as
        everyone has seen it, so no other player's secret is in it), with the person's
        private note; where their private views were DM'd (``private_posts``), and the
        tournament notices that tell of their steps."""
        rows = await self.store.personal_rows(actor.user_id)
        matches = []
        for seat in rows["seats"]:
            try:
                record = await records.export(self.store, self.matches, seat["match_id"])
                game_record: Any = json.loads(record.json)
            except ServiceError:
                game_record = None  # a lobby: nothing played yet
            matches.append({"seat": seat, "record": game_record})
        document = {
            "format": FORMAT, "version": 1, "user_id": actor.user_id,
            "generated": self.now().isoformat(timespec="seconds"), "policy": POLICY,
            "settings": {"reminders": rows["user_settings"],
                         "notifications": rows["notify_settings"]},
            "vacations": rows["vacations"],
            "ratings": rows["ratings"], "rating_changes": rows["rating_changes"],
            "notes": rows["match_notes"], "follows": rows["match_follows"],
            "matches": matches, "matches_hosted": rows["matches"],
            "tournament_entries": rows["tournament_entrants"],
            "tournaments_organised": rows["tournaments"],
            "challenges_made": rows["challenges"],
            "challenges_received": rows["challenge_players"],
            "held_notices": rows["notify_held"], "turn_reminders": rows["turn_reminders"],
            "rematch_votes": rows["rematch_votes"], "undo_requests": rows["undo_requests"],
            "private_posts": rows["match_posts"],
            "tournament_notices": rows["tournament_outbox"],
        }
        return f"pantheon-data-{actor.user_id}.json", json.dumps(document, indent=1)

    # --- delete -------------------------------------------------------------------------
    async def delete(self, actor: Actor) -> Deletion:
        """End what is open (see the module), then forget the person."""
        done = Deletion()
        rows = await self.store.personal_rows(actor.user_id)
        await self._leave_tournaments(actor, rows, done)
        await self._leave_matches(actor, rows, done)
        await self._close_challenges(actor, rows, done)
        await self.store.forget_person(actor.user_id)
        done.lines.append("Everything I kept about you is deleted; your seats in matches "
                          f"now say \u201c{DELETED_NAME}\u201d.")
        return done

    async def _leave_tournaments(self, actor: Actor, rows: dict[str, list[dict[str, Any]]],
                                 done: Deletion) -> None:
        for row in rows["tournaments"]:
            if row["status"] == EVENT_OPEN:
                there = Actor(actor.user_id, DELETED_NAME, row["guild_id"])
                try:
                    done.news.append(await self.tournaments.cancel(row["id"], there))
                    done.lines.append(f"Tournament #{row['id']}, which you organised and "
                                      "had not started, is cancelled.")
                except ServiceError:
                    pass  # it started or ended meanwhile
        for entry in rows["tournament_entrants"]:
            record = await self.store.get_tournament(entry["tournament_id"])
            if record is None or record.status not in (EVENT_OPEN, EVENT_RUNNING):
                continue
            if entry["withdrawn_round"] is not None:
                continue
            there = Actor(actor.user_id, DELETED_NAME, record.guild_id)
            try:
                done.news.append(await self.tournaments.withdraw(record.id, there))
                done.lines.append(f"You left tournament #{record.id}.")
            except ServiceError:
                pass

    async def _leave_matches(self, actor: Actor, rows: dict[str, list[dict[str, Any]]],
                             done: Deletion) -> None:
        for seat in rows["seats"]:
            match = await self.store.get_match(seat["match_id"])
            if match is None or match.status not in (LOBBY, RUNNING):
                continue
            there = Actor(actor.user_id, DELETED_NAME, match.guild_id)
            mine = match.seat_of(actor.user_id)
            try:
                if match.status == RUNNING and mine is not None and not mine.resigned:
                    done.updates.append(await self.turns.resign(match.id, there))
                    done.lines.append(f"You resigned from match #{match.id}.")
                elif match.status == LOBBY and match.host_id == actor.user_id:
                    done.updates.append(await self.turns.abort(match.id, there))
                    done.lines.append(f"Your lobby #{match.id} is aborted.")
                elif match.status == LOBBY:
                    await self.lobby.leave(match.id, there)
                    done.lines.append(f"You left the lobby of match #{match.id}.")
            except ServiceError:
                pass  # it ended meanwhile (a tournament withdrawal resigned it already)

    async def _close_challenges(self, actor: Actor, rows: dict[str, list[dict[str, Any]]],
                                done: Deletion) -> None:
        ids = {r["id"] for r in rows["challenges"]}
        ids |= {r["challenge_id"] for r in rows["challenge_players"]}
        for challenge_id in sorted(ids):
            record = await self.store.get_challenge(challenge_id)
            if record is None or record.status != OPEN:
                continue
            if await self.store.close_challenge(record.id, WITHDRAWN):
                record.status = WITHDRAWN
                done.challenges.append(ChallengeNews(record,
                                                     self.challenges.challenge_text(record)))
                done.lines.append(f"Challenge #{record.id} is withdrawn.")

    async def _statuses(self, match_ids: list[int]) -> dict[int, str]:
        out = {}
        for match_id in match_ids:
            match = await self.store.get_match(match_id)
            if match is not None:
                out[match_id] = match.status
        return out


