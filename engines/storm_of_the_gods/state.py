"""The state of a match of Storm of the Gods: plain data, cheap to copy, JSON-safe."""

from __future__ import annotations

from dataclasses import dataclass, field, fields

from engines.base import copied
from engines.storm_of_the_gods.map import CENTRE, NEIGHBOURS
from engines.storm_of_the_gods.tile import BUILT, MEN, NOBODY, OWNER, SANCT

TILE_POPULATIONS = (0,) * 8 + (1,) * 12 + (2,) * 14 + (3,) * 12 + (4,) * 8 + (5,) * 5
WORSHIPPERS = 30
START_COMMUNITY = 7
CONSTRUCTIONS = 5
MAX_TURNS = 300

# Phases: "wind" (choose the wind's direction), "occupy" (an emptied tile), "convert"
# (one tile the wind drew), "develop" (actions, then end), "over".


@dataclass
class State:
    players: int
    seed: int
    step: int = 0
    order: list[int] = field(default_factory=list)
    turn: int = 0
    current: int = 0
    phase: str = "wind"
    face: str = ""
    steps: int = 0
    direction: str = ""
    tiles: dict[str, list[int]] = field(default_factory=dict)
    stack: list[int] = field(default_factory=list)
    discarded: int = 0
    wind: str = CENTRE
    wind_from: str = CENTRE
    path: list[str] = field(default_factory=list)
    attacked: str = ""
    drawn: list[str] = field(default_factory=list)
    explored: list[str] = field(default_factory=list)
    emptied: str = ""
    used: list[str] = field(default_factory=list)
    community: list[int] = field(default_factory=list)
    limbo: list[int] = field(default_factory=list)
    encircled_since: int | None = None
    pending: list[int] = field(default_factory=list)
    last: list[str] = field(default_factory=list)
    events: list[str] = field(default_factory=list)
    outcome: dict | None = None


_LISTS = (
    "order",
    "stack",
    "path",
    "drawn",
    "explored",
    "used",
    "community",
    "limbo",
    "pending",
    "last",
    "events",
)


def clone(state: State) -> State:
    """A copy sharing no mutable container with ``state``."""
    new = copied(state, lists=_LISTS)
    new.tiles = {p: list(t) for p, t in state.tiles.items()}
    if state.outcome is not None:
        new.outcome = {k: (list(v) if isinstance(v, list) else v) for k, v in state.outcome.items()}
    return new


def dump(state: State) -> dict:
    copy = clone(state)
    data = {f.name: getattr(copy, f.name) for f in fields(State)}
    data["tiles"] = dict(sorted(copy.tiles.items()))
    if copy.outcome is not None:
        data["outcome"]["ranking"] = [list(g) for g in copy.outcome["ranking"]]
    return data


def load(data: dict) -> State:
    names = {f.name for f in fields(State)}
    unknown = set(data) - names
    if unknown:
        raise ValueError(f"unknown fields in a Storm of the Gods state: {sorted(unknown)}")
    state = State(players=int(data["players"]), seed=int(data["seed"]))
    for name in names - {"players", "seed"}:
        if name in data:
            setattr(state, name, data[name])
    for name in _LISTS:
        setattr(state, name, list(getattr(state, name)))
    state.tiles = {str(p): [int(x) for x in t] for p, t in state.tiles.items()}
    if state.outcome is not None:
        state.outcome = {
            "scores": list(state.outcome["scores"]),
            "ranking": [list(g) for g in state.outcome["ranking"]],
            "reason": str(state.outcome["reason"]),
        }
    return state


# ---- reading the map -------------------------------------------------------------------


def is_held(tile: list[int]) -> bool:
    """A tile someone holds: worshippers, a construction or a sanctuary on it."""
    return tile[MEN] > 0 or tile[BUILT] > 0 or tile[SANCT] > 0


def on_map(state: State, seat: int) -> int:
    return sum(t[MEN] for t in state.tiles.values() if t[OWNER] == seat)


def constructions(state: State, seat: int) -> int:
    return sum(t[BUILT] for t in state.tiles.values() if t[OWNER] == seat)


def sanctuary_of(state: State, seat: int) -> str | None:
    for p, t in state.tiles.items():
        if t[SANCT] and t[OWNER] == seat:
            return p
    return None


def tile_points(tile: list[int]) -> int:
    return tile[MEN] + 3 * tile[BUILT] + 10 * tile[SANCT]


def belief_points(state: State) -> list[int]:
    points = [0] * state.players
    for t in state.tiles.values():
        if t[OWNER] != NOBODY:
            points[t[OWNER]] += tile_points(t)
    return points


def is_empty_position(state: State, position: str) -> bool:
    """A position of the map with no tile on it (the Compass tile is always there)."""
    return position != CENTRE and position not in state.tiles


def surrounded(state: State) -> bool:
    """True when none of the wind's neighbours is an empty position."""
    return not any(is_empty_position(state, n) for n in NEIGHBOURS[state.wind])
