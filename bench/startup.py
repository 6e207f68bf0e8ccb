"""How long the console takes to its first prompt, as a person starting it sees it.

    nice python -m bench.startup                 # every case, 5 runs each
    nice python -m bench.startup --runs 3 <slug>         # one game's cases

Each case starts ``python -m bot --local …`` in its own pseudo-terminal (a fresh
database and pictures' folder each run) and measures the wall time from the start to
the first prompt (``Name [game #1]> `` or ``Pass to …``) with nothing printed after it.
*cold*: the project's bytecode compiled afresh (its ``__pycache__`` folders removed, as
after a clone; the standard library's and the installed packages' are kept, as pip
writes them); *warm*: compiled by the run before. Bytecode is written even where
``PYTHONDONTWRITEBYTECODE`` is set (then every run would be cold). The OS's file cache
is warm in both (this script cannot drop it). Goal (issue 36): ≤ 1 s warm on the
2-core machine. The load average is printed with the table: the figures mean little on
a busy machine.
"""

from __future__ import annotations

import argparse
import os
import re
import select
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import engines

ROOT = Path(__file__).resolve().parents[1]
PROMPT = re.compile(rb"(?:\]> |press Enter )$")


def cases() -> dict[str, list[str]]:
    """Each game with two people at the keyboard (a person acts first), and the first
    game against the computer (``--seed 8``: a person first there too, so the time is the
    start-up's, not a decision's)."""
    games = engines.all()
    found = {f"{g.slug} hot seat": [g.slug, "--names", "Ana,Bo", "--seed", "3"]
             for g in games}
    found[f"{games[0].slug} --ai 1"] = [games[0].slug, "--ai", "1", "--names", "Ana",
                                        "--seed", "8"]
    return found


LIMIT = 60.0


PACKAGES = ("bot", "console", "db", "engines", "rendering", "service")


def forget_bytecode() -> None:
    """Remove the project's compiled bytecode, so the next run compiles it again."""
    for package in PACKAGES:
        for cache in (ROOT / package).rglob("__pycache__"):
            shutil.rmtree(cache, ignore_errors=True)


def cpu_seconds(group: int) -> float:
    """The CPU time (user and system) the processes of ``group`` have used so far: the
    console's and its workers' (a picture drawn in a worker costs CPU all the same)."""
    total = 0
    for entry in os.listdir("/proc"):
        try:
            fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if entry.isdigit() and int(fields[2]) == group:
            total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def first_prompt(argv: list[str], folder: Path) -> tuple[float, float]:
    """Seconds from starting the console to its first prompt, and the CPU seconds the
    console and its workers used by then (then it is told to quit). On a loaded machine
    the wall time grows with the load; the CPU time much less."""
    master, slave = os.openpty()
    env = {**os.environ, "TERM": "xterm", "DATABASE_PATH": str(folder / "s.db"),
           "BOARDS_DIR": str(folder / "boards")}
    for name in ("DISCORD_TOKEN", "PYTHONDONTWRITEBYTECODE", "PYTHONPYCACHEPREFIX"):
        env.pop(name, None)
    start = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-m", "bot", "--local", *argv], cwd=ROOT,
                               stdin=slave, stdout=slave, stderr=slave, env=env,
                               start_new_session=True)
    os.close(slave)
    seen = b""
    try:
        while time.perf_counter() - start < LIMIT:
            ready, _, _ = select.select([master], [], [], 0.05)
            if ready:
                try:
                    seen += os.read(master, 65536)
                except OSError:
                    break
                if PROMPT.search(seen):
                    took = time.perf_counter() - start
                    cpu = cpu_seconds(process.pid)
                    os.write(master, b"\x04")  # Ctrl-D: save and quit
                    process.wait(timeout=LIMIT)
                    return took, cpu
            elif process.poll() is not None:
                break
        raise SystemExit(f"no prompt from {argv}: {seen[-400:]!r}")
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        os.close(master)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("games", nargs="*", help="the games to measure (default: all)")
    p.add_argument("--runs", type=int, default=5)
    args = p.parse_args()
    every = cases()
    chosen = [c for c in every if not args.games or c.split()[0] in args.games]
    print(f"load average before: {os.getloadavg()[0]:.2f} (cores: {os.cpu_count()}); "
          "seconds to the first prompt (wall p50, max; CPU p50)")
    print(f"{'case':<28} {'cold p50':>8} {'warm p50':>9} {'warm max':>9} "
          f"{'cold CPU':>9} {'warm CPU':>9}")
    for case in chosen:
        with tempfile.TemporaryDirectory() as tmp:
            colds, warms = [], []
            for run in range(args.runs):
                forget_bytecode()
                colds.append(first_prompt(every[case], Path(tmp) / f"c{run}"))
                warms.append(first_prompt(every[case], Path(tmp) / f"w{run}"))
        wall = [statistics.median(t for t, _ in colds), statistics.median(t for t, _ in warms),
                max(t for t, _ in warms), statistics.median(c for _, c in colds),
                statistics.median(c for _, c in warms)]
        print(f"{case:<28} {wall[0]:>8.2f} {wall[1]:>9.2f} {wall[2]:>9.2f} {wall[3]:>9.2f} "
              f"{wall[4]:>9.2f}")
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
