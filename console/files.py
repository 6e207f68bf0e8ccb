"""Where the console keeps its pictures: a folder per player for private ones, and
numbers that go on where a resumed match left off."""

from __future__ import annotations

import re
from pathlib import Path

from service import Actor


def folder_name(actor: Actor) -> str:
    """A folder name for a player's private pictures: their name, safe as a path."""
    safe = re.sub(r"[^\w.-]+", "-", actor.name).strip("-.") or "player"
    return f"{actor.user_id}-{safe}"[:40]


def last_picture(boards: Path, match_id: int) -> int:
    """The highest picture number already saved for the match (0 for none), so a resumed
    match never overwrites its earlier pictures."""
    numbers = [int(parts[2]) for path in boards.rglob(f"match-{match_id}-*")
               if len(parts := path.name.split("-", 3)) > 2 and parts[2].isdigit()]
    return max(numbers, default=0)
