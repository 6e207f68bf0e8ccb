"""Ctrl-C in the console does what Ctrl-D does: the match is saved (the database always
holds it), one line says how to resume, and the console exits (130, the shell's code for
an interrupted program) with no traceback and no worker process left behind.

At a prompt, Ctrl-C raises :class:`KeyboardInterrupt` in ``input()`` as usual, and the
console takes it as the end of input. While the console awaits something (the computer
thinking, a picture being drawn), it cancels the console's task instead, which stops at
its next ``await`` — never half-way through a write, which the store does in one
transaction. This replaces :func:`asyncio.run`'s own Ctrl-C handling, which cancels the
task even while ``input()`` blocks the loop, so the interrupt surfaced one Enter later as
a ``CancelledError`` traceback.
"""

from __future__ import annotations

import asyncio
import signal
from types import FrameType

INTERRUPTED = 130
"""The exit code of a program ended by Ctrl-C (128 + SIGINT)."""


class Interrupts:
    """The SIGINT handler of one console run (see the module)."""

    def __init__(self) -> None:
        self.reading = False
        """Whether the console is blocked at a prompt (``input()``)."""
        self.hit = False
        """Whether Ctrl-C was pressed."""
        self.task: asyncio.Task[object] | None = None
        self.previous: object = None

    def __call__(self, signum: int, frame: FrameType | None) -> None:
        self.hit = True
        task = self.task
        if self.reading or task is None or task.done():
            raise KeyboardInterrupt
        task.cancel()
        task.get_loop().call_soon_threadsafe(lambda: None)  # wake the loop's select

    def install(self) -> None:
        """Handle SIGINT here (only the main thread may; elsewhere nothing changes)."""
        try:
            self.previous = signal.signal(signal.SIGINT, self)
        except ValueError:  # not the main thread (a test's)
            self.previous = None

    def uninstall(self) -> None:
        if self.previous is not None:
            signal.signal(signal.SIGINT, self.previous)  # type: ignore[arg-type]
            self.previous = None
