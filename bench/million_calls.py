"""The service calls :mod:`bench.million` times: each slash command's and autocomplete's
call (the cogs in ``bot/`` make them), one list. Each call is ``call(i)`` for the i-th
sample, on a member, match or server drawn at random; the heavy member is measured apart
where a call reads all of a member's matches."""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from typing import Any

import engines
from db import FINISHED, RUNNING
from service import Actor, Invitee

Call = Callable[[int], Awaitable[Any]]
FIRST_GAME = engines.all()[0].slug


def calls(c: dict[str, Any]) -> list[tuple[str, Call]]:
    service, store = c["service"], c["store"]
    rng: random.Random = c["rng"]
    member: Callable[[int], Actor] = c["member"]
    heavy: Actor = c["heavy"]
    counts = c["counts"]
    finished_ids = range(1, counts["matches"] + 1)
    running_ids = range(counts["matches"] + 1, counts["matches"] + counts["running"] + 1)

    async def seated(ids: range) -> tuple[int, Actor]:
        """A match of ``ids`` and an actor seated in it (the one to act if running)."""
        match = await store.get_match(rng.choice(ids))
        user = match.seats[0]
        if match.status == RUNNING:
            game = engines.get(match.game)
            acting = game.to_act(game.load(match.snapshot))
            if acting:
                user = match.by_seat()[acting[0]]
        return match.id, Actor(user.user_id, user.display_name, match.guild_id)

    async def whole_move(i: int) -> None:
        match_id, actor = await seated(running_ids)
        moves = await service.legal_moves(match_id, actor)
        if moves:
            await service.submit(match_id, actor, rng.choice(moves))

    async def with_match(ids: range, then: Callable[[int, Actor], Awaitable[Any]]) -> Any:
        match_id, actor = await seated(ids)
        return await then(match_id, actor)

    def guild_game() -> tuple[int, str]:
        return rng.randrange(2_000), rng.choice(c["games"])

    async def challenge(actor: Actor) -> None:
        other = member(0)
        news = await service.challenge(actor, [Invitee(other.user_id, other.name)],
                                       FIRST_GAME)
        await service.withdraw_challenge(news.challenge.id, actor)

    return [
        ("autocomplete match (open matches): member", lambda i: service.my_matches(member(i))),
        ("autocomplete match (open matches): heavy member",
         lambda i: service.my_matches(heavy)),
        ("autocomplete started (/export): member",
         lambda i: service.my_started(member(i), (RUNNING, FINISHED, "aborted"))),
        ("autocomplete started (/export): heavy member",
         lambda i: service.my_started(heavy, (RUNNING, FINISHED, "aborted"))),
        ("autocomplete game", lambda i: service.games_here(rng.randrange(2_000))),
        ("autocomplete tournament", lambda i: service.joinable_tournaments(
            rng.randrange(2_000))),
        ("autocomplete move (/move)", lambda i: with_match(
            running_ids, lambda m, a: service.legal_moves(m, a))),
        ("/turns: member", lambda i: service.my_turns(member(i))),
        ("/turns: heavy member", lambda i: service.my_turns(heavy)),
        ("/leaderboard", lambda i: service.leaderboard(*guild_game(), member(i).user_id)),
        ("/leaderboard: heavy member's server",
         lambda i: service.leaderboard(heavy.guild_id, rng.choice(c["games"]), heavy.user_id)),
        ("/history (finished match)", lambda i: with_match(
            finished_ids, lambda m, a: service.history(m, a))),
        ("/board (running, picture not drawn)", lambda i: with_match(
            running_ids, lambda m, a: service.board(m, a))),
        ("/score", lambda i: with_match(running_ids, lambda m, a: service.standing(m, a))),
        ("/export (finished match)", lambda i: with_match(
            finished_ids, lambda m, a: service.export(m, a))),
        ("/note", lambda i: with_match(finished_ids, lambda m, a: service.note(m, a))),
        ("/notify (show)", lambda i: service.notify_settings(member(i))),
        ("/reminders: heavy member", lambda i: service.set_reminders(heavy, 24)),
        ("/vacation (show)", lambda i: service.vacation(member(i))),
        ("/nudge", lambda i: with_match(running_ids, lambda m, a: service.nudge(m, a))),
        ("/challenge and withdraw", lambda i: challenge(member(i))),
        ("/tournament standings", lambda i: service.tournament(
            rng.randrange(1, max(2, counts["matches"] // 1_000)))),
        ("/privacy show: member", lambda i: service.privacy.summary(member(i))),
        ("/privacy show: heavy member", lambda i: service.privacy.summary(heavy)),
        ("/match start (a lobby)", lambda i: service.create(member(i), rng.choice(c["games"]))),
        ("/rematch vote (finished match)", lambda i: with_match(
            finished_ids, lambda m, a: service.rematch(m, a))),
        ("/move: a whole move (running match)", whole_move),
    ]
