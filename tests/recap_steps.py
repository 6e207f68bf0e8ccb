"""A post's own steps: what a move wrote, apart from the moves it recaps.

A turn's post recaps the moves since the reader's last turn one line a player's turn
("Bo built a palace on a2; discarded 1 chit."), so a move's own words may share a line
with earlier, public ones: the tests that look for a secret in what a move wrote take
the post step by step and drop the steps earlier moves said."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

HEADS = ("Since ", "Before ")


def steps(line: str) -> list[str]:
    return [step.strip().rstrip(".") for step in line.split("; ") if step.strip()]


def own_steps(text: str, earlier: Iterable[str], names: Sequence[str]) -> list[str]:
    """The steps of ``text`` (a post) that none of the ``earlier`` moves' named
    descriptions said, with or without the player's name before them."""
    said: set[str] = set()
    for line in earlier:
        for step in steps(line):
            said.add(step)
            said.update(step[len(name) + 1:] for name in names
                        if step.startswith(name + " "))
    return [step for line in text.splitlines() if not line.startswith(HEADS)
            for step in steps(line) if step not in said]
