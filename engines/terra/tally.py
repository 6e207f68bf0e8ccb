"""Terra's score, kept up to date one structure at a time.

Valuing a position by :func:`engines.terra.scoring.score` rebuilds the whole table (a
few hundred microseconds); a placement or a removal changes only its territory's count
and control, its type's majority and the runs through its plot. :class:`Tally` keeps
what those depend on and answers what one structure more or less changes, per seat —
fast enough to weigh every war and build of a turn, and the replies to the best.
"""

from __future__ import annotations

from engines.terra import scoring
from engines.terra.board import BACK_STEPS, STEPS, STRUCTURES, TERRITORY

KINDS = len(STRUCTURES)


def _bonus(mask: int) -> int:
    """The control points of a set of territories (bit ``t - 1`` for territory t)."""
    held = {t for t in range(1, 10) if mask >> (t - 1) & 1}
    points = scoring.CENTRE_POINTS if scoring.CENTRE in held else 0
    points += sum(scoring.LINE_POINTS for line in scoring.LINES if held.issuperset(line))
    points += sum(scoring.SQUARE_POINTS for square in scoring.SQUARES if held.issuperset(square))
    return points + (scoring.CORNER_POINTS if held.issuperset(scoring.CORNERS) else 0)


BONUS = [_bonus(mask) for mask in range(512)]
DIRECTIONS = tuple(zip(STEPS, BACK_STEPS, strict=True))


def run_points(length: int, same: bool) -> int:
    return 0 if length < 3 else 2 * length if same else length


class Tally:
    """A board (plot → [owner, type]) with its per-territory, per-type and control
    counts; :meth:`place` and :meth:`remove` change it, the ``*_change`` methods only
    ask."""

    def __init__(self, board: dict, players: int) -> None:
        self.players = players
        self.board: dict[str, tuple[int, str]] = {}
        self.counts = [[0] * players for _ in range(10)]
        self.kinds = [[dict.fromkeys(STRUCTURES, 0) for _ in range(players)]
                      for _ in range(10)]
        self.types = {k: [0] * players for k in STRUCTURES}
        self.held = [0] * players  # control masks
        for plot, (owner, kind) in board.items():
            self.place(owner, kind, plot)

    # -- changing the board ---------------------------------------------------------------
    def place(self, seat: int, kind: str, plot: str) -> None:
        t = TERRITORY[plot]
        self.board[plot] = (seat, kind)
        self.counts[t][seat] += 1
        self.kinds[t][seat][kind] += 1
        self.types[kind][seat] += 1
        self._control(t)

    def remove(self, plot: str) -> tuple[int, str]:
        seat, kind = self.board.pop(plot)
        t = TERRITORY[plot]
        self.counts[t][seat] -= 1
        self.kinds[t][seat][kind] -= 1
        self.types[kind][seat] -= 1
        self._control(t)
        return seat, kind

    def _control(self, t: int) -> None:
        tally = self.counts[t]
        best = max(tally)
        leader = tally.index(best) if best and tally.count(best) == 1 else -1
        bit = 1 << (t - 1)
        for seat in range(self.players):
            self.held[seat] = (self.held[seat] | bit) if seat == leader else (
                self.held[seat] & ~bit)

    # -- what a change would do -------------------------------------------------------------
    def _local(self, t: int, kind: str) -> list[int]:
        """Per seat, the points of territory ``t``, of all control and of ``kind``'s
        majority (what a change in ``t`` of a ``kind`` can move, runs aside)."""
        tally = self.types[kind]
        best = max(tally)
        most = tally.index(best) if best and tally.count(best) == 1 else -1
        found = []
        for seat in range(self.players):
            n = self.counts[t][seat]
            points = n if n >= 5 else 0
            if n >= KINDS and all(self.kinds[t][seat].values()):
                points += scoring.ALL_TYPES_POINTS
            points += BONUS[self.held[seat]]
            found.append(points + (scoring.MOST_POINTS if seat == most else 0))
        return found

    def _arm(self, seat: int, plot: str, step: dict, kind: str) -> tuple[int, bool]:
        """How many of ``seat``'s structures follow ``plot`` along ``step``, and
        whether they are all ``kind``."""
        board, n, same = self.board, 0, True
        nxt = step[plot]
        while nxt is not None:
            held = board.get(nxt)
            if held is None or held[0] != seat:
                break
            n += 1
            same = same and held[1] == kind
            nxt = step[nxt]
        return n, same

    def place_change(self, seat: int, kind: str, plot: str) -> list[int]:
        """What building ``kind`` on the empty ``plot`` changes in each seat's score."""
        t = TERRITORY[plot]
        before = self._local(t, kind)
        self.place(seat, kind, plot)
        after = self._local(t, kind)
        self.board.pop(plot)
        self._undo(seat, kind, t)
        change = [a - b for a, b in zip(after, before, strict=True)]
        runs = 0
        for step, back in DIRECTIONS:
            ahead, same_ahead = self._arm(seat, plot, step, kind)
            behind, same_behind = self._arm(seat, plot, back, kind)
            if ahead + behind < 2:
                continue
            runs += run_points(ahead + behind + 1, same_ahead and same_behind)
            if ahead >= 3:
                runs -= run_points(ahead, self._alike(seat, plot, step, ahead))
            if behind >= 3:
                runs -= run_points(behind, self._alike(seat, plot, back, behind))
        change[seat] += runs
        return change

    def remove_change(self, plot: str) -> list[int]:
        """What removing the structure on ``plot`` changes in each seat's score."""
        seat, kind = self.remove(plot)
        gained = self.place_change(seat, kind, plot)
        self.place(seat, kind, plot)
        return [-g for g in gained]

    def _undo(self, seat: int, kind: str, t: int) -> None:
        self.counts[t][seat] -= 1
        self.kinds[t][seat][kind] -= 1
        self.types[kind][seat] -= 1
        self._control(t)

    def _alike(self, seat: int, plot: str, step: dict, n: int) -> bool:
        first = self.board[step[plot]][1]
        return self._arm(seat, plot, step, first) == (n, True)
