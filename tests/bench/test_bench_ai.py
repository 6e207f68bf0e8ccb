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


def test_uncapped_lifts_the_clock_off_the_games_own_hard_budget():
    import engines
    from engines.ai import player
    game = engines.get("when-gods-collide")
    hard = player("hard")
    assert hard.budget(game).seconds < float("inf")
    lifted = ai.uncapped(hard, game).budget(game)
    assert lifted.seconds == float("inf")
    assert lifted.iterations == engines.spec(game.slug).computer.hard.iterations


def test_the_goal_line_judges_hard_against_greedy_by_win_rate_and_cpu():
    def row(game, outcome, cpu, opponent="greedy", level="hard"):
        return {"game": game, "opponent": opponent, "level": level, "outcome": outcome,
                "cpu": cpu}
    rows = ([row("a", "win", [0.5, 1.0])] * 19 + [row("a", "loss", [0.5])]
            + [row("b", "win", [3.0])] * 20 + [row("c", "win", [0.1])] * 9
            + [row("c", "draw", [0.1]), row("c", "loss", [0.1])]
            + [row("d", "loss", [0.1], opponent="random")])
    line = ai.goals(rows)
    assert "a 95.0% p95 1.00 s met" in line
    assert "b 100.0% p95 3.00 s NOT met" in line
    assert "c 86.4% p95 0.10 s NOT met" in line
    assert " d " not in line
