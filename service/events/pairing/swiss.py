"""Swiss pairing of a two-player game: the FIDE Dutch system (Handbook C.04.3) from the
``caissify-pairings`` library for events of up to :data:`DUTCH_MOST` active entrants, and
our maximum-weight matching (:mod:`~service.events.pairing.matching`) for larger ones and
wherever Dutch's answer falls short.

The library is handed what FIDE's system reads — each entrant's score, colours of the
games played (a bye skipped), float history, byes, and every pair already played — and
seats players by entry order (the pairing numbers). No round is the library's last, so
its exception for leaders in the final round (colours past the rules) never applies. Its
answer is kept only when it is as good as the matching's on every rule the matching
keeps: every active entrant seated once, the colour rules, no rematch, no second bye, the
bye in the lowest score group that can take it, and every pair within its score group
where the matching found that possible. The library is pure Python and slows with the
cube of the field (a second a round at 64 entrants); the matching pairs 1,000 in seconds.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from service.events.pairing import colours
from service.events.pairing.matching import pair_by_matching
from service.events.pairing.model import Table

log = logging.getLogger(__name__)

DUTCH_MOST = 32
"""The most active entrants paired by the Dutch library (about 0.1 s a round at 32)."""


def _histories(entrants: Sequence[int], history: Sequence[Table]
               ) -> tuple[dict[int, float], dict[int, list[str]], dict[int, list[str]],
                          dict[int, int], set[tuple[int, int]]]:
    """Scores, colour and float histories, byes and pairs played, round by round."""
    score = {e: 0.0 for e in entrants}
    seen: dict[int, list[str]] = {e: [] for e in entrants}
    floats: dict[int, list[str]] = {e: [] for e in entrants}
    byes = dict.fromkeys(entrants, 0)
    met: set[tuple[int, int]] = set()
    rounds: dict[int, list[Table]] = {}
    for table in history:
        rounds.setdefault(table.round, []).append(table)
    for number in sorted(rounds):
        before = dict(score)
        seated: set[int] = set()
        for table in rounds[number]:
            seated.update(table.players)
            if table.bye:
                (e,) = table.players
                if e in score:
                    byes[e] += 1
                    score[e] += table.scored(e)
                    seen[e].append("none")
                    floats[e].append("down")
                continue
            white, black = table.players
            met.add((min(white, black), max(white, black)))
            for me, other, colour in ((white, black, colours.WHITE),
                                      (black, white, colours.BLACK)):
                if me not in score:
                    continue
                score[me] += table.scored(me)
                seen[me].append(colour)
                mine, theirs = before[me], before.get(other, 0.0)
                floats[me].append("none" if mine == theirs else
                                  "down" if mine > theirs else "up")
        for e in entrants:  # absent from the round (joined late): nothing played
            if e not in seated:
                seen[e].append("none")
                floats[e].append("none")
    return score, seen, floats, byes, met


def pair_swiss(entrants: Sequence[int], active: Sequence[int], history: Sequence[Table],
               round_number: int, total_rounds: int) -> list[tuple[int, ...]]:
    """The round's tables (White first; a bye alone) of the ``active`` entrants;
    ``entrants``: everyone, in entry order (the pairing numbers)."""
    score, seen, floats, byes, met = _histories(entrants, history)
    games = {e: colours.played(seen[e]) for e in entrants}
    ours = pair_by_matching(entrants, active, score, games, byes, met)
    if len(active) > DUTCH_MOST:
        return ours
    dutch = _dutch(entrants, active, score, games, floats, byes, met, round_number,
                   total_rounds)
    if as_good(dutch, ours, active, score, games, byes, met):
        return dutch
    return ours


def _dutch(entrants: Sequence[int], active: Sequence[int], score: dict[int, float],
           games: dict[int, list[str]], floats: dict[int, list[str]], byes: dict[int, int],
           met: set[tuple[int, int]], round_number: int, total_rounds: int
           ) -> list[tuple[int, ...]]:
    """The library's Dutch pairing, or no tables where it fails."""
    from caissify_pairings import generate_pairings

    number = {e: i for i, e in enumerate(entrants, 1)}
    players = [{"id": e, "name": str(e), "score": score[e], "rating": 0,
                "starting_number": number[e], "color_hist": games[e],
                "float_history": floats[e], "bye_count": byes[e]} for e in active]
    try:
        answer = generate_pairings(system="dutch", players=players,
                                   previous_pairings=set(met), round_number=round_number,
                                   # never "the last round": FIDE's topscorer exception
                                   # (colours past the rules) is not ours
                                   total_rounds=max(total_rounds, round_number) + 1)
        tables = [(int(p["white_id"]),) if p.get("black_id") is None
                  else (int(p["white_id"]), int(p["black_id"])) for p in answer]
    except Exception:  # the library's refusals are not typed: any failure falls back
        log.warning("Dutch pairing failed for round %s; pairing by matching", round_number,
                    exc_info=True)
        return []
    return sorted(tables, key=len, reverse=True)


def faults(tables: Sequence[tuple[int, ...]], score: dict[int, float],
           games: dict[int, list[str]], byes: dict[int, int], met: set[tuple[int, int]]
           ) -> tuple[int, int, float, int]:
    """(colour rules broken, rematches and second byes, the bye's score (-1: none), pairs
    across score groups) of a round's tables."""
    broken = sum(colours.breaches(games[t[0]], games[t[1]]) for t in tables if len(t) == 2)
    repeats = sum((min(t), max(t)) in met if len(t) == 2 else byes[t[0]] > 0
                  for t in tables)
    bye = max((score[t[0]] for t in tables if len(t) == 1), default=-1.0)
    across = sum(score[t[0]] != score[t[1]] for t in tables if len(t) == 2)
    return broken, repeats, bye, across


def as_good(tables: Sequence[tuple[int, ...]], ours: Sequence[tuple[int, ...]],
            active: Sequence[int], score: dict[int, float], games: dict[int, list[str]],
            byes: dict[int, int], met: set[tuple[int, int]]) -> bool:
    """Whether ``tables`` seat every active entrant once with the right number of byes and
    keep every rule ``ours`` keeps (see the module's docstring)."""
    seated = sorted(e for t in tables for e in t)
    if seated != sorted(active) or sum(len(t) == 1 for t in tables) != len(active) % 2:
        return False
    (broken, repeats, bye, across) = faults(tables, score, games, byes, met)
    (our_broken, our_repeats, our_bye, our_across) = faults(ours, score, games, byes, met)
    return (broken <= our_broken and repeats <= our_repeats and bye <= our_bye
            and (across == 0 or our_across > 0))
