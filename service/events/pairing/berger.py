"""Round robin by FIDE's Berger tables (Handbook C.05): entrant ``i`` in entry order holds
pairing number ``i + 1``; with an odd number of entrants whoever meets the phantom last
number has the bye. Every entrant meets every other once in ``n - 1`` rounds (``n``
rounded up to even)."""

from __future__ import annotations

from collections.abc import Sequence


def rounds_of(count: int) -> int:
    """The rounds a round robin of ``count`` entrants takes."""
    return count - 1 + count % 2


def pair_berger(entrants: Sequence[int], round_number: int,
                withdrawn: Sequence[int] = ()) -> list[tuple[int, ...]]:
    """The round's tables (White first; a bye alone): an entrant whose opponent withdrew
    has a bye."""
    from caissify_pairings.engines.round_robin import berger_round

    n = len(entrants) + len(entrants) % 2
    tables: list[tuple[int, ...]] = []
    for white, black in berger_round(n, round_number):
        pair = [entrants[i - 1] for i in (white, black)
                if i <= len(entrants) and entrants[i - 1] not in withdrawn]
        if pair:
            tables.append(tuple(pair))
    return sorted(tables, key=len, reverse=True)
