"""Replaying a match's log: its set-up, then each move played in turn. The one place a
log is replayed (the service's history, undo, records and checks, the computer players'
memory of recent moves), so every reader of a log agrees on what it means."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from engines.base import Game, State


class ReplayError(Exception):
    """A move of a checked replay that cannot be played: its index in the log, and why
    (``over``: the game had ended; ``turn``: not that seat's turn; ``illegal``: the
    engine refused it, ``cause`` says how)."""

    def __init__(self, index: int, why: str, state: State,
                 cause: Exception | None = None) -> None:
        super().__init__(f"move {index}: {why}")
        self.index = index
        self.why = why
        self.state = state
        self.cause = cause


def replayed(game: Game, players: int, seed: int, options: dict[str, object],
             moves: Iterable[tuple[int, str]], *, checked: bool = False
             ) -> Iterator[State]:
    """The set-up, then the state after each ``(seat, move)``. ``checked`` refuses, with
    :class:`ReplayError`, a move played after the end or out of turn, and wraps any
    error of the engine's (a log from outside: a record being imported)."""
    state = game.setup(players, seed, options)
    yield state
    for index, (seat, move) in enumerate(moves):
        if checked:
            if game.result(state) is not None:
                raise ReplayError(index, "over", state)
            if seat not in game.to_act(state):
                raise ReplayError(index, "turn", state)
            try:
                state = game.play(state, seat, move)
            except Exception as exc:  # an engine refuses with IllegalMove; say any error
                raise ReplayError(index, "illegal", state, exc) from None
        else:
            state = game.play(state, seat, move)
        yield state
