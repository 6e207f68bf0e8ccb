"""Every door of ``--import`` holds: each file of a generated hostile corpus
(tests/hostile_records.py) is either imported or refused with one short sentence —
never another exception — a refused file writes nothing to the store, and the work of
an answer is bounded by the file (no move played more often than the file has moves,
never more than MAX_MOVES). Every refusal is one line of at most REFUSAL characters, and
every value a record states is checked (issue 57: a resigned record's nonsense scores,
places, reasons and status were believed). Times are measured by bench/import_corpus.py,
not asserted."""

from __future__ import annotations

import pytest

import engines
from console import app as console
from console import records
from engines.ai import RandomPlayer
from service import Service, ServiceError
from service.records.importer import MAX_MOVES, REFUSAL, RecordError, load_record
from tests.console.keyboard import scripted
from tests.hostile_records import STATED, corpus

PLAYS_PER_MOVE = 2
"""A move is played once to replay it and at most once more to describe it."""
TABLES = ("matches", "seats", "moves", "match_clocks")


async def rows(store) -> tuple[int, ...]:
    return tuple([(await store.query(f"SELECT count(*) FROM {table}"))[0][0]
                  for table in TABLES])


@pytest.fixture
def plays(monkeypatch) -> list[int]:
    """How many moves the engines have played (one entry per call)."""
    played: list[int] = []
    for game in engines.all():
        def counting(state, seat, move, _play=game.play):
            played.append(1)
            return _play(state, seat, move)
        monkeypatch.setattr(game, "play", counting)
    return played


async def test_no_hostile_record_gets_a_traceback_or_writes_when_refused(store, tmp_path,
                                                                       plays):
    service = Service(store, offload="thread", player=RandomPlayer())
    screen = console.Console(service, tmp_path / "boards", out=[].append,
                             read=scripted([]), text_board=False)
    seen, refused, accepted = 0, 0, 0
    for name, data in corpus(every=4):
        seen += 1
        path = tmp_path / f"{name[:80]}.json"
        path.write_bytes(data)
        before, plays[:] = await rows(store), []
        try:
            await records.import_record(screen, str(path))
            accepted += 1
        except ServiceError as exc:
            refused += 1
            said = str(exc)
            assert "\n" not in said and len(said) <= REFUSAL, (name, said[:500])
            assert await rows(store) == before, name
            bound = PLAYS_PER_MOVE * min(data.count(b'"move"'), MAX_MOVES)
            assert len(plays) <= bound, (name, len(plays), bound)
        path.unlink()
    assert seen > 500 and refused > 400 and accepted >= 10


async def test_a_refused_file_is_one_line_and_exit_code_2(database, tmp_path):
    picked = dict(corpus(every=50))
    for name in ("empty", "deep-list", "big-number", "witch-stones-2-end-moves-after-end",
                 "terra-2-end-header.seed-n10", "angry-gods-2-end-name2",
                 "storm-of-the-gods-2-end-scores0"):
        path = tmp_path / "hostile.json"
        path.write_bytes(picked[name])
        out: list[str] = []
        code = await console.run(["--import", str(path)], database, str(tmp_path / "b"),
                                 read=scripted([]), out=out.append)
        if name == "angry-gods-2-end-name2":  # a name with escape codes: imported, inert
            assert code == 0 and not any("\x1b" in line for line in out), out
            continue
        assert code == 2 and len(out) == 1 and len(out[0]) <= 300, (name, out)


def test_every_refusal_of_the_whole_corpus_is_one_short_line():
    long = []
    for name, data in corpus():
        try:
            load_record(data)
        except RecordError as exc:
            said = str(exc)
            if "\n" in said or len(said) > REFUSAL:
                long.append((name, len(said), said[:120]))
    assert long == []


@pytest.mark.parametrize("slug", [g.slug for g in engines.all()])
def test_each_nonsense_a_resigned_record_states_is_refused_in_one_line(slug):
    """A resigned record imports; the same record stating scores that are NaN, infinite,
    1e308, huge or text, impossible places, a reason naming a seat it does not have or
    100 kB long, a status its moves do not fit, is refused in one line."""
    files = {name: data for name, data in corpus(every=10**9)
             if name.startswith(f"{slug}-2-resigned-")}
    loaded = load_record(files.pop(f"{slug}-2-resigned-valid"))
    assert loaded.over and loaded.result.reason == "{seat1} resigned"
    assert len(files) == len(STATED)
    accepted, long = [], []
    for name, data in files.items():
        try:
            load_record(data)
            accepted.append(name)
        except RecordError as exc:
            said = str(exc)
            if "\n" in said or len(said) > REFUSAL:
                long.append((name, said[:120]))
    assert accepted == [] and long == []
