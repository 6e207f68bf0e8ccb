"""Work that holds the interpreter for a while — a computer player's decision, a board
picture, the replay that finds a match's recent positions, a tournament round's pairing
— done in worker processes, so the event loop never waits for the GIL.

The workers get plain data only (a game's slug, ``game.dump(state)``, a seat, a seed, a
level name; a view and names for a picture) and return plain data. One pool per process,
created on first use and sized to the machine; :func:`shutdown` (the bot's ``close()``,
the console's end) stops it. The same job gives the same answer in a worker or in the
calling process: it is a pure function of its arguments.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from speech import Text

log = logging.getLogger(__name__)

_pool: ProcessPoolExecutor | None = None
_lock = threading.Lock()


def size() -> int:
    """Workers: one per core, at least one (the decisions are CPU-bound)."""
    return max(1, os.cpu_count() or 1)


class _QuietProcess(multiprocessing.context.SpawnProcess):
    """A worker started with Ctrl-C ignored: the terminal sends SIGINT to the whole
    process group, and a worker still importing would print a ``KeyboardInterrupt``
    traceback; the parent decides what Ctrl-C means and stops its workers. (An ignored
    signal stays ignored in the new interpreter, which then installs no handler of its
    own; :func:`_warm` ignores it too, for a worker started from another thread.)"""

    def start(self) -> None:
        if threading.current_thread() is not threading.main_thread():
            super().start()
            return
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
        try:
            super().start()
        finally:
            signal.signal(signal.SIGINT, previous)


class _QuietSpawn(multiprocessing.context.SpawnContext):
    Process = _QuietProcess


def executor(workers: int | None = None) -> ProcessPoolExecutor:
    """The module's pool, created on first use (``spawn``: a fork of a process running an
    event loop and threads could inherit a held lock; Ctrl-C ignored, see
    :class:`_QuietProcess`)."""
    global _pool
    with _lock:
        if _pool is None:
            _pool = ProcessPoolExecutor(workers or size(),
                                        mp_context=_QuietSpawn(),
                                        initializer=_warm, initargs=(os.getpid(),))
            log.info("process pool started with %s workers", workers or size())
        return _pool


def shutdown() -> None:
    """Stop the pool's workers (waits for running jobs); the next job starts a new one."""
    global _pool
    with _lock:
        pool, _pool = _pool, None
    if pool is not None:
        pool.shutdown(wait=True, cancel_futures=True)
        log.info("process pool stopped")


INLINE_MS = 1.0
"""Work expected to cost less CPU than this (ms) is done on the event loop itself rather
than sent: an empty job sent costs the bot 0.1-0.2 ms of its own CPU (pickling, the
pipe, the result's callback) and a round trip of 0.15-0.3 ms to an idle worker, tens of
ms to a busy one (``python -m bench.offload`` prints it), while a millisecond on the loop
is far under the 20 ms of lag it may show. Every picture (6-10 ms) and any search goes to
the pool."""


async def run(function: Any, *args: Any, cost_ms: float | None = None) -> Any:
    """``function(*args)`` in the pool, awaited without blocking the loop; or right here
    when its expected CPU cost ``cost_ms`` is under :data:`INLINE_MS` (unknown: the
    pool)."""
    if cost_ms is not None and cost_ms < INLINE_MS:
        return function(*args)
    return await asyncio.get_running_loop().run_in_executor(executor(), function, *args)


NICENESS = 5
"""Workers run this much nicer than the bot, so the event loop's process gets a core first
when both want one (a decision waits a few milliseconds; the loop does not)."""


PARENT_POLL = 0.25
"""Seconds between a worker's looks at whether its parent is still there."""


def _watch_parent(parent: int) -> None:
    """End this worker as soon as ``parent`` is no longer its parent (it died and the
    worker was handed to init), so no worker outlives a killed bot.

    A thread polling ``getppid`` rather than ``prctl(PR_SET_PDEATHSIG)``: the death
    signal fires when the *thread* that started the worker ends, and the executor starts
    workers from whichever thread submits (an ``asyncio.to_thread`` thread, a test's), so
    it could kill healthy workers of a living bot. The resource tracker multiprocessing
    starts needs nothing of its own: it exits when the last process holding its pipe
    (the bot and its workers) is gone."""
    while os.getppid() == parent:
        time.sleep(PARENT_POLL)
    os._exit(1)


def _warm(parent: int | None = None) -> None:
    """Ignore Ctrl-C (the terminal sends it to the whole process group; the parent
    decides what it means and stops the workers); watch the parent (see
    :func:`_watch_parent`); lower the worker's priority; import what the jobs need once
    per worker, not on the first decision."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if parent is not None:
        threading.Thread(target=_watch_parent, args=(parent,), daemon=True,
                         name="watch-parent").start()
    try:
        os.nice(NICENESS)
    except OSError:  # not permitted here: the same priority then
        log.debug("could not lower a worker's priority")
    import engines
    import engines.ai  # noqa: F401
    import rendering  # noqa: F401


# --- the jobs (module-level functions of plain data: picklable) -------------------------
def decide(slug: str, dump: dict[str, Any], seat: int, seed: int, level: str,
           history: Sequence[str] = ()) -> tuple[str, int, float]:
    """The move ``level`` plays for ``seat`` in the dumped state: (move, iterations,
    seconds)."""
    import engines
    from engines.ai import player

    game = engines.get(slug)
    decision = player(level).decide(game, game.load(dump), seat, seed, tuple(history))
    return decision.move, decision.iterations, decision.seconds


def picture(slug: str, view: dict[str, Any], names: Sequence[str],
            outcome: str | Text | None = None, marks: dict[int, list[str]] | None = None,
            language: str | None = None) -> bytes:
    """The PNG of a view (with a finished match's outcome line, a text said in the
    picture's language, and the marks of the moves since the viewer's last turn), its
    words in ``language`` (None: English)."""
    import rendering

    return rendering.render(slug, view, names=list(names), outcome=outcome, marks=marks,
                            language=language)


def replay(slug: str, views: Sequence[dict[str, Any]], names: Sequence[str]) -> bytes:
    """The animated GIF of a match's public views (:func:`rendering.replay.gif`)."""
    from rendering import replay as replay_gif

    return replay_gif.gif(slug, views, names)


def keys_cost(moves: int) -> float:
    """The CPU ms :func:`recent_keys` takes for a log of ``moves`` moves: set-up up to
    0.4 ms and 0.01-0.08 ms a move, by game (measured; the dearest taken), so a match's
    first few moves are replayed on the loop (:data:`INLINE_MS`)."""
    return 0.4 + 0.08 * moves


def recent_keys(slug: str, players: int, seed: int, options: dict[str, Any],
                moves: list[tuple[int, str]]) -> tuple[str, ...]:
    """The keys of a match's recent positions, from its set-up and move log."""
    from engines.ai.repetition import replay_keys

    return replay_keys(slug, players, seed, options, moves)
