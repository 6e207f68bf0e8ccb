"""What happened since a player's last turn, as the console shows it: on resume (the
moves since the player to act last moved) and after each move (the service's recap
without the moves still on the screen)."""

from __future__ import annotations

import re
from collections.abc import Sequence

import speech
from db import RUNNING, MatchRecord
from service import Service
from service.match.recent import recent

RECAP = re.compile(r"(Since .+'s last turn|Before .+'s first turn):")


def unrepeated(lines: list[str], printed: list[str], names: Sequence[str] = ()) -> list[str]:
    """A post's lines without the recap of moves that are still on the screen (the
    service writes the recap for a reader who was away; at one keyboard the moves were
    just shown): when the recap's first steps are on the screen, its head and those steps
    go, and what is new (the move that passed the turn) stays, named as it was posted.

    The service recaps a player's turn as one line ("Bo rolled 5; converted f6; ended
    their turn."), so a line is taken step by step; the steps on the screen are the
    recap's oldest ones, in order, found from the screen's last showing of the first."""
    if not lines or not RECAP.fullmatch(lines[0]):
        return lines
    end = next((i for i in range(1, len(lines)) if lines[i].startswith("To act")),
               len(lines))
    recapped = [[step.strip().rstrip(".") for step in line.split("; ")]
                for line in lines[1:end]]
    on_screen = "\n".join(printed)
    shown = steps_on_screen([step for line in recapped for step in line], on_screen)
    if not shown:
        return lines
    kept: list[str] = []
    for steps in recapped:
        rest, shown = steps[shown:], max(0, shown - len(steps))
        if not rest:
            continue
        if rest[0] is not steps[0]:  # the player's name went with their shown steps
            who = max((n for n in names if steps[0].startswith(n + " ")), key=len,
                      default="")
            rest = [f"{who} {rest[0]}".strip(), *rest[1:]]
        kept.append("; ".join(rest) + ".")
    return [*kept, *lines[end:]]


def steps_on_screen(steps: list[str], on_screen: str) -> int:
    """How many of ``steps``, from the first, are on the screen in order."""
    if not steps or not steps[0]:
        return 0
    at = on_screen.rfind(steps[0])
    count = 0
    for step in steps:
        found = on_screen.find(step, at) if step else -1
        if found < 0:
            break
        at = found + len(step)
        count += 1
    return count


async def since_last_turn(service: Service, match: MatchRecord) -> list[speech.Words]:
    """What happened since the player to act last moved (every move before their
    first), in everyone's words; the last move when nobody is to act."""
    game, state = service.state_of(match)
    moves = await service.store.moves(match.id)
    acting = game.to_act(state)[:1] if match.status == RUNNING else []
    if not moves:
        return []
    if not acting:
        said = moves[-1].said
        return [speech.Text("match-last-move", {"move": service.matches.named(
            match, speech.restored(said))})] if said else []
    since = recent(moves, acting[0])
    name = match.names[acting[0]]
    head = speech.Text("match-since-last-turn" if any(m.seat == acting[0] for m in moves)
                       else "match-before-first-turn", {"who": name})
    return [head, *(service.matches.named(match, speech.restored(m.said))
                    for m in since if m.said)]
