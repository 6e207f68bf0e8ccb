"""``/privacy export`` of a member with many matches streams (issue 56): each match's
game record is written as it is made, so no more than one record is held at a time, and
the pieces make the same document the in-memory export gives."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from engines.ai import RandomPlayer
from service import Service
from tests.community.test_privacy import ANA, BO, kayles, two_player  # noqa: F401


@pytest.fixture
def svc(store) -> Service:
    return Service(store, seed_source=lambda: 12345, shuffle=lambda seats: None,
                   player=RandomPlayer(), now=lambda: datetime(2026, 3, 2, 12, tzinfo=UTC))


class Pieces:
    """A binary file that keeps what each write wrote."""

    def __init__(self) -> None:
        self.writes: list[bytes] = []

    def write(self, data: bytes) -> int:
        self.writes.append(bytes(data))
        return len(data)


async def finished(service: Service, count: int) -> list[int]:
    ids = []
    for _ in range(count):
        match_id = await two_player(service, ANA, BO)
        await service.resign(match_id, ANA)
        ids.append(match_id)
    return ids


@pytest.mark.parametrize("count", [0, 1, 4])
async def test_the_export_is_written_a_match_at_a_time(svc, count):
    ids = await finished(svc, count)
    out = Pieces()
    name = await svc.privacy.export_to(BO, out)
    whole = b"".join(out.writes)
    data = json.loads(whole)
    assert name == "pantheon-data-2.json"
    assert [m["seat"]["match_id"] for m in data["matches"]] == ids
    assert all(m["record"]["header"]["complete"] for m in data["matches"])
    _, text = await svc.privacy.export(BO)
    in_memory = json.loads(text)
    assert {k: v for k, v in data.items() if k not in ("generated", "matches")} == \
        {k: v for k, v in in_memory.items() if k not in ("generated", "matches")}

    def played(document):  # a record's header says when it was written: left out
        return [(m["seat"], m["record"]["moves"]) for m in document["matches"]]

    assert played(data) == played(in_memory)
    records = [w for w in out.writes if b'"record"' in w]
    assert len(records) == count  # one write per match, none holding two
    assert all(w.count(b'"record"') == 1 for w in records)
