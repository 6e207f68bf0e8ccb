"""The store on both backends (``[sqlite]``, ``[postgres]``): migrations, the optimistic
version check, listing, and races between real concurrent connections."""

from __future__ import annotations

import asyncio
import gc
import sqlite3
import threading

import aiosqlite
import pytest

from db import FINISHED, RUNNING, Full, StaleVersion, Store, open_store
from db.schema import migrations, statements


async def new_match(store, guild=1, channel=10, host=100):
    return await store.create_match(guild_id=guild, channel_id=channel, game="witch-stones",
                                    options={}, seed=7, host_id=host, host_name="Ana")


async def test_migrations_applied_once_and_wal_on(tmp_path):
    """SQLite only: WAL is an SQLite journal mode."""
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


async def test_the_store_has_every_coroutine_of_the_protocol(store):
    assert isinstance(store, Store)
    names = [n for n in vars(Store) if not n.startswith("_") and callable(getattr(Store, n))]
    assert all(callable(getattr(store, name, None)) for name in names) and len(names) > 40


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


async def test_migrations_are_numbered_alike_for_both_backends():
    assert [n for n, _ in migrations("sqlite")] == [n for n, _ in migrations("postgres")]


async def test_reopening_applies_no_migration_twice(database):
    first = await open_store(database)
    await new_match(first)
    await first.close()
    again = await open_store(database)
    assert await again.schema_version() == migrations()[-1][0]
    assert await again.query("SELECT COUNT(*) FROM schema_version") == [(len(migrations()),)]
    assert len(await again.find_matches()) == 1
    await again.close()


async def test_an_old_sqlite_database_upgrades_in_place(tmp_path):
    """SQLite only: a file made before migrations 003 and 004 (reminders of 002 pending)
    opens, upgrades, and keeps its matches and reminded turns."""
    path = str(tmp_path / "old.db")
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
    for number, sql in migrations("sqlite")[:2]:
        for statement in statements(sql):
            conn.execute(statement)
        conn.execute("INSERT INTO schema_version VALUES (?)", (number,))
    conn.execute("INSERT INTO matches (guild_id, game, seed, status, host_id, version, "
                 "snapshot, created_at, updated_at, reminded_version) VALUES "
                 "(1, 'witch-stones', 7, 'running', 100, 3, '{}', 't0', 't1', 3)")
    conn.execute("INSERT INTO seats (match_id, user_id, seat, display_name, joined_at) "
                 "VALUES (1, 100, 0, 'Ana', 't0')")
    conn.commit()
    conn.close()
    store = await open_store(path)
    assert await store.schema_version() == migrations()[-1][0]
    match = await store.get_match(1)
    assert match.version == 3 and match.snapshot == {} and match.names == ["Ana"]
    assert (await store.turn_reminders(1))[100].version == 3
    assert await store.is_rated(1) and await store.standings(1, "witch-stones") == []
    await store.close()


async def test_a_file_that_is_not_a_database_is_refused_and_leaves_no_thread(tmp_path):
    """SQLite only: the failed open closes its connection; its worker thread is not a
    daemon, and left running it kept the bot's process from exiting after the error."""
    path = tmp_path / "notes.db"
    path.write_bytes(b"these are my notes, not a database " * 8)
    before = set(threading.enumerate())
    with pytest.raises(sqlite3.DatabaseError, match="not a database"):
        await open_store(str(path))
    started = set(threading.enumerate()) - before
    for thread in started:
        thread.join(5)
    assert not [thread.name for thread in started if thread.is_alive()]


async def test_a_write_right_after_open_commits_without_garbage_collection(database,
                                                                            monkeypatch):
    """An unclosed cursor (the WAL PRAGMA's) kept a statement open, and the first COMMIT
    failed with "SQL statements in progress" whenever the cursor outlived its line (the
    garbage collector off, or a host keeping references, as under discord.py/simcord).
    Here every cursor stays referenced and the collector is off."""
    kept = []
    opened = aiosqlite.Cursor.__init__

    def keep(cursor, *args, **kwargs):
        opened(cursor, *args, **kwargs)
        kept.append(cursor)

    monkeypatch.setattr(aiosqlite.Cursor, "__init__", keep)
    enabled = gc.isenabled()
    gc.disable()
    try:
        store = await asyncio.wait_for(open_store(database), 30)
        try:
            match = await asyncio.wait_for(new_match(store), 30)
            await store.set_places(match.id, thread_id=5)
            assert (await store.get_match(match.id)).thread_id == 5
        finally:
            await store.close()
    finally:
        if enabled:
            gc.enable()


async def test_the_empty_snapshot_and_json_options_round_trip(store):
    match = await store.create_match(guild_id=None, channel_id=None, game="terra",
                                     options={"variant": "x", "n": [1, 2]}, seed=2**62,
                                     host_id=2**62 + 5, host_name="Big")
    started = await store.start_match(match.id, version=match.version, order=[2**62 + 5],
                                      snapshot={})
    assert started.snapshot == {} and started.result is None
    assert started.options == {"variant": "x", "n": [1, 2]} and started.seed == 2**62
    assert started.seat_of(2**62 + 5).seat == 0


# --- races between concurrent connections (a pool on PostgreSQL) -------------------------
async def running(store, players=(100, 200)):
    match = await new_match(store, host=players[0])
    for user in players[1:]:
        match = await store.add_seat(match.id, user_id=user, display_name=f"U{user}",
                                     capacity=len(players))
    return await store.start_match(match.id, version=match.version, order=list(players),
                                   snapshot={"n": 0})


async def test_concurrent_moves_at_one_version_exactly_one_wins(store):
    match = await running(store)
    for round_ in range(3):
        tries = [store.record_move(match.id, version=match.version, seat=0,
                                   notation=f"m{round_}.{i}", snapshot={"n": i})
                 for i in range(8)]
        outcomes = await asyncio.gather(*tries, return_exceptions=True)
        assert sum(o == match.version + 1 for o in outcomes) == 1
        assert all(isinstance(o, StaleVersion) for o in outcomes if isinstance(o, Exception))
        match = await store.get_match(match.id)
    log = await store.moves(match.id)
    assert [m.seq for m in log] == [1, 2, 3] and match.version == log[-1].seq + 2


def one_point_more(match, rated, current):
    return {user: (current.get(user, (25.0, 8.0)),
                   (current.get(user, (25.0, 8.0))[0] + 1, 8.0))
            for user in (s.user_id for s in match.by_seat())}


async def finished(store, players):
    match = await running(store, players)
    await store.record_move(match.id, version=match.version, seat=0, notation="win",
                            snapshot={}, status=FINISHED, result={"winners": [0]})
    return match


async def test_concurrent_settlements_rate_a_match_once(store):
    match = await finished(store, (100, 200))
    outcomes = await asyncio.gather(*(store.settle_rating(match.id, one_point_more)
                                      for _ in range(6)))
    assert sum(o is not None for o in outcomes) == 1
    assert [(s.user_id, s.mu, s.games) for s in await store.standings(1, "witch-stones")] \
        == [(100, 26.0, 1), (200, 26.0, 1)]
    assert len(await store.rating_changes(match.id)) == 2
    assert await store.unsettled_finishes() == []


async def test_concurrent_settlements_of_two_matches_lose_no_update(store):
    matches = [await finished(store, (100, 200 + i)) for i in range(6)]
    await asyncio.gather(*(store.settle_rating(m.id, one_point_more) for m in matches))
    ana = next(s for s in await store.standings(1, "witch-stones") if s.user_id == 100)
    assert (ana.mu, ana.games) == (31.0, 6)


async def test_concurrent_undo_consents_are_all_kept(store):
    match = await running(store, (100, 200, 300, 400))
    await store.open_undo_request(match.id, version=match.version, user_id=100, from_seq=1)
    others = list(range(200, 216))
    await asyncio.gather(*(store.consent_undo(match.id, match.version, user)
                           for user in others))
    assert sorted((await store.undo_request(match.id)).consents) == others
