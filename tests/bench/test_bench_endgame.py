"""bench.endgame: a saved match replayed to a point is the same match (played on
unchanged, the saved results come back), and a changed hard player plays on from there."""

from __future__ import annotations

import json

import pytest

import engines
from bench import ai, endgame
from engines.ai import RandomPlayer


def test_played_on_unchanged_a_replay_gives_the_saved_results_back(tmp_path, capsys):
    saved = tmp_path / "runs.jsonl"
    ai.main(["--game", "witch-stones", "--level", "easy", "--opponent", "greedy",
             "--games", "4", "--jobs", "1", "--uncapped", "--results", str(saved)])
    rows = [json.loads(line) for line in saved.read_text().splitlines()]
    capsys.readouterr()
    endgame.main([str(saved), "--ply", "6", "--jobs", "1"])
    out = capsys.readouterr().out
    w = sum(r["outcome"] == "win" for r in rows)
    d = sum(r["outcome"] == "draw" for r in rows)
    assert f"| unchanged | 4 | {w}/{d}/{4 - w - d} |" in out
    assert "| 0 / 0 |" in out  # no match turned either way
    for row in rows:  # move for move: the same final scores, as long
        again = endgame.replay((row, None, 6, None))
        assert (again["scores"], again["plies"]) == (row["scores"], row["plies"])


def test_a_changed_hard_player_takes_over_a_match_near_its_end(tmp_path, capsys):
    game = engines.get("terra")
    played = ai.play_on(game, game.setup(2, 1000 + 3, {}), RandomPlayer(), RandomPlayer(),
                        mine=1, number=3)
    row = {"game": "terra", "opponent": "random", "level": "hard", "number": 3, "seat": 1,
           "outcome": played.outcome(game, 1), "moves": played.moves}
    saved = tmp_path / "runs.jsonl"
    saved.write_text(json.dumps(row) + "\n")
    endgame.main([str(saved), "--last", "6", "--set", "exchange_plots=5", "--jobs", "1"])
    out = capsys.readouterr().out
    assert "| exchange_plots=5 | 1 |" in out
    assert "0 of 1 matches ended before the point" in out


def test_set_builds_the_games_own_hard_player_with_those_arguments():
    player = endgame.changed_player("terra", {"exchange_plots": 5})
    assert player.specialist(engines.get("terra")).exchange_plots == 5
    with pytest.raises(ValueError, match="no hard player of its own"):
        endgame.changed_player("witch-stones", {"depth": 2})


def test_a_setting_reads_numbers_and_refuses_what_is_not_name_equals_value():
    assert endgame.setting("exchange_plots=30") == ("exchange_plots", 30)
    assert endgame.setting("army_price=1.5") == ("army_price", 1.5)
    with pytest.raises(ValueError, match="NAME=VALUE"):
        endgame.setting("exchange_plots")
