"""Grouping legal moves for a guided picker, from their notation alone (no Discord).

A menu holds at most 25 choices, and a player may have hundreds of moves (``build temple
e4``, ``leader red B2``, ``take a1``, ``e11-f13``). The picker walks the notation a word
at a time: at a node (a prefix of some moves) the choices are the distinct next words
(a word ends at a space or a dash), words every move shares are skipped, and when there
are still too many choices the next word is cut to its first letter (the column of a
square: ``take a…``). A node with at most :data:`MENU_SIZE` moves lists the moves
themselves. An engine may refine this with an optional ``move_groups(moves, prefix)``
returning the same :class:`Group` list (none needs to today).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

MENU_SIZE = 25  # options in one Discord select menu
WORD_END = re.compile(r"[ \-]")


@dataclass(frozen=True)
class Group:
    """One choice at a node: ``moves`` are indexes into the list the node was made from.
    A group of one move is that move itself (``key`` is then the whole move)."""

    key: str
    moves: tuple[int, ...]

    @property
    def is_move(self) -> bool:
        return len(self.moves) == 1

    def label(self, moves: Sequence[str]) -> str:
        if self.is_move:
            return moves[self.moves[0]]
        return f"{self.key.rstrip()}… ({len(self.moves)} moves)"


def _next_word(move: str, start: int) -> str:
    """``move`` up to and including the end of the word that begins at ``start``."""
    found = WORD_END.search(move, start)
    return move if found is None else move[: found.end()]


def _group(moves: Sequence[str], chosen: Sequence[int], start: int, *, letter: bool = False
           ) -> list[Group]:
    """``chosen`` grouped by their next word from ``start`` (or only its first letter)."""
    groups: dict[str, list[int]] = {}
    for index in chosen:
        move = moves[index]
        key = move[: start + 1] if letter else _next_word(move, start)
        groups.setdefault(key, []).append(index)
    return [Group(moves[members[0]] if len(members) == 1 else key, tuple(members))
            for key, members in groups.items()]


def move_groups(moves: Sequence[str], prefix: str = "") -> list[Group]:
    """The choices at the node ``prefix``: the moves themselves when they fit one menu,
    else groups of them (possibly more than one menu's worth: the caller pages them)."""
    chosen = [i for i, move in enumerate(moves) if move.startswith(prefix)]
    if len(chosen) <= MENU_SIZE:
        return [Group(moves[i], (i,)) for i in chosen]
    while True:
        words = _group(moves, chosen, len(prefix))
        if len(words) != 1 or words[0].key == prefix:
            break
        prefix = words[0].key  # every move shares the next word: skip it
    if len(words) <= MENU_SIZE:
        return words
    letters = sorted(_group(moves, chosen, len(prefix), letter=True), key=lambda g: g.key)
    return letters if 1 < len(letters) <= MENU_SIZE else words


def node_size(moves: Sequence[str], prefix: str) -> int:
    """How many moves start with ``prefix``."""
    return sum(1 for move in moves if move.startswith(prefix))
