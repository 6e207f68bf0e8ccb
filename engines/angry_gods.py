"""Angry Gods: a SiegeStones variant for 2 players by Aaron Bradford Starr.

Players take turns placing a stone of any colour from a common pool as a Leader (in a
space) or a Follower (on an intersection). A Leader surrounded by six followers ascends
as a God; an empty space surrounded becomes a False God. Worshippers score one point per
God of their colour. Rules: ``../shared/seeds/angry-gods.txt`` and the rulings
``../shared/rules/angry-gods.md``; the players' version is ``rules/angry-gods.md``.

Geometry: 37 spaces in a hexagon of radius 3 (pointy-top, rows ``A``–``G`` of 4, 5, 6,
7, 6, 5, 4 spaces numbered from the left). An intersection is a corner shared by three
spaces of the board (54 of them); it is named by any of its spaces plus a corner
direction (``n``, ``ne``, ``se``, ``s``, ``sw``, ``nw``) and printed with the name from
the topmost, then leftmost, of its three spaces (always an ``se`` or ``s`` corner).

Stone accounting: the 80 stones are always ``pool + leaders + gods + followers +
worshippers``; worshippers (initial and gained) are taken out of the pool and never
return to it. Removed followers return to the pool.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from engines.base import GameBase, IllegalMove, Result, chance, normalise, plural, seat_name

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
_SPACE_ORDER = {s: i for i, s in enumerate(SPACES)}
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


# --------------------------------------------------------------------------- state


@dataclass
class AngryGodsState:
    seed: int
    step: int = 0
    turn: int = 0
    pool: dict[str, int] = field(default_factory=dict)
    leaders: dict[str, str] = field(default_factory=dict)  # space -> colour
    gods: dict[str, str] = field(default_factory=dict)  # space -> colour
    false_gods: list[str] = field(default_factory=list)  # spaces, in notation order
    followers: dict[str, str] = field(default_factory=dict)  # intersection -> colour
    worshippers: list[list[str]] = field(default_factory=list)  # per seat, in gained order
    towers_left: int = TOWERS
    placements: int = 0
    last: list[str] = field(default_factory=list)  # placed position + completed spaces
    removed: list[str] = field(default_factory=list)  # followers removed by the last move
    end: str = ""  # why the game ended; "" while it runs


@dataclass(frozen=True)
class Placement:
    role: str
    colour: str
    position: str

    @property
    def notation(self) -> str:
        return f"{self.role} {self.colour} {self.position}"


def _copy(s: AngryGodsState) -> AngryGodsState:
    return AngryGodsState(
        seed=s.seed,
        step=s.step,
        turn=s.turn,
        pool=dict(s.pool),
        leaders=dict(s.leaders),
        gods=dict(s.gods),
        false_gods=list(s.false_gods),
        followers=dict(s.followers),
        worshippers=[list(w) for w in s.worshippers],
        towers_left=s.towers_left,
        placements=s.placements,
        last=list(s.last),
        removed=list(s.removed),
        end=s.end,
    )


def _occupant(s: AngryGodsState, space: str) -> str | None:
    if space in s.leaders:
        return f"a {s.leaders[space]} leader"
    if space in s.gods:
        return f"a {s.gods[space]} god"
    if space in s.false_gods:
        return "a False God"
    return None


def _false_god_next_to(s: AngryGodsState, space: str) -> str | None:
    for n in NEIGHBOURS[space]:
        if n in s.false_gods:
            return n
    return None


def _false_god_at_corner(s: AngryGodsState, intersection: str) -> str | None:
    for sp in INTERSECTION_SPACES[intersection]:
        if sp in s.false_gods:
            return sp
    return None


def _leader_spots(s: AngryGodsState) -> list[str]:
    fg = set(s.false_gods)
    return [
        sp
        for sp in INNER_SPACES
        if sp not in s.leaders
        and sp not in s.gods
        and sp not in fg
        and not any(n in fg for n in NEIGHBOURS[sp])
    ]


def _follower_spots(s: AngryGodsState) -> list[str]:
    if not s.leaders:
        return []
    fg = set(s.false_gods)
    candidates: set[str] = set()
    for sp in s.leaders:
        candidates.update(CORNERS[sp])
    return [
        i
        for i in INTERSECTIONS
        if i in candidates
        and i not in s.followers
        and not any(sp in fg for sp in INTERSECTION_SPACES[i])
    ]


def _follower_colours(s: AngryGodsState) -> list[str]:
    led = set(s.leaders.values())
    return [c for c in COLOURS if c in led and s.pool.get(c, 0) > 0]


def _pool_colours(s: AngryGodsState) -> list[str]:
    return [c for c in COLOURS if s.pool.get(c, 0) > 0]


def _any_placement(s: AngryGodsState) -> bool:
    if _pool_colours(s) and _leader_spots(s):
        return True
    return bool(_follower_colours(s)) and bool(_follower_spots(s))


def score(s: AngryGodsState) -> list[int]:
    gods = Counter(s.gods.values())
    return [sum(gods[c] for c in w) for w in s.worshippers]


# --------------------------------------------------------------------------- parsing


def parse_position(text: str) -> tuple[str, str]:
    """``("space", "D4")`` or ``("intersection", "C3se")``; raises IllegalMove."""
    t = "".join(text.lower().split())
    m = _POSITION.match(t)
    if not m:
        raise IllegalMove(
            f"{text!r} is not a board position: name a space such as D4 "
            "or an intersection such as D4n"
        )
    space_key = m.group(1) + m.group(2)
    if space_key not in _SPACE_LOWER:
        row = m.group(1).upper()
        length = ROW_LENGTHS[ROWS.index(row)]
        raise IllegalMove(f"row {row} has only {length} spaces ({row}1–{row}{length})")
    space = _SPACE_LOWER[space_key]
    if m.group(3) is None:
        return "space", space
    canonical = _ALIASES.get(t)
    if canonical is None:
        raise IllegalMove(
            f"the {m.group(3)} corner of {space} is on the edge of the board, not an intersection"
        )
    return "intersection", canonical


def intersection_name(text: str) -> str:
    """The one canonical name of an intersection given by any of its three names:
    ``intersection_name("D4n") == intersection_name("c4sw") == "C3se"`` (the corner of
    its topmost, then leftmost, space; always an ``se`` or ``s`` corner). The notation,
    the view's keys and the board picture's labels all use it. Raises IllegalMove."""
    kind, name = parse_position(text)
    if kind != "intersection":
        raise IllegalMove(f"{name} is a space, not an intersection: add a corner, e.g. {name}n")
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
            "`leader red D4` or `follower blue D4n`"
        )
    kind, position = parse_position("".join(rest))
    if role is None:
        role = "leader" if kind == "space" else "follower"
    if role == "leader" and kind != "space":
        raise IllegalMove(
            f"a leader goes in a space such as {position[:2]}, "
            f"not on an intersection like {position}"
        )
    if role == "follower" and kind != "intersection":
        raise IllegalMove(
            f"a follower goes on an intersection (a corner such as "
            f"{position}n), not in the space {position}"
        )
    return Placement(role, colour, position)


# --------------------------------------------------------------------------- the game


class AngryGods(GameBase):
    slug = "angry-gods"
    title = "Angry Gods"
    min_players = 2
    max_players = 2
    options = ()

    # -- set-up

    def setup(self, players: int, seed: int, options: dict | None = None) -> AngryGodsState:
        self.parse_options(options or {})
        if players != 2:
            raise ValueError("Angry Gods is played by exactly 2 players")
        s = AngryGodsState(
            seed=seed, pool={c: STONES_PER_COLOUR for c in COLOURS}, worshippers=[[], []]
        )
        first = self._draw_pair(s)
        while True:
            second = self._draw_pair(s)
            if sorted(second) != sorted(first):
                break
            for c in second:  # the same pair: the stones go back and the second redraws
                s.pool[c] += 1
        s.worshippers = [first, second]
        return s

    @staticmethod
    def _draw_pair(s: AngryGodsState) -> list[str]:
        rng = chance(s.seed, s.step)
        s.step += 1
        bag = [c for c in COLOURS for _ in range(s.pool[c])]
        pair = rng.sample(bag, 2)
        for c in pair:
            s.pool[c] -= 1
        return pair

    # -- turns

    def to_act(self, state: AngryGodsState) -> list[int]:
        return [] if state.end else [state.turn]

    def legal_moves(self, state: AngryGodsState, seat: int) -> list[str]:
        if state.end or seat != state.turn:
            return []
        moves = []
        spots = _leader_spots(state)
        for c in _pool_colours(state):
            moves.extend(f"leader {c} {sp}" for sp in spots)
        colours = _follower_colours(state)
        if colours:
            spots = _follower_spots(state)
            for c in colours:
                moves.extend(f"follower {c} {i}" for i in spots)
        return moves

    def check(self, state: AngryGodsState, seat: int, move: str) -> Placement:
        """The parsed placement if legal; raises IllegalMove telling why not."""
        if state.end:
            raise IllegalMove("the game is over")
        if seat != state.turn:
            raise IllegalMove("it is not your turn")
        p = parse_move(move)
        if p.role == "leader":
            self._check_leader(state, p)
        else:
            self._check_follower(state, p)
        if state.pool.get(p.colour, 0) <= 0:
            raise IllegalMove(f"there is no {p.colour} stone left in the pool")
        return p

    @staticmethod
    def _check_leader(s: AngryGodsState, p: Placement) -> None:
        there = _occupant(s, p.position)
        if there:
            raise IllegalMove(f"{p.position} already holds {there}")
        if p.position in OUTER_RING:
            raise IllegalMove(
                f"{p.position} is on the outermost ring, where no leader may be placed"
            )
        fg = _false_god_next_to(s, p.position)
        if fg:
            raise IllegalMove(
                f"{p.position} is next to the False God on {fg}, and no leader "
                "may be placed next to a False God"
            )

    @staticmethod
    def _check_follower(s: AngryGodsState, p: Placement) -> None:
        i = p.position
        if i in s.followers:
            raise IllegalMove(f"{i} already holds a {s.followers[i]} follower")
        fg = _false_god_at_corner(s, i)
        if fg:
            raise IllegalMove(
                f"{i} is next to the False God on {fg}, and no follower may be "
                "placed next to a False God"
            )
        if not any(sp in s.leaders for sp in INTERSECTION_SPACES[i]):
            around = ", ".join(INTERSECTION_SPACES[i])
            raise IllegalMove(
                f"{i} is not next to a leader (its spaces {around} hold none): "
                "a follower must be placed next to a leader"
            )
        if p.colour not in s.leaders.values():
            raise IllegalMove(
                f"there is no {p.colour} leader on the board, and a follower "
                "needs a leader of its colour somewhere on the board"
            )

    def play(self, state: AngryGodsState, seat: int, move: str) -> AngryGodsState:
        return self._apply(state, seat, move)[0]

    def _apply(
        self, state: AngryGodsState, seat: int, move: str
    ) -> tuple[AngryGodsState, list[dict]]:
        p = self.check(state, seat, move)
        s = _copy(state)
        s.pool[p.colour] -= 1
        s.placements += 1
        s.removed = []
        s.last = [p.position]
        if p.role == "leader":
            s.leaders[p.position] = p.colour
            touched: tuple[str, ...] = (p.position,)
        else:
            s.followers[p.position] = p.colour
            touched = INTERSECTION_SPACES[p.position]
        events = self._resolve(s, seat, touched)
        s.turn = 1 - seat
        gods = len(s.gods)
        if gods >= GODS_TO_END:
            s.end = "the ninth god arose"
        elif s.towers_left <= 0:
            s.end = f"all {TOWERS} towers are used"
        elif not _any_placement(s):
            s.end = "no legal placement is left"
        return s, events

    @staticmethod
    def _surrounded(s: AngryGodsState, space: str) -> bool:
        corners = CORNERS[space]
        return len(corners) == 6 and all(i in s.followers for i in corners)

    def _resolve(self, s: AngryGodsState, seat: int, touched: tuple[str, ...]) -> list[dict]:
        """Ascensions first (in notation order), then False Gods; removals after each."""
        events: list[dict] = []
        for sp in sorted(touched, key=_SPACE_ORDER.__getitem__):
            if sp not in s.leaders or s.towers_left <= 0 or not self._surrounded(s, sp):
                continue
            colour = s.leaders.pop(sp)
            s.gods[sp] = colour
            s.towers_left -= 1
            counts = Counter(s.followers[i] for i in CORNERS[sp]).most_common()
            majority = counts[0][0] if len(counts) == 1 or counts[0][1] > counts[1][1] else None
            gained = None
            if majority and s.pool[majority] > 0:
                s.pool[majority] -= 1
                s.worshippers[seat].append(majority)
                gained = majority
            removed = []
            for i in CORNERS[sp]:
                if s.followers[i] != colour:
                    continue
                protected = any(
                    other != sp and s.gods.get(other) == colour for other in INTERSECTION_SPACES[i]
                )
                if not protected:
                    removed.append(i)
            for i in removed:
                s.pool[s.followers.pop(i)] += 1
            s.removed.extend(removed)
            s.last.append(sp)
            events.append(
                {
                    "kind": "god",
                    "space": sp,
                    "colour": colour,
                    "majority": majority,
                    "gained": gained,
                    "removed": removed,
                }
            )
        for sp in sorted(touched, key=_SPACE_ORDER.__getitem__):
            if _occupant(s, sp) is not None or s.towers_left <= 0 or not self._surrounded(s, sp):
                continue
            s.towers_left -= 1
            s.false_gods = sorted([*s.false_gods, sp], key=_SPACE_ORDER.__getitem__)
            removed = list(CORNERS[sp])
            for i in removed:
                s.pool[s.followers.pop(i)] += 1
            s.removed.extend(removed)
            s.last.append(sp)
            events.append({"kind": "false_god", "space": sp, "removed": removed})
        return events

    # -- views and words

    def view(self, state: AngryGodsState, seat: int | None) -> dict:
        board: dict[str, dict[str, str]] = {}
        for sp in SPACES:
            if sp in state.leaders:
                board[sp] = {"role": "leader", "colour": state.leaders[sp]}
            elif sp in state.gods:
                board[sp] = {"role": "god", "colour": state.gods[sp]}
            elif sp in state.false_gods:
                board[sp] = {"role": "false_god"}
        for i in INTERSECTIONS:
            if i in state.followers:
                board[i] = {"role": "follower", "colour": state.followers[i]}
        gods = Counter(state.gods.values())
        res = self.result(state)
        return {
            "board": board,
            "to_act": self.to_act(state),
            "turn": state.turn,
            "scores": score(state),
            "last": list(state.last),
            "removed": list(state.removed),
            "worshippers": [list(w) for w in state.worshippers],
            "pool": {c: state.pool[c] for c in COLOURS},
            "towers_left": state.towers_left,
            "gods": {c: gods[c] for c in COLOURS},
            "placements": state.placements,
            "over": bool(state.end),
            "result": res.to_dict() if res else None,
        }

    def describe(
        self, state_before: AngryGodsState, seat: int, move: str, viewer: int | None
    ) -> str:
        who = seat_name(seat)
        try:
            after, events = self._apply(state_before, seat, move)
        except IllegalMove:
            return f"{who} tried {move!r}, which is not a legal move."
        p = parse_move(move)
        parts = [f"{who} placed a {p.colour} {p.role} on {p.position}"]
        for e in events:
            if e["kind"] == "god":
                text = f"the {e['colour']} leader on {e['space']} ascended as a god"
                if e["gained"]:
                    text += f" and {who} gained a {e['gained']} worshipper"
                elif e["majority"]:
                    text += f" (no {e['majority']} stone was left in the pool to worship it)"
                else:
                    text += " with no majority colour around it, so no worshipper"
            else:
                text = f"a False God arose on {e['space']}"
            n = len(e["removed"])
            if n:
                text += f", removing {plural(n, 'follower')}"
            parts.append(text)
        sentence = "; ".join(parts)
        if after.end:
            sentence += f"; the game is over: {after.end}"
        return sentence + "."

    def result(self, state: AngryGodsState) -> Result | None:
        if not state.end:
            return None
        return Result.from_scores(score(state), state.end)

    # -- persistence

    def dump(self, state: AngryGodsState) -> dict:
        # Explicit copies: dataclasses.asdict deep-copies and is ~20 times slower.
        s = state
        return {
            "seed": s.seed,
            "step": s.step,
            "turn": s.turn,
            "pool": dict(s.pool),
            "leaders": dict(s.leaders),
            "gods": dict(s.gods),
            "false_gods": list(s.false_gods),
            "followers": dict(s.followers),
            "worshippers": [list(w) for w in s.worshippers],
            "towers_left": s.towers_left,
            "placements": s.placements,
            "last": list(s.last),
            "removed": list(s.removed),
            "end": s.end,
        }

    def load(self, data: dict) -> AngryGodsState:
        return AngryGodsState(
            seed=int(data["seed"]),
            step=int(data.get("step", 0)),
            turn=int(data.get("turn", 0)),
            pool={c: int(data.get("pool", {}).get(c, 0)) for c in COLOURS},
            leaders=dict(data.get("leaders", {})),
            gods=dict(data.get("gods", {})),
            false_gods=sorted(data.get("false_gods", []), key=_SPACE_ORDER.__getitem__),
            followers=dict(data.get("followers", {})),
            worshippers=[list(w) for w in data.get("worshippers", [[], []])],
            towers_left=int(data.get("towers_left", TOWERS)),
            placements=int(data.get("placements", 0)),
            last=list(data.get("last", [])),
            removed=list(data.get("removed", [])),
            end=str(data.get("end", "")),
        )


GAME = AngryGods()
