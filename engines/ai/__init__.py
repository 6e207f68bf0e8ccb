"""Computer players for every game (pure: no I/O, no clocks but a safety cap).

``RandomPlayer``, ``GreedyPlayer`` (one ply) and ``MctsPlayer`` (information-set Monte
Carlo tree search over :meth:`Game.determinise`) share one interface:
``choose(game, state, seat, seed) -> move``.
"""

from engines.ai.players import (
    BUDGETS,
    Budget,
    Decision,
    GreedyPlayer,
    MctsPlayer,
    Player,
    RandomPlayer,
)

LEVELS: dict[str, type[Player]] = {"random": RandomPlayer, "greedy": GreedyPlayer,
                                   "mcts": MctsPlayer}


def player(level: str = "mcts") -> Player:
    """A player by level name: random, greedy or mcts (production budget)."""
    try:
        return LEVELS[level]()
    except KeyError:
        raise ValueError(f"no computer level {level!r}; levels: {', '.join(LEVELS)}") from None


__all__ = ["BUDGETS", "LEVELS", "Budget", "Decision", "GreedyPlayer", "MctsPlayer", "Player",
           "RandomPlayer", "player"]
