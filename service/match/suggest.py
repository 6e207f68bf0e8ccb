"""Autocomplete suggestions, as plain ``(name, value)`` pairs (no Discord in here), and
the nearest legal moves to a mistyped one (:func:`did_you_mean`), which the service adds
to a refused move for every front end alike.

Discord shows at most 25 choices, and a game may have hundreds of legal moves (Angry
Gods: ``follower blue D4n``). Every choice is a complete legal move — a choice whose
value was a prefix (``take a``) let a player submit an illegal move. Moves starting with
what was typed come first, then moves containing it; typing narrows the list, and
``/pick`` walks a player through a long list with select menus.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Sequence

import speech
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


CLOSE = 0.7
"""How alike (:class:`difflib.SequenceMatcher` ratio) a typed line and a legal move must
be for the move to be suggested: ``tiel g7`` finds ``tile g7``, ``zzz`` finds nothing."""
MEANT = 3
"""At most this many suggestions end a refusal."""


def nearest(typed: str, legal: Sequence[str], others: Sequence[str] = ()) -> list[str]:
    """What a line that is not a legal move may have meant, from ``legal`` (the mover's
    own legal moves: nothing hidden from them) and ``others`` (a front end's own words,
    e.g. the console's commands): the legal moves it begins, when only a few do (``take``
    → ``take h1``); else the few closest, all about as close as the best (a typo: ``tkae
    h1``, ``movs``). Empty when nothing is close or the line is itself legal."""
    word = _normal(typed)
    if not word or any(_normal(m) == word for m in legal):
        return []
    starting = [value for _, value in suggest_moves(legal, word, limit=MEANT + 1)
                if _normal(value).startswith(word)]
    if 0 < len(starting) <= MEANT:
        return starting
    choices = {_normal(c): c for c in others}
    choices.update({_normal(m): m for m in legal})
    close = difflib.get_close_matches(word, list(choices), n=MEANT, cutoff=CLOSE)
    best = max((_ratio(word, c) for c in close), default=0.0)
    return [choices[c] for c in close if _ratio(word, c) >= best - 0.05]


def _ratio(typed: str, candidate: str) -> float:
    return difflib.SequenceMatcher(None, typed, candidate).ratio()


def did_you_mean(typed: str, legal: Sequence[str], others: Sequence[str] = ()) -> str:
    """`` Did you mean "tile g7" or "tile g6"?`` (with a leading space), or ``""`` when
    nothing is close (:func:`nearest`)."""
    found = nearest(typed, legal, others)
    if not found:
        return ""
    return " Did you mean " + " or ".join(f'"{m}"' for m in found) + "?"


def moves_meant(typed: str, legal: Sequence[str], others: Sequence[str] = ()
                ) -> speech.Text | None:
    """:func:`did_you_mean` as a catalogue text (the moves in their notation, as
    facts); None when nothing is close."""
    found = nearest(typed, legal, others)
    if not found:
        return None
    return speech.Text("match-did-you-mean", {"moves": speech.Listed(
        (f'"{move}"' for move in found), "or")})


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
