"""A seat's best builds and wars on Terra's tally: the turns the hard player's look-ahead weighs."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from engines.base import State
from engines.terra.board import EXCLUSIVE, NEIGHBOURS, PLOTS, STRUCTURES, near
from engines.terra.tally import Tally

REPLY_WARS = 5
"""The opponent's wars weighed in a reply (the best by the removal alone)."""


def added(scores: Sequence[float], change: Sequence[int]) -> list[float]:
    return [a + b for a, b in zip(scores, change, strict=True)]


def every_build(tally: Tally, state: State, who: int) -> Iterator[tuple[str, str, list[int]]]:
    """Every (plot, type) ``who`` may build on the tally's board, whatever its reserve,
    with what it changes in each seat's score."""
    board = tally.board
    terrain = bool(state.options.get("terrain"))
    mines = near(state.mountains) if terrain else frozenset()
    farms = near(state.river) if terrain else frozenset()
    for plot, changes in tally.builds(who):
        barred = {held[1] for n in NEIGHBOURS[plot] if (held := board.get(n)) is not None
                  and held[0] != who and held[1] in EXCLUSIVE}
        for kind in STRUCTURES:
            if kind in barred:
                continue
            if terrain and ((kind == "mine" and plot not in mines)
                            or (kind == "farm" and plot not in farms)):
                continue
            yield plot, kind, changes[kind]


def best_builds(tally: Tally, state: State, who: int, scores: list[float], judge,
                count: int) -> list[tuple[float, tuple[str, str], list[float]]]:
    """``who``'s best ``count`` builds by ``judge`` of the scores after: (value, (type,
    plot), scores after)."""
    found = [(judge(after), (kind, plot), after) for plot, kind, change
             in every_build(tally, state, who) if (after := added(scores, change))]
    found.sort(key=lambda f: -f[0])
    return found[:count]


def best_targets(tally: Tally, who: int, scores: list[float], judge) -> list[str]:
    """The :data:`REPLY_WARS` plots whose removal alone ``who`` judges best."""
    enemy = [p for p, (owner, _) in tally.board.items() if owner != who]
    ranked = sorted((-judge(added(scores, tally.remove_change(p))), p) for p in enemy)
    return [plot for _, plot in ranked[:REPLY_WARS]]


def best_turn(tally: Tally, state: State, who: int, scores: list[float], judge,
              war: bool, ending=None) -> tuple[str | None, tuple[str, str] | None, list[float]]:
    """``who``'s best turn by ``judge`` of the scores after: a build, or with ``war``
    one of the :data:`REPLY_WARS` wars that judge best alone followed by a build, if
    better (war, build, scores after). A build on the last empty plot ends the match:
    it is judged by ``ending`` when given (a match won is taken before any war's margin,
    one lost is not played while a war can put it off)."""
    best: tuple[float, str | None, tuple[str, str] | None, list[float]] | None = None
    turn: tuple[float, str | None, tuple[str, str] | None, list[float]]
    fills = ending is not None and len(tally.board) == len(PLOTS) - 1
    for value, build, after in best_builds(tally, state, who, scores,
                                           ending if fills else judge, 1):
        best = (value, None, build, after)
    if war:
        for plot in best_targets(tally, who, scores, judge):
            cleared = added(scores, tally.remove_change(plot))
            held = tally.remove(plot)
            follow = best_builds(tally, state, who, cleared, judge, 1)
            tally.place(*held, plot)
            if follow:
                value, build, after = follow[0]
                turn = (value, plot, build, after)
            else:
                turn = (judge(cleared), plot, None, cleared)
            if best is None or turn[0] > best[0]:
                best = turn
    if best is None:
        return None, None, scores
    return best[1], best[2], best[3]
