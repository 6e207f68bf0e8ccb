"""Where the service's work runs (issue 30): work cheaper than sending it is done on the
event loop, the rest in the process pool; with the pool, every picture is drawn there,
the players' private boards and the replay GIF included (drawn in a thread, a picture
holds the interpreter the event loop needs)."""

from __future__ import annotations

import os
import random

import pytest

import engines
from db import RUNNING
from rendering import kit
from service import Actor, Service
from service.common import pool

PLAYERS = [Actor(i, f"P{i}", guild_id=1) for i in (1, 2)]


@pytest.fixture
def workers():
    """A pool of one worker for the test, stopped after it (no process outlives a test)."""
    pool.executor(workers=1)
    yield pool
    pool.shutdown()


async def test_cheap_work_is_done_here_and_dear_work_in_the_pool(workers):
    here = os.getpid()
    assert await pool.run(os.getpid, cost_ms=pool.INLINE_MS / 2) == here
    assert await pool.run(os.getpid, cost_ms=pool.INLINE_MS * 2) != here
    assert await pool.run(os.getpid) != here  # cost unknown: the pool


def test_a_short_log_is_replayed_on_the_loop_a_long_one_in_the_pool():
    assert pool.keys_cost(3) < pool.INLINE_MS < pool.keys_cost(30)


async def started(service: Service, slug: str):
    match = await service.create(PLAYERS[0], slug, channel_id=10)
    await service.join(match.id, PLAYERS[1])
    return (await service.start(match.id, PLAYERS[0])).match


async def moves_until_a_private_board(service: Service, slug: str):
    """Random moves of a new match until one changes a player's private view."""
    match = await started(service, slug)
    game = engines.get(slug)
    rng = random.Random(5)
    while match.status == RUNNING:
        seat = game.to_act(game.load(match.snapshot))[0]
        actor = PLAYERS[match.by_seat()[seat].user_id - 1]
        update = await service.submit(match.id, actor,
                                      rng.choice(await service.legal_moves(match.id, actor)))
        if update.private:
            return update
        match = update.match
    raise AssertionError("no private board in a whole match")


@pytest.mark.parametrize("offload", ["process", "thread"])
async def test_private_boards_are_drawn_where_the_service_draws_pictures(store, workers,
                                                                          offload):
    service = Service(store, seed_source=lambda: 3, shuffle=lambda seats: None,
                      offload=offload)
    update = await moves_until_a_private_board(service, "when-gods-collide")
    with kit.recording() as drawn_here:  # what this process draws, its threads included
        posts = [await post.ready() for post in update.private.values()]
    assert posts and all(p.png and p.png.startswith(b"\x89PNG") for p in posts)
    assert bool(drawn_here) == (offload == "thread")
    post = next(iter(update.private.values()))
    with kit.recording() as again:  # drawn once: ready again in its language draws nothing
        png = post.png
        await post.ready("en")
    assert post.png is png and not again


@pytest.mark.parametrize("offload", ["process", "thread"])
async def test_the_replay_is_drawn_where_the_service_draws_pictures(store, workers, offload):
    service = Service(store, seed_source=lambda: 3, shuffle=lambda seats: None,
                      offload=offload)
    match = await started(service, "witch-stones")
    await service.abort(match.id, PLAYERS[0])
    with kit.recording() as drawn_here:
        post = await service.replay_gif(match.id, PLAYERS[0])
    assert post.png and post.png[:6] == b"GIF89a"
    assert bool(drawn_here) == (offload == "thread")
