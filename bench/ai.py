"""How strong and how fast the computer player is, per game.

    python -m bench.ai                       # every game, 200 games per opponent
    python -m bench.ai --games 20 --game terra --jobs 2

Two-player matches, seeded, the search's seat alternating: MCTS (production budget of
``engines.ai.BUDGETS`` unless ``--iterations``) against a random player and against a
one-ply greedy player. Prints a Markdown table: wins/draws/losses, the win rate (a draw
counts half), the search's time per decision (p50/p95) and iterations per decision.
Goals (issue 8): ≥ 95 % against random, ≥ 70 % against greedy, p95 ≤ 2 s.
"""

from __future__ import annotations

import argparse
import multiprocessing
import time

import engines
from engines.ai import GreedyPlayer, MctsPlayer, Player, RandomPlayer

OPPONENTS = {"random": RandomPlayer, "greedy": GreedyPlayer}


def percentile(samples: list[float], q: float) -> float:
    if not samples:
        return 0.0
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def play_one(job: tuple[str, str, int, int | None, int | None]) -> dict:
    """One match: MCTS in seat ``number % 2`` against the opponent; returns its outcome."""
    slug, opponent, number, iterations, depth = job
    game = engines.get(slug)
    search: Player = (MctsPlayer() if iterations is None and depth is None
                      else MctsPlayer.with_budget(iterations, depth, game=slug))
    other: Player = OPPONENTS[opponent]()
    mine = number % 2
    state = game.setup(2, 1000 + number, {})
    times: list[float] = []
    iters: list[int] = []
    ply = 0
    while game.result(state) is None:
        seat = game.to_act(state)[0]
        seed = number * 100003 + ply
        if seat == mine:
            started = time.perf_counter()
            decision = search.decide(game, state, seat, seed)
            if decision.iterations:
                times.append(time.perf_counter() - started)
                iters.append(decision.iterations)
        else:
            decision = other.decide(game, state, seat, seed)
        state = game.play(state, seat, decision.move)
        ply += 1
    ranking = game.result(state).ranking
    if ranking[0] == [mine]:
        outcome = "win"
    elif mine in ranking[0]:
        outcome = "draw"
    else:
        outcome = "loss"
    return {"game": slug, "opponent": opponent, "outcome": outcome, "times": times,
            "iterations": iters, "plies": ply}


def table(rows: list[dict]) -> str:
    lines = ["| game | opponent | games | W/D/L | win rate | decision p50 / p95 (ms) "
             "| iterations per decision | plies per game |",
             "|---|---|---|---|---|---|---|---|"]
    keys = list(dict.fromkeys((r["game"], r["opponent"]) for r in rows))
    for slug, opponent in keys:
        mine = [r for r in rows if r["game"] == slug and r["opponent"] == opponent]
        w = sum(r["outcome"] == "win" for r in mine)
        d = sum(r["outcome"] == "draw" for r in mine)
        losses = len(mine) - w - d
        times = [t for r in mine for t in r["times"]]
        iters = [i for r in mine for i in r["iterations"]]
        rate = (w + d / 2) / len(mine)
        mean_iters = sum(iters) / len(iters) if iters else 0
        plies = sum(r["plies"] for r in mine) / len(mine)
        lines.append(
            f"| {slug} | {opponent} | {len(mine)} | {w}/{d}/{losses} | {rate:.1%} "
            f"| {percentile(times, 0.5) * 1000:.0f} / {percentile(times, 0.95) * 1000:.0f} "
            f"| {mean_iters:.0f} | {plies:.0f} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m bench.ai", description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=200, help="games per game and opponent")
    p.add_argument("--game", choices=[g.slug for g in engines.all()], help="one game only")
    p.add_argument("--opponent", choices=list(OPPONENTS), help="one opponent only")
    p.add_argument("--jobs", type=int, default=2, help="worker processes")
    p.add_argument("--iterations", type=int, help="override the per-game iterations")
    p.add_argument("--depth", type=int, help="override the per-game rollout depth")
    args = p.parse_args(argv)
    slugs = [args.game] if args.game else [g.slug for g in engines.all()]
    opponents = [args.opponent] if args.opponent else list(OPPONENTS)
    started = time.perf_counter()
    rows: list[dict] = []
    with multiprocessing.Pool(args.jobs) as pool:
        for slug in slugs:
            for opponent in opponents:
                jobs = [(slug, opponent, n, args.iterations, args.depth) for n in range(args.games)]
                rows.extend(pool.imap_unordered(play_one, jobs))
                print(table([r for r in rows if r["game"] == slug
                             and r["opponent"] == opponent]).splitlines()[-1], flush=True)
    print()
    print(table(rows))
    print(f"\n{len(rows)} games in {time.perf_counter() - started:.0f} s on {args.jobs} jobs")


if __name__ == "__main__":
    main()
