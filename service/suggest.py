"""Autocomplete suggestions, as plain ``(name, value)`` pairs (no Discord in here).

Discord shows at most 25 choices, and a game may have hundreds of legal moves (Angry
Gods: ``follower blue D4n``). So: moves starting with what was typed come first, then
moves containing it; when more than 25 match, the moves are grouped by their next word
(``take …``, ``line …``) or, failing that, their next character (``take a…``), so typing
narrows the list step by step.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from db import LOBBY, MatchRecord

LIMIT = 25  # Discord's maximum number of autocomplete choices
NAME_LIMIT = 100  # a choice's name and (string) value are at most 100 characters

Choice = tuple[str, str]


def _normal(text: str) -> str:
    return " ".join(text.lower().split())


def _next_word(low: str, at: int) -> str:
    """``low`` up to the end of the word under or after position ``at``."""
    while at < len(low) and low[at] == " ":
        at += 1
    end = low.find(" ", at)
    return low if end < 0 else low[:end]


def _next_char(low: str, at: int) -> str:
    return low[: at + 1]


def _common_length(texts: Sequence[str]) -> int:
    """How many leading characters all ``texts`` share."""
    first, last = min(texts), max(texts)
    size = 0
    while size < min(len(first), len(last)) and first[size] == last[size]:
        size += 1
    return size


def _grouped(moves: Sequence[str], limit: int) -> list[Choice] | None:
    """The moves as at most ``limit`` groups sharing a longer prefix, or None."""
    if len(moves) < 2:
        return None
    lows = [m.lower() for m in moves]
    common = _common_length(lows)
    keys: tuple[Callable[[str, int], str], ...] = (_next_word, _next_char)
    for key, mark in zip(keys, (" …", "…"), strict=True):
        buckets: dict[str, list[str]] = {}
        for move, low in zip(moves, lows, strict=True):
            buckets.setdefault(key(low, common), []).append(move)
        if 2 <= len(buckets) <= limit:
            out: list[Choice] = []
            for prefix, members in buckets.items():
                if len(members) == 1:
                    out.append((members[0], members[0]))
                else:
                    shown = members[0][: len(prefix)].rstrip()
                    if not shown.strip():
                        return None  # a choice needs a value: list the moves instead
                    out.append((f"{shown}{mark} ({len(members)} moves)", shown))
            return out
    return None


def suggest_moves(moves: Iterable[str], typed: str, limit: int = LIMIT) -> list[Choice]:
    """At most ``limit`` choices for a move box where ``typed`` has been written."""
    text = _normal(typed or "")
    unique = [m for m in dict.fromkeys(moves) if m.strip() and len(m) <= NAME_LIMIT]
    starts = [m for m in unique if _normal(m).startswith(text)]
    inside = [m for m in unique if text in _normal(m) and not _normal(m).startswith(text)]
    found = starts + inside
    if len(found) <= limit:
        return [(m, m) for m in found]
    return _grouped(starts, limit) or [(m, m) for m in found[:limit]]


def match_label(match: MatchRecord, title: str, my_turn: bool) -> str:
    """``#12 Witch Stones — your turn`` (or ``— lobby``, ``— waiting``)."""
    state = "lobby" if match.status == LOBBY else ("your turn" if my_turn else "waiting")
    return f"#{match.id} {title} — {state}"


def suggest_matches(
    mine: Iterable[tuple[MatchRecord, str, bool]], typed: str, limit: int = LIMIT
) -> list[tuple[str, int]]:
    """Choices for a ``match`` option: the caller's open matches, whose turn first."""
    text = _normal(str(typed or "")).lstrip("#")
    out: list[tuple[int, str, int]] = []
    for match, title, my_turn in mine:
        label = match_label(match, title, my_turn)
        if text and not (str(match.id).startswith(text) or text in label.lower()):
            continue
        out.append((0 if my_turn else 1, label[:NAME_LIMIT], match.id))
    out.sort(key=lambda row: (row[0], -row[2]))
    return [(label, match_id) for _, label, match_id in out[:limit]]
