"""Saved matches replayed to a late point and played on by a changed player, in pairs.

    python -m bench.ai --game <slug> --level hard --opponent greedy --uncapped \\
        --games 200 --results runs.jsonl
    python -m bench.endgame runs.jsonl --last 80                 # unchanged: the saved results
    python -m bench.endgame runs.jsonl --last 80 --set exchange_plots=30
    python -m bench.endgame runs.jsonl --ply 120 --jobs 2        # from the same ply in each

Why pairs: where chance decides much of a match (a game of draws from hidden cups), two
players measured over separate runs of 200 whole matches differ by a standard error of
about 1.8 points whatever they are worth. Every seed of a benchmark match comes from its
number and its ply (:func:`bench.ai.play_on`), so a match saved by ``bench.ai
--results`` (its moves) replayed move by move to the same point is the same match, and
from there the tested player, changed or not, plays on against the same opponent with
the same chance. Each pair then compares the two players from that point on only. Played
on unchanged, a replay gives the saved results back (the first check of any change
measured this way) when they were saved with ``--uncapped`` and the level's own budget
(a replay plays the saved level uncapped; ``--iterations``, ``--depth`` and
``--reference`` are not saved).

``--set NAME=VALUE`` (repeatable) builds the game's own hard player (the spec's
``hard_player``, e.g. a planner) with those keyword arguments instead of the saved
level. A change that acts before the replay's point is not measured by it: what it would
have changed earlier is missing (play whole matches for that).

Prints a Markdown table: matches, W/D/L, win rate (a draw counts half), matches turned
won and lost against the saved outcomes, and the tested player's decision CPU time
(p95 / max) from the point on.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Sequence

import engines
from bench.ai import OPPONENTS, play_on, record, remembered, saved, tested_player
from bench.run import command_line, ms
from engines.ai import MctsPlayer, Player


def setting(text: str) -> tuple[str, float | int | str]:
    """``NAME=VALUE`` as a keyword argument (a number where it reads as one)."""
    name, sep, raw = text.partition("=")
    if not sep or not name.isidentifier():
        raise ValueError(f"--set wants NAME=VALUE, e.g. exchange_plots=30, not {text!r}")
    value: float | int | str = raw
    for kind in (int, float):
        try:
            value = kind(raw)
            break
        except ValueError:
            continue
    return name, value


def changed_player(slug: str, settings: dict) -> Player:
    """The game's own hard player built with ``settings``."""
    spec = engines.spec(slug)
    if spec.computer.hard_player is None:
        raise ValueError(f"{slug} has no hard player of its own to change")
    cls = type(spec.hard_player())
    return MctsPlayer(hard=True, specialists={slug: cls(**settings)})


def replay(job: tuple[dict, int | None, int | None, dict | None]) -> dict:
    """One saved match replayed to the point — ply ``at_ply``, or ``last`` plies before
    its end — and played on (outcome ``None`` if it ended first)."""
    row, last, at_ply, settings = job
    game = engines.get(row["game"])
    mine, number = row["seat"], row["number"]
    state = game.setup(2, 1000 + number, {})
    history: list[str] = []
    point = at_ply if at_ply is not None else len(row["moves"]) - (last or 0)
    for ply, move in enumerate(row["moves"]):
        if ply >= point:
            break
        seat = game.to_act(state)[0]
        after = game.play(state, seat, move)
        history = remembered(game, state, seat, after, history)
        state = after
    else:
        return {"number": number, "outcome": None}
    tested = (changed_player(row["game"], settings) if settings
              else tested_player(row["game"], row["level"], no_cap=True))
    played = play_on(game, state, tested, OPPONENTS[row["opponent"]](), mine, number,
                     ply, history)
    result = game.result(played.state)
    assert result is not None
    return {"number": number, "saved": row["outcome"], "outcome": played.outcome(game, mine),
            "scores": list(result.scores), "plies": played.ply, "cpu": played.cpu}


def row_of(name: str, results: Sequence[dict]) -> str:
    wdl, rate = record(results)
    won = sum(r["outcome"] == "win" and r["saved"] != "win" for r in results)
    lost = sum(r["outcome"] != "win" and r["saved"] == "win" for r in results)
    cpu = [t for r in results for t in r["cpu"]]
    return (f"| {name} | {len(results)} | {wdl} | {rate:.1%} | {won} / {lost} "
            f"| {ms(cpu, (0.95,), digits=0, peak=True)} |")


def main(argv: list[str] | None = None) -> None:
    p = command_line("bench.endgame", __doc__)
    p.add_argument("results", nargs="+", help="matches saved by python -m bench.ai --results")
    point = p.add_mutually_exclusive_group(required=True)
    point.add_argument("--last", type=int, help="take over this many plies before the "
                                                "saved match ended")
    point.add_argument("--ply", type=int, help="take over at this ply")
    p.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                   help="build the game's hard player with this keyword argument")
    p.add_argument("--jobs", type=int, default=2, help="worker processes")
    args = p.parse_args(argv)
    try:
        settings = dict(setting(s) for s in args.set)
    except ValueError as problem:
        p.error(str(problem))
    rows = [r for r in saved(args.results) if r.get("moves")]
    if not rows:
        p.error("no saved match with its moves in " + ", ".join(args.results))
    jobs = [(r, args.last, args.ply, settings or None) for r in rows]
    with multiprocessing.Pool(args.jobs) as pool:
        results = [r for r in pool.map(replay, jobs) if r["outcome"] is not None]
    name = ", ".join(f"{k}={v}" for k, v in settings.items()) or "unchanged"
    print("| player | matches | W/D/L | win rate | turned won / lost | CPU p95 / max (ms) |")
    print("|---|---|---|---|---|---|")
    print(row_of(name, results))
    print(f"\n{len(rows) - len(results)} of {len(rows)} matches ended before the point")


if __name__ == "__main__":
    main()
