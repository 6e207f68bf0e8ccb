"""The aiosqlite store: migrations, WAL, the optimistic version check, listing."""

from __future__ import annotations

import asyncio

import pytest

from db import FINISHED, RUNNING, Full, StaleVersion, open_store
from db.schema import migrations


async def new_match(store, guild=1, channel=10, host=100):
    return await store.create_match(guild_id=guild, channel_id=channel, game="witch-stones",
                                    options={}, seed=7, host_id=host, host_name="Ana")


async def test_migrations_applied_once_and_wal_on(tmp_path):
    path = str(tmp_path / "m.db")
    store = await open_store(path)
    assert await store.schema_version() == migrations()[-1][0]
    async with store.db.execute("PRAGMA journal_mode") as cur:
        assert (await cur.fetchone())[0] == "wal"
    await store.close()
    again = await open_store(path)  # re-opening applies nothing twice
    async with again.db.execute("SELECT COUNT(*) FROM schema_version") as cur:
        assert (await cur.fetchone())[0] == len(migrations())
    await again.close()


async def test_create_and_load_match_with_host_seated(store):
    match = await new_match(store)
    loaded = await store.get_match(match.id)
    assert loaded.game == "witch-stones" and loaded.status == "lobby"
    assert [s.user_id for s in loaded.seats] == [100]
    assert await store.get_match(match.id + 99) is None


async def test_record_move_is_atomic_with_version_check(store):
    match = await new_match(store)
    match = await store.start_match(match.id, version=match.version, order=[100],
                                    snapshot={"n": 0})
    version = await store.record_move(match.id, version=match.version, seat=0,
                                      notation="take a1", snapshot={"n": 1})
    assert version == match.version + 1
    with pytest.raises(StaleVersion):
        await store.record_move(match.id, version=match.version, seat=0, notation="take b1",
                                snapshot={"n": 2})
    after = await store.get_match(match.id)
    assert after.snapshot == {"n": 1} and after.version == version
    assert [m.notation for m in await store.moves(match.id)] == ["take a1"]


async def test_finished_status_and_result_are_stored(store):
    match = await new_match(store)
    match = await store.start_match(match.id, version=match.version, order=[100],
                                    snapshot={})
    await store.record_move(match.id, version=match.version, seat=0, notation="x",
                            snapshot={}, status=FINISHED, result={"reason": "won"})
    done = await store.get_match(match.id)
    assert done.status == FINISHED and done.result == {"reason": "won"}


async def test_concurrent_joins_never_overfill(store):
    match = await new_match(store)
    joins = [store.add_seat(match.id, user_id=200 + i, display_name=f"P{i}", capacity=2)
             for i in range(10)]
    outcomes = await asyncio.gather(*joins, return_exceptions=True)
    assert sum(not isinstance(o, Exception) for o in outcomes) == 1
    assert all(isinstance(o, Full) for o in outcomes if isinstance(o, Exception))
    assert len((await store.get_match(match.id)).seats) == 2


async def test_find_matches_by_guild_channel_thread_and_user(store):
    a = await new_match(store, guild=1, channel=10, host=100)
    b = await new_match(store, guild=2, channel=20, host=200)
    await store.set_places(b.id, thread_id=2222, lobby_message_id=3333)
    assert [m.id for m in await store.find_matches(guild_id=1)] == [a.id]
    assert [m.id for m in await store.find_matches(channel_id=20)] == [b.id]
    assert [m.id for m in await store.find_matches(thread_id=2222)] == [b.id]
    assert [m.id for m in await store.find_matches(user_id=200)] == [b.id]
    assert (await store.get_match(b.id)).lobby_message_id == 3333
    started = await store.start_match(a.id, version=a.version, order=[100], snapshot={})
    assert started.status == RUNNING
    assert await store.find_matches(guild_id=1, statuses=("finished",)) == []
