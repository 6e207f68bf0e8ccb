"""Angry Gods' board and notation: 37 spaces in a hexagon, the 54 intersections where
three spaces meet (each with one canonical name), and parsing a written move."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from engines.base import IllegalMove, normalise

COLOURS: tuple[str, ...] = ("red", "yellow", "green", "blue")
STONES_PER_COLOUR = 20
TOWERS = 9
GODS_TO_END = 9
ROWS = "ABCDEFG"
ROW_LENGTHS = (4, 5, 6, 7, 6, 5, 4)
DIRECTIONS: tuple[str, ...] = ("n", "ne", "se", "s", "sw", "nw")
# Corner offsets in half-units: x in units of (sqrt(3)/2)·R, y in units of R/2, where a
# space's centre is (2q + r, 3r) for axial coordinates (q, r).
_CORNER_OFFSETS = {
    "n": (0, -2),
    "ne": (1, -1),
    "se": (1, 1),
    "s": (0, 2),
    "sw": (-1, 1),
    "nw": (-1, -1),
}
_NEIGHBOUR_STEPS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

_COLOUR_WORDS = {c: c for c in COLOURS} | {c[0]: c for c in COLOURS}
_ROLE_WORDS = {"leader": "leader", "l": "leader", "follower": "follower", "f": "follower"}
_POSITION = re.compile(r"^([a-g])([1-7])(n|ne|se|s|sw|nw)?$")


# --------------------------------------------------------------------------- geometry


def _build_geometry() -> tuple[Any, ...]:
    axial: dict[str, tuple[int, int]] = {}
    spaces: list[str] = []
    for row_index, letter in enumerate(ROWS):
        r = row_index - 3
        q_min = max(-3, -3 - r)
        for k in range(ROW_LENGTHS[row_index]):
            name = f"{letter}{k + 1}"
            axial[name] = (q_min + k, r)
            spaces.append(name)
    at = {v: k for k, v in axial.items()}
    neighbours = {
        s: tuple(
            sorted(
                (at[(q + dq, r + dr)] for dq, dr in _NEIGHBOUR_STEPS if (q + dq, r + dr) in at),
                key=spaces.index,
            )
        )
        for s, (q, r) in axial.items()
    }
    outer = frozenset(s for s, (q, r) in axial.items() if max(abs(q), abs(r), abs(q + r)) == 3)
    # Every corner of every space, grouped by the point where it lies.
    points: dict[tuple[int, int], list[tuple[str, str]]] = {}
    for s in spaces:
        q, r = axial[s]
        cx, cy = 2 * q + r, 3 * r
        for d in DIRECTIONS:
            dx, dy = _CORNER_OFFSETS[d]
            points.setdefault((cx + dx, cy + dy), []).append((s, d))
    aliases: dict[str, str] = {}
    intersection_spaces: dict[str, tuple[str, ...]] = {}
    corner_names: dict[str, str] = {}  # alias -> canonical, for the three names
    for owners in points.values():
        if len(owners) != 3:
            continue
        top = min(owners, key=lambda o: spaces.index(o[0]))
        canonical = f"{top[0]}{top[1]}"
        for s, d in owners:
            aliases[f"{s}{d}".lower()] = canonical
            corner_names[f"{s}{d}"] = canonical
        intersection_spaces[canonical] = tuple(sorted((o[0] for o in owners), key=spaces.index))
    intersections = sorted(
        intersection_spaces,
        key=lambda i: (spaces.index(_space_of(i)), DIRECTIONS.index(i[len(_space_of(i)) :])),
    )
    corners = {
        s: tuple(corner_names[f"{s}{d}"] for d in DIRECTIONS if f"{s}{d}" in corner_names)
        for s in spaces
    }
    return (
        tuple(spaces),
        axial,
        neighbours,
        outer,
        tuple(intersections),
        aliases,
        intersection_spaces,
        corners,
    )


def _space_of(name: str) -> str:
    return name[:2]


(SPACES, AXIAL, NEIGHBOURS, OUTER_RING, INTERSECTIONS, _ALIASES, INTERSECTION_SPACES, CORNERS) = (
    _build_geometry()
)
INNER_SPACES: tuple[str, ...] = tuple(s for s in SPACES if s not in OUTER_RING)
SPACE_ORDER = {s: i for i, s in enumerate(SPACES)}
_SPACE_LOWER = {s.lower(): s for s in SPACES}


def corner_point(space: str, direction: str) -> tuple[int, int]:
    """A corner's position in half-units (see ``_CORNER_OFFSETS``), for renderers."""
    q, r = AXIAL[space]
    dx, dy = _CORNER_OFFSETS[direction]
    return 2 * q + r + dx, 3 * r + dy


def intersection_point(name: str) -> tuple[int, int]:
    return corner_point(name[:2], name[2:])


def space_point(space: str) -> tuple[int, int]:
    q, r = AXIAL[space]
    return 2 * q + r, 3 * r



@dataclass(frozen=True)
class Placement:
    role: str
    colour: str
    position: str

    @property
    def notation(self) -> str:
        return f"{self.role} {self.colour} {self.position}"



# --------------------------------------------------------------------------- parsing


def parse_position(text: str) -> tuple[str, str]:
    """``("space", "D4")`` or ``("intersection", "C3se")``; raises IllegalMove."""
    t = "".join(text.lower().split())
    m = _POSITION.match(t)
    if not m:
        raise IllegalMove(
            f"{text!r} is not a board position: name a space such as D4 "
            "or an intersection such as D4n", rule="Notation"
        )
    space_key = m.group(1) + m.group(2)
    if space_key not in _SPACE_LOWER:
        row = m.group(1).upper()
        length = ROW_LENGTHS[ROWS.index(row)]
        raise IllegalMove(f"row {row} has only {length} spaces ({row}1–{row}{length})",
                          rule="Board")
    space = _SPACE_LOWER[space_key]
    if m.group(3) is None:
        return "space", space
    canonical = _ALIASES.get(t)
    if canonical is None:
        raise IllegalMove(
            f"the {m.group(3)} corner of {space} is on the edge of the board, not an "
            "intersection (a gap where 3 spaces touch)", rule="Board"
        )
    return "intersection", canonical


def intersection_name(text: str) -> str:
    """The one canonical name of an intersection given by any of its three names:
    ``intersection_name("D4n") == intersection_name("c4sw") == "C3se"`` (the corner of
    its topmost, then leftmost, space; always an ``se`` or ``s`` corner). The notation,
    the view's keys and the board picture's labels all use it. Raises IllegalMove."""
    kind, name = parse_position(text)
    if kind != "intersection":
        raise IllegalMove(f"{name} is a space, not an intersection: add a corner, e.g. {name}n",
                          rule="Notation")
    return name


def parse_move(move: str) -> Placement:
    tokens = normalise(move).split()
    role = colour = None
    rest: list[str] = []
    for i, tok in enumerate(tokens):
        if i < 2 and role is None and tok in _ROLE_WORDS:
            role = _ROLE_WORDS[tok]
        elif i < 2 and colour is None and tok in _COLOUR_WORDS:
            colour = _COLOUR_WORDS[tok]
        else:
            rest = tokens[i:]
            break
    if colour is None or not rest:
        raise IllegalMove(
            "write a move as a role, a colour and a place, e.g. "
            "`leader red D4` or `follower blue D4n`", rule="Notation"
        )
    kind, position = parse_position("".join(rest))
    if role is None:
        role = "leader" if kind == "space" else "follower"
    if role == "leader" and kind != "space":
        raise IllegalMove(
            f"a leader goes in a space such as {position[:2]}, "
            f"not on an intersection like {position}", rule="A turn"
        )
    if role == "follower" and kind != "intersection":
        raise IllegalMove(
            f"a follower goes on an intersection (a corner such as "
            f"{position}n), not in the space {position}", rule="A turn"
        )
    return Placement(role, colour, position)


