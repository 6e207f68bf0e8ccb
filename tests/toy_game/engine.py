"""Kayles: two players knock down one pin or two neighbouring pins of a row; whoever
knocks down the last pin wins. Small enough to read at a glance, with more moves than
fit in buttons (so the picker shows), no chance and no secrets."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from engines.base import GameBase, IllegalMove, Result, normalise, plural, seat_name
from engines.view import View

PINS = "abcdefghij"


@dataclass(frozen=True)
class State:
    standing: str  # the letters of the pins still standing, in order
    turn: int = 0
    knocked: tuple[int, int] = (0, 0)
    last: tuple[str, ...] = ()
    winner: int | None = None


class KaylesView(View):
    """What a Kayles view holds besides the keys of every view."""

    pins: str
    standing: str
    board: dict[str, str]
    winner: int | None


class Kayles(GameBase):
    slug = "kayles"
    title = "Kayles"
    min_players = 2
    max_players = 2
    version = "1"

    def setup(self, players: int, seed: int, options: dict) -> State:
        self.parse_options(options)
        if players != 2:
            raise ValueError("Kayles is for 2 players")
        return State(PINS)

    def to_act(self, state: State) -> list[int]:
        return [] if state.winner is not None else [state.turn]

    def legal_moves(self, state: State, seat: int) -> list[str]:
        if seat not in self.to_act(state):
            return []
        moves = []
        for pin in state.standing:
            moves.append(pin)
            after = chr(ord(pin) + 1)
            if after in state.standing:
                moves.append(f"{pin}-{after}")
        return moves

    def play(self, state: State, seat: int, move: str) -> State:
        move = normalise(move)
        if state.winner is not None:
            raise IllegalMove("The match is over.")
        if seat != state.turn:
            raise IllegalMove(f"It is {seat_name(state.turn)}'s turn.")
        if move not in self.legal_moves(state, seat):
            raise IllegalMove(f"{move!r} is not a standing pin, nor two side by side.")
        pins = tuple(move.split("-"))
        standing = "".join(p for p in state.standing if p not in pins)
        knocked = list(state.knocked)
        knocked[seat] += len(pins)
        return State(standing, 1 - seat, (knocked[0], knocked[1]), pins,
                     seat if not standing else None)

    def view(self, state: State, seat: int | None) -> dict:
        return {"pins": PINS, "standing": state.standing, "to_act": self.to_act(state),
                "scores": list(state.knocked), "players": 2, "last": list(state.last),
                "board": {p: "pin" for p in state.standing},
                "winner": state.winner}

    def describe(self, state_before: State, seat: int, move: str, viewer: int | None) -> str:
        pins = normalise(move).split("-")
        return f"{seat_name(seat)} knocks down {plural(len(pins), 'pin')}: {', '.join(pins)}."

    def result(self, state: State) -> Result | None:
        if state.winner is None:
            return None
        loser = 1 - state.winner
        scores = [0.0, 0.0]
        scores[state.winner] = 1.0
        return Result(scores, [[state.winner], [loser]],
                      f"{seat_name(state.winner)} knocked down the last pin")

    def dump(self, state: State) -> dict:
        return dataclasses.asdict(state)

    def load(self, data: dict) -> State:
        return State(str(data["standing"]), int(data["turn"]),
                     (int(data["knocked"][0]), int(data["knocked"][1])),
                     tuple(data["last"]), data["winner"])


GAME = Kayles()
