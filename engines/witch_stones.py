"""Witch Stones (Justin D. Jacobson, 2005) for two players.

Notation (see ``engines/rules/witch-stones.md``): squares ``a1``–``i9`` as in chess;
``suns`` / ``moons`` for the side choice; ``take e5`` removes one piece; ``line e2-e6``
removes a row or column segment lying between two empty squares.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from engines.base import GameBase, IllegalMove, Result, chance, check_turn, normalise, seat_name
from engines.spec import Budget, Computer, GameSpec
from engines.view import View
from speech import Listed, Text

FILES = "abcdefghi"
SIZE = 9
TARGET = 50

CROWN, SUN, MOON, EARTH = "crown", "sun", "moon", "earth"
KINDS = (CROWN, SUN, MOON, EARTH)
COUNTS = {CROWN: 9, SUN: 12, MOON: 12, EARTH: 48}
SIDE_PIECE = {"suns": SUN, "moons": MOON}
CORNERS = {"a9": SUN, "i1": SUN, "a1": MOON, "i9": MOON}

_SQUARE = re.compile(r"^([a-i])([1-9])$")


def square(col: int, row: int) -> str:
    """``square(0, 0) == "a1"``: columns and rows counted from 0."""
    return f"{FILES[col]}{row + 1}"


def coords(name: str) -> tuple[int, int]:
    match = _SQUARE.match(name)
    if not match:
        raise IllegalMove(f"{name!r} is not a square: name a column a–i and a row 1–9, "
                          "like e5", rule="Notation")
    return FILES.index(match[1]), int(match[2]) - 1


def outer_ring() -> list[str]:
    """The 28 outer squares in fill order: clockwise from b1, corners skipped."""
    bottom = [square(c, 0) for c in range(1, 9)]            # b1 … i1 (i1 is a corner)
    right = [square(8, r) for r in range(1, 9)]             # i2 … i9
    top = [square(c, 8) for c in range(7, -1, -1)]          # h9 … a9
    left = [square(0, r) for r in range(7, 0, -1)]          # a8 … a2
    return [s for s in bottom + right + top + left if s not in CORNERS]


def inner_squares() -> list[str]:
    """The inner 7×7 in fill order: row by row from b2 to h8."""
    return [square(c, r) for r in range(1, 8) for c in range(1, 8)]


def points(kind: str, side: str | None) -> int:
    """What removing one piece of ``kind`` scores for the player of ``side``."""
    if kind == CROWN:
        return 5
    if kind == EARTH:
        return 1
    return 0 if SIDE_PIECE.get(side or "") == kind else 2


@dataclass(frozen=True)
class WitchStonesState:
    seed: int
    board: dict[str, str]
    sides: tuple[str | None, str | None] = (None, None)
    scores: tuple[int, int] = (0, 0)
    removed: tuple[dict[str, int], dict[str, int]] = field(
        default_factory=lambda: ({}, {}))
    turn: int = 1
    over: bool = False
    last: tuple[str, ...] = ()
    passed: int | None = None
    moves_played: int = 0


class WitchStones(GameBase):
    slug = "witch-stones"
    title = "Witch Stones"
    min_players = 2
    max_players = 2
    # The seed deals the board, which every view shows whole; nothing after the deal is
    # left to chance. So the seed tells nothing hidden or to come (game records).
    public_setup = True
    chance_after_setup = False

    # --- set-up -------------------------------------------------------------------
    def setup(self, players: int, seed: int, options: dict | None = None) -> WitchStonesState:
        self.setup_options(players, options)
        rng = chance(seed, 0)
        board = dict(CORNERS)
        bag = [SUN] * 10 + [MOON] * 10 + [EARTH] * 48
        rng.shuffle(bag)
        for sq in outer_ring():
            board[sq] = bag.pop()
        bag += [CROWN] * 9
        rng.shuffle(bag)
        for sq in inner_squares():
            board[sq] = bag.pop()
        return WitchStonesState(seed=seed, board=board)

    # --- whose move ---------------------------------------------------------------
    def to_act(self, state: WitchStonesState) -> list[int]:
        return [] if state.over else [state.turn]

    def legal_moves(self, state: WitchStonesState, seat: int) -> list[str]:
        if state.over or seat != state.turn:
            return []
        if state.sides[1] is None:
            return ["suns", "moons"]
        own = SIDE_PIECE[state.sides[seat]]
        takes = [f"take {sq}" for sq in _ordered(state.board)
                 if state.board[sq] in (own, EARTH)]
        return takes + [f"line {a}-{b}" for a, b in lines(state.board)]

    # --- playing --------------------------------------------------------------------
    def play(self, state: WitchStonesState, seat: int, move: str) -> WitchStonesState:
        check_turn(state.over, seat, state.turn)
        text = normalise(move)
        if state.sides[1] is None:
            return self._choose_side(state, text)
        if _side_named(text) is not None:
            raise IllegalMove("choosing sides is over: the suns and moons were chosen at the "
                              "start; now remove a piece (`take e5`) or a line "
                              "(`line e2-e6`)", rule="Sides")
        squares = self._parse_removal(state, seat, text)
        return self._remove(state, seat, squares)

    def _choose_side(self, state: WitchStonesState, text: str) -> WitchStonesState:
        side = _side_named(text)
        if side is None and _removal_words(text) is not None:
            raise IllegalMove("removing pieces has not come yet: first choose your side, as "
                              "before any removal the second player chooses `suns` or `moons`",
                              rule="Sides")
        if side is None:
            raise IllegalMove("first choose your side: before any removal the second player "
                              "chooses `suns` or `moons`", rule="Sides")
        other = "moons" if side == "suns" else "suns"
        return replace(state, sides=(other, side), turn=0, moves_played=state.moves_played + 1,
                       last=(), passed=None)

    def _parse_removal(self, state: WitchStonesState, seat: int, text: str) -> list[str]:
        """``take e5`` or ``e5`` (one piece); ``line e2-e6`` or ``e2-e6`` (a line);
        ``line e5`` (a one-piece line, as ``line e5-e5``). Spaces around ``-`` and ``to``
        between the ends are accepted: ``e2 - e6``, ``line e2 to e6``."""
        text = _joined(text)
        words = _removal_words(text)
        if words is None:
            raise IllegalMove(
                f"{text!r} is not a move: write `take e5` (or `e5`) or `line e2-e6` "
                "(or `e2-e6`)", rule="A turn")
        if words[0] == "take":
            if "-" in words[1]:
                raise IllegalMove(f"take removes one piece: for the line {words[1]} "
                                  f"write `line {words[1]}`", rule="A turn")
            return [self._check_take(state, seat, words[1])]
        if "-" not in words[1] and _SQUARE.match(words[1]):
            return self._check_line(state, f"{words[1]}-{words[1]}")
        return self._check_line(state, words[1])

    def _check_take(self, state: WitchStonesState, seat: int, name: str) -> str:
        coords(name)
        kind = state.board.get(name)
        if kind is None:
            raise IllegalMove(f"{name} is empty: take removes one piece, your own sun or moon "
                              "or an earthstone", rule="A turn")
        own = SIDE_PIECE[state.sides[seat]]
        if kind == CROWN:
            raise IllegalMove(f"crowns can only leave the board in a line: the crown on {name} "
                              "cannot be taken alone", rule="A turn")
        if kind in (SUN, MOON) and kind != own:
            raise IllegalMove(f"your opponent's pieces can only leave the board in a line: the "
                              f"{kind} on {name} is theirs", rule="A turn")
        return name

    def _check_line(self, state: WitchStonesState, text: str) -> list[str]:
        ends = text.split("-")
        if len(ends) != 2:
            raise IllegalMove(f"{text!r} is not a line: name its two ends, like e2-e6",
                              rule="A turn")
        (c1, r1), (c2, r2) = coords(ends[0]), coords(ends[1])
        if c1 != c2 and r1 != r2:
            raise IllegalMove("a line runs along one row or one column; diagonals never count",
                              rule="A turn")
        segment = _segment(c1, r1, c2, r2)
        empty = [s for s in segment if s not in state.board]
        if empty:
            raise IllegalMove(f"every square of a line must hold a piece, and {empty[0]} is empty",
                              rule="A turn")
        if not _bounded(state.board, segment) and len(segment) == 1:
            raise IllegalMove(f"a single piece is a line only when both its row neighbours, or "
                              f"both its column neighbours, are empty; {ends[0]}'s are not",
                              rule="A turn")
        if not _bounded(state.board, segment):
            raise IllegalMove("the squares just beyond both ends of a line must be on the board "
                              f"and empty (the board edge is not an empty square); those "
                              f"beyond {ends[0]}-{ends[1]} are not", rule="A turn")
        return segment

    def _remove(self, state: WitchStonesState, seat: int,
                squares: list[str]) -> WitchStonesState:
        board = dict(state.board)
        removed = [dict(state.removed[0]), dict(state.removed[1])]
        gained = 0
        for sq in squares:
            kind = board.pop(sq)
            removed[seat][kind] = removed[seat].get(kind, 0) + 1
            gained += points(kind, state.sides[seat])
        scores = list(state.scores)
        scores[seat] += gained
        after = replace(state, board=board, scores=(scores[0], scores[1]),
                        removed=(removed[0], removed[1]), last=tuple(squares),
                        moves_played=state.moves_played + 1, passed=None)
        if scores[seat] >= TARGET:
            return replace(after, over=True)
        other = 1 - seat
        if self.legal_moves(replace(after, turn=other), other):
            return replace(after, turn=other)
        if self.legal_moves(replace(after, turn=seat), seat):
            return replace(after, turn=seat, passed=other)
        return replace(after, over=True)

    # --- reading --------------------------------------------------------------------
    def view(self, state: WitchStonesState, seat: int | None) -> dict:
        left = {kind: 0 for kind in KINDS}
        for kind in state.board.values():
            left[kind] += 1
        return {
            "board": dict(state.board),
            "to_act": self.to_act(state),
            "scores": list(state.scores),
            "sides": list(state.sides),
            "phase": "over" if state.over else ("side" if state.sides[1] is None else "remove"),
            "last": list(state.last),
            "pieces_left": left,
            "removed": [dict(r) for r in state.removed],
            "passed": state.passed,
            "target": TARGET,
        }

    def describe(self, state_before: WitchStonesState, seat: int, move: str,
                 viewer: int | None) -> str:
        return str(self.said(state_before, seat, move, viewer))

    def said(self, state_before: WitchStonesState, seat: int, move: str,
             viewer: int | None) -> Text:
        """The move as a catalogue text (``speech/locales/*/witch-stones.ftl``)."""
        after = self.play(state_before, seat, move)
        who = seat_name(seat)
        if state_before.sides[1] is None:
            return Text("witch-stones-side", {"who": who, "side": str(after.sides[seat])})
        taken = [state_before.board[sq] for sq in after.last]
        gained = after.scores[seat] - state_before.scores[seat]
        as_line = normalise(move).startswith("line") or "-" in move
        if len(after.last) == 1 and not as_line:
            text = Text("witch-stones-take", {"who": who, "stone": taken[0],
                                              "square": after.last[0], "gained": gained})
        else:
            stones = Listed(Text("witch-stones-stones", {"stone": k, "count": taken.count(k)})
                            for k in KINDS if k in taken)
            first, last = after.last[0], after.last[-1]
            text = Text("witch-stones-single" if first == last else "witch-stones-line",
                        {"who": who, "first": first, "last": last, "stones": stones,
                         "gained": gained})
        if after.passed is not None:
            text = Text("witch-stones-passes", {"move": text,
                                                "passer": seat_name(after.passed)})
        return text

    def result(self, state: WitchStonesState) -> Result | None:
        if not state.over:
            return None
        scores = list(state.scores)
        for seat in (0, 1):
            if scores[seat] >= TARGET:
                return Result(scores, [[seat], [1 - seat]],
                              f"{seat_name(seat)} reached {TARGET} points")
        return Result.from_scores(scores, "neither player can move")

    def dump(self, state: WitchStonesState) -> dict:
        return {
            "seed": state.seed,
            "board": dict(state.board),
            "sides": list(state.sides),
            "scores": list(state.scores),
            "removed": [dict(r) for r in state.removed],
            "turn": state.turn,
            "over": state.over,
            "last": list(state.last),
            "passed": state.passed,
            "moves_played": state.moves_played,
        }

    def load(self, data: dict) -> WitchStonesState:
        return WitchStonesState(
            seed=data["seed"], board=dict(data["board"]),
            sides=(data["sides"][0], data["sides"][1]),
            scores=(data["scores"][0], data["scores"][1]),
            removed=(dict(data["removed"][0]), dict(data["removed"][1])),
            turn=data["turn"], over=data["over"], last=tuple(data["last"]),
            passed=data["passed"], moves_played=data["moves_played"])


# --- reading a move -------------------------------------------------------------------
def _side_named(text: str) -> str | None:
    """The side a side choice names (``suns``, ``moon``, ``side suns``), or None."""
    return {"suns": "suns", "sun": "suns", "moons": "moons", "moon": "moons"}.get(
        text.removeprefix("side ").strip())


def _joined(text: str) -> str:
    """A removal's ends joined by ``-``: ``e2 - e6`` and ``e2 to e6`` read ``e2-e6``."""
    text = re.sub(r"\s*-\s*", "-", text)
    return re.sub(r"\s+to\s+", "-", text)


def _removal_words(text: str) -> list[str] | None:
    """A removal's two words, ``["take", "e5"]`` or ``["line", "e2-e6"]`` (``e5`` alone is a
    take, ``e2-e6`` alone a line), or None when ``text`` is no removal."""
    words = _joined(text).split(" ")
    if len(words) == 1 and _SQUARE.match(words[0]):
        words = ["take", words[0]]
    elif len(words) == 1 and "-" in words[0]:
        words = ["line", words[0]]
    if len(words) != 2 or words[0] not in ("take", "line"):
        return None
    return words


# --- geometry helpers -------------------------------------------------------------------
def _ordered(board: dict[str, str]) -> list[str]:
    """Squares in reading order for listing moves: a1, b1, … i9."""
    return sorted(board, key=lambda sq: (int(sq[1:]), sq[0]))


def _segment(c1: int, r1: int, c2: int, r2: int) -> list[str]:
    if c1 == c2:
        lo, hi = sorted((r1, r2))
        return [square(c1, r) for r in range(lo, hi + 1)]
    lo, hi = sorted((c1, c2))
    return [square(c, r1) for c in range(lo, hi + 1)]


def _beyond(segment: list[str]) -> tuple[list[str], list[str]]:
    """The squares just outside each end of ``segment`` along both possible axes.

    For a one-square segment both axes apply, so it returns (row neighbours,
    column neighbours); for a longer segment only its own axis, twice.
    """
    (c1, r1), (c2, r2) = coords(segment[0]), coords(segment[-1])
    row_pair = [(c1 - 1, r1), (c2 + 1, r2)]
    col_pair = [(c1, r1 - 1), (c2, r2 + 1)]
    def names(pair: list[tuple[int, int]]) -> list[str]:
        return [square(c, r) if 0 <= c < SIZE and 0 <= r < SIZE else "" for c, r in pair]
    if len(segment) == 1:
        return names(row_pair), names(col_pair)
    along = row_pair if r1 == r2 else col_pair
    return names(along), names(along)


def _bounded(board: dict[str, str], segment: list[str]) -> bool:
    """True when an empty on-board square lies just beyond both ends (on some axis)."""
    return any(all(sq and sq not in board for sq in pair) for pair in _beyond(segment))


_LINES = ([[square(i, fixed) for i in range(SIZE)] for fixed in range(SIZE)]
          + [[square(fixed, i) for i in range(SIZE)] for fixed in range(SIZE)])
"""The squares of each row, then of each column (named once, not on every move)."""


def lines(board: dict[str, str]) -> list[tuple[str, str]]:
    """Every legal line removal as (first, last) square, rows then columns."""
    found: list[tuple[str, str]] = []
    seen: set[tuple[str, str]] = set()
    for cells in _LINES:
        run: list[int] = []
        for i in range(SIZE + 1):
            if i < SIZE and cells[i] in board:
                run.append(i)
                continue
            if run and run[0] > 0 and i < SIZE:
                ends = (cells[run[0]], cells[run[-1]])
                if ends not in seen:
                    seen.add(ends)
                    found.append(ends)
            run = []
    return found


GAME = WitchStones()


class WitchStonesView(View):
    """What a Witch Stones view holds besides the keys of every view."""

    board: dict[str, str]  # square → kind
    passed: int | None
    pieces_left: dict[str, int]
    removed: list[dict[str, int]]
    sides: list[str | None]
    target: int


SPEC = GameSpec.standard(
    GAME, __name__, order=10,
    # Budgets chosen with bench/ai.py: normal decisions well under 2 s p95 on a shared
    # 2-core machine; hard stops near half a second, where it meets the goals.
    computer=Computer(normal=Budget(iterations=8), hard=Budget(iterations=40, seconds=1.5),
                      scale=6.0),
    view_type=WitchStonesView,
)
