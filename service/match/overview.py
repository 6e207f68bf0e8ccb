"""The "your turn" overview: every running match, in every server, that waits for the
caller, oldest wait first, with a jump link. No Discord in here (the link is plain text).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from db import MatchRecord, Store
from service.common.model import Actor
from service.match.core import Matches

LINK = "https://discord.com/channels/{guild}/{channel}"


@dataclass
class Turn:
    """One match waiting for the caller."""

    match: MatchRecord
    title: str
    opponents: list[str]
    waited: timedelta

    @property
    def link(self) -> str | None:
        """A jump link to the match's thread (or channel); None outside a server."""
        place = self.match.thread_id or self.match.channel_id
        if self.match.guild_id is None or place is None:
            return None
        return LINK.format(guild=self.match.guild_id, channel=place)


async def my_turns(store: Store, matches: Matches, actor: Actor,
                   now: datetime | None = None) -> list[Turn]:
    """Matches in any guild where one of the actor's seats must act, longest wait first.

    ``actor.guild_id`` is ignored on purpose: the overview spans servers (and DMs).
    """
    now = now or datetime.now(UTC)
    turns = []
    for match in await store.running_for_user(actor.user_id):
        game, state = matches.state_of(match)
        mine = {s.seat for s in match.seats if s.user_id == actor.user_id and not s.resigned}
        if not mine.intersection(game.to_act(state)):
            continue
        others = [matches.name(s) for s in match.by_seat() if s.user_id != actor.user_id]
        waited = max(now - datetime.fromisoformat(match.updated_at), timedelta(0))
        turns.append(Turn(match, game.title, others, waited))
    turns.sort(key=lambda t: (-t.waited, t.match.id))
    return turns


def turns_lines(turns: list[Turn]) -> list[str]:
    """The overview as lines for an ephemeral reply."""
    if not turns:
        return ["No match is waiting for your move right now."]
    count = len(turns)
    lines = [f"Your turn in {count} match{'es' if count != 1 else ''} (longest wait first):"]
    for turn in turns:
        versus = ", ".join(turn.opponents) or "nobody"
        line = (f"**{turn.title}** #{turn.match.id} vs {versus} — waiting "
                f"{waited_text(turn.waited)}")
        lines.append(f"{line} — {turn.link}" if turn.link else line)
    return lines


def waited_text(waited: timedelta) -> str:
    """``3 d 4 h``, ``5 h 20 min``, ``12 min``, or ``under a minute``."""
    minutes = int(waited.total_seconds() // 60)
    days, rest = divmod(minutes, 24 * 60)
    hours, minutes = divmod(rest, 60)
    if days:
        return f"{days} d {hours} h"
    if hours:
        return f"{hours} h {minutes} min"
    return f"{minutes} min" if minutes else "under a minute"
