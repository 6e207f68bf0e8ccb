"""Who builds on Terra's last plot: the map's parity, as the armies left may turn it.

The match ends when a build fills the 81st plot, and that build has no reply. A turn
without war fills one plot; a turn with a war empties one and fills one, so each war
hands the last plot to the other seat. Late in the match both seats go to war whenever
they hold an army, so who fills the map is decided by the empty plots' count and the
armies each side can still raise. :func:`last_build` is that chance, by a small chain
over (empty plots, armies we hold) in which each seat spends an army as soon as it has
one: our seat holds what its reserve holds and draws one more as likely as its cup
gives it; the rival, whose chits are hidden, holds one as likely as the public counts
make it.
"""

from __future__ import annotations

HELD = 4
"""The most armies counted in our hand (a reserve keeps four chits)."""


def last_build(empty: int, armies: int, draw: float, rival_now: float,
               rival_later: float) -> float:
    """The chance that we build on the last plot, the rival to move with ``empty``
    plots empty: we hold ``armies`` and draw one more each turn with chance ``draw``;
    the rival holds one on this turn with chance ``rival_now``, on later turns
    ``rival_later``. A seat to move with one plot left fills it."""
    if empty <= 1:
        return 0.0
    # rival[plots][hand]: the chance, the rival to move with ``plots`` empty and our
    # hand ``hand`` (before our next draw); with one plot left the rival fills it.
    rival: list[list[float]] = [[0.0] * (HELD + 1), [0.0] * (HELD + 1)]

    def ours(plots: int, hand: int, row: list[float]) -> float:
        """Our turn at ``plots`` empty holding ``hand`` after drawing (``row``: the rival
        to move at that count): a war hands it back the same count, a build one fewer."""
        if plots == 1:
            return 1.0
        return row[hand - 1] if hand else rival[plots - 1][0]

    def drawn(plots: int, hand: int, row: list[float]) -> float:
        return (draw * ours(plots, min(hand + 1, HELD), row)
                + (1 - draw) * ours(plots, hand, row))

    for plots in range(2, empty + 1):
        row = [0.0] * (HELD + 1)
        below = rival[plots - 1]
        for hand in range(HELD + 1):
            built = drawn(plots - 1, hand, below)  # the rival builds: our turn, one fewer
            if hand < HELD:  # its war, our army drawn and spent: back here, same hand
                spent = row[hand - 1] if hand else below[0]
                loop = rival_later * draw
                row[hand] = ((rival_later * (1 - draw) * spent + (1 - rival_later) * built)
                             / (1 - loop)) if loop < 1 else spent
            else:
                row[hand] = rival_later * drawn(plots, hand, row) + (1 - rival_later) * built
        rival.append(row)
    held = max(0, min(armies, HELD))
    return (rival_now * drawn(empty, held, rival[empty])
            + (1 - rival_now) * drawn(empty - 1, held, rival[empty - 1]))
