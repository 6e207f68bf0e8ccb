"""The queries of challenges and rematches (migration 008).

A challenge is a row with one row per challenged player; answering is one transaction
that locks the challenge, so of several answers at once exactly one sees the last
acceptance (and starts the match), and an answer to a closed challenge is refused with
:class:`StaleVersion`. A rematch is claimed by inserting its row: exactly one press makes
the new match.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import db.records as records
from db.base import Queries, Row, Tx, dumps, loads, scalar, set_given
from db.records import (
    ACCEPTED,
    DECLINED,
    LOBBY,
    OPEN,
    RUNNING,
    AlreadyChallenged,
    Challenged,
    ChallengeRecord,
    RematchState,
    StaleVersion,
)


class ChallengeQueries(Queries):
    # --- challenges ---------------------------------------------------------------------
    async def create_challenge(self, *, guild_id: int | None, channel_id: int | None,
                               challenger_id: int, challenger_name: str, game: str,
                               options: dict[str, Any], settings: dict[str, Any],
                               players: Sequence[tuple[int, str]], created_at: str,
                               expires_at: str, hosted: bool = False) -> ChallengeRecord:
        """A new open challenge of ``players`` (user id, display name), unless the
        challenger already has an open one of this game in this server to one of them
        (:class:`AlreadyChallenged`): checked in the same transaction, under the
        challenger's lock, so a double press makes one challenge. ``hosted``: made where
        the bot is not a member, on its answers (migration 024)."""
        async with self.transaction() as tx:
            await tx.lock(f"challenger:{challenger_id}")
            rows = await tx.fetch("SELECT * FROM challenges WHERE challenger_id = ? AND "
                                  "game = ? AND status = ? AND expires_at > ?",
                                  challenger_id, game, OPEN, created_at)
            asked = {user_id for user_id, _ in players}
            for row in rows:
                earlier = await with_players(tx, row)
                again = [p for p in earlier.players if p.user_id in asked]
                if again and earlier.guild_id == guild_id:
                    raise AlreadyChallenged(earlier, again[0].display_name)
            challenge_id = await tx.insert(
                "INSERT INTO challenges (guild_id, channel_id, challenger_id, challenger_name, "
                "game, options, settings, status, created_at, expires_at, hosted) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", guild_id, channel_id, challenger_id,
                challenger_name, game, dumps(options), dumps(settings), OPEN, created_at,
                expires_at, int(hosted))
            for position, (user_id, name) in enumerate(players):
                await tx.execute(
                    "INSERT INTO challenge_players (challenge_id, user_id, display_name, "
                    "position) VALUES (?, ?, ?, ?)", challenge_id, user_id, name, position)
            return await challenge_in(tx, challenge_id)

    async def get_challenge(self, challenge_id: int) -> ChallengeRecord | None:
        async with self.reading(consistent=True) as tx:
            try:
                return await challenge_in(tx, challenge_id)
            except KeyError:
                return None

    async def find_challenges(self, *, challenger_id: int | None = None,
                              user_id: int | None = None, game: str | None = None,
                              guild_id: int | None = None, status: str = OPEN,
                              limit: int = 50) -> list[ChallengeRecord]:
        """Challenges in ``status`` by a challenger, and/or of a challenged user, and/or
        of a game, and/or in a server; newest first."""
        where, args = ["c.status = ?"], list[object]([status])
        if guild_id is not None:
            where.append("c.guild_id = ?")
            args.append(guild_id)
        if challenger_id is not None:
            where.append("c.challenger_id = ?")
            args.append(challenger_id)
        if user_id is not None:
            where.append("c.id IN (SELECT challenge_id FROM challenge_players "
                         "WHERE user_id = ?)")
            args.append(user_id)
        if game is not None:
            where.append("c.game = ?")
            args.append(game)
        async with self.reading(consistent=True) as tx:
            rows = await tx.fetch(f"SELECT c.* FROM challenges c WHERE {' AND '.join(where)} "
                                  f"ORDER BY c.id DESC LIMIT ?", *args, limit)
            return [await with_players(tx, row) for row in rows]

    async def answer_challenge(self, challenge_id: int, user_id: int,
                               answer: str) -> ChallengeRecord:
        """Record a challenged player's answer (accepted or declined) to an open challenge:
        a decline closes it, the last acceptance makes it accepted. :class:`StaleVersion`
        if it is no longer open; KeyError if there is no such challenge."""
        async with self.transaction() as tx:
            row = await tx.fetchrow(f"SELECT status FROM challenges WHERE id = ?"
                                    f"{tx.for_update}", challenge_id)
            if row is None:
                raise KeyError(challenge_id)
            if row[0] != OPEN:
                raise StaleVersion(f"the challenge is {row[0]}")
            await tx.execute("UPDATE challenge_players SET answer = ? WHERE challenge_id = ? "
                             "AND user_id = ?", answer, challenge_id, user_id)
            waiting = await scalar(
                tx, "SELECT COUNT(*) FROM challenge_players WHERE challenge_id = ? AND "
                "(answer IS NULL OR answer <> ?)", challenge_id, ACCEPTED)
            status = DECLINED if answer == DECLINED else ACCEPTED if waiting == 0 else OPEN
            if status != OPEN:
                await tx.execute("UPDATE challenges SET status = ? WHERE id = ?",
                                 status, challenge_id)
            return await challenge_in(tx, challenge_id)

    async def reopen_challenge(self, challenge_id: int, user_id: int) -> None:
        """Undo the last acceptance of a challenge whose match could not be made: it is
        open again and that player's answer unsaid."""
        async with self.transaction() as tx:
            changed = await tx.execute("UPDATE challenges SET status = ? WHERE id = ? AND "
                                       "status = ? AND match_id IS NULL", OPEN, challenge_id,
                                       ACCEPTED)
            if changed == 1:
                await tx.execute("UPDATE challenge_players SET answer = NULL WHERE "
                                 "challenge_id = ? AND user_id = ?", challenge_id, user_id)

    async def close_challenge(self, challenge_id: int, status: str) -> bool:
        """Close an open challenge (withdrawn, lapsed); False if it was not open."""
        async with self.transaction() as tx:
            changed = await tx.execute("UPDATE challenges SET status = ? WHERE id = ? AND "
                                       "status = ?", status, challenge_id, OPEN)
        return changed == 1

    async def set_challenge_places(self, challenge_id: int, *, message_id: int | None = None,
                                   match_id: int | None = None) -> None:
        """Where the challenge is posted, and the match it started."""
        async with self.transaction() as tx:
            await set_given(tx, "challenges", challenge_id, message_id=message_id,
                            match_id=match_id)

    async def open_servers(self) -> list[int]:
        """The servers with a lobby, a running match or an open challenge."""
        async with self.reading(consistent=True) as tx:
            rows = await tx.fetch(
                "SELECT guild_id FROM matches WHERE status IN (?, ?) AND guild_id IS NOT NULL "
                "UNION SELECT guild_id FROM challenges WHERE status = ? "
                "AND guild_id IS NOT NULL", LOBBY, RUNNING, OPEN)
        return sorted(row[0] for row in rows)

    async def lapsing_challenges(self, at: str, limit: int = 100) -> list[ChallengeRecord]:
        """Open challenges whose time ran out by ``at``, oldest first."""
        async with self.reading(consistent=True) as tx:
            rows = await tx.fetch("SELECT * FROM challenges WHERE status = ? AND "
                                  "expires_at <= ? ORDER BY expires_at, id LIMIT ?",
                                  OPEN, at, limit)
            return [await with_players(tx, row) for row in rows]

    # --- rematches ----------------------------------------------------------------------
    async def vote_rematch(self, match_id: int, user_id: int) -> bool:
        """Record a player's press of Rematch; False if they had pressed already."""
        async with self.transaction() as tx:
            changed = await tx.execute(
                "INSERT INTO rematch_votes (match_id, user_id, created_at) VALUES (?, ?, ?) "
                "ON CONFLICT (match_id, user_id) DO NOTHING", match_id, user_id, records.now())
        return changed == 1

    async def rematch_state(self, match_id: int) -> RematchState:
        async with self.reading(consistent=True) as tx:
            votes = await tx.fetch("SELECT user_id FROM rematch_votes WHERE match_id = ? "
                                   "ORDER BY created_at, user_id", match_id)
            row = await tx.fetchrow("SELECT new_match_id FROM rematches WHERE match_id = ?",
                                    match_id)
        return RematchState([r[0] for r in votes], row is not None,
                            row[0] if row is not None else None)

    async def claim_rematch(self, match_id: int) -> bool:
        """Claim the making of a finished match's one rematch; False if it is claimed."""
        async with self.transaction() as tx:
            changed = await tx.execute("INSERT INTO rematches (match_id) VALUES (?) "
                                       "ON CONFLICT (match_id) DO NOTHING", match_id)
        return changed == 1

    async def set_rematch(self, match_id: int, new_match_id: int | None) -> None:
        """The rematch made (None: it failed, and the claim is given up)."""
        async with self.transaction() as tx:
            if new_match_id is None:
                await tx.execute("DELETE FROM rematches WHERE match_id = ?", match_id)
            else:
                await tx.execute("UPDATE rematches SET new_match_id = ? WHERE match_id = ?",
                                 new_match_id, match_id)


async def challenge_in(tx: Tx, challenge_id: int) -> ChallengeRecord:
    row = await tx.fetchrow("SELECT * FROM challenges WHERE id = ?", challenge_id)
    if row is None:
        raise KeyError(challenge_id)
    return await with_players(tx, row)


async def with_players(tx: Tx, row: Row) -> ChallengeRecord:
    players = await tx.fetch("SELECT user_id, display_name, answer FROM challenge_players "
                             "WHERE challenge_id = ? ORDER BY position", row["id"])
    return ChallengeRecord(
        id=row["id"], guild_id=row["guild_id"], channel_id=row["channel_id"],
        message_id=row["message_id"], challenger_id=row["challenger_id"],
        challenger_name=row["challenger_name"], game=row["game"],
        options=loads(row["options"]), settings=loads(row["settings"]), status=row["status"],
        match_id=row["match_id"], created_at=row["created_at"], expires_at=row["expires_at"],
        players=[Challenged(p[0], p[1], p[2]) for p in players], hosted=bool(row["hosted"]))
