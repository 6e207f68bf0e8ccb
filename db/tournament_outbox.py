"""The tournaments' outbox (migration 015): the posts a tournament step owes, queued in
the step's own transaction (:func:`queue_post`) and drained by whichever process claims
them (:meth:`OutboxQueries.claim_posts`), once: a post is marked sent after it went out,
and a claim that lapses (its process died) is claimed again.

A notice's words name people only by markers (migration 020), filled when it is posted
(:meth:`service.events.texts.EventText.filled`): ``{entrantN}``, the entrant with entry
number N, and ``{actor}``, the person whose step it tells of, kept beside their id
(``actor_id``, ``actor_name``) as a seat keeps its player, so that forgetting a person
(:mod:`db.privacy`) renames them here as everywhere."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

import db.records as records
from db.base import Queries, Tx, marks
from db.records import LOBBY, stamp

PAIRINGS, STANDINGS, FINAL, NOTICE, MATCH = "pairings", "standings", "final", "notice", "match"


@dataclass(frozen=True)
class OutboxPost:
    """One queued post: ``kind`` and what it names (a round, a match, a notice's words,
    with markers; the name of its ``{actor}``)."""

    id: int
    tournament_id: int
    kind: str
    round: int
    match_id: int | None
    words: str | None
    mentions: tuple[int, ...] = ()
    actor: str | None = None
    queued_at: str = ""
    """When the step queued it (the store's time stamp)."""
    reclaimed: bool = False
    """Claimed before by a process that did not mark it sent: it may have gone out."""


async def queue_post(tx: Tx, tournament_id: int, kind: str, key: str, *, round: int = 0,
                     match_id: int | None = None, words: str | None = None,
                     mentions: Sequence[int] = (),
                     actor: tuple[int, str] | None = None) -> None:
    """Queue a post inside the caller's transaction; a post already queued under
    ``key`` (the same step run twice) is not queued again. ``words`` name people by
    markers only; ``actor``: the id and name of whom ``{actor}`` names."""
    actor_id, actor_name = actor if actor is not None else (None, None)
    await tx.execute(
        "INSERT INTO tournament_outbox (tournament_id, post_key, kind, round, match_id, "
        "words, mentions, actor_id, actor_name, created_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (post_key) DO NOTHING",
        tournament_id, f"{tournament_id}:{key}", kind, round, match_id, words,
        " ".join(str(u) for u in mentions) or None, actor_id, actor_name, records.now())


class OutboxQueries(Queries):
    async def claim_posts(self, worker: str, at: datetime, lease: timedelta, *,
                          tournament_id: int | None = None, limit: int = 50
                          ) -> list[OutboxPost]:
        """Claim for ``worker`` until ``at + lease`` the unsent posts nobody holds, oldest
        first (of one tournament, or all); a match's announcement waits while the match
        is still in its lobby (it is being started)."""
        where = ["c.sent_at IS NULL", "(c.claimed_until IS NULL OR c.claimed_until <= ?)",
                 "NOT EXISTS (SELECT 1 FROM matches m WHERE m.id = c.match_id "
                 "AND m.status = ?)"]
        args: list[object] = [stamp(at), LOBBY]
        if tournament_id is not None:
            where.append("c.tournament_id = ?")
            args.append(tournament_id)
        async with self.transaction() as tx:
            rows = await tx.fetch(
                f"SELECT c.id, c.claimed_by FROM tournament_outbox c WHERE "
                f"{' AND '.join(where)} ORDER BY c.id LIMIT ?{tx.skip_locked}", *args, limit)
            ids = [row[0] for row in rows]
            if not ids:
                return []
            reclaimed = {row[0] for row in rows if row[1] is not None}
            await tx.execute(f"UPDATE tournament_outbox SET claimed_by = ?, claimed_until = ? "
                             f"WHERE id IN ({marks(ids)})", worker, stamp(at + lease), *ids)
            found = await tx.fetch(
                f"SELECT id, tournament_id, kind, round, match_id, words, mentions, actor_name, "
                f"created_at FROM tournament_outbox WHERE id IN ({marks(ids)}) ORDER BY id",
                *ids)
        return [OutboxPost(r["id"], r["tournament_id"], r["kind"], r["round"], r["match_id"],
                           r["words"], tuple(int(u) for u in (r["mentions"] or "").split()),
                           r["actor_name"], r["created_at"], r["id"] in reclaimed)
                for r in found]

    async def post_sent(self, post_id: int, at: datetime) -> bool:
        """Mark a post sent; False if it already was."""
        async with self.transaction() as tx:
            changed = await tx.execute("UPDATE tournament_outbox SET sent_at = ? WHERE id = ? "
                                       "AND sent_at IS NULL", stamp(at), post_id)
        return changed == 1
