"""Pairing properties over thousands of random events (service.pairing), and published
examples: FIDE's Berger table for six players (Handbook C.05, Annex 1)."""

from __future__ import annotations

import itertools
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.pairing import (
    ROUND_ROBIN,
    SWISS,
    TABLES,
    Table,
    pair_round,
    placings_points,
    standings,
)
from service.pairing.tables import sizes


def play_round(tables: list[tuple[int, ...]], number: int, rng: random.Random) -> list[Table]:
    """Random results: a random ranking of each table, ties allowed."""
    out = []
    for players in tables:
        if len(players) == 1:
            out.append(Table(number, players))
            continue
        seats = list(range(len(players)))
        rng.shuffle(seats)
        ranking: list[list[int]] = []
        for s in seats:
            if ranking and rng.random() < 0.2:
                ranking[-1].append(s)
            else:
                ranking.append([s])
        points = placings_points(ranking)
        out.append(Table(number, players, {players[s]: p for s, p in points.items()}))
    return out


def perfect_matchings(people: list[int]) -> list[list[tuple[int, int]]]:
    if not people:
        return [[]]
    first, rest = people[0], people[1:]
    out = []
    for i, other in enumerate(rest):
        for tail in perfect_matchings(rest[:i] + rest[i + 1:]):
            out.append([(first, other), *tail])
    return out


def avoidable(active: list[int], met: set[frozenset[int]], had_bye: set[int]) -> bool:
    """Whether some pairing of the round has no rematch and no second bye (brute force)."""
    candidates = [None] if len(active) % 2 == 0 else [e for e in active if e not in had_bye]
    for bye in candidates:
        people = [e for e in active if e != bye]
        for matching in perfect_matchings(people):
            if all(frozenset(p) not in met for p in matching):
                return True
    return False


def absolute(entrant: int, history: list[Table]) -> int | None:
    """FIDE's absolute colour preference (seat 0 is White): a colour difference past one,
    or the same colour twice running, asks for the other colour."""
    seats = [t.players.index(entrant) for t in history
             if entrant in t.players and not t.bye]
    balance = seats.count(0) - seats.count(1)
    if balance > 1 or seats[-2:] == [0, 0]:
        return 1
    if balance < -1 or seats[-2:] == [1, 1]:
        return 0
    return None


def within_groups(active: list[int], score: dict[int, float], met: set[frozenset[int]],
                  history: list[Table]) -> bool:
    """Whether the round pairs with every pair inside its score group, no rematch, and no
    two players with the same absolute colour preference meeting (FIDE C.04.3 C.3)."""
    wants = {e: absolute(e, history) for e in active}
    for matching in perfect_matchings(active):
        if all(score[a] == score[b] and frozenset((a, b)) not in met
               and (wants[a] is None or wants[a] != wants[b]) for a, b in matching):
            return True
    return False


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(count=st.integers(2, 10), rounds=st.integers(1, 6), seed=st.integers(0, 2**32))
def test_swiss_properties(count: int, rounds: int, seed: int) -> None:
    rng = random.Random(seed)
    entrants = list(range(1, count + 1))
    rounds = min(rounds, count - 1 + count % 2)
    history: list[Table] = []
    for number in range(1, rounds + 1):
        met = {frozenset(t.players) for t in history if not t.bye}
        had_bye = {t.players[0] for t in history if t.bye}
        score = {line.entrant: line.points for line in standings(entrants, history)}
        tables = pair_round(SWISS, entrants, entrants, history, number, rounds)
        assert sorted(e for t in tables for e in t) == entrants
        byes = [t[0] for t in tables if len(t) == 1]
        assert len(byes) == count % 2
        clean = avoidable(entrants, met, had_bye)
        if clean:  # no rematch, no second bye while avoidable
            assert not any(frozenset(t) in met for t in tables if len(t) == 2), tables
            assert not set(byes) & had_bye
        if count % 2 == 0 and within_groups(entrants, score, met, history):
            assert all(score[t[0]] == score[t[1]] for t in tables), (score, tables)
        history += play_round(tables, number, rng)
    for e in entrants:
        colours = [t.players.index(e) for t in history if e in t.players and not t.bye]
        assert abs(colours.count(0) - colours.count(1)) <= 2


@settings(max_examples=300, deadline=None)
@given(count=st.integers(2, 12), seed=st.integers(0, 2**32))
def test_round_robin_meets_everyone_once(count: int, seed: int) -> None:
    rng = random.Random(seed)
    entrants = rng.sample(range(1, 1000), count)
    rounds = count - 1 + count % 2
    history: list[Table] = []
    for number in range(1, rounds + 1):
        tables = pair_round(ROUND_ROBIN, entrants, entrants, history, number, rounds)
        assert sorted(e for t in tables for e in t) == sorted(entrants)
        history += play_round(tables, number, rng)
    pairs = [frozenset(t.players) for t in history if not t.bye]
    assert sorted(map(sorted, pairs)) == sorted(
        sorted(p) for p in itertools.combinations(entrants, 2))
    assert all(sum(t.bye and e in t.players for t in history) <= 1 for e in entrants)


def test_berger_table_for_six_is_fides() -> None:
    """FIDE Handbook C.05 Annex 1, the table for 5 or 6 players (White first)."""
    published = ["1-6 2-5 3-4", "6-4 5-3 1-2", "2-6 3-1 4-5", "6-5 1-4 2-3", "3-6 4-2 5-1"]
    for number, line in enumerate(published, 1):
        expected = {tuple(int(x) for x in pair.split("-")) for pair in line.split()}
        got = set(pair_round(ROUND_ROBIN, [1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 5, 6], [],
                             number, 5))
        assert got == expected


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(count=st.integers(3, 14), seats=st.integers(3, 6), rounds=st.integers(1, 4),
       seed=st.integers(0, 2**32))
def test_tables_properties(count: int, seats: int, rounds: int, seed: int) -> None:
    rng = random.Random(seed)
    entrants = list(range(1, count + 1))
    history: list[Table] = []
    for number in range(1, rounds + 1):
        order = [line.entrant for line in standings(entrants, history)]
        tables = pair_round(TABLES, entrants, entrants, history, number, rounds, seats, 2)
        assert sorted(e for t in tables for e in t) == entrants
        played = [t for t in tables if len(t) > 1]
        assert all(2 <= len(t) <= seats for t in played)
        assert max(map(len, played)) - min(map(len, played)) <= 1
        # score groups: an entrant sits at the table of its standing or a neighbouring one
        slot = 0
        for index, table in enumerate(played):
            for e in table:
                home = next(i for i, t in enumerate(played)
                            if sum(map(len, played[:i])) <= order.index(e)
                            < sum(map(len, played[:i + 1])))
                assert abs(home - index) <= 1
            slot += len(table)
        had_bye = {t.players[0] for t in history if t.bye}
        byes = [t[0] for t in tables if len(t) == 1]
        assert len(byes) == sizes(count, seats, 2)[1]
        assert not set(byes) & had_bye or len(had_bye) + len(byes) > count
        history += play_round(tables, number, rng)


def test_nine_at_tables_of_four_sit_three_by_three() -> None:
    assert sizes(9, 4, 2) == ([3, 3, 3], 0)
    assert sizes(10, 4, 2) == ([4, 3, 3], 0)
    assert sizes(3, 2, 2) == ([2], 1)


def test_placings_points_and_tie_breaks() -> None:
    assert placings_points([[0], [1]]) == {0: 1.0, 1: 0.0}
    assert placings_points([[0, 1]]) == {0: 0.5, 1: 0.5}
    assert placings_points([[2], [0, 1], [3]]) == {2: 1.0, 0: 0.5, 1: 0.5, 3: 0.0}
    # 1 beats 2, 3 beats 4; then 1 beats 3, 2 beats 4: 1 leads; 2 and 3 tie on points,
    # 3's Buchholz (1 and 4: 2 + 0) equals 2's (1 and 4): Sonneborn-Berger decides
    # (3 beat 4, who has 0; 2 beat 4 too) — then wins, then entry order.
    history = [Table(1, (1, 2), {1: 1.0, 2: 0.0}), Table(1, (3, 4), {3: 1.0, 4: 0.0}),
               Table(2, (1, 3), {1: 1.0, 3: 0.0}), Table(2, (2, 4), {2: 1.0, 4: 0.0})]
    lines = standings([1, 2, 3, 4], history)
    assert [line.entrant for line in lines] == [1, 2, 3, 4]
    assert [line.points for line in lines] == [2.0, 1.0, 1.0, 0.0]
    assert lines[0].buchholz == 2.0 and lines[1].buchholz == 2.0
    assert lines[1].rank == lines[2].rank == 2  # equal on every tie-break
    bye = standings([1, 2], [Table(1, (1,)), Table(2, (1, 2), {1: 0.0, 2: 1.0})])
    # equal on points and Buchholz (a bye adds nothing); 2 beat 1: Sonneborn-Berger
    assert [(line.entrant, line.points, line.byes) for line in bye] == [(2, 1.0, 0),
                                                                       (1, 1.0, 1)]


def test_a_round_dutch_cannot_pair_falls_back_to_the_fewest_rematches() -> None:
    """Four entrants after a whole round robin: every pair has met, so round 4 must
    repeat; the fallback seats everyone, White to whoever had it less."""
    entrants = [1, 2, 3, 4]
    history: list[Table] = []
    for number in (1, 2, 3):
        tables = pair_round(ROUND_ROBIN, entrants, entrants, history, number, 3)
        history += [Table(number, t, {t[0]: 0.5, t[1]: 0.5}) for t in tables]
    tables = pair_round(SWISS, entrants, entrants, history, 4, 4)
    assert sorted(e for t in tables for e in t) == entrants
    assert all(len(t) == 2 for t in tables)
    for e in entrants:
        seats = [t.players.index(e) for t in history if e in t.players]
        seats.append(next(t.index(e) for t in tables if e in t))
        assert abs(seats.count(0) - seats.count(1)) <= 2
