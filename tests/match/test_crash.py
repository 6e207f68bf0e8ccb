"""Crash safety: SIGKILL the service mid-play; acknowledged moves survive, nothing is
half-written, every snapshot equals a replay of its log (bench/crash.py is the full run)."""

from __future__ import annotations

from bench.crash import run_harness


def test_sigkill_loses_no_acknowledged_move(tmp_path):
    report = run_harness(str(tmp_path / "crash.db"), kills=5, moves=60, seed=7)
    assert report.kills >= 5 and report.acked >= 60
    assert report.problems == []
