"""The process pool dies with the bot: a parent killed with SIGKILL in the middle of a hard
decision leaves no worker and no resource tracker behind (issue 30)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

PARENT = """
import os, random, sys
import engines
from service import pool

game = engines.get("when-gods-collide")
state, rng = game.setup(4, 7, {}), random.Random(7)
for _ in range(60):
    seat = game.to_act(state)[0]
    state = game.play(state, seat, rng.choice(game.legal_moves(state, seat)))
seat = game.to_act(state)[0]
workers = pool.executor(workers=2)
print("worker", workers.submit(os.getpid).result(), flush=True)
workers.submit(pool.decide, game.slug, game.dump(state), seat, 1, "hard", ())
print("deciding", flush=True)
sys.stdin.read()  # until killed
"""

GONE_WITHIN = 60.0  # seconds: generous, a loaded machine included; not a timing check


def children(pid: int) -> set[int]:
    """The processes whose parent is ``pid``, read from /proc."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.add(int(entry.name))
    return found


def alive(pid: int) -> bool:
    """Running (a zombie waiting for a reaper counts as gone)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux /proc")
def test_workers_and_tracker_end_when_the_bot_is_killed():
    parent = subprocess.Popen([sys.executable, "-c", PARENT], cwd=ROOT, text=True,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    left: set[int] = set()
    try:
        assert parent.stdout is not None
        worker = int(parent.stdout.readline().split()[1])
        assert parent.stdout.readline().strip() == "deciding"
        left = children(parent.pid)
        assert worker in left and len(left) >= 2  # the workers and the resource tracker
        os.kill(parent.pid, signal.SIGKILL)
        parent.wait()
        deadline = time.monotonic() + GONE_WITHIN
        while any(alive(p) for p in left) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not [p for p in left if alive(p)]
    finally:
        parent.kill()
        for pid in left:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)
