"""bench.pairing runs whole events through the pool and prints one row a size, its
samples counted right (every round of every event)."""

from __future__ import annotations

import random

from bench import pairing


def test_a_row_a_size_with_every_round_counted(capsys):
    pairing.main(["--sizes", "5", "40", "--rounds", "3"])
    out = capsys.readouterr().out
    rows = [line for line in out.splitlines() if line.startswith("| 5 |")
            or line.startswith("| 40 |")]
    assert len(rows) == 4  # printed as they come, and again in the table
    assert rows[0].startswith(f"| 5 | {pairing.events_of(5)} × 3 |")
    assert rows[1].startswith(f"| 40 | {pairing.events_of(40)} × 3 |")
    assert "load average" in out


def test_the_results_are_a_whole_round_and_every_bye_scores():
    tables = [(1, 2), (3, 4), (5,)]
    played = pairing.played(tables, 2, random.Random(3))
    assert [t.players for t in played] == tables and all(t.round == 2 for t in played)
    assert all(sum(t.points.values()) == 1.0 for t in played if not t.bye)
    assert played[2].done and played[2].scored(5) == 1.0
