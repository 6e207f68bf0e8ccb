"""Terra: Lloyd Krassner's game of territories and plots, for 2–4 players.

Each turn a player draws two chits from a hidden cup into a reserve, may spend an army
to remove an enemy structure (``war e5`` / ``nowar``), must build a structure from the
reserve on an empty plot when one can go anywhere (``build castle e5``), and discards
down to four chits (``discard town army``). Rules: ``engines/rules/terra.md``.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from engines.base import (
    GameBase,
    IllegalMove,
    Option,
    Result,
    chance,
    check_turn,
    normalise,
    plural,
    seat_name,
)
from engines.spec import Budget, Computer, GameSpec
from engines.terra import hidden
from engines.terra.board import (
    ARMY,
    CHIT_TYPES,
    CHITS_PER_TYPE,
    PLOTS,
    make_terrain,
    parse_plot,
    sort_chits,
)
from engines.terra.rules import (
    BUILD,
    DISCARD,
    MAX_TURNS,
    OVER,
    REASON_FULL,
    RESERVE_LIMIT,
    TerraState,
    clone,
    discard_options,
    finish,
    pass_build,
    placement_problem,
    placements,
    remove_chit,
    settle,
    start_turn,
    touch,
    war_targets,
)
from engines.terra.scoring import controllers, score
from engines.terra.view import TerraView

__all__ = ["GAME", "MAX_TURNS", "SPEC", "TerraGame", "TerraState", "score"]

_ALIASES = {
    **{t: t for t in CHIT_TYPES},
    **{
        "temples": "temple",
        "castles": "castle",
        "towns": "town",
        "farms": "farm",
        "mines": "mine",
        "palaces": "palace",
        "armies": "army",
        "armys": "army",
    },
}
_ARTICLE = {t: ("an " if t[0] in "aeiou" else "a ") + t for t in CHIT_TYPES}

# ---- parsing -----------------------------------------------------------------------------


def _words(move: str) -> list[str]:
    return normalise(move.replace(",", " ")).split()


def _kind(word: str) -> str | None:
    return _ALIASES.get(word)


def _list_chits(chits: list[str] | tuple[str, ...]) -> str:
    named = [_ARTICLE[c] for c in chits]
    if len(named) <= 1:
        return "".join(named)
    return ", ".join(named[:-1]) + " and " + named[-1]


class TerraGame(GameBase):
    slug = "terra"
    title = "Terra"
    min_players = 2
    max_players = 4
    # The seed shuffles every player's cup at set-up (hidden, open reserves or not) and
    # each refill of a cup from its discards later.
    public_setup = False
    chance_after_setup = True
    options = (
        Option(
            "open_reserves",
            False,
            "reserves face up for everyone (the printed rule); default: private",
        ),
        Option(
            "terrain",
            False,
            "6 mountains and a 9-plot river: mines on/next to a mountain, "
            "farms on/next to the river",
        ),
    )

    # ---- set-up ----------------------------------------------------------------------

    def setup(self, players: int, seed: int, options: dict) -> TerraState:
        opts = self.setup_options(players, options)
        step = 0
        cups = []
        for _ in range(players):
            cup = [t for t in CHIT_TYPES for _ in range(CHITS_PER_TYPE)]
            chance(seed, step).shuffle(cup)
            step += 1
            cups.append(cup)
        mountains: list[str] = []
        river: list[str] = []
        if opts["terrain"]:
            mountains, river = make_terrain(chance(seed, step))
            step += 1
        first = chance(seed, step).randrange(players)
        step += 1
        s = TerraState(
            players=players,
            seed=seed,
            step=step,
            options=opts,
            board={},
            cups=cups,
            reserves=[[] for _ in range(players)],
            discards=[[] for _ in range(players)],
            mountains=mountains,
            river=river,
            first=first,
            turn=first,
            phase=BUILD,
            turns=0,
            idle=0,
        )
        start_turn(s, first)
        return s

    # ---- whose move, which moves -----------------------------------------------------

    def to_act(self, state: TerraState) -> list[int]:
        return [] if state.phase == OVER else [state.turn]

    def legal_moves(self, state: TerraState, seat: int) -> list[str]:
        if state.phase == OVER or seat != state.turn:
            return []
        if state.phase == BUILD:
            builds = [f"build {k} {p}" for k, p in placements(state, seat)]
            wars = [f"war {p}" for p in war_targets(state, seat)]
            wars += ["nowar"] if wars else []  # giving up war is a choice when war is one
            return builds + wars if builds else ["pass", *wars]
        return ["discard " + " ".join(c) for c in discard_options(state.reserves[seat])]

    # ---- playing ---------------------------------------------------------------------

    def play(self, state: TerraState, seat: int, move: str) -> TerraState:
        check_turn(state.phase == OVER, seat, state.turn)
        words = _words(move)
        if not words:
            raise IllegalMove("say a move, e.g. build castle e5", rule="A turn")
        verb = words[0]
        if words in (["pass"], ["pass", "turn"]):
            return self._pass(state, seat)
        if verb in ("nowar", "no", "no-war", "peace", "skip") or words == ["no", "war"]:
            return self._no_war(state, seat, words)
        if verb == "war":
            return self._war(state, seat, words[1:])
        if verb == "discard":
            return self._discard(state, seat, words[1:])
        if verb in ("build", "place"):
            return self._build(state, seat, words[1:])
        if _kind(verb) is not None or parse_plot(verb) is not None:
            return self._build(state, seat, words)
        raise IllegalMove(
            f"{move.strip()!r} is not a Terra move: try build castle e5, war e5, "
            "discard town or pass", rule="A turn"
        )

    def _need(self, state: TerraState, step: str) -> None:
        """Refuse a move of ``step`` ("war", "building", "discard") outside its phase: the
        discard comes after building, war and building before the discard."""
        if state.phase == (DISCARD if step == "discard" else BUILD):
            return
        if state.phase == BUILD:
            war = " (or war e5 first)" if state.war_open else ""
            raise IllegalMove("the discard has not come yet: it is the build phase, and you "
                              "discard after building; build a structure, e.g. build castle "
                              f"e5{war}", rule="A turn")
        when = "before you build" if step == "war" else "before you discard"
        raise IllegalMove(f"{step} is over for this turn: it comes {when}, and it is the "
                          "discard phase; discard down to 4 chits, e.g. discard town",
                          rule="A turn")

    def _no_war(self, state: TerraState, seat: int, words: list[str]) -> TerraState:
        if words not in (["nowar"], ["no", "war"], ["no-war"], ["peace"], ["skip"]):
            raise IllegalMove("to give up war this turn say nowar (or just build)",
                              rule="A turn")
        self._need(state, "war")
        if not state.war_open:
            raise IllegalMove("war comes once a turn, before you build, and war is over for "
                              "this turn: build a structure", rule="A turn")
        if not war_targets(state, seat):
            raise IllegalMove("nowar is a move only while war is possible, and there is no "
                              "war to give up (no army in your reserve or no enemy "
                              "structure): build a structure", rule="A turn")
        s = clone(state)
        s.auto = []
        s.war_open = False
        settle(s)
        return s

    def _pass(self, state: TerraState, seat: int) -> TerraState:
        self._need(state, "building")
        if placements(state, seat, first_only=True):
            raise IllegalMove("building is compulsory when any placement is legal: you "
                              "can place a structure, e.g. "
                              + self.legal_moves(state, seat)[0], rule="A turn")
        s = clone(state)
        s.auto = []
        pass_build(s)
        settle(s)
        return s

    def _war(self, state: TerraState, seat: int, words: list[str]) -> TerraState:
        self._need(state, "war")
        if len(words) != 1 or parse_plot(words[0]) is None:
            raise IllegalMove("say which plot to attack, e.g. war e5", rule="A turn")
        plot = parse_plot(words[0])
        if not state.war_open:
            raise IllegalMove("war comes once a turn, before you build, and war is over for "
                              "this turn (declared or given up): build a structure",
                              rule="A turn")
        if ARMY not in state.reserves[seat]:
            raise IllegalMove("war discards an army from your reserve, and you have no army "
                              "in your reserve", rule="A turn")
        held = state.board.get(plot)
        if held is None:
            raise IllegalMove(f"war removes an enemy structure, and {plot} is empty",
                              rule="A turn")
        if held[0] == seat:
            raise IllegalMove(f"war removes an enemy structure, and {plot} holds your own "
                              f"{held[1]}", rule="A turn")
        s = clone(state)
        s.auto = []
        owner, kind = held
        del s.board[plot]
        s.discards[owner].append(kind)
        remove_chit(s.reserves[seat], ARMY)
        s.discards[seat].append(ARMY)
        touch(s, plot)
        s.war_open = False
        settle(s)
        return s

    def _build(self, state: TerraState, seat: int, words: list[str]) -> TerraState:
        self._need(state, "building")
        kinds = [_kind(w) for w in words if _kind(w) is not None]
        plots = [parse_plot(w) for w in words if parse_plot(w) is not None]
        if len(words) != 2 or len(kinds) != 1 or len(plots) != 1:
            raise IllegalMove("say what to build and where, e.g. build castle e5",
                              rule="A turn")
        kind, plot = kinds[0], plots[0]
        if kind == ARMY:
            raise IllegalMove("an army is not a structure: it cannot be built", rule="Set-up")
        if kind not in state.reserves[seat]:
            raise IllegalMove(f"you build a structure from your reserve, and you have no "
                              f"{kind} in your reserve", rule="A turn")
        problem = placement_problem(state, seat, kind, plot)
        if problem:
            raise problem
        s = clone(state)
        s.auto = []
        s.war_open = False
        s.board[plot] = [seat, kind]
        remove_chit(s.reserves[seat], kind)
        s.idle = 0
        touch(s, plot)
        if len(s.board) == len(PLOTS):
            finish(s, REASON_FULL)  # the rest of this turn cannot change the score
            return s
        s.phase = DISCARD
        settle(s)
        return s

    def _discard(self, state: TerraState, seat: int, words: list[str]) -> TerraState:
        self._need(state, "discard")
        reserve = state.reserves[seat]
        excess = len(reserve) - RESERVE_LIMIT
        if not words:
            raise IllegalMove(f"name the chit(s) to discard: you must discard {excess}",
                              rule="A turn")
        named = []
        for w in words:
            kind = _kind(w)
            if kind is None:
                raise IllegalMove(
                    f"{w!r} is not a chit type (temple, castle, town, farm, mine, palace, army)",
                    rule="Set-up"
                )
            named.append(kind)
        if len(named) > excess:
            raise IllegalMove(
                f"you keep at most 4 chits, so you only need to discard "
                f"{plural(excess, 'chit')} to keep 4", rule="A turn"
            )
        left = list(reserve)
        for kind in named:
            if kind not in left:
                have = reserve.count(kind)
                raise IllegalMove(
                    f"you have only {have} {kind} in your reserve"
                    if have
                    else f"you have no {kind} in your reserve", rule="A turn"
                )
            left.remove(kind)
        s = clone(state)
        s.auto = []
        s.reserves[seat] = left
        s.discards[seat].extend(sort_chits(named))
        settle(s)
        return s

    def determinise(self, state: TerraState, seat: int | None,
                    rng: random.Random) -> TerraState:
        return hidden.determinise(state, seat, rng)

    # ---- what players see ------------------------------------------------------------

    def view(self, state: TerraState, seat: int | None) -> dict:
        totals, breakdown = score(state.board, state.players)
        open_reserves = bool(state.options.get("open_reserves"))
        v: dict[str, Any] = {
            "players": state.players,
            "board": {p: {"owner": o, "type": k} for p, (o, k) in sorted(state.board.items())},
            "to_act": self.to_act(state),
            "turn": state.turn,
            "phase": state.phase,
            "turns": state.turns,
            "max_turns": MAX_TURNS,
            "scores": totals,
            "breakdown": breakdown,
            "control": controllers(state.board),
            "last": list(state.last),
            "reserve_sizes": [len(r) for r in state.reserves],
            "cup_sizes": [len(c) for c in state.cups],
            "discard_sizes": [len(d) for d in state.discards],
            "terrain": {"mountains": list(state.mountains), "river": list(state.river)},
            "options": dict(state.options),
            "over": state.phase == OVER,
            "reason": state.reason,
        }
        if state.phase == DISCARD:
            v["must_discard"] = len(state.reserves[state.turn]) - RESERVE_LIMIT
        if open_reserves:
            v["reserves"] = [list(r) for r in state.reserves]
            v["discards"] = [sort_chits(d) for d in state.discards]
        if seat is not None and 0 <= seat < state.players:
            v["seat"] = seat
            v["reserve"] = list(state.reserves[seat])
            v["discard"] = sort_chits(state.discards[seat])  # the viewer's own pile
        return v

    def private_view(self, state: TerraState, seat: int) -> dict | None:
        return {"reserve": list(state.reserves[seat])}

    def private_text(self, state: TerraState, seat: int) -> str | None:
        return hidden.private_text(state, seat)

    def moves_are_public(self, options: dict) -> bool:
        return bool(options.get("open_reserves"))  # else they come from a secret reserve

    def final_reveal(self, state: TerraState) -> str | None:
        return hidden.final_reveal(state)

    def is_private(self, move: str) -> bool:
        # Discards name chits of a reserve, which is secret unless open_reserves is set
        # (this method cannot see the options; ``describe`` names them when it may).
        return normalise(move).startswith("discard")

    def reveals(self, state: TerraState, seat: int, move: str) -> bool:
        """A draw from a cup (shuffled at set-up), a refill's shuffle, a private move or a
        change in another player's reserve reveals something. The mover's own reserve
        losing the chit they played does not: the move itself shows it."""
        if self.is_private(move):
            return True
        after = self.play(state, seat, move)
        if after.cups != state.cups or after.step != state.step:
            return True
        return any(after.reserves[s] != state.reserves[s]
                   for s in range(state.players) if s != seat)

    def describe(self, state_before: TerraState, seat: int, move: str, viewer: int | None) -> str:
        after = self.play(state_before, seat, move)
        who = seat_name(seat)
        sees_reserves = bool(state_before.options.get("open_reserves"))
        words = _words(move)
        if words[0] == "war":
            plot = parse_plot(words[1]) or words[1]
            owner, kind = state_before.board[plot]
            text = f"{who} used an army to remove {seat_name(owner)}'s {kind} from {plot}"
        elif words[0] == "discard":
            named = [k for w in words[1:] if (k := _kind(w))]
            if sees_reserves or viewer == seat:
                text = f"{who} discarded {_list_chits(sort_chits(named))}"
            else:
                text = f"{who} discarded {plural(len(named), 'chit')}"
        elif words[0] in ("build", "place") or _kind(words[0]) or parse_plot(words[0]):
            rest = words[1:] if words[0] in ("build", "place") else words
            kind = next(k for w in rest if (k := _kind(w)))
            plot = next(p for w in rest if (p := parse_plot(w)))
            text = f"{who} built {_ARTICLE[kind]} on {plot}"
        elif words[0] == "pass":
            text = f"{who} could not build anything and passed"
        else:
            text = f"{who} did not go to war"
        notes = []
        for event in after.auto:
            if event[0] == "pass":
                notes.append(f"{seat_name(event[1])} could not place a structure and was passed")
            elif event[0] == "discard":
                chits = event[2]
                if sees_reserves or viewer == event[1]:
                    notes.append(f"{seat_name(event[1])} discarded {_list_chits(chits)}")
                else:
                    notes.append(f"{seat_name(event[1])} discarded {plural(len(chits), 'chit')}")
            elif event[0] == "end":
                notes.append(f"the game is over: {event[1]}")
        return "; ".join([text, *notes]) + "."

    def result(self, state: TerraState) -> Result | None:
        if state.phase != OVER:
            return None
        totals, _rows = score(state.board, state.players)
        return Result.from_scores(totals, state.reason)

    # ---- storage ---------------------------------------------------------------------

    def dump(self, state: TerraState) -> dict:
        s = clone(state)  # fresh containers; every field is JSON-safe already
        s.board = {p: list(v) for p, v in s.board.items()}
        s.auto = [[list(x) if isinstance(x, list) else x for x in a] for a in s.auto]
        return {f.name: getattr(s, f.name) for f in dataclasses.fields(s)}

    def load(self, data: dict) -> TerraState:
        d = dict(data)
        return TerraState(
            players=int(d["players"]),
            seed=int(d["seed"]),
            step=int(d["step"]),
            options=dict(d["options"]),
            board={p: [int(v[0]), str(v[1])] for p, v in d["board"].items()},
            cups=[list(c) for c in d["cups"]],
            reserves=[list(r) for r in d["reserves"]],
            discards=[list(x) for x in d["discards"]],
            mountains=list(d["mountains"]),
            river=list(d["river"]),
            first=int(d["first"]),
            turn=int(d["turn"]),
            phase=BUILD if d["phase"] == "war" else str(d["phase"]),
            turns=int(d["turns"]),
            idle=int(d["idle"]),
            last=list(d.get("last", [])),
            last_turn=int(d.get("last_turn", 0)),
            auto=[list(a) for a in d.get("auto", [])],
            reason=str(d.get("reason", "")),
            war_open=bool(d.get("war_open", True)),
        )


GAME = TerraGame()

SPEC = GameSpec.standard(
    GAME, __name__, order=50,
    # One iteration, i.e. every move valued on one determinisation: with the few its slow
    # scoring allows, looking at replies made it weaker (bench/ai.py). Hard plays by the
    # whole-turn planner instead of the search.
    computer=Computer(normal=Budget(iterations=1), hard=Budget(iterations=1, seconds=1.5),
                      scale=12.0, adjust="engines.terra.computer:deep_totals",
                      hard_player="engines.terra.planner:TerraPlanner"),
    view_type=TerraView,
)
