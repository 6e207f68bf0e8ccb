"""Throwing away what was typed while the computer was thinking: it was written for a
position that is gone, so it must not be played in the next one."""

from __future__ import annotations

import select
import sys


def discard() -> bool:
    """Drop unread terminal input; True if there was any. Not a terminal: nothing to do."""
    stream = sys.stdin
    try:
        if not stream.isatty():
            return False
        import termios

        pending, _, _ = select.select([stream], [], [], 0)
        termios.tcflush(stream, termios.TCIFLUSH)
        return bool(pending)
    except (OSError, ValueError, ImportError):  # no terminal control here (e.g. Windows)
        return False
