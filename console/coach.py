"""The coach in the console: ``hint`` at the prompt (the computer's choice for the move
to make, in a match that is not rated, as ``/hint``), and ``--review ID`` (the moments a
finished match turned for each person who played it, as ``/review``), its pictures saved
beside the boards."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Protocol

import speech
from console import language
from db import FINISHED, MatchRecord
from service import Actor, Service
from speech import Text

PROGRESS_SECONDS = 2.0
"""At most one progress line this often (and always the first and the last)."""


class Screen(Protocol):
    service: Service
    boards: Path

    def out(self, text: str) -> None: ...
    def say_path(self, text: str) -> None: ...


def language_of(screen: Screen) -> str:
    """The console reader's catalogue: the screen's own ``language`` where it has one,
    else the console's (``--language``, else ``LC_ALL``/``LC_MESSAGES``/``LANG``)."""
    return speech.negotiate(getattr(screen, "language", None) or language.reader())


def said(screen: Screen, text: Text) -> str:
    return speech.say(language_of(screen), text)


async def hint(screen: Screen, match: MatchRecord, actor: Actor) -> None:
    """Print the hint for ``actor``'s move (a refusal is a :class:`ServiceError`)."""
    screen.out(said(screen, (await screen.service.hint(match.id, actor)).text))


def review_command(resume_hint: str, match_id: int) -> str:
    """The command that prints a finished match's review (the resume command's words)."""
    return resume_hint.format(id=match_id).replace(" --resume ", " --review ", 1)


def progress_lines(screen: Screen) -> Callable[[int, int], Awaitable[None]]:
    """Prints "Reviewing… 12/40 positions": the first, the last, and one at most every
    :data:`PROGRESS_SECONDS` between."""
    shown = [0.0]

    async def progress(done: int, total: int) -> None:
        now = time.monotonic()
        if done == 1 or done == total or now - shown[0] >= PROGRESS_SECONDS:
            shown[0] = now
            screen.out(said(screen, Text("review-progress", {"done": done, "total": total})))

    return progress


def offer_review(screen: Screen, match: MatchRecord, resume_hint: str) -> None:
    """At the end of a finished match people played: the command of its review."""
    if match.status == FINISHED and any(not s.is_ai for s in match.seats):
        screen.say_path(said(screen, Text("review-command", {
            "command": review_command(resume_hint, match.id)})))


async def review(screen: Screen, match_id: int) -> int:
    """Print the review of a finished match for each person who played it, and save its
    pictures in the boards' folder; the exit status."""
    match = await screen.service.match(match_id)
    people = [s for s in match.by_seat() if not s.is_ai]
    if not people:
        screen.out(said(screen, Text("review-computer-alone", {"match": match_id})))
        return 2
    screen.boards.mkdir(parents=True, exist_ok=True)
    for seated in people:
        actor = Actor(seated.user_id, seated.display_name)
        found = await screen.service.review(match_id, actor, progress_lines(screen))
        screen.out(said(screen, found.heading))
        who = "".join(c if c.isalnum() else "-" for c in seated.display_name.lower())
        for n, moment in enumerate(found.moments, 1):
            screen.out("")
            screen.out(said(screen, moment.text))
            if moment.png is not None:
                path = screen.boards / f"review-{match_id}-{who}-{n}.png"
                path.write_bytes(moment.png)
                screen.say_path(said(screen, Text("review-picture", {"path": str(path)})))
        screen.out("")
    return 0
