"""Upgrading a database written by an earlier version keeps every match readable."""

from __future__ import annotations

import json
import sqlite3

from db import open_store
from db.schema import migrations, statements


def old_database(path, upto: int) -> None:
    """A database as the code of migration ``upto`` left it."""
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
        for number, sql in migrations("sqlite"):
            if number <= upto:
                for statement in statements(sql):
                    db.execute(statement)
                db.execute("INSERT INTO schema_version (version) VALUES (?)", (number,))


async def test_stored_seat_words_become_markers(tmp_path):
    path = str(tmp_path / "old.db")
    old_database(path, upto=4)
    result = {"scores": [50, 12], "ranking": [[1], [0]],
              "reason": "Player 2 reached 50 points"}
    snapshot = {"events": ["Player 1 rolled north 2", "Player 3 gains 1 worshipper"]}
    with sqlite3.connect(path) as db:
        db.execute("INSERT INTO matches (game, seed, status, host_id, snapshot, result, "
                   "created_at, updated_at) VALUES ('witch-stones', 1, 'finished', 1, ?, ?, "
                   "'2026-01-01', '2026-01-01')", (json.dumps(snapshot), json.dumps(result)))
    store = await open_store(path)
    try:
        match = await store.get_match(1)
        assert await store.schema_version() >= 5
    finally:
        await store.close()
    assert match.result["reason"] == "{seat1} reached 50 points"
    assert match.snapshot["events"] == ["{seat0} rolled north 2", "{seat2} gains 1 worshipper"]


async def test_a_migration_numbered_below_the_newest_is_still_applied(database, monkeypatch):
    """Migrations apply the missing numbers in order: one merged after a later number was
    applied (013 after 014; here a number 0 that no database has) is not skipped."""
    import db.postgres
    import db.sqlite
    from db import open_store

    await (await open_store(database)).close()  # migrated up to the newest
    late = (0, "CREATE TABLE late_arrival (id INTEGER PRIMARY KEY)")
    for module in (db.sqlite, db.postgres):
        real = module.migrations
        monkeypatch.setattr(module, "migrations",
                            lambda backend, real=real: sorted([*real(backend), late]))
    store = await open_store(database)
    try:
        assert await store.query("SELECT COUNT(*) FROM late_arrival") == [(0,)]
        versions = [v for (v,) in await store.query("SELECT version FROM schema_version")]
        assert sorted(versions) == sorted(set(versions)) and 0 in versions
    finally:
        await store.close()
