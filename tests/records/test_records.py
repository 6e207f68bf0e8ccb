"""Game records: a finished match of every game exported and replayed to the same final
position and result; a running match's record keeps its secrets; each bad record is
refused with the line and the reason; an unfinished match continues as a copy."""

from __future__ import annotations

import json
import random

import pytest

import engines
from db import ABORTED, FINISHED, RUNNING, open_store
from service import Actor, ServiceError
from service.records.export import write
from service.records.importer import MAX_BYTES, RecordError, load_record
from service.records.strict_json import lines_of
from tests.conftest import fixed_service, play_random

ANA = Actor(1, "Ana *star*", guild_id=50)
BO = Actor(2, "Bo", guild_id=50)
ACTORS = {1: ANA, 2: BO}


async def play(service, match_id: int, rng: random.Random, limit: int = 5000,
               pick=None) -> None:
    """The humans play random legal moves until the match ends or ``limit`` moves."""
    await play_random(service, match_id, ACTORS, pick or rng.choice, limit)


async def with_computers(service, slug: str) -> int:
    """Ana against the computer, with as many computers as make a full-ish table."""
    game = engines.get(slug)
    match = await service.create(ANA, slug, channel_id=10)
    for _ in range(min(game.max_players, 3) - 1):
        await service.add_ai(match.id, ANA)
    await service.start(match.id, ANA)
    return match.id


@pytest.mark.parametrize("slug", [g.slug for g in engines.all()])
async def test_a_finished_match_replays_to_its_final_position_and_result(service, slug):
    match_id = await with_computers(service, slug)
    await play(service, match_id, random.Random(slug))
    match = await service.match(match_id)
    assert match.status == FINISHED

    record = await service.export(match_id, ANA)
    loaded = load_record(record.json)
    game = engines.get(slug)
    assert game.dump(loaded.final) == match.snapshot
    assert loaded.result is not None and loaded.result.to_dict() == match.result
    assert loaded.names == match.names and loaded.is_ai == [s.is_ai for s in match.by_seat()]
    assert len(loaded.moves) == len(await service.store.moves(match_id))
    assert record.filename == f"{slug}-{match_id}"
    header = json.loads(record.json)["header"]
    assert header["complete"] and header["seed"] == match.seed
    assert header["game"]["version"] == game.version
    winners = {s for s in match.result["ranking"][0]}
    best = max(p["result"] for p in header["players"])
    assert {i for i, p in enumerate(header["players"]) if p["result"] == best} == winners
    # The text: every move as everyone saw it, the result, names as written (no escaping).
    assert "Game over:" in record.text and "Ana *star*" in record.text
    assert record.text.count("\n") > len(loaded.moves)
    with pytest.raises(ServiceError, match="over"):
        await service.continue_copy(loaded)


async def two_players(service, slug: str) -> int:
    match = await service.create(ANA, slug, channel_id=10)
    await service.join(match.id, BO)
    await service.start(match.id, ANA)
    return match.id


async def test_a_resignation_is_the_records_result(service):
    match_id = await two_players(service, "angry-gods")
    await play(service, match_id, random.Random(3), limit=6)
    await service.resign(match_id, BO)
    match = await service.match(match_id)
    loaded = load_record((await service.export(match_id)).json)
    assert loaded.over and loaded.result.to_dict() == match.result
    assert engines.get("angry-gods").result(loaded.final) is None  # the rules did not end it
    assert "resigned" in (await service.export(match_id)).text


async def test_a_seat_that_resigned_and_played_on_by_the_computer_ranks_last(service):
    match_id = await with_computers(service, "storm-of-the-gods")
    await play(service, match_id, random.Random(8), limit=4)
    await service.resign(match_id, ANA)  # two computers remain: the match goes on to its end
    match = await service.match(match_id)
    assert match.status == FINISHED and match.result["ranking"][-1] == [
        match.seat_of(ANA.user_id).seat]
    loaded = load_record((await service.export(match_id)).json)
    assert loaded.result.to_dict() == match.result
    assert engines.get("storm-of-the-gods").dump(loaded.final) == match.snapshot


async def test_an_aborted_match_continues_as_a_local_copy(service):
    match_id = await two_players(service, "terra")
    await play(service, match_id, random.Random(5), limit=9)
    before = await service.match(match_id)
    await service.abort(match_id, ANA)
    record = await service.export(match_id)
    assert json.loads(record.json)["header"]["status"] == ABORTED
    loaded = load_record(record.json)
    assert not loaded.over

    update = await service.continue_copy(loaded)
    copy = update.match
    assert copy.id != match_id and copy.status == RUNNING and copy.guild_id is None
    assert copy.snapshot == before.snapshot and copy.names == before.names
    assert [m.notation for m in await service.store.moves(copy.id)] == [
        m.notation for m in await service.store.moves(match_id)]
    assert "continues the imported record after 9 moves" in update.public.text
    # The copy plays on: its players are local players with their recorded names.
    waiting = await service.waiting(copy.id)
    (user,) = waiting
    seated = copy.seat_of(user)
    await service.submit(copy.id, Actor(user, seated.display_name), waiting[user][0])
    assert (await service.match(copy.id)).version > copy.version


async def test_a_running_match_exports_only_what_everyone_saw(service):
    """Twins: the same seed and public moves, different god checkers. Their records are
    the same, and they have no seed: it decides every hidden value."""
    records, snapshots = [], []
    for twin in (0, 1):
        match_id = await two_players(service, "when-gods-collide")
        await play(service, match_id, random.Random(1), limit=24,
                   pick=lambda moves, t=twin: choose(moves, t))
        match = await service.match(match_id)
        assert match.status == RUNNING
        snapshots.append(match.snapshot)
        records.append(json.loads((await service.export(match_id)).json))
    assert snapshots[0] != snapshots[1]  # the hidden choices differ
    for record in records:
        header = record["header"]
        for differs in ("site", "date-start", "date-generated"):
            header.pop(differs)
        assert header["seed"] is None and header["complete"] is False
    assert records[0] == records[1]
    hidden = [m for m in records[0]["moves"] if m.get("hidden")]
    assert hidden and all(set(m) == {"seat", "hidden"} for m in hidden)
    assert '"god ' not in json.dumps(records[0]) and '"fly ' not in json.dumps(records[0])
    text = write(records[0]["header"], records[0]["moves"])
    with pytest.raises(RecordError, match=r"^line \d+: .*running.*cannot be replayed"):
        load_record(text)


def choose(moves: list[str], twin: int) -> str:
    """The first public move, else the first (twin 0) or last (twin 1) private one."""
    game = engines.get("when-gods-collide")
    public = [m for m in moves if not game.is_private(m)]
    if public and len(public) == len(moves):
        return public[0]
    return moves[0] if twin == 0 else moves[-1]


# --- refusals -----------------------------------------------------------------------------
_FINISHED: dict[bool, str] = {}
"""``finished`` for each store (PostgreSQL or not), made once: the refusals only edit it."""


@pytest.fixture
async def finished(database) -> str:
    """A finished match's record, exported from a store of the test's kind."""
    on_postgres = "://" in database
    if on_postgres not in _FINISHED:
        store = await open_store(database)
        try:
            service = fixed_service(store)
            match_id = await with_computers(service, "witch-stones")
            await play(service, match_id, random.Random(9))
            _FINISHED[on_postgres] = (await service.export(match_id)).json
        finally:
            await store.close()
    return _FINISHED[on_postgres]


def edited(text: str, change) -> str:
    record = json.loads(text)
    change(record)
    return write(record["header"], record["moves"])


def line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


async def test_an_illegal_move_is_refused_at_its_line(finished):
    def spoil(record):
        record["moves"][6]["move"] = "a9 to z0"

    text = edited(finished, spoil)
    with pytest.raises(RecordError) as refused:
        load_record(text)
    message = str(refused.value)
    assert message.startswith(f"line {line_of(text, 'a9 to z0')}: ")
    assert "cannot play 'a9 to z0'" in message


async def test_a_move_out_of_turn_and_after_the_end_are_refused(finished):
    record = json.loads(finished)
    seat = record["moves"][3]["seat"]

    def out_of_turn(r):
        r["moves"][3]["seat"] = 1 - seat

    text = edited(finished, out_of_turn)
    with pytest.raises(RecordError, match=r"it is not .*'s turn \(waiting for ") as refused:
        load_record(text)
    assert str(refused.value).startswith(f"line {line_of(text, 'moves') + 4}: ")

    def one_more(r):
        r["moves"].append(dict(r["moves"][-1]))

    with pytest.raises(RecordError, match="already over before this move"):
        load_record(edited(finished, one_more))


def _refusal(text: str) -> RecordError:
    try:
        load_record(text)
    except RecordError as exc:
        return exc
    raise AssertionError("accepted")


def no_move(line: str) -> bool:
    return '"seat"' in line and '"move"' not in line


@pytest.mark.parametrize(("change", "at", "why"), [
    (lambda r: r["header"]["game"].update(version="0"), '"game"', "version '0' of the"),
    (lambda r: r["header"]["game"].update(slug="chess"), '"game"', "no game called 'chess'"),
    (lambda r: r["header"]["game"].update(options={"komi": 6}), '"game"', "Unknown option"),
    (lambda r: r["header"]["players"].pop(), '"players"', "is for 2 players; the record has 1"),
    (lambda r: r["header"]["players"][1].update(name=""), '"is_ai"', "name has at least one"),
    (lambda r: r["header"].update(seed="x"), '"seed"', 'a whole number as "seed"'),
    (lambda r: r["header"]["result"].update(reason="a coin toss"), '"result"',
     "do not reach: the moves reach the reason '"),
    (lambda r: r["header"]["result"].update(scores=[1, 1]), '"result"',
     "do not reach: the moves reach scores "),
    (lambda r: r["header"]["result"].update(ranking=r["header"]["result"]["ranking"][::-1]),
     '"result"', "do not reach: the moves reach "),
    (lambda r: r["header"]["players"][0].update(score=1000), '"score": 1000',
     '"score" is 1000, but the record\'s moves give '),
    (lambda r: r["header"]["players"][1].update(result=3 - r["header"]["players"][1]["result"]),
     '"is_ai": true', '"result" is '),
    (lambda r: r["header"]["players"][1].update(result=99), '"result": 99',
     '"result" (their place) is a whole number from 1 to 2, not 99.'),
    (lambda r: r["moves"].pop(), '"result"', "the moves do not end the game and nobody"),
    (lambda r: r["moves"][2].pop("move"), no_move, 'the move as "move"'),
    (lambda r: r["moves"][0].update(seat=7), '{"seat": 7', "there is no seat 7"),
])
async def test_a_foreign_header_is_refused_at_its_line(finished, change, at, why):
    text = edited(finished, change)
    message = str(_refusal(text))
    assert why in message, message
    line = text.splitlines()[int(message.split(":")[0].removeprefix("line ")) - 1]
    assert at(line) if callable(at) else at in line, (line, message)


@pytest.mark.parametrize(("data", "why"), [
    (b"x" * (MAX_BYTES + 1), "too large"),
    (b"\xff\xfe{}", "not UTF-8"),
    (b'{"format": "pantheon-record",\n "header": }', "not JSON (line 2, column"),
    (b"[1, 2]", "not a Pantheon game record"),
    (b'{"header": {}, "moves": []}', "not a Pantheon game record"),
    (b'{"format": "pantheon-record", "format-version": 9}', "newer than this Pantheon"),
    (b"[" * 100000 + b"]" * 100000, "nested more than"),
])
def test_a_file_that_is_no_record_is_refused_in_a_sentence(data, why):
    with pytest.raises(RecordError, match=why.replace("(", r"\(")):
        load_record(data)


def test_lines_of_points_at_each_value():
    text = '{\n  "a": 1,\n  "moves": [\n    {"seat": 0},\n\n    {"seat": 1}\n  ]\n}\n'
    lines = lines_of(text)
    assert lines[("a",)] == 2 and lines[("moves",)] == 3
    assert lines[("moves", 0)] == 4 and lines[("moves", 1, "seat")] == 6
