"""The match service with a real temporary database: lobby, turns, errors, restarts, races."""

from __future__ import annotations

import asyncio
import random

import pytest

import engines
from db import FINISHED, RUNNING, open_store
from service import Actor, Service, ServiceError, parse_options
from tests.conftest import play_random

ANA = Actor(1, "Ana", guild_id=50)
BO = Actor(2, "Bo", guild_id=50)
CY = Actor(3, "Cy", guild_id=50)
ELSEWHERE = Actor(1, "Ana", guild_id=99)
GAME = engines.get("witch-stones")


async def started(service, game="witch-stones"):
    match = await service.create(ANA, game, channel_id=10)
    await service.join(match.id, BO)
    update = await service.start(match.id, ANA)
    return update


def actor_for(match, seat):
    user = match.by_seat()[seat].user_id
    return {1: ANA, 2: BO}[user]


async def play_to_end(service, match, rng: random.Random):
    return await play_random(service, match.id, {1: ANA, 2: BO}, rng.choice)


async def test_start_posts_board_and_mentions_who_acts(service):
    update = await started(service)
    assert update.match.status == RUNNING
    assert update.public.png.startswith(b"\x89PNG")
    assert update.public.mentions == [2]  # seat 1 (Bo) chooses a side first
    assert "Ana" in update.public.text and "Bo" in update.public.text
    assert update.private == {}  # Witch Stones has no secrets


async def test_whole_match_to_the_end_matches_replay(service):
    match = (await started(service)).match
    match = await play_to_end(service, match, random.Random(4))
    assert match.status == FINISHED
    stored = await service.match(match.id)
    assert stored.result["ranking"] and stored.result["reason"]
    assert GAME.dump(await service.replay(match.id)) == stored.snapshot
    history = await service.history(match.id, ANA)
    assert history[0].startswith("1. Bo chose to play the")
    assert "Ana" in history[1]


async def test_restart_mid_match_loses_nothing(database):
    path = database
    store = await open_store(path)
    service = Service(store, seed_source=lambda: 77, shuffle=lambda s: None)
    match = (await started(service)).match
    rng = random.Random(1)
    for _ in range(5):
        state = GAME.load(match.snapshot)
        actor = actor_for(match, GAME.to_act(state)[0])
        match = (await service.submit(match.id, actor,
                                      rng.choice(await service.legal_moves(match.id, actor))
                                      )).match
    before = match.snapshot
    await store.close()

    store = await open_store(path)
    service = Service(store)
    resumed = await service.match(match.id)
    assert resumed.snapshot == before and resumed.status == RUNNING
    assert GAME.dump(await service.replay(match.id)) == before
    finished = await play_to_end(service, resumed, rng)
    assert finished.status == FINISHED
    await store.close()


async def test_wrong_user_not_your_turn_and_illegal_move(service):
    match = (await started(service)).match
    with pytest.raises(ServiceError, match="not playing"):
        await service.submit(match.id, CY, "suns")
    with pytest.raises(ServiceError, match=r"not your turn.*Bo"):
        await service.submit(match.id, ANA, "suns")
    with pytest.raises(ServiceError, match=r"Illegal move: .*suns.*moons"):
        await service.submit(match.id, BO, "take a1")
    assert await service.legal_moves(match.id, ANA) == []
    assert await service.legal_moves(match.id, BO) == ["suns", "moons"]
    assert (await service.match(match.id)).version == match.version  # nothing written


async def test_two_concurrent_submissions_exactly_one_accepted(service):
    match = (await started(service)).match
    outcomes = await asyncio.gather(service.submit(match.id, BO, "suns"),
                                    service.submit(match.id, BO, "moons"),
                                    return_exceptions=True)
    accepted = [o for o in outcomes if not isinstance(o, Exception)]
    refused = [o for o in outcomes if isinstance(o, Exception)]
    assert len(accepted) == 1 and len(refused) == 1
    assert isinstance(refused[0], ServiceError)
    assert "changed" in str(refused[0]) or "not your turn" in str(refused[0])
    assert len(await service.store.moves(match.id)) == 1


async def test_lobby_rules(service):
    match = await service.create(ANA, "witch-stones")
    with pytest.raises(ServiceError, match="at least 2"):
        await service.start(match.id, ANA)
    await service.join(match.id, BO)
    with pytest.raises(ServiceError, match="already in"):
        await service.join(match.id, BO)
    with pytest.raises(ServiceError, match="full"):
        await service.join(match.id, CY)
    with pytest.raises(ServiceError, match="Only the host"):
        await service.start(match.id, BO)
    await service.leave(match.id, BO)
    with pytest.raises(ServiceError, match="host cannot leave"):
        await service.leave(match.id, ANA)
    await service.join(match.id, CY)
    update = await service.start(match.id, ANA)
    with pytest.raises(ServiceError, match="already started"):
        await service.join(update.match.id, BO)


async def test_unknown_game_and_bad_options(service):
    with pytest.raises(ServiceError, match="no game called"):
        await service.create(ANA, "chess")
    with pytest.raises(ServiceError, match="Unknown option"):
        await service.create(ANA, "witch-stones", {"fast": "yes"})
    with pytest.raises(ServiceError, match="name=value"):
        parse_options("terrain")
    assert parse_options("terrain=true, open_reserves=no") == {
        "terrain": "true", "open_reserves": "no"}


async def test_other_guild_cannot_see_or_touch_a_match(service):
    match = (await started(service)).match
    for call in (service.submit(match.id, ELSEWHERE, "suns"), service.abort(match.id, ELSEWHERE),
                 service.board(match.id, ELSEWHERE), service.history(match.id, ELSEWHERE)):
        with pytest.raises(ServiceError, match="no match"):
            await call


async def test_abort_only_by_host_or_manage_server(service):
    match = (await started(service)).match
    with pytest.raises(ServiceError, match="Only the host"):
        await service.abort(match.id, BO)
    admin = Actor(2, "Bo", guild_id=50, is_admin=True)
    update = await service.abort(match.id, admin)
    assert update.match.status == "aborted"
    with pytest.raises(ServiceError, match="over"):
        await service.submit(match.id, BO, "suns")


async def test_resign_gives_the_win_to_the_other_player(service):
    match = (await started(service)).match
    update = await service.resign(match.id, ANA)
    assert update.match.status == FINISHED
    assert update.match.result["ranking"] == [[1], [0]]  # Bo (seat 1) first
    assert "Bo wins" in update.public.text


async def test_computer_seat_plays_itself(service):
    match = await service.create(ANA, "witch-stones")
    await service.add_ai(match.id, ANA)
    update = await service.start(match.id, ANA)
    # Seat 1 (the computer) chose its side at once; now Ana is to act.
    assert update.match.status == RUNNING
    assert update.public.mentions == [1]
    assert "Computer 1 chose to play the" in update.public.text


async def test_my_matches_marks_my_turn_and_match_here_uses_the_thread(service):
    match = (await started(service)).match
    await service.store.set_places(match.id, thread_id=4444)
    mine = {m.id: turn for m, turn in await service.my_matches(BO)}
    assert mine == {match.id: True}
    assert {m.id: t for m, t in await service.my_matches(ANA)} == {match.id: False}
    assert (await service.match_here(ANA, 4444)).id == match.id
    assert (await service.match_here(ANA, None)).id == match.id
    with pytest.raises(ServiceError, match="no open match"):
        await service.match_here(CY, None)


async def test_board_and_private_view(service):
    match = (await started(service)).match
    post = await service.board(match.id, ANA)
    assert post.png.startswith(b"\x89PNG") and "To act: Bo" in post.text
    mine = await service.private(match.id, ANA)
    assert "no hidden information" in mine.text
    with pytest.raises(ServiceError):
        await service.private(match.id, CY)


async def test_bad_input_is_refused_cleanly(service):
    match = (await started(service)).match
    for junk in ("", "   ", "x" * 6000, "take \u202ee5", "line a1-", "💥"):
        with pytest.raises(ServiceError):
            await service.submit(match.id, BO, junk)
    assert (await service.match(match.id)).version == match.version


async def test_history_ends_with_the_reason_keeping_name_capitals(service):
    ana_lee = Actor(1, "Ana Lee", guild_id=50)
    match = await service.create(ana_lee, "witch-stones")
    await service.join(match.id, BO)
    match = (await service.start(match.id, ana_lee)).match
    await service.submit(match.id, BO, "moons")
    await service.resign(match.id, ana_lee)
    history = await service.history(match.id, BO)
    assert history[-1] == "Ana Lee resigned."
