"""What every game's alt text shares: seat names, the turn, the moves marked, and
:func:`compose`, which fits the sentences into Discord's limit.

Alt text is read aloud, so it is sentences and lists in a fixed order: the game and
its result, whose turn it is, the scores, what changed, then the position. When the
whole does not fit, the position's details go first, last to first, and the text says
what it left out; the position is the part ``/board text:true`` can always give.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engines.base import name_seats
from engines.view import Common
from rendering.text.common import fit, letter
from rendering.text.common import name as one_line
from rendering.text.common import plural as plural

NAME_ROOM = 40  # a name's characters at most: six long names still leave room
OUTCOME_ROOM = 300
WHOLE_BOARD = "/board text:true gives the whole board"


def name(names: Sequence[str], seat: int) -> str:
    """The seat's display name on one line, cut to :data:`NAME_ROOM` characters."""
    return fit(one_line(names, seat), NAME_ROOM)


def seat(names: Sequence[str], index: int) -> str:
    """"Ana (A)": the name, and the letter the picture and the position lists use."""
    return f"{name(names, index)} ({letter(index)})"


def listing(items: Sequence[str]) -> str:
    """"a, b and c"."""
    items = list(items)
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def sentence(text: str) -> str:
    """``text`` ending in a full stop (or the mark it already has)."""
    text = text.strip()
    return text if not text or text[-1] in ".!?…" else text + "."


def headline(game: str, over: bool, outcome: str | None, fallback: str,
             points: str) -> str:
    """"Witch Stones. Game over: Ana wins - reached 50 points; winning score 51 points."
    ``outcome`` (the match's line) wins over ``fallback`` (the view's own result)."""
    if not over and not outcome:
        return f"{game}."
    result = " ".join((outcome or fallback).split())
    result = fit(result, OUTCOME_ROOM) if result else "the game is over"
    return f"{game}. Game over: {result}" + (f"; {points}." if points else ".")


def to_act(view: dict, names: Sequence[str], task: str) -> str:
    """"Ana (A) to act: remove a piece." from the view's ``to_act``."""
    acting = list(Common.of(view).to_act)
    if not acting:
        return ""
    who = listing([seat(names, s) for s in acting])
    return sentence(f"{who} to act" + (f": {task}" if task else ""))


def changes(view: dict, names: Sequence[str], marks: Mapping[int, Sequence[str]] | None,
            at: Callable[[str], str]) -> str:
    """The moves the picture marks: each mover's positions with what is on them now
    (``at``), or without ``marks`` the view's last move."""

    def where(position: str) -> str:
        what = at(position)
        return f"{position} ({what})" if what else position

    if marks:
        movers = [f"{seat(names, int(s))}: {', '.join(where(p) for p in places)}"
                  for s, places in marks.items() if places]
        return sentence("Moves marked since the last turn: " + "; ".join(movers)) \
            if movers else ""
    last = list(Common.of(view).last)
    return sentence("Last move, marked: " + ", ".join(where(p) for p in last)) if last else ""


@dataclass
class Group:
    """Part of the position: "Crowns: c3, d7." — a heading and its items.

    ``noun`` names one item ("crown", "structure") for the note on what was left out.
    A ``whole`` group is kept or dropped as one (its items mean something only together,
    like the empty squares that complete "every other square")."""

    head: str
    items: list[Any]
    noun: str
    whole: bool = False
    empty: str = "none"
    sep: str = ", "
    count: int | None = None  # how many things a dropped ``whole`` group stands for
    fmt: Callable[[Sequence[Any]], str] | None = None  # the items in words, when not str


    def text(self, kept: int | None = None) -> str:
        items = self.items if kept is None else self.items[:kept]
        if not self.items:
            return sentence(f"{self.head}: {self.empty}") if self.head else ""
        body = self.fmt(items) if self.fmt else self.sep.join(items)
        return sentence(f"{self.head}: {body}" if self.head else body)


@dataclass
class Lead:
    """A sentence before the position. ``rank`` 0 is never dropped; rank 2 goes before
    any of the position (a detail the picture shows in small print, named by ``what`` in
    the note on what was left out); rank 1 goes only after the whole position."""

    text: str
    rank: int = 0
    what: str = ""


def compose(lead: Sequence[Lead | str], position: Sequence[Group], limit: int) -> str:
    """The sentences of ``lead`` and ``position`` in at most ``limit`` characters."""
    leads = [item if isinstance(item, Lead) else Lead(item) for item in lead]
    leads = [item for item in leads if item.text]
    groups = [g for g in position if g.items or g.head]
    units = [(k, n) for k, g in enumerate(groups)
             for n in ([len(g.items)] if g.whole else range(1, len(g.items) + 1))]

    def render(dropped: int, keep: int) -> str:
        """The text without leads of rank ``dropped`` and up (0: none dropped), with the
        first ``keep`` units of the position."""
        kept: dict[int, int] = {}
        for k, n in units[:keep]:
            kept[k] = n
        complete = {k for k, g in enumerate(groups) if kept.get(k, 0) == len(g.items)}
        shown = [item for item in leads if not dropped or not item.rank or item.rank < dropped]
        parts = [item.text for item in shown]
        left: dict[str, int] = {}
        dropped_any = False
        for k, g in enumerate(groups):
            if not g.items:  # "Crowns: none." once everything before it is shown
                if all(j in complete for j in range(k)):
                    parts.append(g.text())
                continue
            count = kept.get(k, 0)
            if count:
                parts.append(g.text(count))
            missing = len(g.items) - count
            cut = count < len(g.items)
            if count == 0 and g.count is not None:
                missing = g.count
            if missing:
                left[g.noun] = left.get(g.noun, 0) + missing
            dropped_any = dropped_any or cut
        notes = [plural(n, f"more {noun}") for noun, n in left.items()]
        notes += [item.what for item in leads if item not in shown and item.what]
        if notes or dropped_any or len(shown) < len(leads):
            parts.append(f"… {listing(notes) or 'some details'} left out; {WHOLE_BOARD}.")
        return " ".join(p for p in parts if p)

    attempts = [(0, len(units)), (2, len(units)),
                *((2, keep) for keep in range(len(units) - 1, -1, -1)), (1, 0)]
    text = ""
    for dropped, keep in attempts:
        text = render(dropped, keep)
        if len(text) <= limit:
            return text
    return fit(text, limit)


def top_score(names: Sequence[str], winners: Sequence[int], scores: Sequence[float],
              unit: str = "point") -> str:
    """"Ana (A) has 51 points" (or "… have 12 points each" on a shared win)."""
    winners = [int(w) for w in winners if 0 <= int(w) < len(scores)]
    if not winners:
        return ""
    points = plural(scores[winners[0]], unit)
    if len(winners) == 1:
        return f"{seat(names, winners[0])} has {points}"
    return f"{listing([seat(names, w) for w in winners])} have {points} each"


def best(scores: Sequence[float]) -> list[int]:
    """The seats with the highest score."""
    top = max(scores, default=0)
    return [k for k, value in enumerate(scores) if value == top]


def won(names: Sequence[str], winners: Sequence[int], reason: str = "") -> str:
    """"Ana (A) wins - all 81 plots are occupied": the winners and the engine's reason
    (its seat markers named); "" without winners."""
    winners = [int(w) for w in winners]
    if not winners:
        return ""
    head = listing([seat(names, w) for w in winners])
    head += " share the win" if len(winners) > 1 else " wins"
    reason = " ".join(name_seats(str(reason or ""), list(names)).split())
    return f"{head} - {reason}" if reason else head
