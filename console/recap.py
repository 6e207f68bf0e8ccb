"""What happened since a player's last turn, as the console shows it: on resume (the
moves since the player to act last moved) and after each move (the service's recap
without the moves still on the screen)."""

from __future__ import annotations

import re
from collections import Counter

from db import RUNNING, MatchRecord
from service import Service
from service.recent import recent

RECAP = re.compile(r"(Since .+'s last turn|Before .+'s first turn):")


def unrepeated(lines: list[str], printed: list[str]) -> list[str]:
    """A post's lines without the recap of moves that are still on the screen: the
    recap's head and the moves after it already printed go (the service writes the
    recap for a reader who was away; at one keyboard the moves were just shown)."""
    if not lines or not RECAP.fullmatch(lines[0]):
        return lines
    shown = Counter(printed)
    kept = 1
    while kept < len(lines) and shown[lines[kept]] > 0:
        shown[lines[kept]] -= 1
        kept += 1
    return lines if kept == 1 else lines[kept:]


async def since_last_turn(service: Service, match: MatchRecord) -> list[str]:
    """What happened since the player to act last moved (every move before their
    first), in everyone's words; the last move when nobody is to act."""
    game, state = service.state_of(match)
    moves = await service.store.moves(match.id)
    acting = game.to_act(state)[:1] if match.status == RUNNING else []
    if not moves:
        return []
    if not acting:
        said = moves[-1].said
        return [f"Last move: {service.matches.named(match, said)}"] if said else []
    since = recent(moves, acting[0])
    name = match.names[acting[0]]
    head = (f"Since {name}'s last turn:" if any(m.seat == acting[0] for m in moves)
            else f"Before {name}'s first turn:")
    return [head, *(service.matches.named(match, m.said) for m in since if m.said)]
