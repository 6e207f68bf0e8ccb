"""Game records: a match written out as JSON (to replay it elsewhere, ``--import``) and as
readable text. The format is documented in ``docs/RECORDS.md``; it is modelled on Abstract
Play's game record (a header of name–value pairs, then the moves in order).

What a record may hold depends on whether the match is over. A finished (or aborted)
match's record is complete: its seed and every move, private ones included, so it replays
to the same final position. A running match's record holds only what everyone has seen:
its private moves are listed as ``"hidden"``, and its seed only where the seed tells
nothing hidden or to come (:func:`seed_is_public`: a game whose set-up is dealt in full
view and which leaves nothing after it to chance, as the engine declares). Such a record
replays, and continues as a new match; any other running record cannot be replayed, its
``note`` says why and :mod:`service.records.importer` refuses it. No Discord in here.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any, NamedTuple

import engines
from db import ABORTED, FINISHED, LOBBY, MatchRecord, MoveRecord, Store
from engines.base import Game, Result, State
from service.common import names
from service.common.model import Actor, ServiceError
from service.match.core import Matches

FORMAT = "pantheon-record"
FORMAT_VERSION = 1
SITE = "Pantheon"
OVER = (FINISHED, ABORTED)
"""Statuses whose records are complete: nothing is left to keep secret."""


def seed_is_public(game: Game) -> bool:
    """Whether a running match's record may carry its seed: the game's one rule for its
    records, from what its engine declares. The seed tells nothing hidden or to come only
    when everything the set-up draws from it is shown to everyone
    (:attr:`~engines.base.GameBase.public_setup`) and chance decides nothing after the
    set-up (:attr:`~engines.base.GameBase.chance_after_setup`)."""
    return game.public_setup and not game.chance_after_setup


def seed_secret(game: Game) -> str:
    """Why ``game``'s seed stays out of a running match's record: a clause naming what
    the seed decides (empty when it tells nothing, :func:`seed_is_public`)."""
    if seed_is_public(game):
        return ""
    what = [*([] if game.public_setup else ["deals hidden values"]),
            *(["decides chance still to come"] if game.chance_after_setup else [])]
    return f"in {game.title} the seed {' and '.join(what)}"


def running_note(game: Game, hidden: bool) -> str:
    """A running match's record's ``note``: whether it can be replayed, and why. ``hidden``:
    the record lists private moves as hidden."""
    if seed_is_public(game) and not hidden:
        return (f"Exported while the match was running. {game.title} deals its set-up in "
                "full view and leaves nothing after it to chance, so the seed tells nothing "
                "hidden or to come: this record carries it, and --import continues the "
                "match as a new one.")
    why = (f"in {game.title} the seed tells nothing hidden, but private moves are left out"
           if seed_is_public(game) else
           f"{seed_secret(game)}, so the seed and the private moves are left out")
    return (f"Exported while the match was running: {why}, and this record cannot be "
            "replayed. Export it again once the match is over.")


def not_replayable(game: Game, hidden: bool) -> str:
    """The one line a front end shows when it writes a running match's record that
    ``--import`` cannot replay (``hidden``: it lists private moves as hidden)."""
    why = ("its private moves are left out" if seed_is_public(game)
           else f"{seed_secret(game)}, so it is left out")
    return (f"This record cannot be replayed with --import while the match runs: {why}. "
            "Export it again once the match is over.")


class Export(NamedTuple):
    """A match's record: the JSON, the readable text, the file name's stem
    (``<game>-<id>``: the front end adds ``.json`` and ``.txt``), and, for a record that
    ``--import`` cannot replay (a running match's, see the module), the line saying so."""

    json: str
    text: str
    filename: str
    unreplayable: str | None = None


async def export(store: Store, matches: Matches, match_id: int,
                 actor: Actor | None = None, mine: bool = False) -> Export:
    """The record of a started match, as the actor's guild may see it (see the module);
    ``mine``: a record only the actor receives, with their private note on the match."""
    match = await matches.readable(match_id, actor)
    if match.status == LOBBY or match.snapshot is None:
        raise ServiceError("This match has not started yet: there is no record to export.")
    game = matches.game_of(match.game)
    moves = await store.moves(match.id)
    states = list(matches.positions(match, moves))
    taken = await store.hints(match.id)
    note = await store.note(match.id, actor.user_id) if mine and actor else None
    return record(match, game, moves, states, datetime.now(UTC), taken, note)


def record(match: MatchRecord, game: Game, moves: list[MoveRecord], states: list[State],
           at: datetime, hints: dict[int, int] | None = None,
           private_note: str | None = None) -> Export:
    """The record of ``match`` (its ``moves``, the set-up then the position after each in
    ``states``), generated at ``at``: what :func:`export` writes, from what it read."""
    data, unreplayable = record_json(match, game, moves, states[-1], at, hints, private_note)
    text = readable(match, game, moves, states, hints)
    if private_note:
        text += f"\nYour private note:\n{private_note}\n"
    return Export(data, text, f"{game.slug}-{match.id}", unreplayable)


def record_json(match: MatchRecord, game: Game, moves: list[MoveRecord], final: State,
                at: datetime, hints: dict[int, int] | None = None,
                private_note: str | None = None) -> tuple[str, str | None]:
    """The record's JSON (``final``: the position after the last move), and, when
    ``--import`` cannot replay it, the line saying why (:func:`not_replayable`)."""
    over = match.status in OVER
    entries = [move_entry(game, m, over) for m in moves]
    hidden = any(entry.get("hidden") for entry in entries)
    header = record_header(match, game, final, at, hints, hidden)
    if private_note:
        header["private-note"] = private_note
    replayable = over or (seed_is_public(game) and not hidden)
    return write(header, entries), None if replayable else not_replayable(game, hidden)


def record_header(match: MatchRecord, game: Game, state: State, at: datetime,
                  hints: dict[int, int] | None = None, hidden: bool = False
                  ) -> dict[str, Any]:
    """The header: what the game was, who played, how it ended, the hints each player
    took (see docs/RECORDS.md). ``hidden``: the moves list private moves as hidden."""
    over = match.status in OVER
    result = Result(**match.result) if match.result else None
    scores = result.scores if result else game.view(state, None).get("scores")
    players: list[dict[str, Any]] = []
    for seated in match.by_seat():
        player: dict[str, Any] = {"name": seated.display_name, "is_ai": seated.is_ai,
                                  "resigned": seated.resigned}
        if scores is not None:
            player["score"] = scores[seated.number]
        if result is not None:
            player["result"] = standing(result, seated.number)
        if hints and hints.get(seated.number):
            player["hints"] = hints[seated.number]
        players.append(player)
    header: dict[str, Any] = {
        "game": {"name": game.title, "slug": game.slug, "version": game.version,
                 "options": match.options},
        "site": {"name": SITE, "gameid": match.id},
        "status": match.status,
        "complete": over,
        "seed": match.seed if over or seed_is_public(game) else None,
        "date-start": match.created_at,
        "date-end": match.updated_at if over else None,
        "date-generated": at.isoformat(timespec="seconds"),
        "players": players,
        "result": match.result,
    }
    if not over:
        header["note"] = running_note(game, hidden)
    return header


def standing(result: Result, seat: int) -> int:
    """Abstract Play's per-player ``result``: equal for a tie, higher for better placed."""
    for place, group in enumerate(result.ranking):
        if seat in group:
            return len(result.ranking) - place
    return 0


def move_entry(game: Game, move: MoveRecord, complete: bool) -> dict[str, Any]:
    """One move of the record: its seat and notation, or only its seat when it is private
    and the record is not complete."""
    if not complete and game.is_private(move.notation):
        return {"seat": move.seat, "hidden": True}
    return {"seat": move.seat, "move": move.notation}


def write(header: dict[str, Any], entries: list[dict[str, Any]]) -> str:
    """The record's JSON, pretty-printed: one header field, one player and one move per
    line, so that a line number (in an import's error) points at one thing."""

    def dumps(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False)

    def block(items: list[str], indent: str) -> str:
        return "[\n" + ",\n".join(indent + "  " + item for item in items) + f"\n{indent}]" \
            if items else "[]"

    fields = [f'    {dumps(key)}: ' + (block([dumps(p) for p in value], "    ")
                                       if key == "players" else dumps(value))
              for key, value in header.items()]
    return "\n".join([
        "{", f'  "format": {dumps(FORMAT)},', f'  "format-version": {FORMAT_VERSION},',
        '  "header": {', ",\n".join(fields), "  },",
        f'  "moves": {block([dumps(e) for e in entries], "  ")}', "}", ""])


def readable(match: MatchRecord, game: Game, moves: list[MoveRecord],
             states: list[State], hints: dict[int, int] | None = None) -> str:
    """The record as text: who played, how it ended, and every move as everyone saw it
    (and, once the match is over, every secret revealed)."""
    seats = match.names
    lines = [f"{game.title} #{match.id}: {SITE} game record",
             f"Status: {match.status}, {names.plural(len(moves), 'move')}",
             "Players: " + ", ".join(
                 f"{i + 1}. {s.display_name}" + (" (computer)" if s.is_ai else "")
                 + (" (resigned)" if s.resigned else "")
                 for i, s in enumerate(match.by_seat()))]
    if match.options:
        lines.append("Options: " + ", ".join(f"{k}={v}" for k, v in match.options.items()))
    if match.result and match.status == FINISHED:
        lines.append(names.result_text(seats, Result(**match.result),
                                       engines.spec(game.slug).score_unit))
    elif match.status not in OVER:
        lines.append("The match is running: this is what everyone has seen so far.")
    lines += [f"{s.display_name} took {names.plural(hints[s.number], 'hint')}."
              for s in match.by_seat() if hints and hints.get(s.number)]
    lines.append("")
    for record, state in zip(moves, states, strict=False):
        said = game.describe(state, record.seat, record.notation, None)
        lines.append(f"{record.seq}. {names.named(said, seats)}")
    reveal = game.final_reveal(states[-1]) if match.status in OVER else None
    if reveal:
        lines.append("Revealed: " + names.named(reveal, seats))
    return "\n".join(lines) + "\n"
