"""The queries of a match's posts that later ones edit (migration 017): the board in its
thread (user 0) and each player's private view by DM, with the turn each belongs to.

A post is replaced only by one of the same match showing a version at least as new
(:meth:`PostQueries.set_posted`): of two processes publishing the same match at once, the
newer board is the one kept, and the other learns that its post is already superseded.
"""

from __future__ import annotations

from dataclasses import dataclass

from db.base import Queries

BOARD = 0
"""The ``user_id`` of a match's board in its thread (users are positive)."""


@dataclass(frozen=True)
class Posted:
    """Where a match's post is and what it shows: its turn (``"<seat>:<move index>"``,
    None: a post no later one continues), the match's version, and whether it carries
    buttons that a later post must take off."""

    channel_id: int
    message_id: int
    turn: str | None
    version: int
    buttons: bool = False


class PostQueries(Queries):
    async def posted(self, match_id: int, user_id: int = BOARD) -> Posted | None:
        """The match's current board (``user_id`` 0) or a player's private post."""
        async with self.reading() as tx:
            row = await tx.fetchrow(
                "SELECT channel_id, message_id, turn, version, buttons FROM match_posts "
                "WHERE match_id = ? AND user_id = ?", match_id, user_id)
        if row is None:
            return None
        return Posted(row["channel_id"], row["message_id"], row["turn"], row["version"],
                      bool(row["buttons"]))

    async def set_posted(self, match_id: int, user_id: int, post: Posted) -> bool:
        """Keep ``post`` as the match's board (``user_id`` 0) or the player's private post,
        unless the one kept shows a newer version: False then (``post`` is superseded)."""
        async with self.transaction() as tx:
            changed = await tx.execute(
                "INSERT INTO match_posts (match_id, user_id, channel_id, message_id, turn, "
                "version, buttons) VALUES (?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (match_id, user_id) DO UPDATE SET "
                "channel_id = excluded.channel_id, message_id = excluded.message_id, "
                "turn = excluded.turn, version = excluded.version, "
                "buttons = excluded.buttons WHERE match_posts.version <= excluded.version",
                match_id, user_id, post.channel_id, post.message_id, post.turn,
                post.version, int(post.buttons))
        return changed > 0
