"""Reading a game record back (``python -m bot --local --import FILE``): check it, replay
every move with the engine, and continue a copy of an unfinished match.

A record that does not replay is refused with one sentence, naming the line of the
record where it goes wrong (records are written one move per line, see
:func:`service.records.write`). No Discord in here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import engines
from db import FINISHED, Store
from engines.base import Game, Result, State
from engines.replay import ReplayError, replayed
from service import names
from service.model import ServiceError, Update
from service.play import Play
from service.records import FORMAT, FORMAT_VERSION

MAX_BYTES = 1_000_000
"""The largest record read (a long Terra match is some 20 KB)."""
MAX_NAME = 100

Path = tuple[str | int, ...]


class RecordError(ServiceError):
    """A record that cannot be read or replayed; the message says where and why."""


@dataclass
class Loaded:
    """A record replayed: the game, who sat where, and every position."""

    game: Game
    header: dict[str, Any]
    names: list[str]
    is_ai: list[bool]
    seed: int
    options: dict[str, Any]
    moves: list[tuple[int, str]]
    states: list[State]
    """The set-up, then the state after each move."""
    said: list[str]
    """Each move as everyone saw it, seats named."""
    result: Result | None
    """How the match ended: the rules' result, else the record's (a resignation)."""

    @property
    def final(self) -> State:
        return self.states[-1]

    @property
    def over(self) -> bool:
        """Whether nothing is left to play: the rules ended it, or the record says it
        finished (a resignation, a forfeit)."""
        return self.result is not None


def load_record(data: bytes | str) -> Loaded:
    """Check a record and replay it; :class:`RecordError` says why one is refused."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    if len(data) > MAX_BYTES:
        raise RecordError(f"This file is too large for a game record (a record is at most "
                          f"{MAX_BYTES // 1000} KB).")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise RecordError("This file is not a game record: it is not UTF-8 text.") from None
    try:
        top = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"This file is not a game record: it is not JSON (line {exc.lineno}, "
                          f"column {exc.colno}: {exc.msg}).") from None
    except RecursionError:
        raise RecordError("This file is not a game record: its JSON is nested too deeply."
                          ) from None
    if not isinstance(top, dict) or top.get("format") != FORMAT:
        raise RecordError(f'This file is not a Pantheon game record (it has no "format": '
                          f'"{FORMAT}").')
    return Reader(top, lines_of(text)).load()


@dataclass(eq=False)
class Reader:
    """One record being read: each refusal names the line of the value it is about."""

    top: dict[str, Any]
    lines: dict[Path, int]

    def fail(self, path: Path, why: str) -> RecordError:
        for end in range(len(path), 0, -1):  # the value's line, else its parent's
            if path[:end] in self.lines:
                return RecordError(f"line {self.lines[path[:end]]}: {why}")
        return RecordError(why)

    def get(self, path: Path, kind: type | tuple[type, ...], what: str) -> Any:
        """The value at ``path`` (under the top object), which must be of ``kind``."""
        value: Any = self.top
        for key in path:
            if isinstance(value, dict) and isinstance(key, str):
                value = value.get(key)
            elif isinstance(value, list) and isinstance(key, int) and key < len(value):
                value = value[key]
            else:
                value = None
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise self.fail(path, f"the record needs {what} here.")
        return value

    def load(self) -> Loaded:
        version = self.get(("format-version",), int, 'a whole number as "format-version"')
        if version > FORMAT_VERSION:
            raise self.fail(("format-version",), f"this record is in format version {version}, "
                            "newer than this Pantheon reads: update Pantheon.")
        game = self.game()
        header = self.get(("header",), dict, "a header")
        seed = self.seed()
        players = self.players(game)
        options = self.options(game)
        moves = self.moves(len(players))
        loaded = Loaded(game, header, [p["name"] for p in players],
                        [p["is_ai"] for p in players], seed, options, moves, [], [], None)
        self.replay(loaded)
        loaded.result = self.result(loaded, [p.get("resigned") is True for p in players])
        return loaded

    def game(self) -> Game:
        slug = self.get(("header", "game", "slug"), str, 'the game\'s "slug"')
        try:
            game = engines.get(slug)
        except KeyError:
            games = ", ".join(g.slug for g in engines.all())
            raise self.fail(("header", "game", "slug"), f"there is no game called "
                            f"{slug[:40]!r} here (games: {games}).") from None
        version = self.get(("header", "game", "version"), str, 'the rules\' "version"')
        if version != game.version:
            raise self.fail(("header", "game", "version"), f"this record was made with "
                            f"version {version[:20]!r} of the {game.title} rules; this Pantheon "
                            f"plays version {game.version!r}, so its moves may not replay the "
                            "same way.")
        return game

    def seed(self) -> int:
        if self.top["header"].get("seed") is None or self.top["header"].get("complete") is False:
            raise self.fail(("header", "seed"), "this record was exported while the match "
                            "was running: it has no seed and no private moves (they would "
                            "tell hidden values), so it cannot be replayed. Export it again "
                            "once the match is over.")
        seed: int = self.get(("header", "seed"), int, 'a whole number as "seed"')
        return seed

    def players(self, game: Game) -> list[dict[str, Any]]:
        players: list[dict[str, Any]] = self.get(("header", "players"), list,
                                                 "a list of players")
        if not game.min_players <= len(players) <= game.max_players:
            counts = (f"{game.min_players}" if game.min_players == game.max_players
                      else f"{game.min_players}–{game.max_players}")
            raise self.fail(("header", "players"), f"{game.title} is for {counts} players; "
                            f"the record has {len(players)}.")
        for seat in range(len(players)):
            self.get(("header", "players", seat), dict, "a player")
            name = self.get(("header", "players", seat, "name"), str, "a player's name")
            if not name.strip() or len(name) > MAX_NAME:
                raise self.fail(("header", "players", seat, "name"),
                                f"a player's name has 1 to {MAX_NAME} characters.")
            self.get(("header", "players", seat, "is_ai"), bool, 'true or false as "is_ai"')
        return players

    def options(self, game: Game) -> dict[str, Any]:
        raw = self.get(("header", "game", "options"), dict, "the game's options")
        try:
            return game.parse_options(raw)
        except ValueError as exc:
            raise self.fail(("header", "game", "options"), names.sentence(str(exc))) from None

    def moves(self, players: int) -> list[tuple[int, str]]:
        entries = self.get(("moves",), list, "a list of moves")
        moves = []
        for number, entry in enumerate(entries):
            path: Path = ("moves", number)
            self.get(path, dict, 'a move ({"seat": …, "move": …})')
            seat = self.get((*path, "seat"), int, 'the seat number as "seat"')
            if not 0 <= seat < players:
                raise self.fail(path, f"there is no seat {seat} (seats are 0 to {players - 1}).")
            if entry.get("hidden") is True:
                raise self.fail(path, "this move is hidden (the record was exported while the "
                                "match was running), so the record cannot be replayed.")
            moves.append((seat, self.get((*path, "move"), str, 'the move as "move"')))
        return moves

    def replay(self, loaded: Loaded) -> None:
        """Play every move from the set-up, refusing the first that cannot be played."""
        game, seats = loaded.game, loaded.names
        try:
            loaded.states.extend(replayed(game, len(seats), loaded.seed, loaded.options,
                                          loaded.moves, checked=True))
        except ReplayError as error:
            seat, move = loaded.moves[error.index]
            path: Path = ("moves", error.index)
            if error.why == "over":
                raise self.fail(path, "the game was already over before this move.") from None
            if error.why == "turn":
                waiting = names.waiting_text(seats, game.to_act(error.state))
                raise self.fail(path, f"it is not {seats[seat]}'s turn (waiting for "
                                f"{waiting}).") from None
            cause = error.cause
            why = (names.named(str(cause), seats) or type(cause).__name__) if cause else ""
            raise self.fail(path, f"{seats[seat]} cannot play {move[:60]!r}: "
                            f"{why.rstrip('.')}.") from None
        loaded.said = [names.named(game.describe(before, seat, move, None), seats)
                       for (seat, move), before in zip(loaded.moves, loaded.states,
                                                       strict=False)]

    def result(self, loaded: Loaded, resigned: list[bool]) -> Result | None:
        """The rules' result (resigned seats last, as the service ranks them), which must
        agree with the record's; else the record's own, when it says the match finished."""
        path: Path = ("header", "result")
        stated = self.top["header"].get("result")
        ruled = loaded.game.result(loaded.final)
        if ruled is not None:
            quitters = sorted(s for s, gone in enumerate(resigned) if gone)
            if quitters:
                ranking = [[s for s in g if s not in quitters] for g in ruled.ranking]
                ruled = Result(ruled.scores, [g for g in ranking if g] + [quitters],
                               ruled.reason)
            if stated is not None and stated != ruled.to_dict():
                raise self.fail(path, "the moves end the game differently from the result "
                                f"the record states ({names.named(ruled.reason, loaded.names)}"
                                ").")
            return ruled
        if stated is None or self.top["header"].get("status") != FINISHED:
            return None
        try:
            found = Result(**stated)
            ok = (len(found.scores) == len(loaded.names)
                  and sorted(s for g in found.ranking for s in g) == list(range(len(
                      loaded.names))) and isinstance(found.reason, str))
        except (TypeError, ValueError):
            ok = False
        if not ok:
            raise self.fail(path, 'the result needs "scores", "ranking" and "reason".')
        return found


async def continue_copy(store: Store, play: Play, loaded: Loaded) -> Update:
    """A new local match at the record's last position: the same seed, options and moves,
    the record's computers still computers and its other players local players (nobody
    resigned: a resignation ended the old match, not the position). The computers then
    play if it is their turn; the update shows the position."""
    if loaded.over:
        raise ServiceError("The record's match is over: there is nothing to continue.")
    game = loaded.game
    ids, humans, computers = [], 0, 0
    for is_ai in loaded.is_ai:
        humans, computers = humans + (not is_ai), computers + is_ai
        ids.append(-computers if is_ai else humans)
    match = await store.create_match(guild_id=None, channel_id=None, game=game.slug,
                                     options=loaded.options, seed=loaded.seed, host_id=1,
                                     host_name=loaded.names[0], seat_host=False)
    for user_id, name, is_ai in zip(ids, loaded.names, loaded.is_ai, strict=True):
        match = await store.add_seat(match.id, user_id=user_id, display_name=name,
                                     capacity=game.max_players, is_ai=is_ai)
    match = await store.start_match(match.id, version=match.version, order=ids,
                                    snapshot=game.dump(loaded.states[0]))
    for (seat, move), before, after in zip(loaded.moves, loaded.states, loaded.states[1:],
                                           strict=False):
        match = await play.record(match, game, before, after, seat, move)
    line = (f"**{game.title}** #{match.id} continues the imported record after "
            f"{names.plural(len(loaded.moves), 'move')}.")
    return await play.after(match, game, loaded.final, [line], previous=None)


def lines_of(text: str) -> dict[Path, int]:
    """The line of each value of a record's top levels (``("moves", 3)``: the fourth
    move), for error messages. ``text`` is valid JSON (it was parsed already)."""
    decoder = json.JSONDecoder()
    found: dict[Path, int] = {}

    def blank(i: int) -> int:
        while i < len(text) and text[i] in " \t\r\n":
            i += 1
        return i

    def walk(i: int, path: Path) -> int:
        i = blank(i)
        found[path] = text.count("\n", 0, i) + 1
        opener = text[i]
        if len(path) >= 4 or opener not in "{[":
            return decoder.raw_decode(text, i)[1]
        closer, number = ("}" if opener == "{" else "]"), 0
        i = blank(i + 1)
        while text[i] != closer:
            if opener == "{":
                key, i = decoder.raw_decode(text, i)
                i = walk(blank(i) + 1, (*path, key))  # past the colon
            else:
                i = walk(i, (*path, number))
                number += 1
            i = blank(i)
            if text[i] == ",":
                i = blank(i + 1)
        return i + 1

    walk(0, ())
    return found
