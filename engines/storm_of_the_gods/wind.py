"""The turn's automatic machinery: the roll, Vaal Er Num's move and its attacks,
strengthening with sanctuary upkeep, the end of a turn and the victory checks.

Every function here changes the (already copied) state it is given.
"""

from __future__ import annotations

from engines.base import Result, chance, plural, seat_name
from engines.storm_of_the_gods import tile as T
from engines.storm_of_the_gods.map import (
    CENTRE,
    COMPASS_FACES,
    DIRECTION_NAMES,
    FACE_CHOICES,
    NEIGHBOURS,
    STEP,
)
from engines.storm_of_the_gods.state import (
    MAX_TURNS,
    State,
    belief_points,
    constructions,
    is_held,
    sanctuary_of,
    surrounded,
    tile_points,
)

DIE_FACES = (1, 2, 3, 1, 2, 3)


# ---- tiles leaving the map ----------------------------------------------------------


def discard(state: State, position: str) -> None:
    """Remove a tile from the game; a tile vanishing beside the wind breaks its encirclement."""
    del state.tiles[position]
    state.discarded += 1
    if position in NEIGHBOURS[state.wind]:
        state.encircled_since = None


# ---- the start of a turn ---------------------------------------------------------------


def qualifies_for_constructions(state: State, seat: int) -> bool:
    return sanctuary_of(state, seat) is not None and constructions(state, seat) >= 2


def begin_turn(state: State) -> None:
    """Victory checks, then the roll; the wind moves at once unless a choice is needed."""
    state.used, state.drawn, state.explored = [], [], []
    state.emptied = state.attacked = state.direction = ""
    state.face, state.steps = "", 0
    seat = state.current
    if state.turn > MAX_TURNS:
        finish(state, "safety")
        return
    if seat in state.pending:
        state.pending.remove(seat)
        if qualifies_for_constructions(state, seat):
            finish(state, "constructions", winner=seat)
            return
    if surrounded(state):
        if state.encircled_since is None:
            state.encircled_since = seat
            state.events.append(f"Vaal Er Num is surrounded (seen at {seat_name(seat)}'s turn)")
        elif state.encircled_since == seat:
            finish(state, "encirclement")
            return
    else:
        state.encircled_since = None
    rng = chance(state.seed, state.step)
    state.step += 1
    state.face = rng.choice(COMPASS_FACES)
    state.steps = rng.choice(DIE_FACES)
    choices = FACE_CHOICES[state.face]
    if len(choices) == 1:
        state.events.append(f"{seat_name(seat)} rolled {state.face} {state.steps}")
        move_wind(state, choices[0])
    else:
        state.phase = "wind"
        options = " or ".join(f"{DIRECTION_NAMES[d]} ({d})" for d in choices)
        state.events.append(
            f"{seat_name(seat)} rolled {state.face} {state.steps} and chooses {options}"
        )


# ---- Vaal Er Num moves -------------------------------------------------------------------


def move_wind(state: State, direction: str) -> None:
    """Move the wind ``steps`` positions towards ``direction``, drawing and attacking."""
    state.direction = direction
    start = position = state.wind
    path: list[str] = []
    stop = ""
    hit: tuple[str, int] | None = None
    for taken in range(state.steps):
        target = STEP[position][direction]
        if target is None:
            stop = "the edge of the map"
            break
        if target == CENTRE:
            stop = "the Compass tile"
            break
        tile = state.tiles.get(target)
        if tile is not None and tile[T.SANCT]:
            stop = f"the sanctuary on {target}"
            break
        if tile is not None and is_held(tile):
            hit = (target, state.steps - taken)
            break
        if tile is None:
            if not state.stack:
                _land(state, start, position, path)
                finish(state, "stack")  # says "the stack of tiles ran out" (once)
                return
            state.tiles[target] = [state.stack.pop(), T.NOBODY, 0, 0, 0, 0]
            state.drawn.append(target)
        path.append(target)
        position = target
    _land(state, start, position, path)
    towards = DIRECTION_NAMES[direction]
    note = f", stopped by {stop}" if stop else ""
    if path:
        state.events.append(f"the wind blows {towards} to {position}{note}")
    elif hit is None:
        state.events.append(f"the wind cannot blow {towards} from {position}{note}")
    if hit is not None:
        attack(state, *hit)
    if state.emptied:
        tile = state.tiles[state.emptied]
        if state.community[state.current] >= tile[T.POP] + 1:
            state.phase = "occupy"
            return
        state.events.append(f"{state.emptied} is discarded")
        discard(state, state.emptied)
        state.emptied = ""
    offer_convert(state)


def _land(state: State, start: str, position: str, path: list[str]) -> None:
    state.wind_from = start
    state.path = path
    if position != start:
        state.wind = position
        state.encircled_since = None
        left = state.tiles.get(start)
        if left is not None and not is_held(left):
            discard(state, start)


def attack(state: State, position: str, strength: int) -> None:
    """Each remaining step removes a worshipper; a construction absorbs the first two."""
    tile = state.tiles[position]
    owner = tile[T.OWNER]
    absorbed = min(2, strength) if tile[T.BUILT] else 0
    removed = min(strength - absorbed, tile[T.MEN])
    tile[T.MEN] -= removed
    state.limbo[owner] += removed
    state.attacked = position
    parts = [f"the wind attacks {position} with {plural(strength, 'step')}"]
    if absorbed:
        parts.append(f"the construction absorbs {absorbed}")
    go = "goes" if removed == 1 else "go"
    parts.append(f"{removed} of {seat_name(owner)}'s worshippers {go} to Limbo")
    state.events.append(", ".join(parts))
    if not is_held(tile):
        tile[T.OWNER] = T.NOBODY
        tile[T.SINCE] = 0
        state.emptied = position


def wind_convertible(state: State) -> list[str]:
    """Tiles drawn by this move that the roller may convert now (not under the wind)."""
    community = state.community[state.current]
    return [
        p
        for p in state.drawn
        if p != state.wind
        and p in state.tiles
        and not is_held(state.tiles[p])
        and p not in state.used
        and community >= state.tiles[p][T.POP] + 1
    ]


def offer_convert(state: State) -> None:
    if wind_convertible(state):
        state.phase = "convert"
    else:
        strengthen(state)


# ---- strengthening ----------------------------------------------------------------------


def strengthen(state: State) -> None:
    """Limbo to community: 1, +1 per 3 plain tiles, +1 per building; then sanctuary upkeep."""
    seat = state.current
    plain = buildings = 0
    for tile in state.tiles.values():
        if tile[T.OWNER] != seat:
            continue
        if tile[T.BUILT] or tile[T.SANCT]:
            buildings += 1
        elif tile[T.MEN]:
            plain += 1
    gain = min(state.limbo[seat], 1 + plain // 3 + buildings)
    state.limbo[seat] -= gain
    state.community[seat] += gain
    note = f"{seat_name(seat)} gains {plural(gain, 'worshipper')}"
    sanctuary = sanctuary_of(state, seat)
    if sanctuary is not None:
        if state.community[seat] >= 1:
            state.community[seat] -= 1
            state.limbo[seat] += 1
            note += " and pays 1 for the sanctuary"
        else:
            tile = state.tiles[sanctuary]
            tile[T.SANCT] = 0
            note += f" and cannot keep the sanctuary on {sanctuary}: it is removed"
            if not is_held(tile):
                discard(state, sanctuary)
    state.events.append(note)
    state.phase = "develop"


# ---- the end of a turn ------------------------------------------------------------------


def end_turn(state: State) -> None:
    """Discard the tiles nobody holds (not the wind's), note a construction victory in
    waiting, and start the next player's turn."""
    for position in sorted(state.tiles):
        if position != state.wind and not is_held(state.tiles[position]):
            discard(state, position)
    seat = state.current
    if qualifies_for_constructions(state, seat) and seat not in state.pending:
        state.pending.append(seat)
        state.events.append(
            f"{seat_name(seat)} holds a sanctuary and 2 constructions: "
            "they win if they still do when their turn comes back"
        )
    index = state.order.index(seat)
    state.current = state.order[(index + 1) % len(state.order)]
    state.turn += 1
    begin_turn(state)


def prune_pending(state: State) -> None:
    state.pending = [s for s in state.pending if qualifies_for_constructions(state, s)]


# ---- the end of the game -------------------------------------------------------------


def finish(state: State, how: str, winner: int | None = None) -> None:
    state.phase = "over"
    totals = belief_points(state)
    if how == "constructions" and winner is not None:
        others = Result.from_scores([totals[s] for s in range(state.players)], "")
        ranking = [[winner]] + [[s for s in g if s != winner] for g in others.ranking]
        ranking = [g for g in ranking if g]
        reason = (
            f"{seat_name(winner)} kept a sanctuary and {constructions(state, winner)} "
            "constructions for a whole round"
        )
        result = Result(totals, ranking, reason)
    elif how == "encirclement":
        around = [0] * state.players
        for n in NEIGHBOURS[state.wind]:
            tile = state.tiles.get(n)
            if tile is not None and tile[T.OWNER] != T.NOBODY:
                around[tile[T.OWNER]] += tile_points(tile)
        result = Result.from_scores(
            around, "Vaal Er Num stayed surrounded for a whole round: most belief points around it"
        )
    elif how == "stack":
        result = Result.from_scores(totals, "the stack of tiles ran out: most belief points")
    else:
        result = Result.from_scores(
            totals, f"safety stop after {MAX_TURNS} turns: most belief points"
        )
    state.outcome = result.to_dict()
    state.events.append(result.reason)
