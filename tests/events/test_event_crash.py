"""Crash safety of tournament steps: two processes run events while one is SIGKILLed;
a last process lets every event end, and nothing is stuck, orphaned, unannounced, posted
twice or lost (bench/event_crash.py is the full run, ≥ 200 kills on PostgreSQL)."""

from __future__ import annotations

from bench.event_crash import run_harness


def test_sigkills_leave_no_stuck_event_orphan_lobby_or_lost_result(database):
    report = run_harness(database, kills=4, seed=3, longest=0.4)
    assert report.kills == 4 and report.matches > 0 and report.posts > 0
    assert sum(report.events.values()) > 0
    assert (report.stuck, report.orphans, report.unannounced, report.doubles,
            report.lost) == ([], [], [], [], [])
