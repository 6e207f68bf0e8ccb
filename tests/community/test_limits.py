"""The caps on what members open, on both stores: refused in one line that says when a
place frees up, per member and per server, counted per hour; configurable; none outside
a server; a tournament's own rounds never refused."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from db import records
from engines.ai import RandomPlayer
from service import Actor, Invitee, Service, ServiceError
from service.community.limits import OFF, Limits, parse
from service.events.entry_terms import EventTerms

GUILD = 90
ANA, BO, CY = (Actor(i, n, GUILD) for i, n in ((1, "Ana"), (2, "Bo"), (3, "Cy")))


def make(store, limits: Limits) -> Service:
    return Service(store, seed_source=lambda: 1, shuffle=lambda seats: None,
                   player=RandomPlayer(), limits=limits)


def one_line(error: pytest.ExceptionInfo[ServiceError]) -> str:
    text = str(error.value)
    assert "\n" not in text and text.endswith(".")
    return text


async def test_open_lobbies_per_member_then_per_server(store):
    svc = make(store, Limits(lobbies=2, server_lobbies=3, per_hour=0, server_per_hour=0))
    first = await svc.create(ANA, "witch-stones", channel_id=5)
    await svc.create(ANA, "witch-stones", channel_id=5)
    with pytest.raises(ServiceError) as refused:
        await svc.create(ANA, "witch-stones", channel_id=5)
    assert one_line(refused) == ("You have 2 open lobbies, the most one member may have "
                                 "here; a place frees up when one starts or is aborted.")
    await svc.create(BO, "witch-stones", channel_id=5)
    with pytest.raises(ServiceError, match="This server has 3 open lobbies"):
        await svc.create(CY, "witch-stones", channel_id=5)
    await svc.abort(first.id, ANA)  # a place frees up
    await svc.create(CY, "witch-stones", channel_id=5)
    await svc.create(Actor(1, "Ana", GUILD + 1), "witch-stones")  # another server
    await svc.create(Actor(1, "Ana"), "witch-stones")  # the console: no caps


async def test_challenges_and_tournaments_are_capped(store):
    svc = make(store, Limits(challenges=1, tournaments=1, per_hour=0, server_per_hour=0))
    await svc.challenge(ANA, [Invitee(2, "Bo")], "witch-stones", channel_id=5)
    with pytest.raises(ServiceError) as refused:
        await svc.challenge(ANA, [Invitee(3, "Cy")], "witch-stones", channel_id=5)
    assert "is answered, withdrawn or lapses" in one_line(refused)
    await svc.create_tournament(ANA, "witch-stones", EventTerms("swiss", 2), channel_id=5)
    with pytest.raises(ServiceError) as refused:
        await svc.create_tournament(ANA, "witch-stones", EventTerms("swiss", 2),
                                    channel_id=5)
    assert "1 open or running tournament," in one_line(refused)


async def test_per_hour_says_when_the_next_is_possible(store, monkeypatch):
    at = [datetime(2026, 4, 1, 12, 0, tzinfo=UTC)]
    monkeypatch.setattr(records, "now", lambda: records.stamp(at[0]))
    svc = make(store, Limits(lobbies=0, per_hour=3, server_per_hour=5))
    svc.now = lambda: at[0]
    for minute in (0, 10, 20):
        at[0] = datetime(2026, 4, 1, 12, minute, tzinfo=UTC)
        await svc.create(ANA, "witch-stones", channel_id=5)
    at[0] = datetime(2026, 4, 1, 12, 30, tzinfo=UTC)
    with pytest.raises(ServiceError) as refused:
        await svc.create(ANA, "witch-stones", channel_id=5)
    assert one_line(refused) == (
        "You have started 3 matches, challenges and tournaments in the last hour, the most "
        "allowed; the next is possible at 13:00 UTC (in 30 min).")
    await svc.create(BO, "witch-stones", channel_id=5)
    await svc.challenge(BO, [Invitee(3, "Cy")], "witch-stones", channel_id=5)
    with pytest.raises(ServiceError, match=r"This server has started 5 .* at 13:00 UTC"):
        await svc.create(CY, "witch-stones", channel_id=5)
    at[0] += timedelta(minutes=31)  # Ana's first is an hour old: her place is free
    await svc.create(ANA, "witch-stones", channel_id=5)


async def test_a_tournament_round_is_never_refused(store):
    svc = make(store, Limits(per_hour=1, server_per_hour=1, lobbies=0))
    record = await svc.create_tournament(ANA, "witch-stones", EventTerms("swiss", 2),
                                         channel_id=5)
    for actor in (ANA, BO, CY, Actor(4, "Di", GUILD)):
        await svc.tournament_act("join", record.id, actor)
    news = await svc.tournament_act("start", record.id, ANA)
    assert len(news.started) == 2  # its two games, past the hour's cap


def test_limits_are_configurable_and_checked_where_they_enter():
    assert parse("") == Limits()
    assert parse("lobbies=5, server_per_hour=0").server_per_hour == 0
    assert parse("lobbies=5").lobbies == 5
    for wrong in ("lobbies=-1", "colour=3", "lobbies"):
        with pytest.raises(ValueError, match="PANTHEON_LIMITS takes name=number pairs"):
            parse(wrong)
    assert all(v == 0 for v in vars(OFF).values())
