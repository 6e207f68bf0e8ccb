"""Terra's rules as functions over a state: legal placements, war, discards, turn flow.

The turn-flow functions mutate the state they are given: ``play`` calls them on a fresh
copy (``clone``), never on its input.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any

from engines.base import IllegalMove, chance, copied, seat_name
from engines.terra.board import (
    ARMY,
    EXCLUSIVE,
    NEIGHBOURS,
    PLOTS,
    STRUCTURES,
    TYPE_ORDER,
    near,
)

RESERVE_LIMIT = 4
DRAW = 2
MAX_TURNS = 600

WAR, BUILD, DISCARD, OVER = "war", "build", "discard", "over"
# WAR is no longer a phase of its own (saved states in it load as BUILD with war open):
# war is offered in the build phase, until the player goes to war, says nowar or builds.

REASON_FULL = "all 81 plots are occupied"
REASON_STUCK = "a full round passed in which nobody could place a structure"
REASON_LIMIT = f"the {MAX_TURNS}-turn limit was reached"


@dataclass
class TerraState:
    """Everything about a match, as plain data (JSON-safe, compared with ==)."""

    players: int
    seed: int
    step: int  # chance events used so far
    options: dict[str, Any]
    board: dict[str, list]  # plot -> [owner, structure type]
    cups: list[list[str]]  # per seat; drawn from the end; hidden from everyone
    reserves: list[list[str]]  # per seat, in canonical type order
    discards: list[list[str]]  # per seat
    mountains: list[str]
    river: list[str]
    first: int  # who took the first turn (the coin flip)
    turn: int  # whose turn it is
    phase: str  # build | discard | over
    turns: int  # turns begun so far
    idle: int  # turns in a row in which the player could place no structure
    last: list[str] = field(default_factory=list)  # plots touched in the latest turn
    last_turn: int = 0  # the turn ``last`` belongs to
    auto: list[list] = field(default_factory=list)  # automatic events of the latest move
    reason: str = ""  # why the game ended
    war_open: bool = True  # war may still be declared this turn (before building)


def clone(s: TerraState) -> TerraState:
    return copied(s, lists=("mountains", "river", "last"),
                  nested=("cups", "reserves", "discards", "auto"), dicts=("options", "board"))


# ---- rules helpers ---------------------------------------------------------------------


def placement_problem(s: TerraState, seat: int, kind: str, plot: str) -> IllegalMove | None:
    """The rule that forbids ``seat`` to build ``kind`` on ``plot`` (ignoring the
    reserve), or None."""
    if plot in s.board:
        owner, there = s.board[plot]
        whose = "your" if owner == seat else f"{seat_name(owner)}'s"
        return IllegalMove(f"a structure goes on an empty plot, and {plot} is already "
                           f"occupied by {whose} {there}", rule="A turn")
    if kind in EXCLUSIVE:
        for n in NEIGHBOURS[plot]:
            held = s.board.get(n)
            if held is not None and held[1] == kind and held[0] != seat:
                return IllegalMove(
                    f"a {kind} may not go next to an enemy {kind} "
                    f"({seat_name(held[0])}'s {kind} on {n})", rule="A turn")
    if s.options.get("terrain"):
        if kind == "mine" and plot not in near(s.mountains):
            return IllegalMove("a mine must be placed on or next to a mountain plot",
                               rule="Options")
        if kind == "farm" and plot not in near(s.river):
            return IllegalMove("a farm must be placed on or next to a river plot",
                               rule="Options")
    return None


def placements(s: TerraState, seat: int, first_only: bool = False) -> list[tuple[str, str]]:
    """Every (type, plot) ``seat`` may build now from its reserve."""
    kinds = [k for k in STRUCTURES if k in s.reserves[seat]]
    if not kinds:
        return []
    empty = [p for p in PLOTS if p not in s.board]
    terrain = bool(s.options.get("terrain"))
    allowed: dict[str, frozenset[str] | None] = {k: None for k in kinds}
    if terrain:
        allowed["mine"] = near(s.mountains)
        allowed["farm"] = near(s.river)
    found = []
    for kind in kinds:
        area = allowed[kind]
        barred = _barred(s, seat, kind) if kind in EXCLUSIVE else frozenset()
        for plot in empty:
            if (area is not None and plot not in area) or plot in barred:
                continue
            found.append((kind, plot))
            if first_only:
                return found
    return found


def _barred(s: TerraState, seat: int, kind: str) -> set[str]:
    """The plots next to another seat's ``kind`` (castle, temple, palace): ``seat`` may
    not put its own there. Gathered from the structures on the map, not asked of each
    empty plot's eight neighbours: legal moves are listed at every step of every search."""
    return {n for plot, (owner, held) in s.board.items() if held == kind and owner != seat
            for n in NEIGHBOURS[plot]}


def war_targets(s: TerraState, seat: int) -> list[str]:
    if ARMY not in s.reserves[seat] or not s.war_open:
        return []
    return [p for p in PLOTS if p in s.board and s.board[p][0] != seat]


def discard_options(reserve: list[str]) -> list[tuple[str, ...]]:
    """Every choice of 1 up to (size - 4) chits to discard, in canonical order."""
    excess = len(reserve) - RESERVE_LIMIT
    found: set[tuple[str, ...]] = set()
    for n in range(1, excess + 1):
        found.update(itertools.combinations(reserve, n))
    return sorted(found, key=lambda c: (len(c), [TYPE_ORDER[t] for t in c]))


def remove_chit(chits: list[str], kind: str) -> None:
    chits.remove(kind)


def add_chit(chits: list[str], kind: str) -> None:
    chits.append(kind)
    chits.sort(key=TYPE_ORDER.__getitem__)


# ---- turn flow (mutates the fresh copy made by ``play``) ---------------------------------


def draw(s: TerraState, seat: int) -> None:
    for _ in range(DRAW):
        cup = s.cups[seat]
        if not cup and s.discards[seat]:
            refill = list(s.discards[seat])
            chance(s.seed, s.step).shuffle(refill)
            s.step += 1
            s.cups[seat] = cup = refill
            s.discards[seat] = []
        if not cup:
            return
        add_chit(s.reserves[seat], cup.pop())


def start_turn(s: TerraState, seat: int) -> None:
    s.turn = seat
    s.turns += 1
    s.phase = BUILD
    s.war_open = True
    draw(s, seat)
    settle(s)


def secret(s: TerraState) -> bool:
    """Reserves are private (the default): no step may pass by itself for want of a
    chit, since that would show the public what the reserve holds."""
    return not s.options.get("open_reserves")


def pass_build(s: TerraState) -> None:
    """The player builds nothing this turn (nothing of the reserve can be placed)."""
    s.idle += 1
    s.war_open = False
    s.phase = DISCARD


def settle(s: TerraState) -> None:
    """Run the automatic steps until a player has a choice to make or the game ends.

    With private reserves the steps that depend on the reserve always wait for the
    player (``pass`` when nothing can be built, the discard when all chits are alike),
    so the public sees the same turn whatever the reserve holds."""
    seat = s.turn
    if s.phase == WAR:
        s.phase = BUILD
    if s.phase == BUILD:
        if placements(s, seat, first_only=True) or war_targets(s, seat) or secret(s):
            return
        pass_build(s)
        s.auto.append(["pass", seat])
    if s.phase == DISCARD:
        reserve = s.reserves[seat]
        if len(reserve) > RESERVE_LIMIT:
            if len(set(reserve)) > 1 or secret(s):
                return  # the player chooses
            dropped = reserve[RESERVE_LIMIT:]
            del reserve[RESERVE_LIMIT:]
            s.discards[seat].extend(dropped)
            s.auto.append(["discard", seat, dropped])
        end_turn(s)


def end_turn(s: TerraState) -> None:
    if s.idle >= s.players:
        finish(s, REASON_STUCK)
    elif s.turns >= MAX_TURNS:
        finish(s, REASON_LIMIT)
    else:
        start_turn(s, (s.turn + 1) % s.players)


def finish(s: TerraState, reason: str) -> None:
    s.phase = OVER
    s.reason = reason
    s.auto.append(["end", reason])


def touch(s: TerraState, plot: str) -> None:
    if s.last_turn != s.turns:
        s.last = []
        s.last_turn = s.turns
    if plot not in s.last:
        s.last.append(plot)
