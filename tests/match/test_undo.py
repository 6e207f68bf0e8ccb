"""Undo: what reveals something in each game, immediate take-backs, the consent flow with
its buttons, refusal, lapse on a new move, and a restart in the middle of a request."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

import engines
from bot.match.play import Play
from bot.match.social import Social
from db import RUNNING, open_store
from service import Actor, Service, ServiceError
from tests.conftest import play_random
from tests.discord_fakes import GUILD, World, forbidden, press

ANA = Actor(1, "Ana", guild_id=GUILD)
BO = Actor(2, "Bo", guild_id=GUILD)
CY = Actor(3, "Cy", guild_id=GUILD)
ACTORS = {1: ANA, 2: BO, 3: CY}


# --- reveals(), per game ------------------------------------------------------------------
def first_move(slug: str, players: int, wanted, seeds: int = 40, limit: int = 3000):
    """Play random legal games until ``wanted(move)`` holds; (game, state, seat, move)."""
    game = engines.get(slug)
    for seed in range(seeds):
        rng = random.Random(seed)
        state = game.setup(players, seed, {})
        for _ in range(limit):
            acting = game.to_act(state)
            if not acting:
                break
            seat = acting[0]
            moves = game.legal_moves(state, seat)
            found = [m for m in moves if wanted(m)]
            if found:
                return game, state, seat, found[0]
            state = game.play(state, seat, rng.choice(moves))
    raise AssertionError(f"no such move in {slug}")


def test_witch_stones_and_angry_gods_moves_reveal_nothing():
    for slug in ("witch-stones", "angry-gods"):
        game = engines.get(slug)
        rng = random.Random(5)
        state = game.setup(2, 5, {})
        for _ in range(40):
            (seat,) = game.to_act(state)
            move = rng.choice(game.legal_moves(state, seat))
            assert not game.reveals(state, seat, move), (slug, move)
            state = game.play(state, seat, move)


def test_when_gods_collide_rolls_and_god_choice_reveal():
    game, state, seat, move = first_move("when-gods-collide", 2, lambda m: m == "hero")
    assert game.reveals(state, seat, move)  # the hero die and the numbered die are rolled
    game, state, seat, move = first_move("when-gods-collide", 2, lambda m: m == "nohero")
    assert not game.reveals(state, seat, move)
    game, state, seat, move = first_move("when-gods-collide", 2, lambda m: m.startswith("god "))
    assert game.reveals(state, seat, move)  # private
    game, state, seat, move = first_move("when-gods-collide", 2, lambda m: m.startswith("tile"))
    assert not game.reveals(state, seat, move)


def test_when_gods_collide_chance_is_found_by_other_seeds_alone():
    """``arrange auto`` draws squares by chance; the named arrangement does not."""
    game, state, seat, _ = first_move("when-gods-collide", 2, lambda m: m.startswith("arrange"))
    auto = "arrange auto"
    assert game.reveals(state, seat, auto)
    after = game.play(state, seat, auto)
    named = "arrange " + " ".join(sq for sq, (owner, _) in after.board.items() if owner == seat)
    assert not game.reveals(state, seat, named)


def test_terra_draws_reveal_and_war_does_not():
    game, state, seat, move = first_move("terra", 2, lambda m: m.startswith("war"))
    assert not game.reveals(state, seat, move)  # the army chit spent is the move itself
    game, state, seat, move = first_move("terra", 2, lambda m: m.startswith("discard"))
    assert game.reveals(state, seat, move)
    # A build that ends the turn makes the next player draw from their cup.
    game, state, seat, move = first_move(
        "terra", 2, lambda m: m.startswith("build") or m.split()[0] in ("nowar",))
    ends_turn = [m for m in game.legal_moves(state, seat)
                 if game.to_act(game.play(state, seat, m)) != [seat]]
    assert ends_turn and all(game.reveals(state, seat, m) for m in ends_turn)


def test_storm_tile_draws_and_wind_rolls_reveal():
    game, state, seat, move = first_move("storm-of-the-gods", 2,
                                         lambda m: m.startswith("explore"))
    assert game.reveals(state, seat, move)  # a tile from the face-down stack
    game, state, seat, move = first_move("storm-of-the-gods", 2, lambda m: m == "end")
    assert game.reveals(state, seat, move)  # the next player's wind is rolled
    game, state, seat, move = first_move("storm-of-the-gods", 2, lambda m: m.startswith("build"))
    assert not game.reveals(state, seat, move)


# --- the service --------------------------------------------------------------------------
async def started(service, game="witch-stones", *, guests=(BO,)):
    match = await service.create(ANA, game, channel_id=10)
    for guest in guests:
        await service.join(match.id, guest)
    return (await service.start(match.id, ANA)).match


def mover(match, game):
    state = game.load(match.snapshot)
    seat = game.to_act(state)[0]
    return ACTORS[match.by_seat()[seat].user_id]


async def play(service, match, count, rng):
    return await play_random(service, match.id, ACTORS, rng.choice, count)


async def test_undo_refusals(service):
    match = await started(service)
    with pytest.raises(ServiceError, match="not playing"):
        await service.ask_undo(match.id, CY)
    with pytest.raises(ServiceError, match="no move to take back"):
        await service.ask_undo(match.id, ANA)  # Bo chooses a side first
    other = Actor(1, "Ana", guild_id=GUILD + 1)
    with pytest.raises(ServiceError, match="no match"):
        await service.ask_undo(match.id, other)
    lobby = await service.create(ANA, "witch-stones", channel_id=10)
    with pytest.raises(ServiceError, match="not started"):
        await service.ask_undo(lobby.id, ANA)
    await service.resign(match.id, BO)
    with pytest.raises(ServiceError, match="over"):
        await service.ask_undo(match.id, ANA)


async def test_immediate_undo_restores_the_exact_snapshot(service):
    match = await started(service)
    match = await play(service, match, 3, random.Random(2))
    game = engines.get("witch-stones")
    before = match.snapshot
    actor = mover(match, game)
    move = (await service.legal_moves(match.id, actor))[0]
    await service.submit(match.id, actor, move)
    outcome = await service.ask_undo(match.id, actor)
    assert outcome.update is not None and outcome.asked is None
    after = await service.match(match.id)
    assert after.snapshot == before
    assert game.dump(await service.replay(match.id)) == before
    assert len(await service.store.moves(match.id)) == 3
    assert after.status == RUNNING and after.version > match.version
    assert outcome.update.public.png and outcome.update.public.mentions == [actor.user_id]
    assert "took back their last move" in outcome.update.public.text


async def test_not_your_last_move_needs_consent_then_undoes_both(service):
    match = await started(service)
    match = await play(service, match, 3, random.Random(3))  # Bo, Ana, Bo
    before = match.snapshot
    match = await play(service, match, 2, random.Random(4))  # Ana, then Bo: not Ana's last
    outcome = await service.ask_undo(match.id, ANA)
    assert outcome.update is None and outcome.asked is not None
    assert outcome.asked.waiting == [BO.user_id]
    assert "and the 1 move after it" in outcome.text and "Bo: accept or refuse" in outcome.text
    assert (await service.match(match.id)).snapshot == match.snapshot  # nothing yet
    with pytest.raises(ServiceError, match="already waiting"):
        await service.ask_undo(match.id, ANA)
    with pytest.raises(ServiceError, match="your own request"):
        await service.answer_undo(match.id, match.version, ANA, True)
    with pytest.raises(ServiceError, match="Only the opponents"):
        await service.answer_undo(match.id, match.version, CY, True)
    done = await service.answer_undo(match.id, match.version, BO, True)
    assert done.update is not None and "Bo accepted" in done.text
    game = engines.get("witch-stones")
    stored = await service.match(match.id)
    assert len(await service.store.moves(match.id)) == 3
    assert stored.snapshot == before == game.dump(await service.replay(match.id))
    assert await service.store.undo_request(match.id) is None


async def test_refusal_and_lapse(service):
    match = await started(service)
    match = await play(service, match, 3, random.Random(6))  # Bo, Ana, Bo
    await service.ask_undo(match.id, ANA)
    refused = await service.answer_undo(match.id, match.version, BO, False)
    assert refused.update is None and "Bo refused" in refused.text
    with pytest.raises(ServiceError, match="lapsed"):
        await service.answer_undo(match.id, match.version, BO, True)
    assert len(await service.store.moves(match.id)) == 3
    # A new move lapses a pending request.
    await service.ask_undo(match.id, ANA)
    moved = await play(service, match, 1, random.Random(7))  # Ana moves on
    with pytest.raises(ServiceError, match="lapsed"):
        await service.answer_undo(match.id, match.version, BO, True)
    assert len(await service.store.moves(moved.id)) == 4


async def test_three_players_need_every_consent(service):
    match = await started(service, "storm-of-the-gods", guests=(BO, CY))
    game = engines.get("storm-of-the-gods")
    rng = random.Random(8)
    while True:  # play until Ana has moved and someone else after her
        match = await play(service, match, 1, rng)
        moves = await service.store.moves(match.id)
        if len(moves) >= 2 and moves[-2].seat == 0 and moves[-1].seat != 0:
            break
    asked = await service.ask_undo(match.id, ANA)
    assert sorted(asked.asked.waiting) == [BO.user_id, CY.user_id]
    first = await service.answer_undo(match.id, match.version, BO, True)
    assert first.update is None and "still waiting for Cy" in first.text
    done = await service.answer_undo(match.id, match.version, CY, True)
    assert done.update is not None
    stored = await service.match(match.id)
    assert game.dump(await service.replay(match.id)) == stored.snapshot
    assert len(await service.store.moves(match.id)) == len(moves) - 2


async def test_a_move_that_revealed_something_needs_consent(service):
    """Terra: the move ending Ana's turn makes Bo draw, so even as the last move it
    needs Bo's consent; and the request's text never names a private move."""
    match = await started(service, "terra")
    game = engines.get("terra")
    rng = random.Random(9)
    for _ in range(200):
        actor = mover(match, game)
        state = game.load(match.snapshot)
        seat = match.seat_of(actor.user_id).seat
        move = rng.choice(await service.legal_moves(match.id, actor))
        revealing = game.reveals(state, seat, move)
        match = (await service.submit(match.id, actor, move)).match
        if revealing and (await service.store.moves(match.id))[-1].seat == seat:
            break
    else:
        raise AssertionError("no revealing move")
    outcome = await service.ask_undo(match.id, actor)
    assert outcome.asked is not None and outcome.update is None
    if game.is_private(move):
        assert move not in outcome.text


async def test_against_the_computer_undo_is_immediate(service):
    match = await service.create(ANA, "witch-stones", channel_id=10)
    await service.add_ai(match.id, ANA)
    match = (await service.start(match.id, ANA)).match
    match = await play(service, match, 2, random.Random(10))  # Ana; the computer replies
    count = len(await service.store.moves(match.id))
    outcome = await service.ask_undo(match.id, ANA)
    assert outcome.update is not None
    assert len(await service.store.moves(match.id)) == count - 2


async def test_a_request_survives_a_restart(database):
    path = database
    store = await open_store(path)
    service = Service(store, seed_source=lambda: 12345, shuffle=lambda s: None)
    match = await started(service)
    match = await play(service, match, 3, random.Random(11))
    await service.ask_undo(match.id, ANA)
    await store.close()
    store = await open_store(path)
    try:
        service = Service(store, seed_source=lambda: 12345, shuffle=lambda s: None)
        done = await service.answer_undo(match.id, match.version, BO, True)
        assert done.update is not None
        assert len(await store.moves(match.id)) == 1
    finally:
        await store.close()


# --- the cog and its buttons ---------------------------------------------------------------
@pytest.fixture
async def world(service):
    return World(service)


@pytest.fixture
def people(world):
    return SimpleNamespace(ana=world.user(1, "Ana"), bo=world.user(2, "Bo"),
                           cy=world.user(3, "Cy"))


async def thread_match(world, service, people):
    """A started Witch Stones match whose thread exists in the fake world."""
    match = await started(service)
    thread = world.thread(5000 + match.id, f"Witch Stones #{match.id}")
    await service.store.set_places(match.id, thread_id=thread.id)
    return await service.match(match.id), thread


async def run_undo(world, user, thread, match_id=None):
    fake = world.interaction(user, channel=thread)
    cog = Social(world.bot)
    await cog.undo.callback(cog, fake.interaction, match_id)
    return fake


async def test_cog_immediate_undo_posts_the_board_again(world, service, people):
    _, thread = await thread_match(world, service, people)
    fake = world.interaction(people.bo, channel=thread)
    await Play(world.bot).move.callback(Play(world.bot), fake.interaction, "suns", None)
    posts = len(world.posts_in(thread.id))
    fake = await run_undo(world, people.bo, thread)
    assert fake.last.ephemeral and "took back" in fake.last.text
    board = world.posts_in(thread.id)[-1]
    assert len(world.posts_in(thread.id)) == posts + 1 and board.file is not None
    assert "Bo took back their last move" in board.text and "<@2>" in board.text


async def test_cog_consent_with_buttons_and_restart(world, service, people, tmp_path):
    match, thread = await thread_match(world, service, people)
    match = await play(service, match, 3, random.Random(12))  # Bo, Ana, Bo
    fake = await run_undo(world, people.ana, thread)
    assert fake.last.ephemeral and "posted" in fake.last.text
    request = world.posts_in(thread.id)[-1]
    assert request.custom_ids == [f"pantheon:undo:{match.id}:{match.version}:yes",
                                  f"pantheon:undo:{match.id}:{match.version}:no"]
    assert "<@2>" in request.text and "Ana asks to take back move 2" in request.text
    refused = await press(world, request, "Accept", people.ana)
    assert "your own request" in refused.last.text
    outsider = await press(world, request, "Accept", people.cy)
    assert "Only the opponents" in outsider.last.text
    # A "restart": a new world over the same database presses the old message's button.
    world2 = World(service)
    world2.channels[thread.id] = thread
    bo = world2.user(2, "Bo")
    accepted = await press(world2, request, "Accept", bo)
    assert accepted.last.ephemeral and "took back" in accepted.last.text
    assert accepted.edits[-1]["view"] is None and "Bo accepted" in accepted.edits[-1]["content"]
    assert len(await service.store.moves(match.id)) == 1
    board = world.posts_in(thread.id)[-1]
    assert board.file is not None and "Ana took back 2 moves" in board.text


async def test_cog_refuse_and_lapsed_buttons(world, service, people):
    match, thread = await thread_match(world, service, people)
    match = await play(service, match, 3, random.Random(13))
    await run_undo(world, people.ana, thread)
    request = world.posts_in(thread.id)[-1]
    refused = await press(world, request, "Refuse", people.bo)
    assert "Bo refused" in refused.last.text and refused.edits[-1]["view"] is None
    await run_undo(world, people.ana, thread)
    request = world.posts_in(thread.id)[-1]
    await play(service, await service.match(match.id), 1, random.Random(14))  # Ana moves on
    late = await press(world, request, "Accept", people.bo)
    assert "lapsed" in late.last.text and late.edits[-1]["view"] is None
    assert len(await service.store.moves(match.id)) == 4


async def test_cog_request_not_postable_is_dropped(world, service, people):
    match, thread = await thread_match(world, service, people)
    await play(service, match, 3, random.Random(15))
    thread.send.side_effect = forbidden(50013, "Missing Permissions")
    fake = await run_undo(world, people.ana, thread)
    assert "dropped" in fake.last.text
    assert await service.store.undo_request(match.id) is None
