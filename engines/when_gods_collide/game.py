"""When Gods Collide: the engine (set-up moves, dice, hero die, captures, secrets)."""

from __future__ import annotations

import random
import re

from engines.base import GameBase, IllegalMove, Result, chance, check_turn, normalise, seat_name
from engines.when_gods_collide import actions, knowledge, movegen, why
from engines.when_gods_collide.geometry import (
    BLOCKS,
    CENTRE_BLOCKS,
    COORDS,
    block_neighbours,
    block_squares,
    field,
    square_order,
)
from engines.when_gods_collide.notation import (
    HERO_ANSWERS,
    NO_HERO_ANSWERS,
    PATH_RE,
    PREFIX,
    PREFIX_ALIASES,
    PRIVATE_PREFIXES,
    SQUARE,
    SQUARE_RE,
    phase_of,
)
from engines.when_gods_collide.state import (
    ARMIES,
    ARMY_SIZE,
    CHESS_FACES,
    CULTURES,
    HERO_FACES,
    MAX_TURNS,
    TILES_EACH,
    State,
)
from engines.when_gods_collide.text import narrate


class WhenGodsCollide(GameBase):
    slug = "when-gods-collide"
    title = "When Gods Collide"
    min_players = 2
    max_players = 4
    # The seed only draws who starts, in view; but the dice of every attack and an army
    # placed at random come from it later (and each god checker is a private choice).
    public_setup = True
    chance_after_setup = True

    # ----------------------------------------------------------------- set-up
    def setup(self, players: int, seed: int, options: dict | None = None) -> State:
        self.setup_options(players, options)
        first = chance(seed, 0).randrange(players)
        return State(
            players=players,
            seed=seed,
            step=1,
            phase="tiles",
            first=first,
            current=first,
            gods=[-1] * players,
            known=[[] for _ in range(players)],
        )

    def to_act(self, state: State) -> list[int]:
        return [] if state.phase == "over" else [state.current]

    # ------------------------------------------------------------ legal moves
    def legal_moves(self, state: State, seat: int) -> list[str]:
        if seat not in self.to_act(state):
            return []
        phase = state.phase
        if phase == "tiles":
            return [f"tile {b}" for b in self._tile_blocks(state)]
        if phase == "arrange":
            return ["arrange auto"]
        if phase == "god":
            return [f"god {sq}" for sq in self._own_squares(state, seat)]
        if phase == "hero":
            return ["hero", "nohero"]
        return list(self._moves(state, seat))

    def _tile_blocks(self, state: State) -> list[str]:
        if not state.tiles:
            return list(CENTRE_BLOCKS)
        return [
            b
            for b in BLOCKS
            if b not in state.tiles and any(n in state.tiles for n in block_neighbours(b))
        ]

    @staticmethod
    def _own_squares(state: State, seat: int) -> list[str]:
        return sorted((sq for sq, (o, _) in state.board.items() if o == seat), key=square_order)

    def avoid(self, state: State, seat: int) -> set[str]:
        """Enemy squares ``seat`` knows hold a god: its discoveries, and any player's last
        checker (which can only be that player's god)."""
        counts = state.counts()
        known = set(state.known[seat]) | set(state.public)
        return {
            sq
            for sq, (o, ident) in state.board.items()
            if o != seat and (ident in known or counts[o] == 1)
        }

    def actions(self, state: State, seat: int) -> dict[str, tuple]:
        """The legal moves of the battle with what each does (:mod:`movegen`'s actions)."""
        return self._moves(state, seat)

    def _moves(self, state: State, seat: int) -> dict[str, tuple]:
        board, fld, n = state.board, field(state.tiles), state.number
        hero = state.hero
        if hero == "":
            return movegen.chess_moves(board, fld, seat, (state.chess,), n)
        if hero == "imp":
            return movegen.chess_moves(board, fld, seat, movegen.PIECES, n)
        if hero == "double-knight":
            return movegen.double_knight_moves(board, fld, seat)
        if hero == "winged-sandals":
            return movegen.fly_moves(board, fld, seat, self.avoid(state, seat))
        if hero == "god-of-wind":
            return movegen.push_moves(board, fld, seat, n)
        if hero == "princess":
            return movegen.princess_moves(board, fld, seat, state.chess, n, self.avoid(state, seat))
        return movegen.seth_moves(board, seat, self.avoid(state, seat))

    # ------------------------------------------------------------------- play
    def play(self, state: State, seat: int, move: str) -> State:
        return self._play(state, seat, move)[0]

    def _play(self, state: State, seat: int, move: str) -> tuple[State, list[dict]]:
        check_turn(state.phase == "over", seat, state.current)
        text = normalise(move)
        if not text:
            raise IllegalMove("type a move, e.g. one from the list of legal moves")
        kind = phase_of(text)
        if kind is not None and kind != state.phase:  # the move of another phase
            example = self.legal_moves(state, seat)[0]
            raise IllegalMove(why.out_of_phase(state, kind, example),
                              rule="A turn" if kind in ("hero", "move") else "Set-up")
        s = state.clone()
        events: list[dict] = []
        handler = {
            "tiles": self._tile,
            "arrange": self._arrange,
            "god": self._god,
            "hero": self._hero,
            "move": self._move,
        }[state.phase]
        handler(s, seat, text, events)
        if s.phase == "over":  # every god standing is revealed, as final_reveal says
            s.public = sorted({*s.public, *(g for g in s.gods if g >= 0)})
        return s, events

    def _tile(self, s: State, seat: int, text: str, events: list[dict]) -> None:
        m = re.fullmatch(rf"(?:tile\s*)?({SQUARE})", text)
        if not m:
            raise IllegalMove(
                "now lay a tile: tile <square>, the lower-left square of a "
                f"2×2 block, e.g. tile {self._tile_blocks(s)[0]}", rule="Set-up"
            )
        block = m.group(1)
        x, y = COORDS[block]
        if x % 2 or y % 2:
            raise IllegalMove(
                f"{block} is not the lower-left square of a block: blocks start "
                "on files a, c, e, g, i, k, m, o and rows 1, 3, 5 … 15", rule="Set-up"
            )
        if block in s.tiles:
            raise IllegalMove(f"a tile never overlaps a laid tile, and one already lies at "
                              f"{block}",
                              rule="Set-up")
        if not s.tiles and block not in CENTRE_BLOCKS:
            raise IllegalMove(
                "the first tile goes at the centre of the area: tile g7, i7, g9 or i9",
                rule="Set-up"
            )
        if s.tiles and not any(n in s.tiles for n in block_neighbours(block)):
            raise IllegalMove(f"each tile after the first must share an edge with a laid tile, "
                              f"and a tile at {block} would not", rule="Set-up")
        s.tiles[block] = seat
        s.last = list(block_squares(block))
        s.last_private, s.last_seat = [], -1
        events.append({"kind": "tile", "seat": seat, "block": block})
        if len(s.tiles) == TILES_EACH * s.players:
            s.phase, s.current = "arrange", s.first
        else:
            s.current = (seat + 1) % s.players

    def _arrange(self, s: State, seat: int, text: str, events: list[dict]) -> None:
        if not text.startswith("arrange"):
            raise IllegalMove(
                "now arrange your army: arrange followed by 12 squares of your "
                "tiles, or arrange auto", rule="Set-up"
            )
        rest = text[len("arrange") :].strip()
        mine = sorted(
            (sq for b, o in s.tiles.items() if o == seat for sq in block_squares(b)),
            key=square_order,
        )
        auto = rest in ("auto", "random")
        if auto:
            rng = chance(s.seed, s.step)
            s.step += 1
            squares = rng.sample(mine, ARMY_SIZE)
        else:
            tokens = [t for t in re.split(r"[\s,;]+", rest) if t]
            for t in tokens:
                if not SQUARE_RE.fullmatch(t):
                    raise IllegalMove(f"{t!r} is not a square (squares look like c3 or k12)",
                                      rule="Set-up")
            if len(tokens) != ARMY_SIZE:
                raise IllegalMove(
                    f"name exactly {ARMY_SIZE} squares of your tiles for your "
                    f"{ARMY_SIZE} checkers (you named {len(tokens)}), "
                    "or type arrange auto", rule="Set-up"
                )
            for t in tokens:
                if tokens.count(t) > 1:
                    raise IllegalMove(f"{t} is named twice: one checker per square", rule="Set-up")
                if t not in mine:
                    raise IllegalMove(f"your checkers go on your own tiles, and {t} is not on one "
                                      "of your tiles", rule="Set-up")
            squares = tokens
        squares = sorted(squares, key=square_order)
        for k, sq in enumerate(squares):
            s.board[sq] = [seat, seat * ARMY_SIZE + k]
        s.last = list(squares)
        s.last_private, s.last_seat = [], -1
        s.phase = "god"
        events.append({"kind": "arrange", "seat": seat, "auto": auto})

    def _god(self, s: State, seat: int, text: str, events: list[dict]) -> None:
        # The word "god" is required: it is what marks the move private (is_private).
        m = re.fullmatch(rf"god\s*({SQUARE})", text)
        if not m:
            raise IllegalMove(
                "now choose your god checker privately: god <square of one of "
                "your checkers>, e.g. god " + self._own_squares(s, seat)[0], rule="Set-up"
            )
        square = m.group(1)
        occupant = s.board.get(square)
        if occupant is None or occupant[0] != seat:
            raise IllegalMove(f"your god is one of your own checkers, and {square} is not one "
                              "of your checkers", rule="Set-up")
        s.gods[seat] = occupant[1]
        s.last_private, s.last_seat = [square], seat
        events.append({"kind": "god", "seat": seat, "square": square})
        nxt = (seat + 1) % s.players
        if nxt != s.first:
            s.phase, s.current = "arrange", nxt
            return
        events.append({"kind": "battle"})
        s.last_private, s.last_seat = [], -1
        s.current = s.first
        if not self._start_turn(s, events):
            self._next_turn(s, events)

    def _hero(self, s: State, seat: int, text: str, events: list[dict]) -> None:
        if text in HERO_ANSWERS:
            rng = chance(s.seed, s.step)
            s.step += 1
            s.hero = rng.choice(HERO_FACES)
            s.number = rng.randint(1, 6)
            events.append({"kind": "hero", "seat": seat, "hero": s.hero, "number": s.number})
        elif text in NO_HERO_ANSWERS:
            events.append({"kind": "nohero", "seat": seat, "chess": s.chess, "number": s.number})
        else:
            raise IllegalMove(
                f"you rolled a 6: type hero to roll the hero die (and reroll the "
                f"numbered die) or nohero to keep {s.chess} and 6", rule="A turn"
            )
        s.phase = "move"
        if not self._has_moves(s, events):
            self._next_turn(s, events)

    # ----------------------------------------------------------------- turns
    def _roll(self, s: State) -> None:
        rng = chance(s.seed, s.step)
        s.step += 1
        s.chess = rng.choice(CHESS_FACES)
        s.number = rng.randint(1, 6)
        s.hero = ""

    def _start_turn(self, s: State, events: list[dict]) -> bool:
        """Roll for the current player; False when the turn passed at once."""
        self._roll(s)
        events.append({"kind": "roll", "seat": s.current, "chess": s.chess, "number": s.number})
        if s.number == 6:
            s.phase = "hero"
            return True
        s.phase = "move"
        return self._has_moves(s, events)

    def _has_moves(self, s: State, events: list[dict]) -> bool:
        if s.hero in ("", "imp"):
            pieces = (s.chess,) if s.hero == "" else movegen.PIECES
            found = movegen.any_chess_move(s.board, field(s.tiles), s.current, pieces, s.number)
        else:
            found = bool(self._moves(s, s.current))
        if found:
            return True
        reason = "seth" if s.hero == "seth" else "nomove"
        events.append(
            {
                "kind": "pass",
                "seat": s.current,
                "reason": reason,
                "chess": s.chess,
                "number": s.number,
                "hero": s.hero,
            }
        )
        return False

    def _next_turn(self, s: State, events: list[dict]) -> None:
        """The current player's turn is over: on to the next living player."""
        while True:
            s.turns += 1
            if s.turns >= MAX_TURNS:
                s.phase = "over"
                s.chess, s.number, s.hero = "", 0, ""
                events.append({"kind": "stop"})
                return
            alive = s.alive()
            s.current = next(
                p for k in range(1, s.players + 1) if (p := (s.current + k) % s.players) in alive
            )
            if self._start_turn(s, events):
                return

    # ------------------------------------------------------------------ moves
    def _move(self, s: State, seat: int, text: str, events: list[dict]) -> None:
        notation = self._canonical(s, text)
        moves = self._moves(s, seat)
        action = moves.get(notation)
        if action is None:
            raise IllegalMove(why.explain(s, seat, notation, moves, self.avoid(s, seat)),
                              rule="Hero die" if s.hero else "Pieces")
        kind = action[0]
        refused = False
        if kind == "move":
            actions.do_move(s, seat, action, events)
        elif kind == "fly":
            refused = actions.do_fly(s, seat, action, events)
        elif kind == "push":
            _, frm, to = action
            victim = s.board.pop(frm)
            s.board[to] = victim
            actions.mark_public(s, [frm, to])
            events.append({"kind": "push", "seat": seat, "victim": victim[0], "frm": frm, "to": to})
        elif kind == "seth":
            refused = actions.do_seth(s, seat, action, events)
        else:
            refused = actions.do_princess(s, seat, action, events)
        if s.phase == "over":
            return
        # A refused attempt: the same player chooses again (or passes if nothing is left).
        if refused and self._has_moves(s, events):
            return
        self._next_turn(s, events)

    def _canonical(self, s: State, text: str) -> str:
        prefix = ""
        first, _, rest = text.partition(" ")
        if first in PREFIX_ALIASES:
            prefix, text = PREFIX_ALIASES[first], rest.strip()
        expected = PREFIX.get(s.hero, "")
        if prefix != expected:
            raise IllegalMove(why.wrong_form(s, prefix, expected, self._moves(s, s.current),
                                             text),
                              rule="Hero die")
        if not PATH_RE.fullmatch(text):
            raise IllegalMove(
                f"{text!r} is not a move: name squares like c3-c6"
                + (f" after {prefix}" if prefix else ""), rule="A turn"
            )
        squares = SQUARE_RE.findall(text)
        body = "-".join(squares)
        return f"{prefix} {body}" if prefix else body


    # ------------------------------------------------------------------ views
    def view(self, state: State, seat: int | None) -> dict:
        marks = knowledge.known_gods(state, seat)
        public = set(state.public)
        board = {}
        for sq, (owner, ident) in state.board.items():
            board[sq] = {"owner": owner}
            if sq in marks:  # a god this viewer knows; "public": everyone knows it
                board[sq] = {"owner": owner, "god": True, **({"public": True}
                                                             if ident in public else {})}
        if seat is not None and seat == state.last_seat and state.last_private:
            last = list(state.last_private)
        else:
            last = list(state.last)
        outcome = self.result(state)
        placed = [0] * state.players
        for owner in state.tiles.values():
            placed[owner] += 1
        return {
            "game": self.slug,
            "players": state.players,
            "phase": state.phase,
            "board": board,
            "tiles": dict(state.tiles),
            "to_act": self.to_act(state),
            "scores": state.counts(),
            "last": last,
            "dice": {
                "chess": state.chess or None,
                "number": state.number or None,
                "hero": state.hero or None,
            },
            "eliminated": list(state.eliminated),
            "first": state.first,
            "turn": state.turns + 1 if state.phase in ("hero", "move") else state.turns,
            "max_turns": MAX_TURNS,
            "placed": placed,
            "cultures": list(CULTURES[: state.players]),
            "armies": list(ARMIES[: state.players]),
            "viewer": seat,
            "winners": outcome.winners if outcome else [],
        }

    def private_view(self, state: State, seat: int) -> dict | None:
        return knowledge.private_view(state, seat)

    def private_text(self, state: State, seat: int) -> str | None:
        return knowledge.private_text(state, seat)

    def moves_are_public(self, options: dict) -> bool:
        return False  # a player knows gods others don't, and their moves avoid them

    def final_reveal(self, state: State) -> str | None:
        return knowledge.final_reveal(state)

    def is_private(self, move: str) -> bool:
        return normalise(move).startswith(PRIVATE_PREFIXES)

    def describe(self, state_before: State, seat: int, move: str, viewer: int | None) -> str:
        _, events = self._play(state_before, seat, move)
        return narrate(events, viewer)

    def determinise(self, state: State, seat: int | None, rng: random.Random) -> State:
        return knowledge.determinise(state, seat, rng)

    # ---------------------------------------------------------------- result
    def result(self, state: State) -> Result | None:
        if state.phase != "over":
            return None
        counts = state.counts()
        alive = state.alive()
        out = [[p] for p in reversed(state.eliminated)]
        scores = [float(c) for c in counts]
        if len(alive) == 1:
            return Result(scores, [alive, *out], f"{seat_name(alive[0])} is the last god standing")
        values = sorted({counts[p] for p in alive}, reverse=True)
        groups = [[p for p in alive if counts[p] == v] for v in values]
        return Result(
            scores,
            [*groups, *out],
            f"safety stop after {MAX_TURNS} turns: survivors ranked by checkers left",
        )

    def dump(self, state: State) -> dict:
        return state.to_dict()

    def load(self, data: dict) -> State:
        return State.from_dict(data)


GAME = WhenGodsCollide()
