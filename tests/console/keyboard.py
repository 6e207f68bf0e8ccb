"""Scripted keyboards for the console tests: the lines typed in turn, the prompts shown."""

from __future__ import annotations


def scripted(lines):
    feed = iter(lines)

    def read(prompt: str) -> str:
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    return read


def recorded(lines):
    """A scripted reader that also keeps every prompt it was shown."""
    feed = iter(lines)
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    return read, prompts
