"""The service's parts: one move plays its engine once and reads its match once, and a
log is replayed by one function (the same states the moves recorded)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

import engines
from db import RUNNING
from engines.replay import ReplayError, replayed
from service import Actor, Service

ANA = Actor(1, "Ana", guild_id=50)
BO = Actor(2, "Bo", guild_id=50)


class Counting:
    """The real object, with the calls of the named methods counted (not a mock: every
    call does what the real one does)."""

    def __init__(self, real: Any, *counted: str) -> None:
        self._real = real
        self._counted = counted
        self.calls: Counter[str] = Counter()

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._real, name)
        if name not in self._counted:
            return value

        def counted(*args: Any, **kwargs: Any) -> Any:
            self.calls[name] += 1
            return value(*args, **kwargs)

        return counted


@pytest.mark.parametrize("slug", [g.slug for g in engines.all()])
async def test_a_move_plays_its_engine_once_and_reads_its_match_once(store, slug):
    game = Counting(engines.get(slug), "play")
    counted = Counting(store, "get_match")
    service = Service(counted, seed_source=lambda: 7, shuffle=lambda seats: None,
                      render=lambda *a, **k: b"png", games=lambda _: game)
    match = await service.create(ANA, slug, channel_id=10)
    await service.join(match.id, BO)
    match = (await service.start(match.id, ANA)).match
    real = engines.get(slug)
    before = real.load(match.snapshot)
    seat = real.to_act(before)[0]
    actor = ANA if match.by_seat()[seat].user_id == ANA.user_id else BO
    move = real.legal_moves(before, seat)[0]
    game.calls.clear()
    counted.calls.clear()

    update = await service.submit(match.id, actor, move)

    assert (game.calls["play"], counted.calls["get_match"]) == (1, 1)
    assert update.match.snapshot == real.dump(real.play(before, seat, move))
    assert [(m.seat, m.notation) for m in await store.moves(match.id)] == [(seat, move)]
    assert (await store.get_match(match.id)).version == update.match.version


def test_a_checked_replay_refuses_a_move_out_of_turn_and_says_which():
    game = engines.get("witch-stones")
    state = game.setup(2, 3, {})
    seat = game.to_act(state)[0]
    first = game.legal_moves(state, seat)[0]
    with pytest.raises(ReplayError) as refused:
        list(replayed(game, 2, 3, {}, [(seat, first), (seat, first)], checked=True))
    assert (refused.value.index, refused.value.why) == (1, "turn")


async def test_the_replayed_log_is_the_recorded_position(store):
    service = Service(store, seed_source=lambda: 11, shuffle=lambda seats: None,
                      render=lambda *a, **k: b"png")
    match = await service.create(ANA, "angry-gods", channel_id=10)
    await service.join(match.id, BO)
    match = (await service.start(match.id, ANA)).match
    for _ in range(6):
        if match.status != RUNNING:
            break
        game, state = service.state_of(match)
        seat = game.to_act(state)[0]
        actor = ANA if match.by_seat()[seat].user_id == ANA.user_id else BO
        match = (await service.submit(match.id, actor,
                                      game.legal_moves(state, seat)[-1])).match
    game = engines.get("angry-gods")
    assert game.dump(await service.replay(match.id)) == match.snapshot


async def test_a_move_in_its_thread_reads_the_match_twice(service, monkeypatch):
    """``/move`` in a match's thread: the thread's match found (one query), then read
    once by the move; the buttons under the new board come with the update."""
    from bot.match.lobby import Lobby
    from bot.match.play import Play
    from tests.discord_fakes import World, press

    world = World(service)
    ana, bo = world.user(1, "Ana"), world.user(2, "Bo")
    lobby_cog, play = Lobby(world.bot), Play(world.bot)
    fake = world.interaction(ana)
    await lobby_cog.start.callback(lobby_cog, fake.interaction, "witch-stones", None)
    (match,) = await service.store.find_matches(user_id=1, limit=1)
    thread = world.channels[match.thread_id]
    await press(world, world.posts_in(thread.id)[0], "Join", bo)
    await press(world, world.posts_in(thread.id)[0], "Start", ana)
    reads = Counting(service.store, "get_match", "find_matches")
    for name in ("get_match", "find_matches"):
        monkeypatch.setattr(service.store, name, getattr(reads, name))

    fake = world.interaction(bo, channel=thread)
    await play.move.callback(play, fake.interaction, "moons", None)

    assert fake.last.text.startswith("Played `moons`"), fake.texts
    assert sum(reads.calls.values()) == 2
    assert world.posts_in(thread.id)[-1].labels == ["Choose a move"]  # Ana's many moves
