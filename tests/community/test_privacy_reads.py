"""``/privacy show`` and ``delete`` read a member's matches' statuses a few hundred a
query (issue 56): the number of queries does not grow with the member's matches (it was
one query a match, 5,000 for a member with 5,000 matches)."""

from __future__ import annotations

import pytest

from db.sqlite import SqliteTx
from tests.community.test_privacy import ANA, BO, kayles, two_player  # noqa: F401
from tests.conftest import fixed_service


@pytest.fixture
def statements(monkeypatch):
    ran: list[str] = []
    fetch = SqliteTx.fetch

    async def counted(self, sql, *args):
        ran.append(sql)
        return await fetch(self, sql, *args)

    monkeypatch.setattr(SqliteTx, "fetch", counted)
    return ran


async def queries_of_summary(svc, ran: list[str]) -> int:
    ran.clear()
    await svc.privacy.summary(BO)
    return len(ran)


async def test_the_summary_reads_the_same_queries_for_3_and_12_matches(sqlite_store,
                                                                       statements):
    svc = fixed_service(sqlite_store)
    for _ in range(3):
        await two_player(svc, ANA, BO)
    few = await queries_of_summary(svc, statements)
    for _ in range(9):
        await two_player(svc, ANA, BO)
    many = await queries_of_summary(svc, statements)
    assert many == few
