"""What every game's alt text shares: seat names, the turn, the moves marked, and
:func:`compose`, which fits the sentences into Discord's limit.

Alt text is read aloud, so it is sentences and lists in a fixed order: the game and
its result, whose turn it is, the scores, what changed, then the position. Seats are
named as the picture draws them: "Ana (blue circle)", and what they own by colour
("blue town e8"). When the whole does not fit, details the picture shows in small print
go first, then the moves marked (last to first, then all), and only then the position,
last to first; the text says what it left out.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engines.base import name_seats
from engines.view import Common
from rendering.seats import colour_word, token
from rendering.text.common import fit
from rendering.text.common import name as one_line
from rendering.text.common import plural as plural

NAME_ROOM = 40  # a name's characters at most: six long names still leave room
OUTCOME_ROOM = 300
WHOLE_BOARD = "/board text:true gives the whole board"


def name(names: Sequence[str], seat: int) -> str:
    """The seat's display name on one line, cut to :data:`NAME_ROOM` characters."""
    return fit(one_line(names, seat), NAME_ROOM)


def seat(names: Sequence[str], index: int) -> str:
    """"Ana (blue circle)": the name, and the token the picture draws for the seat."""
    return f"{name(names, index)} ({token(index)})"


def owner(index: int) -> str:
    """"blue": how the position lists name what a seat owns (its colour in the picture)."""
    return colour_word(index)


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
    """"Ana (blue circle) to act: remove a piece." from the view's ``to_act``."""
    acting = list(Common.of(view).to_act)
    if not acting:
        return ""
    who = listing([seat(names, s) for s in acting])
    return sentence(f"{who} to act" + (f": {task}" if task else ""))


def changes(view: dict, names: Sequence[str], marks: Mapping[int, Sequence[str]] | None,
            at: Callable[[str], str]) -> Lead:
    """The moves the picture marks: each mover's places (each once) with what is on them
    now (``at``), or without ``marks`` the view's last move. A detail that goes, last
    place first, before any of the position."""

    def where(position: str) -> str:
        what = at(position)
        return f"{position} ({what})" if what else position

    if marks:
        movers = [(int(s), [where(p) for p in dict.fromkeys(places)])
                  for s, places in marks.items() if places]
        head = "Moves marked since the last turn: "

        def say(kept: int) -> str:
            parts, left = [], kept
            for mover, places in movers:
                if left <= 0:
                    break
                parts.append(f"{seat(names, mover)}: {', '.join(places[:left])}")
                left -= len(places)
            return sentence(head + "; ".join(parts)) if parts else ""

        return Lead(say(10**6), rank=1, what="marked place",
                    cut=say, size=sum(len(p) for _, p in movers))
    last = list(dict.fromkeys(Common.of(view).last))
    if not last:
        return Lead("")

    def said(kept: int) -> str:
        return sentence("Last move, marked: " + ", ".join(where(p) for p in last[:kept])) \
            if kept else ""

    return Lead(said(len(last)), rank=1, what="marked place", cut=said, size=len(last))


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


@dataclass(eq=False)
class Lead:
    """A sentence before the position. ``rank`` 0 is never dropped; rank 2 goes first
    (a detail the picture shows in small print, named by ``what`` in the note on what
    was left out); rank 1 (the moves marked) next, before any of the position: with
    ``cut`` (its text keeping the first n of its ``size`` items) item by item, ``what``
    then naming one item ("3 more marked places")."""

    text: str
    rank: int = 0
    what: str = ""
    cut: Callable[[int], str] | None = None
    size: int = 0


def compose(lead: Sequence[Lead | str], position: Sequence[Group], limit: int) -> str:
    """The sentences of ``lead`` and ``position`` in at most ``limit`` characters: rank-2
    leads go first, then the marked moves item by item, then the position's items from
    the last."""
    leads = [item if isinstance(item, Lead) else Lead(item) for item in lead]
    leads = [item for item in leads if item.text]
    groups = [g for g in position if g.items or g.head]
    units = [(k, n) for k, g in enumerate(groups)
             for n in ([len(g.items)] if g.whole else range(1, len(g.items) + 1))]
    marks = [item for item in leads if item.rank == 1]
    mark_total = sum(item.size if item.cut else 1 for item in marks)

    def render(details: bool, marked: int, keep: int) -> str:
        """The text with or without the rank-2 details, the first ``marked`` items of the
        marked moves, and the first ``keep`` units of the position."""
        parts, notes = [], []
        left_marks, room = 0, marked
        for item in leads:
            if item.rank == 2 and not details:
                if item.what:
                    notes.append(item.what)
                continue
            if item.rank == 1:
                size = item.size if item.cut else 1
                shown = min(size, max(room, 0))
                room -= size
                left_marks += size - shown
                text = item.text if shown == size else (
                    item.cut(shown) if item.cut and shown else "")
                if text:
                    parts.append(text)
                continue
            parts.append(item.text)
        kept: dict[int, int] = {}
        for k, n in units[:keep]:
            kept[k] = n
        complete = {k for k, g in enumerate(groups) if kept.get(k, 0) == len(g.items)}
        left: dict[str, int] = {}
        cut_any = False
        for k, g in enumerate(groups):
            if not g.items:  # "Crowns: none." once everything before it is shown
                if all(j in complete for j in range(k)):
                    parts.append(g.text())
                continue
            count = kept.get(k, 0)
            if count:
                parts.append(g.text(count))
            missing = len(g.items) - count
            cut_any = cut_any or count < len(g.items)
            if count == 0 and g.count is not None:
                missing = g.count
            if missing:
                left[g.noun] = left.get(g.noun, 0) + missing
        said = [plural(n, f"more {noun}") for noun, n in left.items()]
        if left_marks:
            said.append(plural(left_marks, "more marked place") if left_marks < mark_total
                        else "the marked moves")
        said += notes
        if said or cut_any:
            parts.append(f"… {listing(said) or 'some details'} left out; {WHOLE_BOARD}.")
        return " ".join(p for p in parts if p)

    text = render(True, mark_total, len(units))
    if len(text) <= limit:
        return text
    for marked in range(mark_total, -1, -1):
        text = render(False, marked, len(units))
        if len(text) <= limit:
            return text
    low, high = 0, len(units)  # the most units that fit: the text grows with them
    while low < high:
        middle = (low + high + 1) // 2
        if len(render(False, 0, middle)) <= limit:
            low = middle
        else:
            high = middle - 1
    return fit(render(False, 0, low), limit)


def top_score(names: Sequence[str], winners: Sequence[int], scores: Sequence[float],
              unit: str = "point") -> str:
    """"Ana (blue circle) has 51 points" (or "… have 12 points each" on a shared win)."""
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
    """"Ana (blue circle) wins - all 81 plots are occupied": the winners and the engine's reason
    (its seat markers named); "" without winners."""
    winners = [int(w) for w in winners]
    if not winners:
        return ""
    head = listing([seat(names, w) for w in winners])
    head += " share the win" if len(winners) > 1 else " wins"
    reason = " ".join(name_seats(str(reason or ""), list(names)).split())
    return f"{head} - {reason}" if reason else head
