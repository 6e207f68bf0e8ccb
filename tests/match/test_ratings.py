"""Ratings: updated exactly once per rated match, ties, 3–4 player order, what is not
rated, recovery after a crash, and the leaderboard of one server only."""

from __future__ import annotations

import random

import pytest

import engines
from bot.match.lobby import Lobby
from bot.match.social import Social
from db import FINISHED, RUNNING
from service import Actor
from service.match import ratings
from tests.discord_fakes import GUILD, World

HERE, THERE = 50, 60


def actor(user_id: int, guild_id: int = HERE) -> Actor:
    return Actor(user_id, f"P{user_id}", guild_id=guild_id)


async def started(service, users, game="storm-of-the-gods", guild_id=HERE, rated=True):
    host = actor(users[0], guild_id)
    match = await service.create(host, game, channel_id=10, rated=rated)
    for user in users[1:]:
        await service.join(match.id, actor(user, guild_id))
    return (await service.start(match.id, host)).match


async def finish(service, match, ranking, scores=None):
    """End a running match with this ranking of seats (as a game's end would)."""
    result = {"scores": scores or [0] * len(match.seats), "ranking": ranking, "reason": "test"}
    await service.store.finish(match.id, version=match.version, status=FINISHED, result=result)
    return await service.match(match.id)


async def board(service, guild_id, game="storm-of-the-gods", user_id=0):
    return await service.leaderboard(guild_id, game, user_id)


async def test_a_played_match_is_rated_once_and_shown_in_the_final_post(service):
    match = await started(service, [1, 2], "witch-stones")
    game = engines.get("witch-stones")
    rng = random.Random(3)
    update = None
    while match.status == RUNNING:
        seat = game.to_act(game.load(match.snapshot))[0]
        who = actor(match.by_seat()[seat].user_id)
        update = await service.submit(match.id, who, rng.choice(
            await service.legal_moves(match.id, who)))
        match = update.match
    assert "Ratings: P1 0.0 → " in update.public.text  # a newcomer's mu − 3σ is 0
    winner = match.by_seat()[match.result["ranking"][0][0]].user_id
    standings = await service.store.standings(HERE, "witch-stones")
    assert standings[0].user_id == winner
    assert all(s.games == 1 for s in standings)
    assert standings[0].mu > 25 > standings[1].mu
    # Settling again changes nothing.
    assert await service.store.settle_rating(match.id, ratings.rate) is None
    assert await service.ratings.catch_up() == 0
    assert [s.games for s in await service.store.standings(HERE, "witch-stones")] == [1, 1]


async def test_four_players_in_order_and_ties(service):
    match = await started(service, [1, 2, 3, 4])
    match = await finish(service, match, [[2], [0], [3], [1]])
    await service.ratings.settle(match)
    order = [s.user_id for s in await service.store.standings(HERE, "storm-of-the-gods")]
    assert order == [3, 1, 4, 2]
    tied = await started(service, [5, 6, 7])
    tied = await finish(service, tied, [[0, 1], [2]])
    lines = await service.ratings.settle(tied)
    changes = {c.user_id: c.after for c in await service.store.rating_changes(tied.id)}
    assert changes[5] == pytest.approx(changes[6]) and changes[7][0] < changes[5][0]
    assert lines and str(lines[0]).startswith("Ratings: P5")


async def test_resigned_player_ranks_last_and_loses(service):
    match = await started(service, [1, 2], "witch-stones")
    update = await service.resign(match.id, actor(1))
    assert "Ratings:" in update.public.text
    by_user = {s.user_id: s for s in await service.store.standings(HERE, "witch-stones")}
    assert by_user[2].mu > by_user[1].mu


async def test_what_is_not_rated(service):
    unrated = await started(service, [1, 2], rated=False)
    await service.ratings.settle(await finish(service, unrated, [[0], [1]]))
    host = actor(1)
    with_ai = await service.create(host, "storm-of-the-gods", channel_id=10)
    await service.join(with_ai.id, actor(2))
    await service.add_ai(with_ai.id, host)
    with_ai = (await service.start(with_ai.id, host)).match
    if with_ai.status == RUNNING:
        await service.ratings.settle(await finish(service, with_ai, [[0], [1], [2]]))
    console = await started(service, [1, 2], guild_id=None)
    await service.ratings.settle(await finish(service, console, [[0], [1]]))
    assert await service.store.standings(HERE, "storm-of-the-gods") == []
    assert await service.store.rating_changes(unrated.id) == []
    assert not await service.store.is_rated(unrated.id)


async def test_a_crash_before_settling_is_caught_up_in_order(service):
    first = await finish(service, await started(service, [1, 2]), [[0], [1]])
    second = await finish(service, await started(service, [1, 2]), [[0], [1]])
    assert await service.store.standings(HERE, "storm-of-the-gods") == []  # "crashed"
    assert await service.ratings.catch_up() == 2
    standings = await service.store.standings(HERE, "storm-of-the-gods")
    assert [(s.user_id, s.games) for s in standings] == [(1, 2), (2, 2)]
    one = await service.store.rating_changes(first.id)
    two = await service.store.rating_changes(second.id)
    assert one[0].after == pytest.approx(two[0].before)  # the second built on the first


async def test_leaderboard_is_per_server_with_my_own_rank(service):
    for pair in range(6):  # 12 players here, winners are the odd ids
        winner, loser = 100 + 2 * pair + 1, 100 + 2 * pair
        match = await started(service, [winner, loser])
        await service.ratings.settle(await finish(service, match, [[0], [1]]))
    elsewhere = await started(service, [1, 2], guild_id=THERE)
    await service.ratings.settle(await finish(service, elsewhere, [[0], [1]]))
    here = await board(service, HERE, user_id=110)  # losers tie; by id, 110 is last
    assert here.players == 12 and len(here.top) == 10
    assert all(standing.user_id >= 100 for _, standing, _ in here.top)
    assert here.mine is not None and here.mine[1].user_id == 110 and here.mine[0] == 12
    lines = ratings.leaderboard_lines(here, "Storm of the Gods")
    assert lines[1].startswith("1. P101 — ") and "(1 game)" in lines[1] and lines[-2] == "…"
    there = await board(service, THERE)
    assert [s.user_id for _, s, _ in there.top] == [1, 2] and there.mine is None
    empty = await board(service, HERE, "terra")
    assert ratings.leaderboard_lines(empty, "Terra") == [
        "No rated Terra matches have finished in this server yet."]


async def test_leaderboard_command_and_unrated_start(service):
    world = World(service)
    ana = world.user(1, "Ana")
    fake = world.interaction(ana)
    lobby = Lobby(world.bot)
    await lobby.start.callback(lobby, fake.interaction, "witch-stones", None, rated=False)
    [match] = await service.store.find_matches(guild_id=GUILD, user_id=1)
    assert not await service.store.is_rated(match.id)
    rated = await started(service, [1, 2], guild_id=GUILD)
    await service.ratings.settle(await finish(service, rated, [[1], [0]]))
    cog = Social(world.bot)
    fake = world.interaction(ana)
    await cog.leaderboard.callback(cog, fake.interaction, "storm-of-the-gods")
    assert fake.last.ephemeral
    assert "1. P2" in fake.last.text and "2. P1" in fake.last.text
    # offered everywhere, to say in one line where it works (issue 55):
    # tests/match/test_sim_anywhere.py::test_what_needs_the_bot_says_so_in_one_line
    assert cog.leaderboard.allowed_installs is not None
    assert cog.leaderboard.allowed_installs.user and cog.leaderboard.allowed_contexts.guild
