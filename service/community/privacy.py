"""``/privacy``: what the bot keeps about a person, in words; all of it as one JSON file;
and deleting it. No Discord in here.

A deletion is one whole step: nothing said after it names the person. First their name
leaves every shared record (:meth:`db.privacy.PrivacyQueries.unname_person`), so every text
the rest of it causes is built from "Deleted player". Then what is still open ends, through
the same calls a player makes, so every other player sees what they would see had the
person left by hand: a running match is resigned (two players: the other wins; more: the
bot plays the seat, ranked last), a lobby is left (or aborted, if they host it), a
challenge withdrawn or declined, a tournament left (open) or withdrawn from (running; one
they organise that has not started is cancelled, since nobody else could start it). Then
the store forgets them in one transaction
(:meth:`db.privacy.PrivacyQueries.forget_person`): what is theirs alone goes, and shared
records keep a pseudonym and the name "Deleted player", so every match still replays and
no other player's result, points or rating changes. Last, what the front end is handed to
post loses them too: no DM or ping to them, their id in no record it is given, and the
posts that showed them taking part (lobbies, tournaments) listed to be edited as they now
read. Should the process stop half-way, their name is gone already and their id still
finds the rest: deleting again finishes it.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

from db import (
    EVENT_OPEN,
    EVENT_RUNNING,
    LOBBY,
    OPEN,
    RUNNING,
    WITHDRAWN,
    MatchRecord,
    Store,
    TournamentRecord,
)
from db.privacy import DELETED_NAME
from service.challenges.challenges import ChallengeNews, Challenges
from service.common import boundary
from service.common.model import Actor, EventNews, ServiceError, Update
from service.common.names import plural
from service.events.tournaments import Tournaments
from service.match.core import Matches
from service.match.lobby import Lobby
from service.match.turns import Turns
from service.records import export as records

FORMAT = "pantheon-personal-data"
NAMES = (("seats", "display_name"), ("tournament_entrants", "display_name"),
         ("challenge_players", "display_name"), ("challenges", "challenger_name"),
         ("tournaments", "organiser_name"))
"""Where :meth:`PrivacyQueries.personal_rows` finds the names a person had."""
POLICY = "PRIVACY.md"
"""The written policy, in the bot's source (``/about`` names it)."""


class Writer(Protocol):
    """Where an export is written: a binary file, or anything with its ``write``."""

    def write(self, data: bytes, /) -> object: ...


STREAMED = "\u0000the matches, written one by one\u0000"
"""Where the matches go in the export's document (names and notes are checked text: no
NUL in them)."""


@dataclass
class Deletion:
    """What deleting a person changed, for the front end to post, all of it built after
    their name was gone and holding neither their name nor their id: match updates (a
    resignation's board, an aborted lobby), tournament news, challenge posts; the matches
    whose lobby post showed them (a lobby aborted or left, a match they played in), and
    the open or running tournaments whose post did, each as it reads now; and the answer
    to them. ``former_names``, the names the store had for them (read before they went,
    never stored again), are for the front end to take out of what it sends again of an
    earlier message (a superseded board whose buttons it edits off)."""

    updates: list[Update] = field(default_factory=list)
    news: list[EventNews] = field(default_factory=list)
    challenges: list[ChallengeNews] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    lobbies: list[MatchRecord] = field(default_factory=list)
    tournaments: list[TournamentRecord] = field(default_factory=list)
    former_names: list[str] = field(default_factory=list)


@boundary.guarded
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
                                             ("notifications", "notify_settings"),
                                             ("language", "member_languages"))
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
        """All the store keeps about the actor as one JSON document: (file name, JSON)
        (:meth:`export_to`, into memory: for tests and the console)."""
        out = io.BytesIO()
        name = await self.export_to(actor, out)
        return name, out.getvalue().decode("utf-8")

    async def export_to(self, actor: Actor, out: Writer) -> str:
        """Write all the store keeps about the actor to ``out`` as one JSON document
        (UTF-8); its file name. Each match is its game record as ``/export`` writes it (a
        running match's as everyone has seen it, so no other player's secret is in it),
        with the person's private note; where their private views were DM'd
        (``private_posts``), and the tournament notices that tell of their steps. The
        matches' records, most of the document (a member with thousands of matches has
        tens of megabytes of them), are written one by one as each is made, never held
        together (issue 56)."""
        rows = await self.store.personal_rows(actor.user_id)
        document = {
            "format": FORMAT, "version": 1, "user_id": actor.user_id,
            "generated": self.now().isoformat(timespec="seconds"), "policy": POLICY,
            "settings": {"reminders": rows["user_settings"],
                         "notifications": rows["notify_settings"],
                         "language": rows["member_languages"]},
            "vacations": rows["vacations"],
            "ratings": rows["ratings"], "rating_changes": rows["rating_changes"],
            "notes": rows["match_notes"], "follows": rows["match_follows"],
            "matches": STREAMED, "matches_hosted": rows["matches"],
            "tournament_entries": rows["tournament_entrants"],
            "tournaments_organised": rows["tournaments"],
            "challenges_made": rows["challenges"],
            "challenges_received": rows["challenge_players"],
            "held_notices": rows["notify_held"], "turn_reminders": rows["turn_reminders"],
            "rematch_votes": rows["rematch_votes"], "undo_requests": rows["undo_requests"],
            "private_posts": rows["match_posts"],
            "tournament_notices": rows["tournament_outbox"],
        }
        before, after = json.dumps(document, indent=1).split(json.dumps(STREAMED))
        out.write(f"{before}[".encode())
        seats = sorted(rows["seats"], key=lambda s: (s["match_id"], s["seat"]))  # oldest first
        for number, seat in enumerate(seats):
            try:
                record = await records.export(self.store, self.matches, seat["match_id"])
                game_record: Any = json.loads(record.json)
            except ServiceError:
                game_record = None  # a lobby: nothing played yet
            item = json.dumps({"seat": seat, "record": game_record}, indent=1)
            out.write(f"{',' if number else ''}\n{item}".encode())
        out.write(f"\n]{after}".encode())
        return f"pantheon-data-{actor.user_id}.json"

    # --- delete ---------------------------------------------------------------------
    async def delete(self, actor: Actor) -> Deletion:
        """Take the name out, end what is open, forget the person, and hand over what to
        post without them (see the module)."""
        done = Deletion()
        rows = await self.store.personal_rows(actor.user_id)
        seated = {s["match_id"] for s in rows["seats"]} | {m["id"] for m in rows["matches"]}
        statuses = await self._statuses(sorted(seated))
        shown = [i for i in sorted(seated) if statuses.get(i) in (LOBBY, RUNNING)]
        events = [t["id"] for t in rows["tournaments"]]
        events += [e["tournament_id"] for e in rows["tournament_entrants"]]
        running = [i for i in sorted(set(events)) if await self._event_open(i)]
        await self.store.unname_person(actor.user_id)
        await self._leave_tournaments(actor, rows, done)
        await self._leave_matches(actor, rows, done)
        await self._close_challenges(actor, rows, done)
        alias = await self.store.forget_person(actor.user_id)
        await self._without(actor.user_id, alias, done)
        for match_id in shown:  # their lobby posts showed the person taking part
            if (match := await self.store.get_match(match_id)) is not None:
                done.lobbies.append(match)
        for event_id in running:  # so did their tournament posts
            if (record := await self.store.get_tournament(event_id)) is not None:
                done.tournaments.append(record)
        done.lines += kept_lines(rows, await self.store.personal_rows(alias))
        done.former_names = sorted({r[column] for table, column in NAMES for r in rows[table]}
                                   - {DELETED_NAME, ""})
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

    async def _without(self, user_id: int, alias: int, done: Deletion) -> None:
        """What the deletion hands the front end, the person out of it: the records as
        the store now has them (the pseudonym in their place), no private post or ping
        for them."""
        for update in _updates(done):
            _unseat(update.match, user_id, alias)
            update.private.pop(user_id, None)
            update.private_turns.pop(user_id, None)
            if update.public is not None:
                update.public.mentions = [u for u in update.public.mentions if u != user_id]
        for news in _all_news(done):
            news.tournament = (await self.store.get_tournament(news.tournament.id)
                               or news.tournament)
            for post in news.posts:
                post.mentions = [u for u in post.mentions if u != user_id]
        for challenge in done.challenges:
            challenge.challenge = (await self.store.get_challenge(challenge.challenge.id)
                                   or challenge.challenge)
            challenge.mentions = [u for u in challenge.mentions if u != user_id]

    async def _event_open(self, tournament_id: int) -> bool:
        record = await self.store.get_tournament(tournament_id)
        return record is not None and record.status in (EVENT_OPEN, EVENT_RUNNING)

    async def _statuses(self, match_ids: list[int]) -> dict[int, str]:
        return await self.store.match_statuses(match_ids)


def kept_lines(before: dict[str, list[dict[str, Any]]],
               after: dict[str, list[dict[str, Any]]]) -> list[str]:
    """The end of the answer, saying only what was done: ``before``, the rows that named
    the person; ``after``, those kept under the pseudonym."""
    if not any(before.values()):
        return ["I kept nothing about you, so there was nothing to delete."]
    kept = [plural(n, word) for n, word in (
        (len({s["match_id"] for s in after["seats"]}), "match"),
        (len({e["tournament_id"] for e in after["tournament_entrants"]}
             | {t["id"] for t in after["tournaments"]}), "tournament"),
        (len({c["id"] for c in after["challenges"]}
             | {c["challenge_id"] for c in after["challenge_players"]}), "challenge")) if n]
    lines = ["Everything I kept about you is deleted."]
    if kept:
        lines.append(f"Where others' records keep you, you are now \u201c{DELETED_NAME}"
                     f"\u201d: {', '.join(kept)}.")
    return lines


def _unseat(match: MatchRecord, user_id: int, alias: int) -> None:
    """A record read before the deletion, as the store now has it: the pseudonym in the
    person's seat (named "Deleted player" already) and as the host."""
    for seat in match.seats:
        if seat.user_id == user_id and not seat.is_ai:
            seat.user_id, seat.display_name = alias, DELETED_NAME
    if match.host_id == user_id:
        match.host_id = alias


def _all_news(done: Deletion) -> list[EventNews]:
    """Every tournament's news the deletion hands over, those that follow others too."""
    out: list[EventNews] = []
    stack = [*done.news, *(n for u in done.updates for n in u.news)]
    while stack:
        news = stack.pop(0)
        out.append(news)
        stack.extend(news.then)
        stack.extend(n for u in news.started for n in u.news)
    return out


def _updates(done: Deletion) -> list[Update]:
    """Every match update the deletion hands over (those its tournaments' news holds
    too, and a challenge's match)."""
    out = list(done.updates)
    for news in _all_news(done):
        out.extend(news.started)
    out.extend(c.update for c in done.challenges if c.update is not None)
    return out
