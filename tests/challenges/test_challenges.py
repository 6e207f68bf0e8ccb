"""Challenges and rematches in the service, on both backends, with a fake clock: create,
accept (the match starts), decline, withdraw, lapse, the refusals, a restart in the
middle, and rematches with rotated seats and computer seats kept."""

from __future__ import annotations

import asyncio
import random
from datetime import UTC, datetime, timedelta

import pytest

from db import ACCEPTED, DECLINED, FINISHED, LAPSED, OPEN, RUNNING, WITHDRAWN
from engines.ai import RandomPlayer
from service import CHALLENGE_HOURS, Actor, Invitee, Service, ServiceError

ANA = Actor(1, "Ana", guild_id=50)
BO = Actor(2, "Bo", guild_id=50)
CY = Actor(3, "Cy", guild_id=50)
DI = Actor(4, "Di", guild_id=50)
T0 = datetime(2026, 5, 1, 12, 0, tzinfo=UTC)


def invitee(actor: Actor) -> Invitee:
    return Invitee(actor.user_id, actor.name)


class Clock:
    def __init__(self) -> None:
        self.at = T0

    def __call__(self) -> datetime:
        return self.at


@pytest.fixture
def clock() -> Clock:
    return Clock()


def make_service(store, clock: Clock) -> Service:
    return Service(store, seed_source=lambda: 12345, shuffle=lambda seats: None,
                   player=RandomPlayer(), now=clock)


@pytest.fixture
def svc(store, clock) -> Service:
    return make_service(store, clock)


async def test_a_challenge_accepted_starts_the_match_with_both_seated(svc):
    news = await svc.challenge(ANA, [invitee(BO)], "witch-stones", channel_id=10,
                               deadline=12, on_timeout="forfeit", rated=False)
    assert news.open and news.mentions == [2]
    assert "Ana challenges Bo" in news.text and "Accept" in news.text
    assert "deadline per turn 12 h" in news.text and "unrated" in news.text
    accepted = await svc.accept_challenge(news.challenge.id, BO)
    assert accepted.challenge.status == ACCEPTED and accepted.update is not None
    match = accepted.update.match
    assert match.status == RUNNING and match.host_id == 1 and match.channel_id == 10
    assert sorted(s.user_id for s in match.seats) == [1, 2]
    assert (await svc.store.clock(match.id)).deadline == 12
    assert not await svc.store.is_rated(match.id)
    assert f"match #{match.id} has begun" in accepted.text
    # The first move can be played at once.
    waiting = await svc.waiting(match.id)
    (mover,) = [u for u, moves in waiting.items() if moves]
    actor = {1: ANA, 2: BO}[mover]
    update = await svc.submit(match.id, actor, waiting[mover][0])
    assert len(await svc.store.moves(update.match.id)) >= 1


async def test_a_challenge_carries_a_time_bank_and_the_weekend_pause(svc):
    news = await svc.challenge(ANA, [invitee(BO)], "witch-stones", channel_id=10,
                               bank=72, bank_add=12, weekends=False)
    assert "time bank 3 days" in news.text and "bank added per turn 12 h" in news.text
    assert "weekends paused" in news.text
    match = (await svc.accept_challenge(news.challenge.id, BO)).update.match
    clock = await svc.store.clock(match.id)
    assert (clock.bank, clock.bank_add, clock.weekend_pause) == (72, 12, True)
    with pytest.raises(ServiceError, match="not both"):
        await svc.challenge(ANA, [invitee(CY)], "witch-stones", bank=72, deadline=12)


async def test_every_challenged_player_must_accept_and_a_restart_keeps_the_answers(
        svc, store, clock):
    news = await svc.challenge(ANA, [invitee(BO), invitee(CY)], "terra", channel_id=10)
    first = await svc.accept_challenge(news.challenge.id, BO)
    assert first.open and first.update is None and first.mentions == [3]
    assert "Bo accepted" in first.text
    with pytest.raises(ServiceError, match="already accepted"):
        await svc.accept_challenge(news.challenge.id, BO)
    again = make_service(store, clock)  # a restart: a new service over the same store
    last = await again.accept_challenge(news.challenge.id, CY)
    assert last.update is not None
    assert sorted(s.user_id for s in last.update.match.seats) == [1, 2, 3]


async def test_a_decline_ends_the_challenge_and_tells_the_challenger(svc):
    news = await svc.challenge(ANA, [invitee(BO), invitee(CY)], "terra", channel_id=10)
    await svc.accept_challenge(news.challenge.id, BO)
    declined = await svc.decline_challenge(news.challenge.id, CY)
    assert declined.challenge.status == DECLINED and declined.mentions == [1]
    assert "Cy declined" in declined.text and "was declined" in declined.text
    assert declined.notice == f"Cy declined your challenge #{news.challenge.id} to Terra."
    with pytest.raises(ServiceError, match="declined"):
        await svc.accept_challenge(news.challenge.id, BO)


async def test_only_the_challenged_answer_and_only_the_challenger_withdraws(svc):
    news = await svc.challenge(ANA, [invitee(BO)], "witch-stones", channel_id=10)
    with pytest.raises(ServiceError, match="not for you"):
        await svc.accept_challenge(news.challenge.id, CY)
    with pytest.raises(ServiceError, match="not for you"):
        await svc.decline_challenge(news.challenge.id, ANA)
    with pytest.raises(ServiceError, match="Only Ana"):
        await svc.withdraw_challenge(news.challenge.id, BO)
    with pytest.raises(ServiceError, match="no challenge"):
        await svc.accept_challenge(news.challenge.id, Actor(2, "Bo", guild_id=99))
    withdrawn = await svc.withdraw_challenge(news.challenge.id, ANA)
    assert withdrawn.challenge.status == WITHDRAWN and "withdrawn" in withdrawn.text
    with pytest.raises(ServiceError, match="withdrawn"):
        await svc.accept_challenge(news.challenge.id, BO)
    with pytest.raises(ServiceError, match="withdrawn"):
        await svc.withdraw_challenge(news.challenge.id, ANA)


async def test_bad_challenges_are_refused_with_a_reason(svc):
    with pytest.raises(ServiceError, match="yourself"):
        await svc.challenge(ANA, [invitee(ANA)], "witch-stones")
    with pytest.raises(ServiceError, match="bot account"):
        await svc.challenge(ANA, [Invitee(9, "Robo", is_bot=True)], "witch-stones")
    with pytest.raises(ServiceError, match="no game called"):
        await svc.challenge(ANA, [invitee(BO)], "chess")
    with pytest.raises(ServiceError, match="Witch Stones is for 2 players"):
        await svc.challenge(ANA, [invitee(BO), invitee(CY)], "witch-stones")
    with pytest.raises(ServiceError, match="Terra is for 2 to 4 players"):
        await svc.challenge(ANA, [invitee(BO), invitee(CY), invitee(DI)], "terra", bots=1)
    with pytest.raises(ServiceError, match="Unknown option"):
        await svc.challenge(ANA, [invitee(BO)], "terra", {"colour": "red"})
    with pytest.raises(ServiceError, match="needs a deadline"):
        await svc.challenge(ANA, [invitee(BO)], "terra", on_timeout="skip")
    await svc.challenge(ANA, [invitee(BO)], "terra", channel_id=10)
    with pytest.raises(ServiceError, match="already challenged Bo to Terra"):
        await svc.challenge(ANA, [invitee(BO), invitee(CY)], "terra", channel_id=10)
    # Another game, or another challenger, is a challenge of its own.
    await svc.challenge(ANA, [invitee(BO)], "witch-stones", channel_id=10)
    await svc.challenge(CY, [invitee(BO)], "terra", channel_id=10)
    assert len(await svc.store.find_challenges(user_id=2, status=OPEN)) == 3


async def test_the_same_challenge_sent_twice_at_once_is_made_once(svc):
    """A double press (or two commands in flight) cannot open two challenges of the same
    people: the check and the creation are one transaction."""
    tries = await asyncio.gather(
        *(svc.challenge(ANA, [invitee(BO)], "terra", channel_id=10) for _ in range(3)),
        return_exceptions=True)
    refused = [t for t in tries if isinstance(t, ServiceError)]
    assert len(refused) == 2 and all("already challenged Bo" in str(t) for t in refused)
    assert len(await svc.store.find_challenges(challenger_id=1, status=OPEN)) == 1


async def test_a_challenge_lapses_after_48_hours_once(svc, store, clock):
    news = await svc.challenge(ANA, [invitee(BO)], "witch-stones", channel_id=10)
    clock.at = T0 + timedelta(hours=CHALLENGE_HOURS - 1)
    assert await svc.lapse_challenges() == []
    clock.at = T0 + timedelta(hours=CHALLENGE_HOURS)
    with pytest.raises(ServiceError, match="lapsed"):
        await svc.accept_challenge(news.challenge.id, BO)
    # A lapsed but not yet closed challenge does not block a new one.
    lapsed = await make_service(store, clock).lapse_challenges()  # after a restart too
    assert [n.challenge.id for n in lapsed] == [news.challenge.id]
    assert lapsed[0].mentions == [1] and "The challenge lapsed" in lapsed[0].text
    assert lapsed[0].notice.startswith(f"Your challenge #{news.challenge.id} to Bo (Witch")
    assert await svc.lapse_challenges() == []  # told once
    record = await svc.get_challenge(news.challenge.id)
    assert record.status == LAPSED
    await svc.challenge(ANA, [invitee(BO)], "witch-stones", channel_id=10)


async def test_a_challenge_with_computer_seats(svc):
    news = await svc.challenge(ANA, [invitee(BO)], "terra", channel_id=10, bots=1,
                               level="hard")
    assert "1 computer player (hard)" in news.text
    update = (await svc.accept_challenge(news.challenge.id, BO)).update
    assert [s.display_name for s in update.match.seats if s.is_ai] == ["Computer 1 (hard)"]


# --- rematches --------------------------------------------------------------------------
async def finished_match(svc, players, game="witch-stones", bots=0, level=None):
    host, *others = players
    match = await svc.create(host, game, channel_id=10, deadline=30, rated=False)
    for other in others:
        await svc.join(match.id, other)
    for _ in range(bots):
        await svc.add_ai(match.id, host, level)
    match = (await svc.start(match.id, host)).match
    actors = {a.user_id: a for a in players}
    rng = random.Random(3)
    for _ in range(2000):
        if match.status != RUNNING:
            break
        waiting = await svc.waiting(match.id)
        mover = next(u for u, moves in waiting.items() if moves)
        match = (await svc.submit(match.id, actors[mover], rng.choice(waiting[mover]))).match
    assert match.status == FINISHED
    return match


async def test_a_rematch_starts_when_both_press_with_seats_rotated(svc):
    old = await finished_match(svc, [ANA, BO])
    with pytest.raises(ServiceError, match="Only the players"):
        await svc.rematch(old.id, CY)
    first = await svc.rematch(old.id, BO)
    assert first.update is None and first.mentions == [1]
    assert "Bo asked for a rematch" in first.text and "waiting for Ana" in first.text
    with pytest.raises(ServiceError, match="already asked"):
        await svc.rematch(old.id, BO)
    second = await svc.rematch(old.id, ANA)
    new = second.update.match
    assert new.id != old.id and new.status == RUNNING and new.game == old.game
    assert new.options == old.options and new.channel_id == old.channel_id
    first, *rest = [s.user_id for s in old.by_seat()]
    assert [s.user_id for s in new.by_seat()] == [*rest, first]
    assert (await svc.store.clock(new.id)).deadline == 30
    assert not await svc.store.is_rated(new.id)
    with pytest.raises(ServiceError, match=f"already has its rematch: #{new.id}"):
        await svc.rematch(old.id, ANA)


async def test_a_rematch_keeps_the_computer_seats_and_survives_a_restart(svc, store, clock):
    old = await finished_match(svc, [ANA, BO], game="terra", bots=1, level="easy")
    await svc.rematch(old.id, ANA)
    again = make_service(store, clock)
    news = await again.rematch(old.id, BO)
    new = news.update.match
    before = [(s.user_id, s.display_name) for s in old.by_seat()]
    after = [(s.user_id, s.display_name) for s in new.by_seat()]
    assert after == before[1:] + before[:1]
    assert "Computer 1 (easy)" in [name for _, name in after]


async def test_no_rematch_of_a_running_match(svc):
    match = await svc.create(ANA, "witch-stones", channel_id=10)
    await svc.join(match.id, BO)
    await svc.start(match.id, ANA)
    with pytest.raises(ServiceError, match="over"):
        await svc.rematch(match.id, ANA)


async def test_servers_left_are_those_with_open_business_the_bot_is_no_longer_in(svc):
    here, gone, other_shard = 50, 1 << 22, 3 << 22  # shards 0, 1 and 3 of 4
    await svc.challenge(ANA, [invitee(BO)], "terra", channel_id=10)  # in 50
    lobby = await svc.create(Actor(1, "Ana", guild_id=gone), "terra")
    await svc.challenge(Actor(2, "Bo", guild_id=other_shard), [invitee(CY)], "terra")
    closed = await svc.create(Actor(1, "Ana", guild_id=5 << 22), "terra")
    await svc.abort(closed.id, Actor(1, "Ana", guild_id=5 << 22))  # nothing open there
    assert await svc.store.open_servers() == [here, gone, other_shard]
    assert await svc.servers_left([here]) == [gone, other_shard]
    assert await svc.servers_left([here], shards=(4, (0, 1))) == [gone]
    assert await svc.servers_left([here, gone, other_shard]) == []
    assert await svc.abort_server(gone) == [lobby.id]
    assert await svc.servers_left([here]) == [other_shard]
