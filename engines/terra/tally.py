"""Terra's score, kept up to date one structure at a time.

Valuing a position by :func:`engines.terra.scoring.score` rebuilds the whole table (a
few hundred microseconds); a placement or a removal changes only its territory's count
and control, its type's majority and the runs through its plot. :class:`Tally` keeps
what those depend on and answers what one structure more or less changes, per seat —
fast enough to weigh every war and build of a turn, and the replies to the best.
"""

from __future__ import annotations

from collections.abc import Iterator

from engines.terra import scoring
from engines.terra.board import BACK_STEPS, PLOTS, STEPS, STRUCTURES, TERRITORY


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


def _most(tally: list[int]) -> int:
    """The seat with strictly the most (of a territory's structures, of a type), or -1."""
    best = max(tally)
    return tally.index(best) if best and tally.count(best) == 1 else -1


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
        leader = _most(self.counts[t])
        bit = 1 << (t - 1)
        for seat in range(self.players):
            self.held[seat] = (self.held[seat] | bit) if seat == leader else (
                self.held[seat] & ~bit)

    # -- what a change would do -------------------------------------------------------------
    def _local(self, t: int, kind: str) -> list[int]:
        """Per seat, the points of territory ``t``, of all control and of ``kind``'s
        majority (what a change in ``t`` of a ``kind`` can move, runs aside)."""
        most = _most(self.types[kind])
        found = self._shared(t)
        for seat in range(self.players):
            if all(self.kinds[t][seat].values()):
                found[seat] += scoring.ALL_TYPES_POINTS
            if seat == most:
                found[seat] += scoring.MOST_POINTS
        return found

    def place_change(self, seat: int, kind: str, plot: str) -> list[int]:
        """What building ``kind`` on the empty ``plot`` changes in each seat's score."""
        t = TERRITORY[plot]
        before = self._local(t, kind)
        self.place(seat, kind, plot)
        after = self._local(t, kind)
        self.board.pop(plot)
        self._undo(seat, kind, t)
        change = [a - b for a, b in zip(after, before, strict=True)]
        change[seat] += self._run_change(kind, *self._runs(seat, plot))
        return change

    def majorities(self, seat: int) -> dict[str, tuple[int, int]]:
        """Per type, who holds strictly the most of it before and after ``seat`` builds
        one more (-1: nobody), the same for every plot."""
        found = {}
        for kind in STRUCTURES:
            tally = self.types[kind]
            before = _most(tally)
            tally[seat] += 1
            found[kind] = (before, _most(tally))
            tally[seat] -= 1
        return found

    def builds(self, seat: int) -> Iterator[tuple[str, dict[str, list[int]]]]:
        """Every empty plot with what building each type there changes (as
        :meth:`place_change`), the board left as it was. What a plot's type does not
        move — the territory's count and control, the types' majorities — is worked out
        once per territory or once in all (the opponent's best build is asked of every
        empty plot and type, for every turn weighed). The board must not change while
        they are read."""
        majorities = self.majorities(seat)
        per_territory: dict[int, tuple[list[int], list[str]]] = {}
        for plot in PLOTS:
            if plot in self.board:
                continue
            t = TERRITORY[plot]
            if t not in per_territory:
                per_territory[t] = (self._count_change(seat, t),
                                    [k for k in STRUCTURES if not self.kinds[t][seat][k]])
            base, missing = per_territory[t]
            yield plot, self._build_changes(seat, plot, base, missing, majorities)

    def _count_change(self, seat: int, t: int) -> list[int]:
        """What one more structure of ``seat``'s in ``t`` changes in the points of
        the territory's count and of all control, per seat."""
        counts = self.counts[t]
        before = self._shared(t)
        counts[seat] += 1
        self._control(t)
        after = self._shared(t)
        counts[seat] -= 1
        self._control(t)
        return [a - b for a, b in zip(after, before, strict=True)]

    def _runs(self, seat: int, plot: str) -> tuple[int, list[tuple[int, set[str]]]]:
        """What a structure of ``seat``'s on ``plot`` does to runs, whatever its type: the
        points of the runs it joins, which stop scoring on their own, and per direction
        where it makes a run of three or more, that run's length and the types along it."""
        broken = 0
        joined = []
        for step, back in DIRECTIONS:
            ahead, ahead_kinds = self._arm(seat, plot, step)
            behind, behind_kinds = self._arm(seat, plot, back)
            if ahead + behind < 2:
                continue
            if ahead >= 3:
                broken -= run_points(ahead, len(ahead_kinds) == 1)
            if behind >= 3:
                broken -= run_points(behind, len(behind_kinds) == 1)
            joined.append((ahead + behind + 1, ahead_kinds | behind_kinds))
        return broken, joined

    @staticmethod
    def _run_change(kind: str, broken: int, joined: list[tuple[int, set[str]]]) -> int:
        """The run points a structure of ``kind`` gains, from its plot's :meth:`_runs`."""
        return broken + sum(run_points(length, kinds <= {kind}) for length, kinds in joined)

    def _build_changes(self, seat: int, plot: str, base: list[int], missing: list[str],
                       majorities: dict[str, tuple[int, int]]) -> dict[str, list[int]]:
        broken, joined = self._runs(seat, plot)
        found = {}
        for kind in STRUCTURES:
            change = list(base)
            if missing == [kind]:
                change[seat] += scoring.ALL_TYPES_POINTS
            most_before, most_after = majorities[kind]
            if most_before != most_after:
                if most_before >= 0:
                    change[most_before] -= scoring.MOST_POINTS
                if most_after >= 0:
                    change[most_after] += scoring.MOST_POINTS
            change[seat] += self._run_change(kind, broken, joined)
            found[kind] = change
        return found

    def _shared(self, t: int) -> list[int]:
        """Per seat, the points of territory ``t``'s count and of all control."""
        counts = self.counts[t]
        return [(counts[s] if counts[s] >= 5 else 0) + BONUS[self.held[s]]
                for s in range(self.players)]

    def _arm(self, seat: int, plot: str, step: dict) -> tuple[int, set[str]]:
        """How many of ``seat``'s structures follow ``plot`` along ``step``, and their
        types."""
        board, kinds = self.board, set()
        n, nxt = 0, step[plot]
        while nxt is not None:
            held = board.get(nxt)
            if held is None or held[0] != seat:
                break
            n += 1
            kinds.add(held[1])
            nxt = step[nxt]
        return n, kinds

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
