"""Storm of the Gods: the engine contract over the rules in this package."""

from __future__ import annotations

import random
from collections import Counter

from engines.base import GameBase, IllegalMove, Result, chance, check_turn, plural, seat_name
from engines.storm_of_the_gods import actions
from engines.storm_of_the_gods import tile as T
from engines.storm_of_the_gods.map import CENTRE, DIRECTION_NAMES, FACE_CHOICES
from engines.storm_of_the_gods.state import (
    CONSTRUCTIONS,
    MAX_TURNS,
    START_COMMUNITY,
    TILE_POPULATIONS,
    WORSHIPPERS,
    State,
    belief_points,
    clone,
    constructions,
    dump,
    is_held,
    load,
    sanctuary_of,
    surrounded,
)
from engines.storm_of_the_gods.wind import begin_turn, prune_pending


class StormOfTheGods(GameBase):
    slug = "storm-of-the-gods"
    title = "Storm of the Gods"
    min_players = 2
    max_players = 6
    # The seed shuffles the face-down tile stack at set-up (its order is hidden) and
    # rolls the wind's dice during play.
    public_setup = False
    chance_after_setup = True

    # ---- set-up and turns -----------------------------------------------------------

    def setup(self, players: int, seed: int, options: dict | None = None) -> State:
        self.setup_options(players, options)
        state = State(players=players, seed=seed)
        stack = list(TILE_POPULATIONS)
        chance(seed, 0).shuffle(stack)
        first = chance(seed, 1).randrange(players)
        state.step = 2
        state.stack = stack
        state.order = [(first + i) % players for i in range(players)]
        state.current = first
        state.turn = 1
        state.community = [START_COMMUNITY] * players
        state.limbo = [WORSHIPPERS - START_COMMUNITY] * players
        begin_turn(state)
        return state

    def to_act(self, state: State) -> list[int]:
        return [] if state.phase == "over" else [state.current]

    def legal_moves(self, state: State, seat: int) -> list[str]:
        return actions.legal_moves(state, seat)

    def play(self, state: State, seat: int, move: str) -> State:
        check_turn(state.phase == "over", seat, state.current)
        try:
            parsed = actions.parse(move)
        except IllegalMove:
            if state.phase == "wind":  # name only the directions the compass allows
                raise IllegalMove(actions.wind_hint(state), rule="Wind") from None
            raise
        why = actions.why_not(state, seat, parsed)
        if why:
            raise IllegalMove(why, rule=actions.section(state, parsed))
        new = clone(state)
        new.events = []
        touched = actions.apply(new, seat, parsed)
        if parsed.verb == "wind" or (parsed.verb == "end" and new.direction):
            touched += [new.wind_from, *new.path]
            if new.attacked:
                touched.append(new.attacked)
        prune_pending(new)
        new.last = list(dict.fromkeys(touched))
        return new

    def result(self, state: State) -> Result | None:
        if state.outcome is None:
            return None
        return Result(
            list(state.outcome["scores"]),
            [list(g) for g in state.outcome["ranking"]],
            state.outcome["reason"],
        )

    def reveals(self, state: State, seat: int, move: str) -> bool:
        """A tile drawn from the face-down stack (shuffled at set-up, so no seed change
        shows it) reveals its population; anything else as :class:`GameBase` judges."""
        if len(self.play(state, seat, move).stack) < len(state.stack):
            return True
        return super().reveals(state, seat, move)

    def dump(self, state: State) -> dict:
        return dump(state)

    def determinise(self, state: State, seat: int | None, rng: random.Random) -> State:
        """Only the order of the face-down stack is secret (the discarded tiles lie face
        up, see ``discarded_populations`` in the view), the same for every seat and the
        public: the stack's tiles (all tiles less those on the map and the discards) are
        shuffled again, and future rolls come from a fresh seed."""
        new = clone(state)
        pool = sorted(state.stack)
        rng.shuffle(pool)
        new.stack = pool
        new.seed, new.step = rng.getrandbits(62), 0
        return new

    @staticmethod
    def discarded_populations(state: State) -> list[int]:
        """How many discarded tiles have each population 0–5 (face up for the rest of the
        game): every tile less those on the map and in the stack."""
        left = Counter(TILE_POPULATIONS)
        left.subtract(t[T.POP] for t in state.tiles.values())
        left.subtract(state.stack)
        return [left[pop] for pop in range(6)]

    def load(self, data: dict) -> State:
        return load(data)

    # ---- what players see ------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> dict:
        board: dict[str, dict] = {CENTRE: {"compass": True}}
        for p, t in sorted(state.tiles.items()):
            board[p] = {
                "population": t[T.POP],
                "owner": None if t[T.OWNER] == T.NOBODY else t[T.OWNER],
                "worshippers": t[T.MEN],
                "construction": bool(t[T.BUILT]),
                "sanctuary": bool(t[T.SANCT]),
            }
        n = state.players
        return {
            "board": board,
            "to_act": self.to_act(state),
            "scores": belief_points(state),
            "last": list(state.last),
            "players": n,
            "order": list(state.order),
            "current": state.current,
            "turn": state.turn,
            "max_turns": MAX_TURNS,
            "phase": state.phase,
            "wind": state.wind,
            "wind_from": state.wind_from,
            "path": list(state.path),
            "attacked": state.attacked or None,
            "roll": {"face": state.face, "steps": state.steps, "direction": state.direction or None}
            if state.face
            else None,
            "choices": list(FACE_CHOICES[state.face]) if state.phase == "wind" else [],
            "emptied": state.emptied or None,
            "drawn": [p for p in state.drawn if p in state.tiles],
            "explored": [p for p in state.explored if p in state.tiles],
            "used": list(state.used),
            "community": list(state.community),
            "limbo": list(state.limbo),
            "constructions": [constructions(state, s) for s in range(n)],
            "constructions_left": [CONSTRUCTIONS - constructions(state, s) for s in range(n)],
            "sanctuaries": [sanctuary_of(state, s) for s in range(n)],
            "stack_size": len(state.stack),
            "discarded": state.discarded,
            "discarded_populations": self.discarded_populations(state),
            "surrounded": surrounded(state),
            "encircled_since": state.encircled_since,
            "pending_construction_victory": list(state.pending),
            "events": list(state.events),
            "result": None if state.outcome is None else self.result(state).to_dict(),
        }

    def describe(self, state_before: State, seat: int, move: str, viewer: int | None) -> str:
        name = seat_name(seat)
        try:
            parsed = actions.parse(move)
            after = self.play(state_before, seat, move)
        except IllegalMove:
            return f"{name} tried {move!r}, which is not a legal move."
        p = parsed.target
        before = state_before.tiles.get(p)
        if parsed.verb == "wind":
            text = f"{name} sent Vaal Er Num {DIRECTION_NAMES[p]}"
        elif parsed.verb == "skip" and state_before.phase == "occupy":
            text = f"{name} did not occupy {state_before.emptied}"
        elif parsed.verb == "skip":
            text = f"{name} converted none of the tiles the wind drew"
        elif parsed.verb == "end":
            text = f"{name} ended their turn"
        elif parsed.verb == "occupy":
            text = f"{name} occupied {p} with {plural(before[T.POP] + 1, 'worshipper')}"
        elif parsed.verb == "convert" and before is not None and is_held(before):
            text = (
                f"{name} converted {p} from {seat_name(before[T.OWNER])} with "
                f"{plural(before[T.MEN] + 1, 'worshipper')}"
            )
        elif parsed.verb == "convert" and before is not None:
            text = (
                f"{name} converted {p} (population {before[T.POP]}) with "
                f"{plural(before[T.POP] + 1, 'worshipper')}"
            )
        elif parsed.verb == "build":
            kept = "keeping" if parsed.keep else "sending to Limbo"
            text = f"{name} built a construction on {p}, {kept} its worshippers"
        elif parsed.verb == "sanctuary":
            text = f"{name} built a sanctuary on {p}"
        elif parsed.verb == "destroy" and before is not None and before[T.OWNER] == seat:
            text = f"{name} destroyed their own construction on {p}"
        elif parsed.verb == "destroy" and before is not None:
            text = (
                f"{name} destroyed {seat_name(before[T.OWNER])}'s construction on {p} with "
                f"{plural(before[T.MEN] + 3, 'worshipper')}"
            )
        else:
            source = parsed.source or actions.explore_sources(state_before, seat, p)[0]
            text = (f"{name} explored {p} from {source} and found a tile of population "
                    f"{after.tiles[p][T.POP]}")
        events = [e for e in after.events if e]
        return text + ("; " + "; ".join(events) if events else "") + "."
