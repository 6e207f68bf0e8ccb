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


def resigned_record(slug: str, seed: int) -> dict[str, Any]:
    """A two-player record of ``slug`` that ends halfway when the second seat resigns:
    its stated result is the resignation's (the final position's scores, the first seat
    first), as the service writes it."""
    record = valid_record(slug, 2, seed, finished=False)
    game = engines.get(slug)
    state = game.setup(2, seed, record["header"]["game"]["options"])
    for move in record["moves"]:
        state = game.play(state, move["seat"], move["move"])
    scores = game.view(state, None)["scores"]
    header = record["header"]
    header.update(status="finished", result={"scores": scores, "ranking": [[0], [1]],
                                             "reason": "{seat1} resigned"})
    for seat, player in enumerate(header["players"]):
        player.update(resigned=seat == 1, score=scores[seat], result=2 - seat)
    return record


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


STATED_NUMBERS: list[tuple[str, Any]] = [
    ("nan", float("nan")), ("infinity", float("inf")), ("minus-infinity", float("-inf")),
    ("1e308", 1e308), ("huge-integer", 10**29), ("2-to-the-64", 2**64), ("string", "2"),
    ("string-nan", "NaN"), ("true", True), ("list", [2]), ("minus-1e308", -1e308)]
"""Values no stated score or place is: not numbers, not finite, or far out of range."""
Change = tuple[tuple[str | int, ...], Any]
"""A value written at a place of a record."""
RESULT, PLACE, SCORE = ("header", "result"), ("header", "players", 1, "result"), (
    "header", "players", 0, "score")
UNFINISHED: list[tuple[str, list[Change]]] = [
    ("no-result", [(RESULT, None)]), ("aborted", [(RESULT, None), (("header", "status"),
                                                                "aborted")])]
STATED: list[tuple[str, list[Change]]] = [
    *((f"result-score-{name}", [((*RESULT, "scores", 0), value)])
      for name, value in STATED_NUMBERS),
    *((f"player-score-{name}", [(SCORE, value)]) for name, value in STATED_NUMBERS),
    *((f"player-place-{name}", [(PLACE, value)])
      for name, value in [*STATED_NUMBERS, ("0", 0), ("3", 3), ("minus-1", -1)]),
    *((f"{stem}-player-place-{name}", [*changes, (PLACE, value)])
      for stem, changes in UNFINISHED
      for name, value in [("1e308", 1e308), ("huge-integer", 10**29), ("string", "x"),
                          ("1", 1)]),
    *((f"{stem}-player-score-{name}", [*changes, (SCORE, value)])
      for stem, changes in UNFINISHED for name, value in [("1e308", 1e308), ("string", "x")]),
    ("reason-seat-9", [((*RESULT, "reason"), "{seat9} resigned")]),
    ("reason-seat-2", [((*RESULT, "reason"), "{seat2} resigned")]),
    ("reason-100kb", [((*RESULT, "reason"), HUGE)]),
    ("reason-number", [((*RESULT, "reason"), 1e308)]),
    ("ranking-seat-5", [((*RESULT, "ranking"), [[0], [5]])]),
    ("ranking-twice", [((*RESULT, "ranking"), [[0], [0]])]),
    ("ranking-empty-group", [((*RESULT, "ranking"), [[0], [], [1]])]),
    ("name-100kb", [(("header", "players", 0, "name"), HUGE)]),
    ("status-aborted", [(("header", "status"), "aborted")]),
    ("status-running", [(("header", "status"), "running")]),
    ("status-missing", [(("header", "status"), None)]),
    ("complete-false", [(("header", "complete"), False)]),
    ("result-missing", [(RESULT, None)]),
    ("resigned-nobody", [(("header", "players", 1, "resigned"), False)]),
    ("hints-1e308", [(("header", "players", 0, "hints"), 1e308)]),
    ("hints-string", [(("header", "players", 0, "hints"), "many")]),
    ("date-100kb", [(("header", "date-end"), HUGE)]),
    ("note-number", [(("header", "note"), 10**29)]),
    ("site-string", [(("header", "site"), HUGE)]),
]
"""A resigned record's stated values made nonsense (issue 57), alone or with its result
left out (where a place used to go unchecked): each is refused, in one line. The name
follows ``<game>-2-resigned-stated-``."""


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
        if finished:  # every seat's stated score far out of range (once quoted whole)
            for name, value in (("1e308", 1e308), ("huge-integer", -10**29)):
                yield f"{stem}-all-scores-{name}", text(put(
                    record, ("header", "result", "scores"), [value] * players)).encode()
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
    for slug in (g.slug for g in engines.all()):
        yield from stated(f"{slug}-2-resigned", resigned_record(slug, seed=11))
    yield from files()


def stated(stem: str, record: dict[str, Any]) -> Iterator[tuple[str, bytes]]:
    """A valid resigned record, then each of its :data:`STATED` values made nonsense
    (written as Pantheon writes a record: NaN and Infinity as JSON has them)."""
    yield f"{stem}-valid", text(record).encode()
    for name, changes in STATED:
        changed = record
        for place, value in changes:
            changed = put(changed, place, value)
        yield f"{stem}-stated-{name}", text(changed).encode()


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


