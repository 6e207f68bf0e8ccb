"""What the console needs of a terminal: clearing the screen between players, line
editing with a history per player, and text made safe and plain to print.

The service writes its texts for Discord (``**bold**``, ``/history``); :func:`plain`
turns them into console words. Anything that reaches the terminal goes through
:func:`printable` first, so a name or an imported record can never send the terminal a
control sequence (retitle the window, clear the screen, forge a line).
"""

from __future__ import annotations

import os
import re
import sys
import textwrap
import unicodedata
from collections.abc import Callable
from types import ModuleType

import speech
from service.common import boundary

CLEAR = "\x1b[H\x1b[2J\x1b[3J"
"""Cursor home, erase the screen, erase the scrollback (xterm's ``E3``)."""

# Discord's slash commands as the console's own commands.
COMMANDS = {"/history": "history", "/myview": "me", "/board": "board", "/moves": "moves",
            "/resign": "resign", "/score": "board"}
_COMMAND = re.compile(r"(?<![\w/.~-])(" + "|".join(map(re.escape, COMMANDS)) + r")\b")


def language() -> str:
    """The console's reader's language: the locale of its environment, read as POSIX
    tools read it (``LC_ALL``, then ``LC_MESSAGES``, then ``LANG``; ``de_DE.UTF-8`` is
    German), negotiated to a catalogue (English for ``C`` or none)."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if os.environ.get(name):
            return speech.negotiate(os.environ[name])
    return speech.ENGLISH


def plain(text: str) -> str:
    """A service text in console words: no markdown bold, console commands for Discord's."""
    return _COMMAND.sub(lambda m: COMMANDS[m.group(1)], text.replace("**", ""))


def printable(text: str) -> str:
    """``text`` with nothing a terminal would act on: each line made printable as the
    service makes names (:func:`service.common.boundary.printable`: escape sequences and other
    control characters, bidirectional overrides, zero-width characters and lone
    surrogates go), the line breaks between lines kept."""
    return "\n".join(boundary.printable(line) for line in text.split("\n"))


WIDTH = 80
"""Every line the console prints fits this many columns (a path or command too long to
break stays whole, on a line of its own)."""


def columns(text: str) -> int:
    """How many terminal columns ``text`` takes: wide (East Asian) characters two,
    combining marks none, everything else one."""
    return sum(0 if unicodedata.combining(c) else
               2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def wrap(text: str, width: int = WIDTH) -> str:
    """``text`` with every line longer than ``width`` columns broken between words; the
    continuation indented as the line was (two more after a list item's ``- ``)."""
    lines: list[str] = []
    for line in text.split("\n"):
        if columns(line) <= width:
            lines.append(line)
            continue
        indent = line[:len(line) - len(line.lstrip())]
        item = re.match(r"\s*(?:[-*•]|\d+\.)\s", line)
        lines.extend(textwrap.wrap(line, width, subsequent_indent=" " * len(item.group())
                                   if item else indent, break_long_words=False,
                                   break_on_hyphens=False) or [line])
    return "\n".join(lines)


def listing(head: str, items: list[str], width: int = WIDTH) -> str:
    """``head`` then ``items`` separated by commas, wrapped between items (never inside
    one: ``take h1`` stays on one line), continued with an indent of two."""
    lines = [head.rstrip()]
    for number, item in enumerate(items):
        piece = item + ("," if number < len(items) - 1 else "")
        if columns(lines[-1]) + 1 + columns(piece) > width and lines[-1].strip():
            lines.append("  " + piece)
        else:
            lines[-1] += " " + piece
    return "\n".join(lines)


def clear_screen(stream=None) -> None:
    """Erase the screen and its scrollback, so nothing of the last player stays readable
    or can be scrolled back to. Not a terminal: nothing to erase."""
    stream = stream or sys.stdout
    if stream.isatty():
        stream.write(CLEAR)
        stream.flush()


def line_editing() -> ModuleType | None:
    """Turn on line editing and history for ``input()`` (arrows, Home/End, Ctrl-R) when
    the console runs in a terminal; None where readline is missing or not a terminal."""
    if not sys.stdin.isatty():
        return None
    try:
        import readline
    except ImportError:  # Windows without pyreadline
        return None
    return readline


class Histories:
    """Each player's own line history: the Up arrow never shows what the player before
    typed (their private moves included)."""

    def __init__(self, readline: ModuleType | None) -> None:
        self.readline = readline
        self.kept: dict[int, list[str]] = {}

    def swap(self, leaving: int | None, arriving: int) -> None:
        rl = self.readline
        if rl is None:
            return
        if leaving is not None:
            self.kept[leaving] = [rl.get_history_item(i)
                                  for i in range(1, rl.get_current_history_length() + 1)]
        rl.clear_history()
        for line in self.kept.get(arriving, []):
            rl.add_history(line)


Clear = Callable[[], None]
