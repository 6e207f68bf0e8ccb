"""The Angry Gods engine: the rules of placing, ascending and scoring."""

from __future__ import annotations

from collections import Counter

from engines.angry_gods.board import (
    COLOURS,
    CORNERS,
    GODS_TO_END,
    INTERSECTION_SPACES,
    INTERSECTIONS,
    OUTER_RING,
    SPACE_ORDER,
    SPACES,
    STONES_PER_COLOUR,
    TOWERS,
    Placement,
    parse_move,
)
from engines.angry_gods.position import (
    AngryGodsState,
    any_placement,
    copy_state,
    false_god_at_corner,
    false_god_next_to,
    follower_colours,
    follower_spots,
    leader_spots,
    occupant,
    pool_colours,
    score,
)
from engines.base import GameBase, IllegalMove, Result, chance, check_turn, plural, seat_name

# --------------------------------------------------------------------------- the game


class AngryGods(GameBase):
    slug = "angry-gods"
    title = "Angry Gods"
    min_players = 2
    max_players = 2
    # The seed draws each player's two worshippers at set-up, shown in every view (as the
    # pool's counts are); after that every move is a placement, with no chance.
    public_setup = True
    chance_after_setup = False

    # -- set-up

    def setup(self, players: int, seed: int, options: dict | None = None) -> AngryGodsState:
        self.setup_options(players, options)
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
        spots = leader_spots(state)
        for c in pool_colours(state):
            moves.extend(f"leader {c} {sp}" for sp in spots)
        colours = follower_colours(state)
        if colours:
            spots = follower_spots(state)
            for c in colours:
                moves.extend(f"follower {c} {i}" for i in spots)
        return moves

    def check(self, state: AngryGodsState, seat: int, move: str) -> Placement:
        """The parsed placement if legal; raises IllegalMove telling why not."""
        check_turn(bool(state.end), seat, state.turn)
        p = parse_move(move)
        if p.role == "leader":
            self._check_leader(state, p)
        else:
            self._check_follower(state, p)
        if state.pool.get(p.colour, 0) <= 0:
            raise IllegalMove(f"you take a stone from the pool, and there is no {p.colour} "
                              "stone left in the pool", rule="A turn")
        return p

    @staticmethod
    def _check_leader(s: AngryGodsState, p: Placement) -> None:
        there = occupant(s, p.position)
        if there:
            raise IllegalMove(f"a leader goes in an empty space, and {p.position} already "
                              f"holds {there}", rule="A turn")
        if p.position in OUTER_RING:
            raise IllegalMove(
                f"no leader may be placed on the outermost ring, and {p.position} is on it",
                rule="A turn")
        fg = false_god_next_to(s, p.position)
        if fg:
            raise IllegalMove(
                f"no leader may be placed next to a False God, and {p.position} is next "
                f"to the False God on {fg}", rule="False God")

    @staticmethod
    def _check_follower(s: AngryGodsState, p: Placement) -> None:
        i = p.position
        if i in s.followers:
            raise IllegalMove(f"a follower goes on an empty intersection, and {i} already "
                              f"holds a {s.followers[i]} follower", rule="A turn")
        fg = false_god_at_corner(s, i)
        if fg:
            raise IllegalMove(
                f"no follower may be placed next to a False God, and {i} is next to the "
                f"False God on {fg}", rule="False God")
        if not any(sp in s.leaders for sp in INTERSECTION_SPACES[i]):
            around = ", ".join(INTERSECTION_SPACES[i])
            raise IllegalMove(
                f"a follower must be placed next to a leader, and {i} is not next to a "
                f"leader (its spaces {around} hold none; gods are not leaders)",
                rule="A turn")
        if p.colour not in s.leaders.values():
            raise IllegalMove(
                "a follower may be placed only if a leader of its colour is somewhere "
                f"on the board, and there is no {p.colour} leader on the board", rule="A turn")

    def play(self, state: AngryGodsState, seat: int, move: str) -> AngryGodsState:
        return self._apply(state, seat, move)[0]

    def _apply(
        self, state: AngryGodsState, seat: int, move: str
    ) -> tuple[AngryGodsState, list[dict]]:
        p = self.check(state, seat, move)
        s = copy_state(state)
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
        elif not any_placement(s):
            s.end = "no legal placement is left"
        return s, events

    @staticmethod
    def _surrounded(s: AngryGodsState, space: str) -> bool:
        corners = CORNERS[space]
        return len(corners) == 6 and all(i in s.followers for i in corners)

    def _resolve(self, s: AngryGodsState, seat: int, touched: tuple[str, ...]) -> list[dict]:
        """Ascensions first (in notation order), then False Gods; removals after each."""
        events: list[dict] = []
        for sp in sorted(touched, key=SPACE_ORDER.__getitem__):
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
        for sp in sorted(touched, key=SPACE_ORDER.__getitem__):
            if occupant(s, sp) is not None or s.towers_left <= 0 or not self._surrounded(s, sp):
                continue
            s.towers_left -= 1
            s.false_gods = sorted([*s.false_gods, sp], key=SPACE_ORDER.__getitem__)
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
            false_gods=sorted(data.get("false_gods", []), key=SPACE_ORDER.__getitem__),
            followers=dict(data.get("followers", {})),
            worshippers=[list(w) for w in data.get("worshippers", [[], []])],
            towers_left=int(data.get("towers_left", TOWERS)),
            placements=int(data.get("placements", 0)),
            last=list(data.get("last", [])),
            removed=list(data.get("removed", [])),
            end=str(data.get("end", "")),
        )


GAME = AngryGods()
