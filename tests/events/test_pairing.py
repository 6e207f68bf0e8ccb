"""Pairing properties over thousands of random events (service.events.pairing) — a Swiss
round's colour rules, rematches, byes and score groups checked against brute force — and
published examples: FIDE's Berger table for six players (Handbook C.05, Annex 1)."""

from __future__ import annotations

import functools
import itertools
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.common import pool
from service.events import round_tables
from service.events.pairing import (
    ROUND_ROBIN,
    SWISS,
    TABLES,
    Table,
    colours,
    matching,
    pair_round,
    placings_points,
    standings,
    swiss,
)
from service.events.pairing.tables import sizes
from tests.conftest import random_games


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


def cheapest(people: list[int], cost: Callable[[int, int], tuple[int, ...] | None]
             ) -> tuple[int, ...] | None:
    """The least sum of ``cost`` (lexicographic; None: the pair is not allowed) over every
    perfect matching of ``people`` — all of them, by dynamic programming over who is left
    — or None when no perfect matching is allowed."""

    @functools.cache
    def best(left: tuple[int, ...]) -> tuple[int, ...] | None:
        if not left:
            return ()
        found = None
        for i in range(1, len(left)):
            pair, tail = cost(left[0], left[i]), best(left[1:i] + left[i + 1:])
            if pair is None or tail is None:
                continue
            total = tuple(a + b for a, b in zip(pair, tail, strict=False)) if tail else pair
            found = total if found is None else min(found, total)
        return found

    return best(tuple(sorted(people)))


def absolute(entrant: int, history: list[Table]) -> int | None:
    """FIDE's absolute colour preference (seat 0 is White): a colour difference past one,
    or the same colour twice running, asks for the other colour."""
    seats = seats_played(entrant, history)
    balance = seats.count(0) - seats.count(1)
    if balance > 1 or seats[-2:] == [0, 0]:
        return 1
    if balance < -1 or seats[-2:] == [1, 1]:
        return 0
    return None


def seats_played(entrant: int, history: list[Table]) -> list[int]:
    """The entrant's seats (0 White, 1 Black) in the games played, byes skipped."""
    return [t.players.index(entrant) for t in history
            if entrant in t.players and not t.bye]


def keeps_colours(seats: list[int]) -> bool:
    """Never the same colour three times running, Whites and Blacks within two."""
    runs = any(seats[i] == seats[i + 1] == seats[i + 2] for i in range(len(seats) - 2))
    return not runs and abs(seats.count(0) - seats.count(1)) <= 2


def breaks(seats: list[int], seat: int) -> bool:
    """Whether ``seat`` next gives a colour three times running or Whites and Blacks
    apart by three."""
    balance = seats.count(0) - seats.count(1) + (1 if seat == 0 else -1)
    return seats[-2:] == [seat, seat] or abs(balance) > 2


def within_groups(active: list[int], score: dict[int, float], met: set[frozenset[int]],
                  history: list[Table]) -> bool:
    """Whether the round pairs with every pair inside its score group, no rematch, and no
    two players with the same absolute colour preference meeting (FIDE C.04.3 C.3)."""
    wants = {e: absolute(e, history) for e in active}

    def allowed(a: int, b: int) -> tuple[int, ...] | None:
        keep = score[a] == score[b] and frozenset((a, b)) not in met and (
            wants[a] is None or wants[a] != wants[b])
        return () if keep else None

    return cheapest(active, allowed) is not None


def round_faults(tables: list[tuple[int, ...]], seats: dict[int, list[int]],
                 score: dict[int, float], met: set[frozenset[int]],
                 had_bye: set[int]) -> tuple[int, int, float]:
    """(players whose colour rules the round breaks, rematches and second byes, the bye's
    score or -1) of a round's tables as seated (White first); ``seats``: each entrant's
    :func:`seats_played` so far."""
    broken = sum(breaks(seats[e], seat) for t in tables if len(t) == 2
                 for seat, e in enumerate(t))
    repeats = sum(frozenset(t) in met if len(t) == 2 else t[0] in had_bye for t in tables)
    bye = max((score[t[0]] for t in tables if len(t) == 1), default=-1.0)
    return broken, repeats, bye


def best_faults(active: list[int], seats: dict[int, list[int]], score: dict[int, float],
                met: set[frozenset[int]], had_bye: set[int]) -> tuple[int, int, float]:
    """The least :func:`round_faults` of any pairing of the round, each pair seated the
    better way round (brute force, lexicographic)."""

    def faults(a: int, b: int) -> tuple[int, int]:
        return (min(breaks(seats[a], 0) + breaks(seats[b], 1),
                    breaks(seats[b], 0) + breaks(seats[a], 1)),
                int(frozenset((a, b)) in met))

    best = None
    for bye in [None] if len(active) % 2 == 0 else active:
        rest = cheapest([e for e in active if e != bye], faults) or (0, 0)
        found = (rest[0], rest[1] + (bye in had_bye), -1.0 if bye is None else score[bye])
        best = found if best is None else min(best, found)
    assert best is not None
    return best


@random_games(1200)
@given(count=st.integers(2, 10), rounds=st.integers(1, 7), seed=st.integers(0, 2**32),
       matching_only=st.booleans())
def test_swiss_properties(count: int, rounds: int, seed: int, matching_only: bool) -> None:
    """Random events with late entries and withdrawals, paired by the Dutch library (with
    the matching as its check) or by the matching alone: each round breaks the colour
    rules for the fewest players any pairing can, then has the fewest rematches and second
    byes, then gives the bye to the lowest score that can take it (brute force); pairs
    keep to score groups where they can; and in an event where no round had to break the
    colour rules nobody had a colour three times running or Whites and Blacks apart by
    three."""
    rng = random.Random(seed)
    entrants = list(range(1, count + 1))
    active = list(entrants)
    history: list[Table] = []
    forced = False
    with pytest.MonkeyPatch.context() as patch:
        if matching_only:
            patch.setattr(swiss, "DUTCH_MOST", 0)
        for number in range(1, rounds + 1):
            if number > 1 and rng.random() < 0.15 and len(active) > 2:
                active.remove(rng.choice(active))  # withdrawn
            if number > 1 and rng.random() < 0.15 and len(active) < 10:
                entrants.append(len(entrants) + 1)  # a late entry
                active.append(entrants[-1])
            met = {frozenset(t.players) for t in history if not t.bye}
            had_bye = {t.players[0] for t in history if t.bye}
            score = {line.entrant: line.points for line in standings(entrants, history)}
            tables = pair_round(SWISS, entrants, active, history, number, rounds)
            assert sorted(e for t in tables for e in t) == sorted(active)
            assert sum(len(t) == 1 for t in tables) == len(active) % 2
            seats = {e: seats_played(e, history) for e in entrants}
            best = best_faults(active, seats, score, met, had_bye)
            assert round_faults(tables, seats, score, met, had_bye) == best, tables
            forced = forced or best[0] > 0
            if len(active) % 2 == 0 and within_groups(active, score, met, history):
                assert all(score[t[0]] == score[t[1]] for t in tables), (score, tables)
            history += play_round(tables, number, rng)
    if not forced:
        assert all(keeps_colours(seats_played(e, history)) for e in entrants)


@random_games(12)
@given(count=st.integers(40, 130), rounds=st.integers(5, 9), seed=st.integers(0, 2**32))
def test_a_large_swiss_keeps_every_rule(count: int, rounds: int, seed: int) -> None:
    """Events too large for brute force, paired by the matching: no rematch, no second
    bye, the colour rules kept for everyone, the bye to the lowest score without one."""
    rng = random.Random(seed)
    entrants = list(range(1, count + 1))
    history: list[Table] = []
    for number in range(1, rounds + 1):
        met = {frozenset(t.players) for t in history if not t.bye}
        had_bye = {t.players[0] for t in history if t.bye}
        score = {line.entrant: line.points for line in standings(entrants, history)}
        tables = pair_round(SWISS, entrants, entrants, history, number, rounds)
        assert sorted(e for t in tables for e in t) == entrants
        assert not any(frozenset(t) in met for t in tables if len(t) == 2)
        byes = [t[0] for t in tables if len(t) == 1]
        assert not set(byes) & had_bye
        if byes:
            assert score[byes[0]] == min(score[e] for e in entrants if e not in had_bye)
        history += play_round(tables, number, rng)
    assert all(keeps_colours(seats_played(e, history)) for e in entrants)


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


def test_the_weights_of_all_pairs_at_once_are_each_pairs_own() -> None:
    """The matching's edges, weighed all at once (numpy), carry each pair's own costs
    (:func:`matching.pair_cost`, one pair at a time), the rematches among them."""
    rng = random.Random(11)
    entrants = list(range(1, 31))
    history: list[Table] = []
    for number in range(1, 6):
        history += play_round(pair_round(SWISS, entrants, entrants, history, number, 9),
                              number, rng)
    score, seen, _, byes, met = swiss._histories(entrants, history)
    games = {e: colours.played(seen[e]) for e in entrants}
    active = entrants[:-1]
    seats = matching.seats_of(entrants, active, score, games, byes)
    layout = matching.Layout.of(len(seats) // 2 + 1, relaxed=True)
    edges = matching._pair_edges(seats, met, layout, relaxed=True)
    assert len(edges) == len(seats) * (len(seats) - 1) // 2
    kinds = set()
    for i, j, weight in edges:
        a, b = seats[i], seats[j]
        again = (min(a.entrant, b.entrant), max(a.entrant, b.entrant)) in met
        broken, spread, unmet, s1s2 = matching.pair_cost(a, b)
        assert weight == layout.weight(broken, again, 0, spread, unmet, s1s2)
        kinds.add((broken > 0, again, spread > 0, unmet > 0, s1s2 > 0))
    assert len(kinds) >= 8  # the costs vary: the check compares something
    strict = matching._pair_edges(seats, met, matching.Layout.of(15, relaxed=False), False)
    assert len(strict) == sum(not (k[0] or k[1]) for k in [
        (matching.pair_cost(seats[i], seats[j])[0] > 0,
         (min(seats[i].entrant, seats[j].entrant),
          max(seats[i].entrant, seats[j].entrant)) in met)
        for i, j, _ in edges])


def test_importing_the_service_leaves_the_pairing_libraries_unloaded() -> None:
    """networkx, caissify-pairings, rustworkx and numpy load when a round is paired, not
    when the bot or the console starts (networkx alone took 2 s)."""
    code = ("import sys, console.app, service, service.events.tournaments, bot.events.tournaments\n"
            "print(sorted(m for m in ('networkx', 'caissify_pairings', 'rustworkx', "
            "'numpy') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=Path(__file__).resolve().parents[2])
    assert out.stdout.strip() == "[]", out.stderr


@pytest.fixture
def workers():
    """A pool of one worker for the test, stopped after it (no process outlives a test)."""
    pool.executor(workers=1)
    yield pool
    pool.shutdown()


@pytest.mark.parametrize("offload", ["process", "thread"])
async def test_a_round_paired_off_the_loop_is_the_round_paired_here(workers, offload):
    """The tournament service's entry point gives the tables pairing gives, in the pool
    (its arguments and answer cross to a worker and back) or in a thread."""
    rng = random.Random(5)
    entrants = list(range(1, 60))
    history: list[Table] = []
    for number in range(1, 4):
        here = pair_round(SWISS, entrants, entrants[:-2], history, number, 5)
        there = await round_tables.pair_round(offload, SWISS, entrants, entrants[:-2], history,
                                      number, 5)
        assert there == here
        history += play_round(here, number, rng)
    tables = await round_tables.pair_round(offload, TABLES, entrants, entrants, history, 4, 5, 4, 3)
    assert tables == pair_round(TABLES, entrants, entrants, history, 4, 5, 4, 3)


def results(*rounds: str) -> list[Table]:
    """Rounds written "1-4 5-2 3-6 7" (White first, White's points after a colon when not
    a win for White: "2-3:0", "4-3:0.5"; a lone number a bye)."""
    history = []
    for number, line in enumerate(rounds, 1):
        for table in line.split():
            pair, _, white = table.partition(":")
            players = tuple(int(p) for p in pair.split("-"))
            if len(players) == 1:
                history.append(Table(number, players))
                continue
            points = float(white or 1.0)
            history.append(Table(number, players, {players[0]: points,
                                                   players[1]: 1.0 - points}))
    return history


def test_white_then_a_bye_then_white_asks_for_black() -> None:
    """Entrant 4 had White, a bye, White: the Dutch library, handed colours with the bye
    in them, gave 4 a third White running (the old pairing: (4, 5)); the bye is skipped."""
    history = results("1-4 5-2:0 3-6:0 7", "6-1:0 2-7 4-3:0 5", "1-2:0 3-5:0 7-6 4",
                      "5-1 2-3 4-7:0 6")
    assert seats_played(4, history)[-2:] == [0, 0]
    tables = pair_round(SWISS, list(range(1, 8)), list(range(1, 8)), history, 5, 5)
    assert (5, 4) in tables
    assert all(not breaks(seats_played(e, history), t.index(e))
               for t in tables if len(t) == 2 for e in t)


def test_a_round_without_a_clean_pairing_keeps_the_colours_and_repeats_once() -> None:
    """Six entrants in round 5: every pairing repeats a game; the old fallback gave 6 a
    third White running ((6, 1)); now the colours hold and one game repeats."""
    history = results("1-4 5-2 3-6", "3-1 4-5 2-6:0.5", "5-3:0 1-2:0 6-4", "6-3:0 2-4 1-5")
    entrants = list(range(1, 7))
    met = {frozenset(t.players) for t in history}
    assert best_faults(entrants, {e: seats_played(e, history) for e in entrants},
                       {e: 0.0 for e in entrants}, met, set())[:2] == (0, 1)
    tables = pair_round(SWISS, entrants, entrants, history, 5, 5)
    assert all(not breaks(seats_played(e, history), t.index(e)) for t in tables for e in t)
    assert sum(frozenset(t) in met for t in tables) == 1
