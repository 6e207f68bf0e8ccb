"""The PostgreSQL harness (tests/pg.py) lends each test a database as new: one given back
by an earlier test is emptied first, or dropped when that test changed its schema."""

from __future__ import annotations

import asyncpg
import pytest

from db import open_store

pytestmark = pytest.mark.postgres


async def _contents(url: str) -> tuple[dict[str, int], list[int]]:
    """Each table's row count (the migrations applied are rows too) and the versions."""
    conn = await asyncpg.connect(url)
    try:
        tables = [r[0] for r in await conn.fetch(
            "SELECT relname FROM pg_class WHERE relnamespace = 'public'::regnamespace "
            "AND relkind = 'r'")]
        counts = {t: await conn.fetchval(f'SELECT count(*) FROM "{t}"') for t in tables}
        versions = [r[0] for r in await conn.fetch(
            "SELECT version FROM schema_version ORDER BY version")]
        return counts, versions
    finally:
        await conn.close()


async def _a_match_in(url: str, host: int) -> int:
    store = await open_store(url)
    try:
        match = await store.create_match(guild_id=1, channel_id=2, game="terra", options={},
                                         seed=3, host_id=host, host_name="Ana")
        await store.create_challenge(guild_id=1, channel_id=2, game="terra", options={},
                                     settings={}, challenger_id=host, challenger_name="Ana",
                                     players=[(host, "Ana"), (host + 1, "Bo")],
                                     created_at="2026-11-28T10:00:00+00:00",
                                     expires_at="2026-11-29T10:00:00+00:00")
        return match.id
    finally:
        await store.close()


async def test_a_database_given_back_is_lent_again_as_a_fresh_copy(postgres):
    fresh = await postgres.create_database()
    try:
        expected_id = await _a_match_in(fresh, host=10)
        lent = await postgres.lend_database()
        await _a_match_in(lent, host=20)
        await _a_match_in(lent, host=30)
        leaked = await asyncpg.connect(lent)  # a connection a test forgot to close
        await postgres.give_back(lent)
        assert leaked.is_closed() or not await _still_works(leaked)
        again = await postgres.lend_database()
        assert again == lent
        new = await postgres.create_database()
        try:
            assert await _contents(again) == await _contents(new)
        finally:
            await postgres.drop_database(new)
        assert await _a_match_in(again, host=40) == expected_id  # the ids start again
        await postgres.give_back(again)
    finally:
        await postgres.drop_database(fresh)


async def _still_works(conn: asyncpg.Connection) -> bool:
    try:
        await conn.fetchval("SELECT 1")
    except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError):
        return False
    return True


async def test_a_database_whose_schema_a_test_changed_is_dropped_not_lent(postgres):
    lent = await postgres.lend_database()
    conn = await asyncpg.connect(lent)
    try:
        await conn.execute("ALTER TABLE matches ADD COLUMN left_behind INTEGER")
    finally:
        await conn.close()
    await postgres.give_back(lent)
    again = await postgres.lend_database()
    try:
        assert again != lent
        columns = await _columns(again, "matches")
        assert "left_behind" not in columns
        with pytest.raises(asyncpg.InvalidCatalogNameError):
            await asyncpg.connect(lent)
    finally:
        await postgres.give_back(again)


async def _columns(url: str, table: str) -> set[str]:
    conn = await asyncpg.connect(url)
    try:
        return {r[0] for r in await conn.fetch(
            "SELECT column_name FROM information_schema.columns WHERE table_name = $1",
            table)}
    finally:
        await conn.close()
