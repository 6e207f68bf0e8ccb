"""bench.ai's saved results: a run appends each match, a resumed run plays only the
missing ones, and --table reads the whole set back."""

from __future__ import annotations

import json

from bench import ai


def run(*argv: str) -> None:
    ai.main(["--game", "witch-stones", "--level", "easy", "--opponent", "random",
             "--jobs", "1", *argv])


def test_results_are_saved_resumed_and_tabled(tmp_path, capsys):
    saved = tmp_path / "runs.jsonl"
    run("--games", "2", "--results", str(saved))
    first = [json.loads(line) for line in saved.read_text().splitlines()]
    assert sorted(r["number"] for r in first) == [0, 1]
    assert {r["outcome"] for r in first} <= {"win", "draw", "loss"}
    assert all(len(r["scores"]) == 2 and r["seat"] == r["number"] % 2 for r in first)
    run("--games", "3", "--results", str(saved))  # games 0 and 1 are not played again
    rows = [json.loads(line) for line in saved.read_text().splitlines()]
    assert [r["number"] for r in rows[:2]] == [r["number"] for r in first]
    assert [r["number"] for r in rows[2:]] == [2]
    capsys.readouterr()
    ai.main(["--table", str(saved)])
    out = capsys.readouterr().out
    assert "| witch-stones | random | easy | 3 |" in out and "3 games" in out
