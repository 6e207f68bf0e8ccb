"""Reading a game record back (``python -m bot --local --import FILE``): check it, replay
every move with the engine, and continue a copy of an unfinished match.

A record that does not replay is refused with one sentence, naming the line of the
record where it goes wrong (records are written one move per line, see
:func:`service.records.export.write`). A running match's record replays only where its
game's rule lets it carry the seed (:func:`service.records.export.seed_is_public`). No
Discord in here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import engines
from db import ABORTED, FINISHED, RUNNING, Store
from engines.base import Game, Result, State, seat_name
from engines.base import number_text as points_text
from engines.replay import ReplayError, replayed
from service.common import boundary, names
from service.common.model import Actor, ServiceError, Update
from service.match import gate
from service.match.play import Play
from service.match.terms import MatchTerms
from service.records import strict_json as record_json
from service.records.export import (
    FORMAT,
    FORMAT_VERSION,
    seed_is_public,
    seed_secret,
    standing,
)

MAX_BYTES = 1_000_000
"""The largest record read (a long Terra match is some 20 KB)."""
MAX_MOVES = 5_000
"""More moves than any match has (the longest random games play some 300): a record with
more is refused before anything is replayed, so every answer is bounded."""

Path = tuple[str | int, ...]


STATUSES = (FINISHED, ABORTED, RUNNING)
"""The statuses a record's match may have (a lobby has no record)."""


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
        top = record_json.parse(text)
    except ValueError as exc:
        raise RecordError(f"This file is not a game record: {exc}") from None
    if not isinstance(top, dict) or top.get("format") != FORMAT:
        raise RecordError(f'This file is not a Pantheon game record (it has no "format": '
                          f'"{FORMAT}").')
    return Reader(top, text).load()


@dataclass(eq=False)
class Reader:
    """One record being read: each refusal names the line of the value it is about."""

    top: dict[str, Any]
    text: str

    def fail(self, path: Path, why: str) -> RecordError:
        """The refusal, naming the line of the value (found only now: once per file)."""
        lines = record_json.lines_of(self.text)
        for end in range(len(path), 0, -1):  # the value's line, else its parent's
            if path[:end] in lines:
                return RecordError(f"line {lines[path[:end]]}: {why}")
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

    def optional(self, path: Path, kind: type, what: str) -> Any:
        """The value at ``path``, which may be left out (or null) but is else of ``kind``."""
        parent = self.get(path[:-1], dict, "an object")
        return None if parent.get(path[-1]) is None else self.get(path, kind, what)

    def load(self) -> Loaded:
        version = self.get(("format-version",), int, 'a whole number as "format-version"')
        if version < 1:
            raise self.fail(("format-version",), f'"format-version" is 1 or more, not '
                            f"{version}.")
        if version > FORMAT_VERSION:
            raise self.fail(("format-version",), f"this record is in format version {version}, "
                            "newer than this Pantheon reads: update Pantheon.")
        game = self.game()
        header = self.get(("header",), dict, "a header")
        status = self.optional(("header", "status"), str, 'the match\'s "status"')
        if status is not None and status not in STATUSES:
            raise self.fail(("header", "status"), f'"status" is one of {", ".join(STATUSES)}, '
                            f"not {boundary.clip(status, 20)}.")
        self.optional(("header", "complete"), bool, 'true or false as "complete"')
        seed = self.seed(game)
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
                            f"{boundary.clip(slug, 40)} here (games: {games}).") from None
        version = self.get(("header", "game", "version"), str, 'the rules\' "version"')
        if version != game.version:
            raise self.fail(("header", "game", "version"), f"this record was made with "
                            f"version {boundary.clip(version, 20)} of the {game.title} rules; "
                            f"this Pantheon plays version {game.version!r}, so its moves "
                            "may not replay the same way.")
        return game

    def seed(self, game: Game) -> int:
        header = self.top["header"]
        running = header.get("status") == RUNNING or header.get("complete") is False
        if running and not seed_is_public(game):
            raise self.fail(("header", "seed") if "seed" in header else ("header", "status"),
                            f"this record was exported while the match was running: "
                            f"{seed_secret(game)}, so such a record has no seed and cannot be "
                            "replayed. Export it again once the match is over.")
        if running and header.get("seed") is None:
            raise self.fail(("header", "seed"), "this record was exported while the match "
                            "was running, without its seed, so it cannot be replayed. Export "
                            f"it again: in {game.title} the seed tells nothing hidden, and a "
                            "running match's record now carries it.")
        seed: int = self.get(("header", "seed"), int, 'a whole number as "seed"')
        if not 0 <= seed <= boundary.ID_MAX:
            raise self.fail(("header", "seed"), f'"seed" is a whole number from 0 to '
                            f"{boundary.ID_MAX} (63 bits).")
        return seed

    def players(self, game: Game) -> list[dict[str, Any]]:
        players: list[dict[str, Any]] = self.get(("header", "players"), list,
                                                 "a list of players")
        if not game.min_players <= len(players) <= game.max_players:
            counts = (f"{game.min_players}" if game.min_players == game.max_players
                      else f"{game.min_players}–{game.max_players}")
            raise self.fail(("header", "players"), f"{game.title} is for {counts} players; "
                            f"the record has {len(players)}.")
        checked = []
        for seat in range(len(players)):
            self.get(("header", "players", seat), dict, "a player")
            name = self.get(("header", "players", seat, "name"), str, "a player's name")
            shown = boundary.person_name(name, "")
            if not shown:
                raise self.fail(("header", "players", seat, "name"),
                                "a player's name has at least one letter or sign.")
            checked.append({**players[seat], "name": shown})
            self.get(("header", "players", seat, "is_ai"), bool, 'true or false as "is_ai"')
            self.optional(("header", "players", seat, "resigned"), bool,
                          'true or false as "resigned"')
        return checked

    def options(self, game: Game) -> dict[str, Any]:
        raw = self.get(("header", "game", "options"), dict, "the game's options")
        try:
            return game.parse_options(raw)
        except (ValueError, TypeError, AttributeError) as exc:
            raise self.fail(("header", "game", "options"),
                            names.sentence(boundary.clip(str(exc), 160)[1:-1])) from None

    def moves(self, players: int) -> list[tuple[int, str]]:
        entries = self.get(("moves",), list, "a list of moves")
        if len(entries) > MAX_MOVES:
            raise self.fail(("moves",), f"the record has {len(entries)} moves; no match has "
                            f"more than {MAX_MOVES}.")
        moves = []
        for number in range(len(entries)):
            path: Path = ("moves", number)
            self.get(path, dict, 'a move ({"seat": …, "move": …})')
            seat = self.get((*path, "seat"), int, 'the seat number as "seat"')
            if not 0 <= seat < players:
                raise self.fail(path, f"there is no seat {seat} (seats are 0 to {players - 1}).")
            if self.optional((*path, "hidden"), bool, 'true or false as "hidden"'):
                raise self.fail(path, "this move is hidden (the record was exported while the "
                                "match was running), so the record cannot be replayed.")
            move = self.get((*path, "move"), str, 'the move as "move"')
            if len(move) > boundary.QUOTE * 10:
                raise self.fail(path, f"a move is a short text, not {len(move)} characters.")
            moves.append((seat, move))
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
            why = boundary.clip((names.named(str(cause), seats) or type(cause).__name__)
                                if cause else "")
            raise self.fail(path, f"{seats[seat]} cannot play {boundary.clip(move, 60)}: "
                            f"{why[1:-1].rstrip('.')}.") from None
        loaded.said = [names.named(game.describe(before, seat, move, None), seats)
                       for (seat, move), before in zip(loaded.moves, loaded.states,
                                                       strict=False)]

    def result(self, loaded: Loaded, resigned: list[bool]) -> Result | None:
        """The result the moves reach, which the record's must be: the rules' (resigned
        seats last, as the service ranks them), or, where the rules did not end the game,
        a resignation's or forfeit's at the final position (the last to give up ranks
        below those left, as :meth:`service.match.turns.Turns.forfeit` writes it). A stated
        result that differs is refused, naming the difference; so are players' scores
        and places that differ from it."""
        path: Path = ("header", "result")
        stated = self.top["header"].get("result")
        finished = self.top["header"].get("status") == FINISHED
        found = None if stated is None else stated_result(stated, len(loaded.names))
        if stated is not None and found is None:
            raise self.fail(path, 'the result needs "scores" (a number per seat), "ranking" '
                            '(lists of seats) and "reason" (a short text).')
        reached = loaded.game.result(loaded.final)
        quitters = [s for s, gone in enumerate(resigned) if gone]
        if reached is not None and quitters:
            ranking = [[s for s in g if s not in quitters] for g in reached.ranking]
            reached = Result(reached.scores, [g for g in ranking if g] + [quitters],
                             reached.reason)
        if reached is None and found is not None and finished:
            reached = self.given_up(loaded, quitters, found)
        if found is not None and (reached is None or found.to_dict() != reached.to_dict()):
            raise self.fail(path, "the record states a result its moves do not reach: "
                            + difference(loaded, found, reached, quitters) + ".")
        self.check_players(loaded, reached)
        return reached

    def given_up(self, loaded: Loaded, quitters: list[int], stated: Result) -> Result | None:
        """The result of the last of ``quitters`` giving up at the final position, if that
        ended the match (one player or none left); which of them was last is read from the
        stated ranking, the scores from the final position."""
        left = [s for s in range(len(loaded.names)) if s not in quitters]
        if not quitters or len(left) > 1:
            return None
        last = stated.ranking[1 if left else 0] if len(stated.ranking) > 1 else []
        if len(last) != 1 or last[0] not in quitters:
            last = [quitters[-1]]
        earlier = [s for s in quitters if s not in last]
        scores = loaded.game.view(loaded.final, None).get("scores") or [0] * len(left + quitters)
        reason = (stated.reason if stated.reason in (f"{seat_name(last[0])} resigned",
                                                     f"{seat_name(last[0])} ran out of time")
                  else f"{seat_name(last[0])} resigned")
        return Result(list(scores), [g for g in (left, last, earlier) if g], reason)

    def check_players(self, loaded: Loaded, result: Result | None) -> None:
        """Each player's ``score`` and ``result`` (place), where given, as the match's
        result (else the final position's scores) has them."""
        scores = (result.scores if result is not None
                  else loaded.game.view(loaded.final, None).get("scores"))
        for seat, name in enumerate(loaded.names):
            player = self.top["header"]["players"][seat]
            for field, due in (("score", None if scores is None else scores[seat]),
                               ("result", None if result is None else standing(result, seat))):
                given = player.get(field)
                if given is None or due is None or (given == due and type(given) is not bool):
                    continue
                raise self.fail(("header", "players", seat, field),
                                f'{name}\'s "{field}" is {boundary.number(given)}, but the '
                                f"record's moves give {points_text(due)}.")


def difference(loaded: Loaded, stated: Result, reached: Result | None,
               quitters: list[int]) -> str:
    """How a record's stated result differs from the one its moves reach, with names."""
    seats = loaded.names
    said = (f"it says {names.verdict(seats, stated)} "
            f"({boundary.clip(names.named(stated.reason, seats), 60)[1:-1]})")
    if reached is None:
        why = ("nobody resigned" if not quitters else
               f"{names.plural(len(seats) - len(quitters), 'player')} did not resign")
        return f"{said}, but the moves do not end the game and {why}"
    parts = []
    if stated.ranking != reached.ranking:
        parts.append(f"{names.verdict(seats, reached)}, not {names.verdict(seats, stated)}")
    if list(stated.scores) != list(reached.scores):
        parts.append(f"scores {names.scores_text(seats, reached.scores)}, not "
                     f"{names.scores_text(seats, stated.scores)}")
    if stated.reason != reached.reason:
        parts.append(f"the reason {names.named(reached.reason, seats)!r}, not "
                     f"{boundary.clip(names.named(stated.reason, seats), 60)}")
    return "the moves reach " + "; ".join(parts)


def stated_result(stated: object, seats: int) -> Result | None:
    """A record's own result, when it is one for ``seats`` seats: finite scores, every seat
    ranked once, a short reason."""
    if not isinstance(stated, dict) or set(stated) != {"scores", "ranking", "reason"}:
        return None
    scores, ranking, reason = stated["scores"], stated["ranking"], stated["reason"]
    if not (isinstance(scores, list) and len(scores) == seats and all(
            isinstance(s, int | float) and not isinstance(s, bool) and math.isfinite(s)
            for s in scores)):
        return None
    if not (isinstance(ranking, list) and all(
            isinstance(g, list) and all(type(s) is int for s in g) for g in ranking)
            and sorted(s for g in ranking for s in g) == list(range(seats))):
        return None
    if not isinstance(reason, str) or len(reason) > boundary.QUOTE * 2:
        return None
    return Result(scores, ranking, boundary.printable(reason))


async def continue_copy(store: Store, play: Play, admission: gate.Gate,
                        loaded: Loaded) -> Update:
    """A new local match at the record's last position, once the gate admits it: the same
    seed, options and moves, the record's computers still computers and its other players
    local players (nobody resigned: a resignation ended the old match, not the position).
    The computers then play if it is their turn; the update shows the position."""
    if loaded.over:
        raise ServiceError("The record's match is over: there is nothing to continue.")
    game = loaded.game
    await admission.admit(Actor(1, loaded.names[0]), game.slug, None, MatchTerms(),
                          gate.RECORD)
    ids, humans, computers = [], 0, 0
    for is_ai in loaded.is_ai:
        humans, computers = humans + (not is_ai), computers + is_ai
        ids.append(-computers if is_ai else humans)
    match = await store.create_match(guild_id=None, channel_id=None, game=game.slug,
                                     options=loaded.options, seed=loaded.seed, host_id=1,
                                     host_name=loaded.names[0], seat_host=False)
    try:
        for user_id, name, is_ai in zip(ids, loaded.names, loaded.is_ai, strict=True):
            match = await store.add_seat(match.id, user_id=user_id, display_name=name,
                                         capacity=game.max_players, is_ai=is_ai)
        match = await store.start_match(match.id, version=match.version, order=ids,
                                        snapshot=game.dump(loaded.states[0]))
        for (seat, move), before, after in zip(loaded.moves, loaded.states,
                                               loaded.states[1:], strict=False):
            match = await play.record(match, game, before, after, seat, move)
    except Exception as exc:  # undone: no half-made copy is left to resume
        latest = await store.get_match(match.id)
        if latest is not None:
            await store.finish(match.id, version=latest.version, status=ABORTED, result=None)
        raise RecordError(f"The copy of the record could not be made "
                          f"({boundary.clip(str(exc) or type(exc).__name__)}); it was "
                          "aborted.") from exc
    line = (f"**{game.title}** #{match.id} continues the imported record after "
            f"{names.plural(len(loaded.moves), 'move')}.")
    return await play.after(match, game, loaded.final, [line], previous=None)
