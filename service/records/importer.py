"""Reading a game record back (``python -m bot --local --import FILE``): check it, replay
every move with the engine, and continue a copy of an unfinished match.

Every value a record states is checked, for its type and range and against the moves
replayed: the status (a finished record states the result its moves reach, an aborted or
running one states none and its moves do not end the game), the scores, places, ranking
and reason (whose seat markers name seats of the record), the players' names and flags,
and the fields ``--import`` otherwise ignores (dates, notes, hints). A record that does not
hold is refused with one line of at most :data:`REFUSAL` characters, naming the line of
the record where it goes wrong (records are written one value per line, see
:func:`service.records.export.write`). A running match's record replays only where its
game's rule lets it carry the seed (:func:`service.records.export.seed_is_public`). No
Discord in here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import engines
from db import ABORTED, FINISHED, RUNNING, Store
from engines.base import SEAT_MARKER, Game, Result, State, seat_name
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
    OVER,
    seed_is_public,
    seed_secret,
    standing,
)
from service.records.fields import REFUSAL, Fields, Path, RecordError, is_number, one_line

__all__ = ["MAX_BYTES", "MAX_MOVES", "REFUSAL", "Loaded", "RecordError", "continue_copy",
           "load_record"]

MAX_BYTES = 1_000_000
"""The largest record read (a long Terra match is some 20 KB)."""
MAX_MOVES = 5_000
"""More moves than any match has (the longest random games play some 300): a record with
more is refused before anything is replayed, so every answer is bounded."""
MAX_SCORE = 1_000_000
"""No game's score comes near it: a stated score beyond it is refused as out of range."""
REASON = boundary.QUOTE * 2
"""The longest reason a result states (an engine's are one short sentence)."""
DATE = 40
"""The longest date a record writes (``2026-11-24T00:12:33.112+00:00``)."""

STATUSES = (FINISHED, ABORTED, RUNNING)
"""The statuses a record's match may have (a lobby has no record)."""


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
    """How a finished match ended: the rules' result, else the record's (a resignation);
    None for an aborted or running match's record (it continues as a new match)."""

    @property
    def final(self) -> State:
        return self.states[-1]

    @property
    def over(self) -> bool:
        """Whether nothing is left to play: the record is of a finished match, whose
        result its moves reach (the rules', or a resignation's or forfeit's)."""
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
        raise RecordError(one_line(f"This file is not a game record: {exc}")) from None
    if not isinstance(top, dict) or top.get("format") != FORMAT:
        raise RecordError(f'This file is not a Pantheon game record (it has no "format": '
                          f'"{FORMAT}").')
    return Reader(top, text).load()


class Reader(Fields):
    """One record being read: each refusal names the line of the value it is about."""

    def load(self) -> Loaded:
        version = self.get(("format-version",), int, 'a whole number as "format-version"')
        if version < 1:
            raise self.fail(("format-version",), f'"format-version" is 1 or more, not '
                            f"{boundary.number(version)}.")
        if version > FORMAT_VERSION:
            raise self.fail(("format-version",), f"this record is in format version "
                            f"{boundary.number(version)}, newer than this Pantheon reads: "
                            "update Pantheon.")
        game = self.game()
        self.get(("header",), dict, "a header")
        status = self.status()
        seed = self.seed(game, status)
        players = self.players(game)
        options = self.options(game)
        moves = self.moves(len(players))
        self.asides()
        loaded = Loaded(game, self.top["header"], [p["name"] for p in players],
                        [p["is_ai"] for p in players], seed, options, moves, [], [], None)
        self.replay(loaded)
        resigned = [p.get("resigned") is True for p in players]
        if status == FINISHED:
            loaded.result = self.result(loaded, resigned)
        else:
            self.unfinished(loaded, resigned, status)
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
        self.short_text(("header", "game", "name"), 'the game\'s "name"', boundary.QUOTE)
        return game

    def status(self) -> str:
        """The match's status, and ``complete`` (true exactly when it is over)."""
        status: str = self.get(("header", "status"), str, 'the match\'s "status"')
        if status not in STATUSES:
            raise self.fail(("header", "status"), f'"status" is one of {", ".join(STATUSES)}, '
                            f"not {boundary.clip(status, 20)}.")
        complete = self.get(("header", "complete"), bool, 'true or false as "complete"')
        if complete != (status in OVER):
            raise self.fail(("header", "complete"), f'"complete" is '
                            f"{str(not complete).lower()} in the record of a {status} match "
                            f"(true once it is over), not {str(complete).lower()}.")
        return status

    def seed(self, game: Game, status: str) -> int:
        header = self.top["header"]
        if status == RUNNING and not seed_is_public(game):
            raise self.fail(("header", "seed") if "seed" in header else ("header", "status"),
                            f"this record was exported while the match was running: "
                            f"{seed_secret(game)}, so such a record has no seed and cannot be "
                            "replayed. Export it again once the match is over.")
        if status == RUNNING and header.get("seed") is None:
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
            path: Path = ("header", "players", seat)
            self.get(path, dict, "a player")
            name = self.get((*path, "name"), str, "a player's name")
            if len(name) > boundary.NAME_LENGTH:
                raise self.fail((*path, "name"), f"a player's name is at most "
                                f"{boundary.NAME_LENGTH} characters, not {len(name)}.")
            shown = boundary.person_name(name, "")
            if not shown:
                raise self.fail((*path, "name"),
                                "a player's name has at least one letter or sign.")
            checked.append({**players[seat], "name": shown})
            self.get((*path, "is_ai"), bool, 'true or false as "is_ai"')
            self.optional((*path, "resigned"), bool, 'true or false as "resigned"')
            score = self.value((*path, "score"))
            if score is not None and not (is_number(score) and abs(score) <= MAX_SCORE):
                raise self.fail((*path, "score"), f'{shown}\'s "score" is a number from '
                                f"{-MAX_SCORE} to {MAX_SCORE}, not {boundary.clip(score, 30)}.")
            self.whole((*path, "result"), f'{shown}\'s "result" (their place)', 1,
                       len(players))
            self.whole((*path, "hints"), f'{shown}\'s "hints"', 0, boundary.ID_MAX)
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
                raise self.fail(path, f"there is no seat {boundary.number(seat)} (seats are "
                                f"0 to {players - 1}).")
            if self.optional((*path, "hidden"), bool, 'true or false as "hidden"'):
                raise self.fail(path, "this move is hidden (the record was exported while the "
                                "match was running), so the record cannot be replayed.")
            move = self.get((*path, "move"), str, 'the move as "move"')
            if len(move) > boundary.QUOTE * 10:
                raise self.fail(path, f"a move is a short text, not {len(move)} characters.")
            moves.append((seat, move))
        return moves

    def asides(self) -> None:
        """The fields ``--import`` does not use, checked all the same: where the match was
        played, its dates and the notes."""
        site = ("header", "site")
        if self.optional(site, dict, 'an object as "site"') is not None:
            self.short_text((*site, "name"), 'the site\'s "name"', boundary.QUOTE)
            self.whole((*site, "gameid"), 'the site\'s "gameid"', 0, boundary.ID_MAX)
        for field in ("date-start", "date-end", "date-generated"):
            self.short_text(("header", field), f'"{field}"', DATE)
        self.short_text(("header", "note"), 'the "note"', boundary.TEXT)
        self.short_text(("header", "private-note"), 'the "private-note"', boundary.TEXT)

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

    def unfinished(self, loaded: Loaded, resigned: list[bool], status: str) -> None:
        """An aborted or running match's record: it states no result and no places, its
        moves do not end the game, resignations left two players or more, and each
        player's ``score`` is the final position's."""
        seats = loaded.names
        if self.top["header"].get("result") is not None:
            raise self.fail(("header", "result"), f"the record says the match is {status}, "
                            "so it has no result, but it states one.")
        reached = loaded.game.result(loaded.final)
        if reached is not None:
            raise self.fail(("header", "status"), f"the moves end the game "
                            f"({names.verdict(seats, reached)}), but the record says the "
                            f"match is {status}.")
        if sum(not gone for gone in resigned) < 2:
            quitters = [seats[s] for s, gone in enumerate(resigned) if gone]
            raise self.fail(("header", "status"), f"{' and '.join(quitters)} resigned, which "
                            f"ends the match, but the record says it is {status}.")
        for seat, name in enumerate(seats):
            if self.value(("header", "players", seat, "result")) is not None:
                raise self.fail(("header", "players", seat, "result"),
                                f'{name} has a "result" (a place), but the match is {status}: '
                                "places are given once it is finished.")
        self.check_players(loaded, None)

    def result(self, loaded: Loaded, resigned: list[bool]) -> Result:
        """The result the moves reach, which a finished record's must be: the rules' (resigned
        seats last, as the service ranks them), or, where the rules did not end the game,
        a resignation's or forfeit's at the final position (the last to give up ranks
        below those left, as :meth:`service.match.turns.Turns.forfeit` writes it). A stated
        result that differs is refused, naming the difference; so are players' scores
        and places that differ from it."""
        path: Path = ("header", "result")
        if self.top["header"].get("result") is None:
            raise self.fail(path, 'the record says the match is finished, so it states its '
                            '"result" (scores, ranking and reason), but it has none.')
        found = self.stated_result(len(loaded.names))
        reached = loaded.game.result(loaded.final)
        quitters = [s for s, gone in enumerate(resigned) if gone]
        if reached is not None and quitters:
            ranking = [[s for s in g if s not in quitters] for g in reached.ranking]
            reached = Result(reached.scores, [g for g in ranking if g] + [quitters],
                             reached.reason)
        if reached is None:
            reached = self.given_up(loaded, quitters, found)
        if reached is None or found.to_dict() != reached.to_dict():
            raise self.fail(path, "the record states a result its moves do not reach: "
                            + difference(loaded, found, reached, quitters) + ".")
        self.check_players(loaded, reached)
        return reached

    def stated_result(self, seats: int) -> Result:
        """A finished record's own result, checked for ``seats`` seats: a score for each,
        a number in range; every seat ranked once; a short reason naming only seats of the
        record (as ``{seat0}`` markers)."""
        path: Path = ("header", "result")
        stated = self.top["header"]["result"]
        if not isinstance(stated, dict) or set(stated) != {"scores", "ranking", "reason"}:
            raise self.fail(path, 'the result needs "scores" (a number per seat), "ranking" '
                            '(lists of seats) and "reason" (a short text).')
        scores, ranking, reason = stated["scores"], stated["ranking"], stated["reason"]
        if not isinstance(scores, list) or len(scores) != seats:
            raise self.fail(path, f'the result\'s "scores" are a list of {seats} numbers, '
                            f"one per seat, not {boundary.clip(scores, 30)}.")
        for score in scores:
            if not (is_number(score) and abs(score) <= MAX_SCORE):
                raise self.fail(path, f'the result\'s "scores" are numbers from {-MAX_SCORE} '
                                f"to {MAX_SCORE}, not {boundary.clip(score, 30)}.")
        if not (isinstance(ranking, list) and all(
                isinstance(g, list) and g and all(type(s) is int for s in g)
                for g in ranking)
                and sorted(s for g in ranking for s in g) == list(range(seats))):
            raise self.fail(path, f'the result\'s "ranking" lists each seat (0 to '
                            f"{seats - 1}) once, in groups from best to worst, not "
                            f"{boundary.clip(ranking, 30)}.")
        if not isinstance(reason, str):
            raise self.fail(path, f'the result\'s "reason" is a text, not '
                            f"{boundary.clip(reason, 30)}.")
        if len(reason) > REASON:
            raise self.fail(path, f'the result\'s "reason" is at most {REASON} characters, '
                            f"not {len(reason)}.")
        for marker in SEAT_MARKER.finditer(reason):
            if int(marker[1]) >= seats:
                raise self.fail(path, f'the result\'s "reason" names {marker[0]}, a seat '
                                f"the record does not have (seats are 0 to {seats - 1}).")
        return Result(scores, ranking, boundary.printable(reason))

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
