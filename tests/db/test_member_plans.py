"""A member's finished matches and names are read from their own seats, newest first,
not from every match of their server (issue 56): the plans SQLite gives the queries the
store runs must search the member's seats by an index in the order asked (no sort of
everything found), and stop at what was asked for."""

from __future__ import annotations

import pytest

from db import FINISHED, open_store
from db.sqlite import SqliteTx

GUILD = 7


@pytest.fixture
async def played(tmp_path):
    """A store where member 1 played 30 finished matches in a server of 60."""
    store = await open_store(str(tmp_path / "plans.db"))
    for number in range(60):
        match = await store.create_match(guild_id=GUILD, channel_id=1, game="kayles",
                                         options={}, seed=1, host_id=2,
                                         host_name="P2", seat_host=False)
        for user in ((1, 2) if number % 2 else (2, 3)):
            await store.add_seat(match.id, user_id=user, display_name=f"P{user}.{number}",
                                 capacity=4)
        await store.execute("UPDATE matches SET status = ? WHERE id = ?", FINISHED, match.id)
    yield store
    await store.close()


@pytest.fixture
def statements(monkeypatch):
    """The statements the store fetches with, and their arguments."""
    ran: list[tuple[str, tuple]] = []
    fetch = SqliteTx.fetch

    async def recorded(self, sql, *args):
        ran.append((sql, args))
        return await fetch(self, sql, *args)

    monkeypatch.setattr(SqliteTx, "fetch", recorded)
    return ran


async def plans_of(store, ran, table: str = "seats") -> list[str]:
    found = []
    for sql, args in ran:
        if " seats s " in sql and "EXPLAIN" not in sql:
            rows = await store.query(f"EXPLAIN QUERY PLAN {sql}", *args)
            found.append("\n".join(str(row[-1]) for row in rows))
    return found


async def test_the_started_matches_are_the_members_newest_seats(played, statements):
    found = await played.find_matches(guild_id=GUILD, user_id=1, statuses=(FINISHED,),
                                      limit=5)
    assert [m.id for m in found] == [60, 58, 56, 54, 52]
    plans = await plans_of(played, statements)
    assert plans, "the member's seats were not read"
    for plan in plans:
        assert "seats_by_user_match" in plan and "TEMP B-TREE" not in plan, plan


async def test_a_name_is_one_seat_read(played, statements):
    names = await played.display_names([1, 3], GUILD)
    assert names == {1: "P1.59", 3: "P3.58"}
    plans = await plans_of(played, statements)
    assert len(plans) == 2
    for plan in plans:
        assert "seats_by_user_joined" in plan and "TEMP B-TREE" not in plan, plan


async def test_a_members_turns_are_read_from_their_seats(played, statements):
    """/turns: the member's running matches come from their seats, not from every running
    match of the store (20,000 at a million finished)."""
    await played.execute("UPDATE matches SET status = 'running' WHERE id > 50")
    found = await played.running_for_user(1)
    assert sorted(m.id for m in found) == [52, 54, 56, 58, 60]
    plans = await plans_of(played, statements)
    assert plans and all(p.startswith("SEARCH s USING") and "seats_by_user" in p
                         for p in plans), plans


async def test_the_unsettled_finishes_are_found_without_reading_the_settled(played,
                                                                            statements):
    """The leaderboard's first step: finished matches not yet rated, oldest first, read
    by an index that holds them in that order (not every finished match, in time order,
    each checked)."""
    await played.execute("UPDATE matches SET rating_applied = 1 WHERE id <= 50")
    assert await played.unsettled_finishes() == list(range(51, 61))
    rows = await played.query(f"EXPLAIN QUERY PLAN {statements[-1][0]}", *statements[-1][1])
    plan = "\n".join(str(row[-1]) for row in rows)
    assert "matches_unsettled (status=? AND rating_applied=?)" in plan, plan
    assert "TEMP B-TREE" not in plan, plan
