"""The computer's worker processes (:mod:`service.common.pool`) as the console uses them:
started while a person reads, stopped at once when Ctrl-C ends the console."""

from __future__ import annotations

import multiprocessing
import os

from service.common import pool

_warmed = False


def warm_workers() -> None:
    """Start the computer's worker processes (they import the engines, which takes a
    while) as soon as a person is at a prompt, so neither the first prompt waits for
    them nor, usually, the computer's first move."""
    global _warmed
    if not _warmed:
        _warmed = True
        executor = pool.executor()
        for _ in range(pool.size()):
            executor.submit(os.getpid)


def stop_workers() -> None:
    """End the worker processes at once (a decision they are making is of no use now:
    the match is saved without it and the computer decides again on resume)."""
    for child in multiprocessing.active_children():
        child.terminate()
    for child in multiprocessing.active_children():
        child.join(timeout=5)
