"""Autocomplete suggestions, as plain ``(name, value)`` pairs (no Discord in here).

Discord shows at most 25 choices, and a game may have hundreds of legal moves (Angry
Gods: ``follower blue D4n``). Every choice is a complete legal move — a choice whose
value was a prefix (``take a``) let a player submit an illegal move. Moves starting with
what was typed come first, then moves containing it; typing narrows the list, and
``/pick`` walks a player through a long list with select menus.
"""

from __future__ import annotations

from collections.abc import Iterable

from db import LOBBY, MatchRecord

LIMIT = 25  # Discord's maximum number of autocomplete choices
NAME_LIMIT = 100  # a choice's name and (string) value are at most 100 characters

Choice = tuple[str, str]


def _normal(text: str) -> str:
    return " ".join(text.lower().split())


def suggest_moves(moves: Iterable[str], typed: str, limit: int = LIMIT) -> list[Choice]:
    """At most ``limit`` choices for a move box where ``typed`` has been written.

    Every value is a complete legal move (a player may submit any choice as it is):
    first the moves that start with what was typed, then those that contain it. When
    more match than fit, each choice's name says how many more typing would reveal.
    """
    text = _normal(typed or "")
    unique = [m for m in dict.fromkeys(moves) if m.strip() and len(m) <= NAME_LIMIT]
    starts = [m for m in unique if _normal(m).startswith(text)]
    inside = [m for m in unique if text in _normal(m) and not _normal(m).startswith(text)]
    exact = [m for m in starts if _normal(m) == text]
    found = exact + [m for m in starts if m not in exact] + inside
    if len(found) <= limit:
        return [(m, m) for m in found]
    hidden = len(found) - limit
    shown = found[:limit]
    note = f" (+{hidden} more: type to narrow)"
    return [(m if len(m) + len(note) > NAME_LIMIT else m + note, m) if i == limit - 1
            else (m, m) for i, m in enumerate(shown)]


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
