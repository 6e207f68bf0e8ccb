"""A generated corpus of hostile game records for ``--import``: valid records of every
game (finished and unfinished, fewest and most players), then truncations, type swaps,
huge lists, deep nesting, surrogates, NULs, control codes, escape sequences, huge strings,
bad seats, seeds and versions made from them. Used by tests/records/test_import_corpus.py and
bench/import_corpus.py."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import engines
from service.records.export import FORMAT, FORMAT_VERSION, write
from service.records.importer import MAX_BYTES, MAX_MOVES


def valid_record(slug: str, players: int, seed: int, finished: bool = True) -> dict[str, Any]:
    """A record of a random match of ``slug``: played to its end, or stopped halfway and
    aborted (an aborted match's record is complete, so it continues as a new match)."""
    game = engines.get(slug)
    options = game.parse_options({})
    state = game.setup(players, seed, options)
    chooser, moves = random.Random(seed), []
    while game.result(state) is None:
        seat = game.to_act(state)[0]
        move = chooser.choice(game.legal_moves(state, seat))
        moves.append({"seat": seat, "move": move})
        state = game.play(state, seat, move)
    result = game.result(state)
    if not finished:
        moves, result = moves[:len(moves) // 2], None
    header = {
        "game": {"name": game.title, "slug": slug, "version": game.version,
                 "options": options},
        "site": {"name": "Pantheon", "gameid": 1},
        "status": "finished" if finished else "aborted",
        "complete": True, "seed": seed,
        "players": [{"name": f"Player {n + 1}", "is_ai": n > 0, "resigned": False}
                    for n in range(players)],
        "result": result.to_dict() if result else None,
    }
    return {"format": FORMAT, "format-version": FORMAT_VERSION, "header": header,
            "moves": moves}


def text(record: dict[str, Any]) -> str:
    return write(record["header"], record["moves"])


HUGE = "x" * 100_000
BAD_VALUES: list[Any] = [None, True, 1.5, -1, 0, 2**64, 2**70, "x", "", [], {}, [[[]]],
                         {"a": 1}, HUGE, "\ud800", "\x00", "\x1b]0;pwned\x07", "\x1b[2J"]
BIG = "1" * 5_000
"""A number of 5,000 digits (Python's int() refuses more than 4,300)."""
PLACES: list[tuple[str, ...]] = [
    ("format-version",), ("header",), ("header", "game"), ("header", "game", "slug"),
    ("header", "game", "version"), ("header", "game", "options"), ("header", "seed"),
    ("header", "players"), ("header", "players", 0), ("header", "players", 0, "name"),
    ("header", "players", 1, "is_ai"), ("header", "players", 0, "resigned"),
    ("header", "status"), ("header", "complete"), ("header", "result"), ("moves",),
    ("moves", 0), ("moves", 0, "seat"), ("moves", 0, "move"), ("moves", 1, "hidden")]
NAMES = ["\ud800\udfff\ud801", "Ana\x00", "\x1b]0;pwned\x07\x1b[2J", "Bo\nGame over: Ana wins",
         "\u202eanA", "\u200b\u200d", "<#123> </help:1> <t:0:R> @everyone", "N" * 10_000,
         "   ", "\t\r\n"]


def put(record: dict[str, Any], place: tuple[str | int, ...], value: Any) -> dict[str, Any]:
    """A deep copy of ``record`` with ``value`` at ``place``."""
    copy = json.loads(json.dumps(record))
    target = copy
    for key in place[:-1]:
        target = target[key]
    if isinstance(target, list) and place[-1] >= len(target):
        target.append(value)
    else:
        target[place[-1]] = value
    return copy


def dumps(record: dict[str, Any]) -> bytes:
    return json.dumps(record, ensure_ascii=True).encode()


def corpus(every: int = 1) -> Iterator[tuple[str, bytes]]:
    """``(name, content)`` of every hostile file, made from valid records; ``every``: one
    in so many of the type swaps (each swap is still made for some game)."""
    bases = {(slug, players, finished): valid_record(slug, players, seed=players + 7,
                                                     finished=finished)
             for slug in (g.slug for g in engines.all())
             for players in sorted({engines.get(slug).min_players,
                                    engines.get(slug).max_players})
             for finished in (True, False)}
    for (slug, players, finished), record in bases.items():
        stem = f"{slug}-{players}-{'end' if finished else 'mid'}"
        whole = text(record).encode()
        yield f"{stem}-valid", whole
        for cut in (1, 10, len(whole) // 3, len(whole) // 2, len(whole) - 2):
            yield f"{stem}-cut{cut}", whole[:cut]
        if not finished or players != engines.get(slug).min_players:
            continue
        turn = len(stem)  # each game gets a different share of the swaps
        for at, place in enumerate(PLACES):
            for number, value in enumerate(BAD_VALUES):
                if (at + number + turn) % every == 0:
                    yield f"{stem}-{'.'.join(map(str, place))}-{number}", dumps(
                        put(record, place, value))
        for number, name in enumerate(NAMES):
            yield f"{stem}-name{number}", dumps(put(record, ("header", "players", 1, "name"),
                                                     name))
        yield from shapes(stem, record)
    yield from files()


def shapes(stem: str, record: dict[str, Any]) -> Iterator[tuple[str, bytes]]:
    """Huge lists, deep nesting, big numbers and wrong numbers of one valid record."""
    whole = text(record)
    moves = record["moves"]
    line = json.dumps(moves[-1])
    extra = ",\n    ".join([line] * 26_000)
    yield f"{stem}-moves-after-end", whole.replace(
        json.dumps(moves[-1]), json.dumps(moves[-1]) + ",\n    " + extra, 1).encode()
    yield f"{stem}-zeros", dumps(put(record, ("moves",), [0] * 400_000))
    yield f"{stem}-too-many", dumps(put(record, ("moves",), moves * (MAX_MOVES // len(moves)
                                                                     + 1)))
    yield f"{stem}-same-seat", dumps(put(record, ("moves",), [moves[0]] * 20_000))
    marked = text(put(record, ("header", "game", "options"), "@@"))
    for number, deep in enumerate(("[" * 50_000 + "]" * 50_000, '{"a":' * 40 + "1" + "}" * 40,
                                   '{"terrain": ' + "[" * 33 + "]" * 33 + "}")):
        yield f"{stem}-deep-options{number}", marked.replace('"@@"', deep, 1).encode()
    for place in (("format-version",), ("header", "seed"), ("moves", 0, "seat")):
        marker = "424242424242"
        written = dumps(put(record, place, int(marker))).decode()
        for number, value in enumerate((BIG, "-" + BIG, "NaN", "Infinity", "-Infinity",
                                        "1e999", "2.5", "0", "-5", str(2**63), str(2**64))):
            yield (f"{stem}-{'.'.join(map(str, place))}-n{number}",
                   written.replace(marker, value, 1).encode())
    for number, scores in enumerate((["@everyone", {"a": 1}], [float("nan"), 1], [1],
                                     [1e308 * 10, 0], [True, False], "10")):
        finished = put(record, ("header", "status"), "finished")
        stated = {"scores": scores, "ranking": [[0], [1]], "reason": "x"}
        yield f"{stem}-scores{number}", json.dumps(put(finished, ("header", "result"),
                                                       stated)).encode()
    yield f"{stem}-option-huge", dumps(put(record, ("header", "game", "options"),
                                           {"x" * 100_000: 1}))
    yield f"{stem}-option-value-huge", dumps(put(record, ("header", "game", "options"),
                                                 {"terrain": HUGE}))
    yield f"{stem}-move-huge", dumps(put(record, ("moves", 0, "move"), HUGE))
    yield f"{stem}-reason-surrogate", dumps(put(put(record, ("header", "status"), "finished"),
                                                ("header", "result"),
                                                {"scores": [0] * len(record["header"]
                                                                     ["players"]),
                                                 "ranking": [list(range(len(
                                                     record["header"]["players"])))],
                                                 "reason": "\ud800\x1b[2J"}))


def files() -> Iterator[tuple[str, bytes]]:
    """Files that are no record at all."""
    yield "empty", b""
    yield "not-utf8", b"\xff\xfe\x00garbage"
    yield "bom-only", "\ufeff".encode()
    yield "list", b"[]"
    yield "null", b"null"
    yield "oversize", b" " * (MAX_BYTES + 1)
    yield "deep-list", b"[" * 500_000 + b"]" * 500_000
    yield "deep-dict", b'{"a":' * 100_000 + b"1" + b"}" * 100_000
    yield "big-number", ("1" * 900_000).encode()
    yield "many-keys", json.dumps({f"k{i}": i for i in range(60_000)}).encode()
    yield "wrong-format", b'{"format": "pgn"}'
    yield "escape-format", json.dumps({"format": "\x1b]0;pwned\x07" + HUGE}).encode()


