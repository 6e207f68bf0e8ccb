"""Swiss pairing of a two-player game: the FIDE Dutch system (Handbook C.04.3) from the
``caissify-pairings`` library, checked, with a fallback of our own.

The library is handed what FIDE's system reads — each entrant's score, colour and float
history, byes, and every pair already played — and seats players by entry order (the
pairing numbers). Its answer is checked: every active entrant seated exactly once, at
most one bye, no bye to an entrant who had one and no rematch. No round is the library's
last, so its exception for leaders in the final round (a colour difference of three)
never applies: colours stay within two. Where Dutch cannot pair a round within those
rules (short events late on, many withdrawals), the fallback pairs by maximum-weight
matching: rematches and second byes only when no pairing avoids them, then
the smallest score differences, the bye to the lowest-ranked entrant without one.
"""

from __future__ import annotations

import itertools
import logging
from collections.abc import Sequence

import networkx as nx
from caissify_pairings import generate_pairings

from service.pairing.model import Table

log = logging.getLogger(__name__)

BYE = -1  # the bye's node in the fallback's graph


def _histories(entrants: Sequence[int], history: Sequence[Table]
               ) -> tuple[dict[int, float], dict[int, list[str]], dict[int, list[str]],
                          dict[int, int], set[tuple[int, int]]]:
    """Scores, colour and float histories, byes and pairs played, round by round."""
    score = {e: 0.0 for e in entrants}
    colours: dict[int, list[str]] = {e: [] for e in entrants}
    floats: dict[int, list[str]] = {e: [] for e in entrants}
    byes = dict.fromkeys(entrants, 0)
    met: set[tuple[int, int]] = set()
    for number in sorted({t.round for t in history}):
        before = dict(score)
        seated: set[int] = set()
        for table in (t for t in history if t.round == number):
            seated.update(table.players)
            if table.bye:
                (e,) = table.players
                if e in score:
                    byes[e] += 1
                    score[e] += table.scored(e)
                    colours[e].append("none")
                    floats[e].append("down")
                continue
            white, black = table.players
            met.add((min(white, black), max(white, black)))
            for me, other, colour in ((white, black, "white"), (black, white, "black")):
                if me not in score:
                    continue
                score[me] += table.scored(me)
                colours[me].append(colour)
                mine, theirs = before[me], before.get(other, 0.0)
                floats[me].append("none" if mine == theirs else
                                  "down" if mine > theirs else "up")
        for e in entrants:  # absent from the round (joined late): nothing played
            if e not in seated:
                colours[e].append("none")
                floats[e].append("none")
    return score, colours, floats, byes, met


def pair_swiss(entrants: Sequence[int], active: Sequence[int], history: Sequence[Table],
               round_number: int, total_rounds: int) -> list[tuple[int, ...]]:
    """The round's tables (White first; a bye alone) of the ``active`` entrants;
    ``entrants``: everyone, in entry order (the pairing numbers)."""
    score, colours, floats, byes, met = _histories(entrants, history)
    players = [{"id": e, "name": str(e), "score": score[e], "rating": 0,
                "starting_number": entrants.index(e) + 1, "color_hist": colours[e],
                "float_history": floats[e], "bye_count": byes[e]} for e in active]
    try:
        answer = generate_pairings(system="dutch", players=players,
                                   previous_pairings=set(met), round_number=round_number,
                                   # never "the last round": FIDE's topscorer exception
                                   # (colours past a difference of two) is not ours
                                   total_rounds=max(total_rounds, round_number) + 1)
        tables: list[tuple[int, ...]] = [(int(p["white_id"]),) if p.get("black_id") is None
                  else (int(p["white_id"]), int(p["black_id"])) for p in answer]
    except Exception:  # the library's refusals are not typed: any failure falls back
        log.warning("Dutch pairing failed for round %s; pairing by matching", round_number,
                    exc_info=True)
        tables = []
    if sound(tables, active, byes, met):
        return tables
    return fallback(entrants, active, score, colours, byes, met)


def sound(tables: Sequence[tuple[int, ...]], active: Sequence[int], byes: dict[int, int],
          met: set[tuple[int, int]]) -> bool:
    """Every active entrant seated once, one bye at most (to an entrant without one), no
    rematch."""
    seated = [e for t in tables for e in t]
    if sorted(seated) != sorted(active):
        return False
    alone = [t[0] for t in tables if len(t) == 1]
    if len(alone) != len(active) % 2 or any(byes[e] for e in alone):
        return False
    return all((min(t), max(t)) not in met for t in tables if len(t) == 2)


def fallback(entrants: Sequence[int], active: Sequence[int], score: dict[int, float],
             colours: dict[int, list[str]], byes: dict[int, int],
             met: set[tuple[int, int]]) -> list[tuple[int, ...]]:
    """A maximum-weight matching: each rematch or second bye costs more than any number
    of score differences, so they happen only where nothing else pairs the round."""
    graph = nx.Graph()
    big = 1000 * (len(active) + 1) ** 2
    nodes = list(active) + ([BYE] if len(active) % 2 else [])
    rank = sorted(active, key=lambda e: (-score[e], entrants.index(e)))
    for a, b in itertools.combinations(nodes, 2):
        if BYE in (a, b):
            e = b if a == BYE else a
            cost = big * byes[e] + (len(rank) - rank.index(e))  # the lowest-ranked first
        else:
            cost = big * ((min(a, b), max(a, b)) in met) + int(
                100 * abs(score[a] - score[b]) ** 2)
        graph.add_edge(a, b, weight=4 * big * (len(active) + 1) - cost)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    tables: list[tuple[int, ...]] = []
    for a, b in sorted(matching, key=lambda p: min(rank.index(e) for e in p if e != BYE)):
        if BYE in (a, b):
            tables.append((b if a == BYE else a,))
        else:
            tables.append(colour_order(a, b, colours, rank))
    return sorted(tables, key=len, reverse=True)


def colour_order(a: int, b: int, colours: dict[int, list[str]], rank: list[int]
                 ) -> tuple[int, int]:
    """White to the one who had White less often (then had Black last; then the
    higher-ranked)."""
    def leaning(e: int) -> tuple[int, int]:
        played = [c for c in colours[e] if c != "none"]
        balance = played.count("white") - played.count("black")
        return balance, 1 if played and played[-1] == "white" else 0

    if leaning(a) != leaning(b):
        return (a, b) if leaning(a) < leaning(b) else (b, a)
    return (a, b) if rank.index(a) < rank.index(b) else (b, a)
