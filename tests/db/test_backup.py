"""``python -m bot backup``: a backup taken while matches are being played restores to a
consistent database (every match's snapshot is the replay of its moves, and its moves are
the live ones up to that moment), and one taken at rest restores to the same moves; on
SQLite through the online backup API, on PostgreSQL through pg_dump and pg_restore."""

from __future__ import annotations

import asyncio
import subprocess
from pathlib import Path

import pytest

from db import open_store
from db.backup import BackupError, backup, find_pg_tool, main
from engines.ai import RandomPlayer
from service import Actor, Service
from service.match.core import replay_problem

GUILD = 9
PLAYERS = [Actor(1, "Ana", GUILD), Actor(2, "Bo", GUILD)]


def make_service(store) -> Service:
    return Service(store, seed_source=lambda: 777, shuffle=lambda seats: None,
                   player=RandomPlayer())


async def start_matches(service: Service, count: int) -> list[int]:
    ids = []
    for _ in range(count):
        match = await service.create(PLAYERS[0], "witch-stones", channel_id=3)
        await service.join(match.id, PLAYERS[1])
        await service.start(match.id, PLAYERS[0])
        ids.append(match.id)
    return ids


async def play_until(service: Service, ids: list[int], stop: asyncio.Event) -> int:
    """Moves round the matches (the first legal move) until ``stop``; how many."""
    played = 0
    while not stop.is_set():
        progressed = False
        for match_id in ids:
            waiting = await service.waiting(match_id)
            if waiting:
                user_id, moves = next(iter(waiting.items()))
                await service.submit(match_id, Actor(user_id, "", GUILD), moves[0])
                played += 1
                progressed = True
        if not progressed:
            break
        await asyncio.sleep(0)
    return played


async def logs(store, ids: list[int]) -> dict[int, list[tuple[int, str]]]:
    return {i: [(m.seat, m.notation) for m in await store.moves(i)] for i in ids}


async def check_restored(restored, live: dict[int, list[tuple[int, str]]],
                         exact: bool) -> int:
    """Every match of the restored store replays to its snapshot and holds the live
    moves up to its moment (``exact``: all of them); the moves restored."""
    total = 0
    for match_id, moves in live.items():
        match = await restored.get_match(match_id)
        copy = [(m.seat, m.notation) for m in await restored.moves(match_id)]
        assert replay_problem(match, await restored.moves(match_id)) is None
        assert copy == (moves if exact else moves[:len(copy)])
        total += len(copy)
    return total


async def test_an_sqlite_backup_while_matches_run_restores_them(tmp_path: Path) -> None:
    live_path = str(tmp_path / "live.db")
    store = await open_store(live_path)
    try:
        service = make_service(store)
        ids = await start_matches(service, 4)
        stop = asyncio.Event()
        playing = asyncio.create_task(play_until(service, ids, stop))
        await asyncio.sleep(0.05)
        during = str(tmp_path / "during.db")
        said = await asyncio.to_thread(backup, live_path, during)
        stop.set()
        played = await playing
        assert played > 0 and "4 matches" in said
        at_rest = str(tmp_path / "at-rest.db")
        assert main([at_rest], live_path) == 0
        live = await logs(store, ids)
    finally:
        await store.close()
    for path, exact in ((during, False), (at_rest, True)):
        restored = await open_store(path)
        try:
            assert await check_restored(restored, live, exact) > 0
        finally:
            await restored.close()


def test_a_backup_never_overwrites_and_names_what_is_wrong(tmp_path: Path) -> None:
    existing = tmp_path / "there.db"
    existing.write_bytes(b"x")
    with pytest.raises(BackupError, match="already exists"):
        backup(str(tmp_path / "live.db"), str(existing))
    with pytest.raises(BackupError, match="There is no SQLite database"):
        backup(str(tmp_path / "missing.db"), str(tmp_path / "new.db"))
    with pytest.raises(BackupError, match="no folder"):
        backup(str(tmp_path / "live.db"), str(tmp_path / "nowhere" / "new.db"))
    assert main([], "x.db") == 2


@pytest.mark.postgres
async def test_a_postgres_backup_restores_to_the_same_moves(postgres, tmp_path: Path) -> None:
    tool = find_pg_tool("pg_restore", postgres.bin_dir)
    if tool is None:
        pytest.skip("pg_restore is not installed")
    url = await postgres.create_database()
    empty = await postgres.create_empty_database()
    try:
        store = await open_store(url)
        try:
            service = make_service(store)
            ids = await start_matches(service, 3)
            stop = asyncio.Event()
            playing = asyncio.create_task(play_until(service, ids, stop))
            await asyncio.sleep(0.05)
            during = tmp_path / "during.dump"
            await asyncio.to_thread(backup, url, str(during), pg_bin=postgres.bin_dir)
            stop.set()
            await playing
            live = await logs(store, ids)
        finally:
            await store.close()
        subprocess.run([tool, "--no-owner", "--dbname", empty, str(during)], check=True,
                       capture_output=True)
        restored = await open_store(empty)
        try:
            assert await check_restored(restored, live, exact=False) > 0
        finally:
            await restored.close()
    finally:
        await postgres.drop_database(url)
        await postgres.drop_database(empty)
