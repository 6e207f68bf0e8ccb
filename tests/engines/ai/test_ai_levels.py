"""Computer levels (easy, normal, hard) and the process pool the decisions and pictures
run in: the same seed gives the same move in a worker as in the calling process."""

from __future__ import annotations

import random

import pytest

import engines
import rendering
from db import FINISHED
from engines.ai import GreedyPlayer, MctsPlayer, level_name, player
from engines.ai.repetition import replay_keys
from service import Actor, Service, ServiceError
from service.common import pool
from tests.engines.ai.test_ai import midgame

ANA = Actor(1, "Ana")
GAMES = [g.slug for g in engines.all()]


@pytest.fixture
def workers():
    """A pool of one worker for the test, stopped after it (no process outlives a test)."""
    pool.executor(workers=1)
    yield pool
    pool.shutdown()


def test_level_names_and_the_old_ones():
    assert level_name("MCTS") == "normal" and level_name(" hard ") == "hard"
    assert isinstance(player("easy"), GreedyPlayer) and player("easy").noise > 0
    assert isinstance(player("hard"), MctsPlayer)
    with pytest.raises(ValueError, match="easy, normal, hard"):
        level_name("impossible")


@pytest.mark.parametrize("slug", GAMES)
def test_easy_plays_legal_moves_the_same_for_the_same_seed(slug):
    game = engines.get(slug)
    easy = player("easy")
    for plies in (0, 9, 25):
        state = midgame(game, game.min_players, 4, plies)
        if game.result(state) is not None:
            continue
        seat = game.to_act(state)[0]
        moves = {easy.choose(game, state, seat, seed) for seed in range(12)}
        assert moves <= set(game.legal_moves(state, seat))
        assert easy.choose(game, state, seat, 5) == easy.choose(game, state, seat, 5)


def test_easy_sometimes_plays_a_move_greedy_would_not():
    game = engines.get("angry-gods")
    state = midgame(game, 2, 7, 10)
    seat = game.to_act(state)[0]
    greedy = GreedyPlayer()
    easy = player("easy")
    differs = sum(easy.choose(game, state, seat, s) != greedy.choose(game, state, seat, s)
                  for s in range(30))
    assert 3 <= differs < 30


def test_a_decision_in_the_pool_is_the_one_made_in_process(workers):
    """The search stops at its iteration budget or at its wall-clock cap, whichever comes
    first: on a loaded machine the pool's search may be cut short. It must then be the
    move the same search makes in process with the iterations the pool had time for (a
    comparison of moves alone failed whenever one side hit the cap and the other not)."""
    for slug in GAMES:
        game = engines.get(slug)
        state = midgame(game, game.min_players, 11, 12)
        seat = game.to_act(state)[0]
        history = ("[0,[]]",)
        easy = player("easy").choose(game, state, seat, 77, history)
        there, _, _ = workers.executor().submit(
            pool.decide, slug, game.dump(state), seat, 77, "easy", history).result()
        assert there == easy, (slug, "easy")
        there, iterations, _ = workers.executor().submit(
            pool.decide, slug, game.dump(state), seat, 77, "normal", history).result()
        if iterations == 0:  # a single legal move: no search
            assert [there] == game.legal_moves(state, seat), slug
            continue
        assert iterations <= engines.spec(slug).computer.normal.iterations, slug
        same = MctsPlayer.with_budget(iterations, seconds=float("inf"), game=slug)
        assert there == same.choose(game, state, seat, 77, history), (slug, iterations)


def test_a_picture_from_the_pool_is_the_one_drawn_in_process(workers):
    game = engines.get("storm-of-the-gods")
    view = game.view(midgame(game, 2, 3, 20), None)
    there = workers.executor().submit(pool.picture, game.slug, view, ["Ana", "Bo"],
                                      "Ana won").result()
    assert there == rendering.render(game.slug, view, names=["Ana", "Bo"], outcome="Ana won")


def test_the_recent_moves_replayed_are_the_last_ones_that_changed_the_board():
    game = engines.get("witch-stones")
    rng = random.Random(3)
    state = game.setup(2, 9, {})
    moves = []
    for _ in range(30):
        seat = game.to_act(state)[0]
        move = rng.choice(game.legal_moves(state, seat))
        moves.append((seat, move))
        state = game.play(state, seat, move)
    every = replay_keys(game.slug, 2, 9, {}, moves, limit=100)
    assert 0 < len(every) <= 30
    last = replay_keys(game.slug, 2, 9, {}, moves, limit=5)  # the last 5 moves' changes
    assert 0 < len(last) <= 5 and every[-len(last):] == last


async def test_computer_seats_at_their_levels(store):
    service = Service(store, seed_source=lambda: 8, shuffle=lambda seats: None)
    match = await service.create(ANA, "witch-stones", seat_host=False)
    match = await service.add_ai(match.id, ANA, "easy")
    match = await service.add_ai(match.id, ANA, "mcts")
    assert [s.display_name for s in match.seats] == ["Computer 1 (easy)", "Computer 2"]
    assert [service.level_of(s) for s in match.seats] == ["easy", "normal"]
    with pytest.raises(ServiceError, match="levels"):
        await service.add_ai(match.id, ANA, "grandmaster")


async def test_a_match_of_computers_in_the_process_pool(store, workers):
    service = Service(store, seed_source=lambda: 21, shuffle=lambda seats: None,
                      offload="process")
    match = await service.create(ANA, "witch-stones", seat_host=False)
    await service.add_ai(match.id, ANA, "easy")
    await service.add_ai(match.id, ANA, "easy")
    update = await service.start(match.id, ANA)
    assert update.match.status == FINISHED
    assert update.public.png.startswith(b"\x89PNG")


async def test_the_same_match_in_threads_and_in_the_pool(tmp_path, workers):
    from db import open_store

    logs = []
    for offload in ("thread", "process"):
        store = await open_store(str(tmp_path / f"{offload}.db"))
        try:
            service = Service(store, seed_source=lambda: 33, shuffle=lambda seats: None,
                              offload=offload)
            match = await service.create(ANA, "angry-gods", seat_host=False)
            await service.add_ai(match.id, ANA, "easy")
            await service.add_ai(match.id, ANA, "easy")
            match = (await service.start(match.id, ANA)).match
            logs.append([(m.seat, m.notation) for m in await store.moves(match.id)])
        finally:
            await store.close()
    assert logs[0] == logs[1] and len(logs[0]) > 10


async def test_match_start_with_a_level_seats_computers_at_that_level(store):
    from bot.match.lobby import Lobby
    from tests.discord_fakes import GUILD, World

    world = World(Service(store, seed_source=lambda: 1, shuffle=lambda s: None))
    lobby = Lobby(world.bot)
    fake = world.interaction(world.user(1, "Ana"))
    await lobby.start.callback(lobby, fake.interaction, "storm-of-the-gods", None, bots=2,
                               level="hard")
    [match] = await world.service.store.find_matches(guild_id=GUILD, user_id=1, limit=1)
    assert [s.display_name for s in match.seats] == ["Ana", "Computer 1 (hard)",
                                                      "Computer 2 (hard)"]
    assert {world.service.level_of(s) for s in match.seats if s.is_ai} == {"hard"}
