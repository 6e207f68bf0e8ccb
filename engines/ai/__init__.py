"""Computer players for every game (pure: no I/O, no clocks but a safety cap).

``RandomPlayer``, ``GreedyPlayer`` (one ply) and ``MctsPlayer`` (information-set Monte
Carlo tree search over :meth:`Game.determinise`) share one interface:
``choose(game, state, seat, seed, history=()) -> move``.

Levels, as players choose them (``/match start level:``, ``--ai-level``):

- ``easy``: one move ahead, and one move in three at random — it grabs what it sees and
  blunders often (a beginner can beat it).
- ``normal``: the search at each game's production budget.
- ``hard``: the search at the largest budgets that keep a decision under 2 s (p95) on a
  shared 2-core machine, or the game's own hard player.

Each game declares its budgets, evaluation and hard player in its spec
(:class:`engines.spec.Computer`).

``random`` and ``greedy`` remain (benchmarks, tests); ``mcts`` is the old name of normal.
"""

from engines.ai.players import (
    Decision,
    GreedyPlayer,
    MarginGreedyPlayer,
    MctsPlayer,
    Player,
    RandomPlayer,
)
from engines.spec import Budget

EASY_NOISE = 1 / 3
LEVELS = ("easy", "normal", "hard")
"""The levels offered to players."""
ALIASES = {"mcts": "normal"}
KINDS = (*LEVELS, "random", "greedy", "mcts")
"""Every name :func:`player` accepts."""


def level_name(level: str) -> str:
    """The canonical name of a level (``mcts`` is ``normal``); ValueError if unknown."""
    name = ALIASES.get(level.lower().strip(), level.lower().strip())
    if name not in KINDS:
        raise ValueError(f"no computer level {level!r}; levels: {', '.join(LEVELS)}")
    return name


def player(level: str = "normal") -> Player:
    """A player by level name: easy, normal or hard (or random, greedy; mcts = normal)."""
    name = level_name(level)
    if name == "random":
        return RandomPlayer()
    if name == "greedy":
        return GreedyPlayer()
    if name == "easy":
        return GreedyPlayer(noise=EASY_NOISE)
    if name == "hard":
        return MctsPlayer(hard=True)
    return MctsPlayer()


__all__ = [
    "ALIASES",
    "KINDS",
    "LEVELS",
    "Budget",
    "Decision",
    "GreedyPlayer",
    "MarginGreedyPlayer",
    "MctsPlayer",
    "Player",
    "RandomPlayer",
    "level_name",
    "player",
]
