"""Moves: parsing the notation, why a move is illegal, the legal list, and applying it."""

from __future__ import annotations

from dataclasses import dataclass

from engines.base import IllegalMove, normalise, plural, turn_problem
from engines.storm_of_the_gods import tile as T
from engines.storm_of_the_gods.map import (
    DIRECTION_NAMES,
    DIRECTIONS,
    FACE_CHOICES,
    NEIGHBOURS,
    POSITIONS,
    to_coords,
)
from engines.storm_of_the_gods.state import (
    CONSTRUCTIONS,
    State,
    constructions,
    is_empty_position,
    is_held,
    sanctuary_of,
)
from engines.storm_of_the_gods.wind import (
    discard,
    end_turn,
    move_wind,
    offer_convert,
    strengthen,
    wind_convertible,
)

VERBS = ("wind", "occupy", "convert", "skip", "build", "destroy", "explore", "sanctuary", "end")
_DIRECTION_WORDS = {d: d for d in DIRECTIONS}
_DIRECTION_WORDS.update({name.replace("-", ""): d for d, name in DIRECTION_NAMES.items()})
_DIRECTION_WORDS.update({name: d for d, name in DIRECTION_NAMES.items()})
STEPS = ("wind", "occupy", "convert", "develop")
"""The steps of a turn, in order (the state's ``phase``): the wind's direction, occupying
the tile it emptied, converting a tile it drew, development."""
STEPS_OF = {"wind": ("wind",), "occupy": ("occupy",), "skip": ("occupy", "convert"),
            "convert": ("convert", "develop")}
"""The steps each verb is played in (any other verb: development)."""
STEP_NAMES = {"wind": "choosing the wind's direction", "occupy": "occupying",
              "skip": "occupying or converting after the wind", "convert": "converting"}
"""What a verb's steps are called in a refusal (any other verb: development)."""
_OVER = {
    "wind": "the wind moves once, at the start of a turn, and it has already moved this turn",
    "occupy": "only a tile the wind has just emptied may be occupied, right after it moves",
    "skip": "skip passes on those, and there is nothing to skip in development",
}


@dataclass(frozen=True)
class Move:
    verb: str
    target: str = ""
    keep: bool = False
    source: str = ""  # the construction or sanctuary an exploration is made from

    def notation(self) -> str:
        text = " ".join(p for p in (self.verb, self.target) if p)
        if self.source:
            text += f" from {self.source}"
        return text + (" keep" if self.keep else "")


def direction(words: list[str]) -> str | None:
    """The hex direction named by ``words`` (``s``, ``south``, ``south-west``,
    ``southwest``, ``south west``, ``SW``), or None."""
    return _DIRECTION_WORDS.get("".join(words))


def wind_hint(state: State) -> str:
    """What may be said in the wind phase: only the directions the compass allows."""
    options = " or ".join(f"{DIRECTION_NAMES[d]} ({d})" for d in FACE_CHOICES[state.face])
    return f"the compass shows {state.face}: send the wind {options}, e.g. wind " + (
        FACE_CHOICES[state.face][0])


def parse(text: str) -> Move:
    words = normalise(text).split()
    if not words:
        raise IllegalMove("the move is empty: write an action, e.g. convert f6, or end")
    verb, rest = words[0], words[1:]
    if verb in ("pass", "done"):
        verb = "end"
    if verb not in VERBS and direction(words) is not None:
        return Move("wind", direction(words) or "")
    if verb not in VERBS:
        raise IllegalMove(f"unknown move {verb!r}: moves are {', '.join(VERBS)}")
    if verb in ("skip", "end"):
        if rest and rest != ["turn"]:
            raise IllegalMove(f"{verb} takes nothing after it")
        return Move(verb)
    if verb == "wind":
        if direction(rest) is None:
            raise IllegalMove("name a direction: wind n, ne, se, s, sw or nw", rule="Wind")
        return Move(verb, direction(rest) or "")
    source = ""
    if verb == "explore" and len(rest) >= 2:
        *rest, source = rest
        if rest and rest[-1] == "from":
            rest = rest[:-1]
        try:
            to_coords(source)
        except ValueError as error:
            raise IllegalMove(str(error), rule="Map") from None
    keep = False
    if rest and rest[-1] == "keep":
        if verb != "build":
            raise IllegalMove("only build takes keep: build f6 keep", rule="Development")
        keep, rest = True, rest[:-1]
    position = "".join(rest)
    if not position:
        raise IllegalMove(f"{verb} needs a position, e.g. {verb} f6")
    try:
        to_coords(position)
    except ValueError as error:
        raise IllegalMove(str(error), rule="Map") from None
    return Move(verb, position, keep, source)


# ---- why a move is illegal (None when it is legal) --------------------------------------


def _short(state: State, seat: int, cost: int, what: str) -> str | None:
    have = state.community[seat]
    if have < cost:
        return f"{what} needs {plural(cost, 'worshipper')} from your community and you have {have}"
    return None


def section(state: State, move: Move) -> str:
    """The rules text's section (its label) whose rule refuses ``move`` now."""
    if state.phase in ("wind", "occupy", "convert") or move.verb in ("wind", "occupy"):
        return "Wind"
    return "Development"


def why_not(state: State, seat: int, move: Move) -> str | None:
    """Why ``seat`` may not play ``move`` now, as the rule that forbids it; None if it may."""
    problem = turn_problem(state.phase == "over", seat, state.current)
    if problem is not None:
        return problem
    verb, p = move.verb, move.target
    phase = state.phase
    if phase not in STEPS_OF.get(verb, ("develop",)):
        return _out_of_step(state, verb)
    if phase == "wind":
        if p not in FACE_CHOICES[state.face]:
            return wind_hint(state)
        return None
    if phase == "occupy":
        if verb == "skip":
            return None
        if p != state.emptied:
            return f"only {state.emptied}, emptied by the wind, may be occupied"
        return _short(state, seat, state.tiles[p][T.POP] + 1, f"occupying {p}")
    if phase == "convert":
        if verb == "skip":
            return None
        return _why_not_wind_convert(state, seat, p)
    if verb == "end":
        return None
    if p in state.used and not (verb == "convert" and p in state.explored):
        return (f"a tile takes one action per turn, and {p} has already been used by an "
                "action this turn")
    if verb == "explore":
        return _explore(state, seat, p, move.source)
    return _DEVELOP[verb](state, seat, p, move.keep)


def _out_of_step(state: State, verb: str) -> str:
    """Why ``verb``, played in other steps of the turn than this one, is refused: its step
    is over or has not come yet, and what to do now."""
    steps = STEPS_OF.get(verb, ("develop",))
    name = STEP_NAMES.get(verb, "development")
    if state.phase == "wind":
        now = f"choose the wind's direction; {wind_hint(state)}"
    elif state.phase == "occupy":
        now = f"occupy {state.emptied} or skip"
    elif state.phase == "convert":
        now = "convert one tile the wind drew or skip"
    else:
        now = "play an action or end your turn"
    if STEPS.index(state.phase) < STEPS.index(steps[0]):
        return f"{name} has not come yet: first {now}"
    return f"{name} is over: {_OVER[verb]}; now {now}"


def _why_not_wind_convert(state: State, seat: int, p: str) -> str | None:
    if p not in state.drawn:
        return f"{p} was not drawn by the wind this turn: only a drawn tile may be converted now"
    if p == state.wind:
        return "no worshipper may be placed on the tile under Vaal Er Num"
    return _short(state, seat, state.tiles[p][T.POP] + 1, f"converting {p}")


def _convert(state: State, seat: int, p: str, keep: bool) -> str | None:
    tile = state.tiles.get(p)
    if tile is None:
        return f"there is no tile on {p}"
    if p == state.wind:
        return "no worshipper may be placed on the tile under Vaal Er Num"
    if not is_held(tile):
        if p in state.explored:
            return _short(state, seat, tile[T.POP] + 1, f"converting {p}")
        if p in state.drawn:
            return "only one tile drawn by the wind may be converted, before strengthening"
        return (f"you may convert a tile you explored this turn or another god's tile with "
                f"worshippers only, and {p} is neither")
    if tile[T.OWNER] == seat:
        return f"you convert another god's tile, and {p} is already yours"
    if tile[T.SANCT]:
        return "a sanctuary cannot be attacked"
    if tile[T.BUILT]:
        return (f"only a tile with worshippers only may be converted, and {p} holds a "
                "construction: destroy it instead")
    return _short(state, seat, tile[T.MEN] + 1, f"converting {p}")


def _held_since_before(state: State, seat: int, p: str, what: str) -> tuple[list | None, str]:
    tile = state.tiles.get(p)
    if tile is None:
        return None, f"there is no tile on {p}"
    if tile[T.OWNER] != seat or not tile[T.MEN]:
        return None, f"{what} needs a tile held by your worshippers"
    if tile[T.SINCE] >= state.turn:
        return None, (f"{what} needs a tile you held before this turn, and {p} was taken "
                      f"this turn: {what} must wait for your next turn")
    return tile, ""


def _build(state: State, seat: int, p: str, keep: bool) -> str | None:
    tile, why = _held_since_before(state, seat, p, "a construction")
    if tile is None:
        return why
    if tile[T.BUILT]:
        return f"a tile holds one construction at most, and {p} already has a construction"
    if not 1 <= tile[T.POP] <= 4:
        return (f"a construction stands only on a tile of population 1–4, and {p} has "
                f"population {tile[T.POP]}")
    if constructions(state, seat) >= CONSTRUCTIONS:
        return (f"each god has {CONSTRUCTIONS} constructions, and all your "
                f"{CONSTRUCTIONS} constructions are on the map")
    return _short(state, seat, 2, "a construction")


def _sanctuary(state: State, seat: int, p: str, keep: bool) -> str | None:
    tile, why = _held_since_before(state, seat, p, "a sanctuary")
    if tile is None:
        return why
    if tile[T.POP] != 5:
        return (f"a sanctuary stands only on a tile of population 5, and {p} has "
                f"population {tile[T.POP]}")
    if tile[T.SANCT]:
        return f"each god has one sanctuary, and {p} already has a sanctuary"
    if sanctuary_of(state, seat) is not None:
        return "each god has one sanctuary, and you already have a sanctuary on the map"
    return _short(state, seat, 3, "a sanctuary")


def _destroy(state: State, seat: int, p: str, keep: bool) -> str | None:
    tile = state.tiles.get(p)
    if tile is None:
        return f"there is no tile on {p}"
    if tile[T.SANCT]:
        return "a sanctuary cannot be destroyed"
    if not tile[T.BUILT]:
        return f"destroy takes a construction, and there is no construction on {p}"
    if tile[T.OWNER] == seat:
        return _short(state, seat, 1, f"destroying your construction on {p}")
    if p in NEIGHBOURS[state.wind]:
        return f"the construction on {p} stands next to Vaal Er Num and cannot be attacked"
    return _short(state, seat, tile[T.MEN] + 3, f"destroying the construction on {p}")


def buildings_next_to(state: State, seat: int, p: str) -> list[str]:
    """``seat``'s constructions and sanctuary next to position ``p``."""
    return [
        n for n in NEIGHBOURS[p]
        if (t := state.tiles.get(n)) is not None and t[T.OWNER] == seat
        and (t[T.BUILT] or t[T.SANCT])
    ]


def explore_sources(state: State, seat: int, p: str) -> list[str]:
    """The buildings an exploration of ``p`` may be made from: each construction or
    sanctuary is the source of one exploration a turn, and none once used this turn."""
    return sorted((n for n in buildings_next_to(state, seat, p) if n not in state.used),
                  key=POSITIONS.index)


def _explore(state: State, seat: int, p: str, source: str = "") -> str | None:
    if not is_empty_position(state, p):
        return f"exploring draws a tile onto an empty hex, and {p} is not an empty position"
    around = buildings_next_to(state, seat, p)
    if not around:
        return (f"exploring draws a tile next to your construction or sanctuary, and {p} "
                "is not next to one of your constructions or your sanctuary")
    free = explore_sources(state, seat, p)
    if source:
        if source not in around:
            return f"{source} is not one of your constructions or your sanctuary next to {p}"
        if source in state.used:
            return (f"{source} has already been used this turn: a construction or sanctuary "
                    "is the source of one exploration a turn, and none after another action")
    elif not free:
        return (f"every construction or sanctuary of yours next to {p} has been used this "
                "turn: each is the source of one exploration a turn, and none after another "
                "action")
    elif len(free) > 1:
        return (f"{p} touches several of your buildings: say which one it is explored from, "
                f"e.g. explore {p} from {free[0]}")
    if not state.stack:
        return "exploring draws the stack's top tile, and the stack of tiles is empty"
    return _short(state, seat, 1, "exploring")


_DEVELOP = {
    "convert": _convert,
    "build": _build,
    "sanctuary": _sanctuary,
    "destroy": _destroy,
}


# ---- the legal list -----------------------------------------------------------------


def legal_moves(state: State, seat: int) -> list[str]:
    if state.phase == "over" or seat != state.current:
        return []
    if state.phase == "wind":
        return [f"wind {d}" for d in FACE_CHOICES[state.face]]
    if state.phase == "occupy":
        moves = (
            []
            if why_not(state, seat, Move("occupy", state.emptied))
            else [f"occupy {state.emptied}"]
        )
        return [*moves, "skip"]
    if state.phase == "convert":
        return [f"convert {p}" for p in wind_convertible(state)] + ["skip"]
    moves: list[str] = []
    if state.community[seat]:
        explore: set[str] = set()
        for p in sorted(state.tiles):
            tile = state.tiles[p]
            owner = tile[T.OWNER]
            if owner == seat:
                verbs: tuple[str, ...] = ("build", "destroy", "sanctuary")
                if (tile[T.BUILT] or tile[T.SANCT]) and p not in state.used:
                    explore.update(n for n in NEIGHBOURS[p] if is_empty_position(state, n))
            elif owner == T.NOBODY:
                verbs = ("convert",) if p in state.explored else ()
            else:
                verbs = ("destroy",) if tile[T.BUILT] else ("convert",)
            for verb in verbs:
                candidate = Move(verb, p)
                if why_not(state, seat, candidate) is None:
                    moves.append(candidate.notation())
                    if verb == "build":
                        moves.append(f"build {p} keep")
        if state.stack:
            for p in sorted(explore, key=POSITIONS.index):
                sources = explore_sources(state, seat, p)
                if len(sources) == 1:
                    moves.append(f"explore {p}")
                else:
                    moves.extend(f"explore {p} from {source}" for source in sources)
    moves.append("end")
    return moves


# ---- applying a move ------------------------------------------------------------------


def apply(state: State, seat: int, move: Move) -> list[str]:
    """Play a legal ``move`` on ``state`` (a copy); returns the positions it touched."""
    verb, p = move.verb, move.target
    touched = [p] if p else []
    if verb == "wind":
        move_wind(state, p)
        return []
    if verb == "skip":
        if state.phase == "occupy":
            state.events.append(f"{state.emptied} is discarded")
            touched = [state.emptied]
            discard(state, state.emptied)
            state.emptied = ""
            offer_convert(state)
        else:
            strengthen(state)
        return touched
    if verb == "end":
        end_turn(state)
        return []
    tile = state.tiles.get(p)
    if verb == "occupy":
        _place(state, seat, p, tile[T.POP] + 1)
        state.emptied = ""
        offer_convert(state)
    elif verb == "convert":
        cost = tile[T.MEN] + 1 if is_held(tile) else tile[T.POP] + 1
        _to_limbo(state, tile)
        _place(state, seat, p, cost)
        if state.phase == "convert":
            strengthen(state)
    elif verb == "build":
        state.community[seat] -= 2
        state.limbo[seat] += 2
        tile[T.BUILT] = 1
        if not move.keep:
            state.limbo[seat] += tile[T.MEN]
            tile[T.MEN] = 0
    elif verb == "sanctuary":
        state.community[seat] -= 3
        state.limbo[seat] += 3
        tile[T.SANCT] = 1
    elif verb == "destroy":
        if tile[T.OWNER] == seat:
            state.community[seat] -= 1
            state.limbo[seat] += 1
            tile[T.BUILT] = 0
            if not tile[T.MEN]:
                tile[T.OWNER] = T.NOBODY
        else:
            cost = tile[T.MEN] + 3
            _to_limbo(state, tile)
            tile[T.BUILT] = 0
            _place(state, seat, p, cost)
    elif verb == "explore":
        state.community[seat] -= 1
        state.limbo[seat] += 1
        state.tiles[p] = [state.stack.pop(), T.NOBODY, 0, 0, 0, 0]
        state.explored.append(p)
        source = move.source or explore_sources(state, seat, p)[0]
        state.used.append(source)
    if p not in state.used:
        state.used.append(p)
    return touched


def _to_limbo(state: State, tile: list[int]) -> None:
    """The defenders of a tile go back to their owner's Limbo."""
    if tile[T.OWNER] != T.NOBODY:
        state.limbo[tile[T.OWNER]] += tile[T.MEN]
    tile[T.MEN] = 0


def _place(state: State, seat: int, p: str, count: int) -> None:
    tile = state.tiles[p]
    state.community[seat] -= count
    tile[T.OWNER] = seat
    tile[T.MEN] = count
    tile[T.SINCE] = state.turn
    if p not in state.used:
        state.used.append(p)
