"""No stuck states: a multi-step action (an accepted challenge starting its match, a
rematch) that fails at any step is undone — nobody is left seated in a lobby, the
challenge takes answers again, the rematch can be asked for again — and trying once
more completes it. One case per failure point, on both stores."""

from __future__ import annotations

import pytest

from db import LOBBY, OPEN, RUNNING
from service import ServiceError
from tests.challenges.test_challenges import ANA, BO, Clock, finished_match, invitee, make_service

STEPS = [("create_match", 0), ("set_clock", 0), ("set_rated", 0), ("add_seat", 0),
         ("add_seat", 1), ("add_seat", 2), ("start_match", 0)]
"""Store calls of making a match, and which call of each fails."""


@pytest.fixture
def svc(store):
    return make_service(store, Clock())


def fail_once(monkeypatch, store, method: str, skip: int) -> None:
    """``store.method`` raises on its call after ``skip`` good ones, then works again."""
    real, calls = getattr(store, method), [0]

    async def failing(*args, **kwargs):
        calls[0] += 1
        if calls[0] == skip + 1:
            raise ConnectionError("the database went away")
        return await real(*args, **kwargs)

    monkeypatch.setattr(store, method, failing)


async def lobbies(store) -> list:
    return await store.find_matches(statuses=(LOBBY,), limit=100)


@pytest.mark.parametrize("method,skip", STEPS)
async def test_a_challenge_whose_match_fails_to_start_is_open_again(svc, monkeypatch,
                                                                     method, skip):
    news = await svc.challenge(ANA, [invitee(BO)], "witch-stones", bots=0)
    fail_once(monkeypatch, svc.store, method, skip)
    try:
        accepted = await svc.accept_challenge(news.challenge.id, BO)
    except ServiceError as exc:
        assert "open again" in str(exc)
        assert (await svc.get_challenge(news.challenge.id)).status == OPEN
        assert await lobbies(svc.store) == []
        accepted = await svc.accept_challenge(news.challenge.id, BO)
    assert accepted.update is not None and accepted.update.match.status == RUNNING
    assert await lobbies(svc.store) == []


@pytest.mark.parametrize("method,skip", STEPS)
async def test_a_rematch_that_fails_to_start_can_be_asked_for_again(svc, monkeypatch,
                                                                     method, skip):
    old = await finished_match(svc, [ANA, BO])
    await svc.rematch(old.id, BO)
    fail_once(monkeypatch, svc.store, method, skip)
    try:
        news = await svc.rematch(old.id, ANA)
    except ConnectionError:
        assert await lobbies(svc.store) == []
        news = await svc.rematch(old.id, ANA)
    assert news.update is not None and news.update.match.status == RUNNING
    assert await lobbies(svc.store) == []
