"""``python -m bot --local --import FILE``: a record replays in the console (the same
moves, board and result), an unfinished one continues as a new match, and a bad file
gets one line and exit code 2."""

from __future__ import annotations

import json

import pytest

from console import app as console
from db import open_store
from service import Actor, Service
from service.records.export import write
from tests.console.keyboard import scripted

HOST = Actor(1, "Player 1")


async def exported(db: str, match_id: int, abort: bool = False) -> str:
    store = await open_store(db)
    try:
        service = Service(store, offload="thread")
        if abort:
            await service.abort(match_id, HOST)
        return (await service.export(match_id)).json
    finally:
        await store.close()


@pytest.mark.parametrize("slug", ["storm-of-the-gods", "when-gods-collide"])
async def test_a_finished_record_replays_move_by_move_to_its_result(slug, tmp_path):
    played: list[str] = []
    code = await console.run([slug, "--ai", "2", "--seed", "4", "--ai-level", "random"],
                             str(tmp_path / "a.db"), str(tmp_path / "boards"),
                             read=scripted([]), out=played.append)
    assert code == 0
    record = tmp_path / f"{slug}-1.json"
    record.write_text(await exported(str(tmp_path / "a.db"), 1))

    out: list[str] = []
    code = await console.run(["--import", str(record)], str(tmp_path / "b.db"),
                             str(tmp_path / "replayed"), read=scripted([]), out=out.append)
    assert code == 0, out
    moves = len(json.loads(record.read_text())["moves"])
    assert f"a record of {moves} moves. Seats: 1. Computer " in out[0]
    assert out[0].count("(computer)") == 2
    assert [line.split(". ", 1)[0] for line in out[1:moves + 1]] == [
        str(n) for n in range(1, moves + 1)]
    result = next(line for line in "\n".join(played).splitlines()
                  if line.startswith("Game over"))
    assert result in "\n".join(out).splitlines()  # wrapped alike at 80 columns
    assert (tmp_path / "replayed" / f"{slug}-1-final.png").read_bytes().startswith(b"\x89PNG")


async def test_an_unfinished_record_continues_as_a_new_match(tmp_path):
    db = str(tmp_path / "a.db")
    code = await console.run(["witch-stones", "--ai", "1", "--seed", "8", "--ai-level",
                              "random"], db, str(tmp_path / "boards"),
                             read=scripted(["suns", "quit"]), out=[].append)
    assert code == 0
    record = tmp_path / "aborted.json"
    record.write_text(await exported(db, 1, abort=True))

    out: list[str] = []
    code = await console.run(["--import", str(record), "--ai-level", "random"], db,
                             str(tmp_path / "boards"), read=scripted(["board", "quit"]),
                             out=out.append)
    assert code == 0, out
    text = "\n".join(out)
    assert "it continues here as a new match" in text
    assert "#2 continues the imported record after" in text
    assert "--resume 2" in out[-1]
    store = await open_store(db)
    try:
        old, copy = await store.get_match(1), await store.get_match(2)
        assert copy.status == "running" and copy.snapshot == old.snapshot
        assert copy.names == old.names
        assert [s.is_ai for s in copy.by_seat()] == [s.is_ai for s in old.by_seat()]
    finally:
        await store.close()


async def test_a_running_record_continues_where_nothing_is_hidden(tmp_path):
    """Issue 57: `export` in a running Witch Stones match wrote a record `--import`
    refused; its seed tells nothing hidden or to come, so the record carries it."""
    db = str(tmp_path / "a.db")
    out: list[str] = []
    code = await console.run(["witch-stones", "--ai", "1", "--seed", "8", "--ai-level",
                              "random"], db, str(tmp_path / "boards"),
                             read=scripted(["suns", "take c2", "export", "quit"]),
                             out=out.append)
    assert code == 0
    record = tmp_path / "boards" / "witch-stones-1.json"
    assert f"The record (replay it with --import): {record}" in out
    assert not any("cannot be replayed" in line for line in out)
    assert "tells nothing hidden" in json.loads(record.read_text())["header"]["note"]

    out = []
    code = await console.run(["--import", str(record), "--ai-level", "random"], db,
                             str(tmp_path / "boards"), read=scripted(["quit"]),
                             out=out.append)
    assert code == 0, out
    assert "it continues here as a new match" in "\n".join(out)
    store = await open_store(db)
    try:
        old, copy = await store.get_match(1), await store.get_match(2)
        assert old.status == copy.status == "running" and copy.snapshot == old.snapshot
    finally:
        await store.close()


async def test_export_says_when_a_running_record_cannot_be_replayed(tmp_path):
    """A running Terra match hides its cups: the console says so as it writes the
    record, in one sentence, and `--import` refuses the record in one line."""
    out: list[str] = []
    boards = tmp_path / "boards"
    await console.run(["terra", "--ai", "1", "--seed", "3", "--ai-level", "random"],
                      str(tmp_path / "a.db"), str(boards), read=scripted(["export", "quit"]),
                      out=out.append)
    record = boards / "terra-1.json"
    at = out.index(f"The record (what everyone has seen): {record}")
    said = " ".join(out[at + 1].split())
    assert said == ("This record cannot be replayed with --import while the match runs: "
                    "in Terra the seed deals hidden values and decides chance still to come, "
                    "so it is left out. Export it again once the match is over.")
    refused: list[str] = []
    code = await console.run(["--import", str(record)], str(tmp_path / "b.db"),
                             str(boards), read=scripted([]), out=refused.append)
    assert code == 2 and len(refused) == 1 and "cannot be replayed" in refused[0]


async def test_a_bad_record_is_one_line_and_exit_code_2(tmp_path):
    db = str(tmp_path / "a.db")
    await console.run(["angry-gods", "--ai", "2", "--seed", "2", "--ai-level", "random"],
                      db, str(tmp_path / "boards"), read=scripted([]), out=[].append)
    record = json.loads(await exported(db, 1))
    record["moves"][4]["move"] = "fly to the moon"
    spoilt = write(record["header"], record["moves"])
    line = next(n for n, text in enumerate(spoilt.splitlines(), 1) if "moon" in text)
    cases = {"spoilt.json": spoilt, "list.json": "[]", "text.json": "hello"}
    for name, content in cases.items():
        (tmp_path / name).write_text(content)
    for name, why in [("spoilt.json", f"line {line}: "), ("list.json", "not a Pantheon"),
                      ("text.json", "not JSON"), ("missing.json", "Cannot read")]:
        out: list[str] = []
        code = await console.run(["--import", str(tmp_path / name)], db,
                                 str(tmp_path / "boards"), read=scripted([]), out=out.append)
        assert code == 2 and len(out) == 1 and why in out[0], (name, out)


async def test_a_refused_record_makes_no_database_file(tmp_path):
    (tmp_path / "text.json").write_text("hello")
    out: list[str] = []
    db = tmp_path / "new" / "pantheon.db"
    code = await console.run(["--import", str(tmp_path / "text.json")], str(db),
                             str(tmp_path / "boards"), read=scripted([]), out=out.append)
    assert code == 2 and "not JSON" in out[0]
    assert not db.exists() and not db.parent.exists()
