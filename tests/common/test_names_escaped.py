"""Player names are inert wherever the bot posts them: a display name full of markdown,
a mass mention and a masked link comes out escaped (once) in the rating lines of a final
post, the leaderboard and the undo texts."""

from __future__ import annotations

import random

from bot.client import escape_name
from engines.ai import RandomPlayer
from service import Actor, Service
from service.match import ratings

EVIL = "**x** @everyone [a](http://e.vl)"  # 32 characters: a whole display name
SAFE = escape_name(EVIL)
HERE = 50
ANA = Actor(1, "Ana", guild_id=HERE)
EVE = Actor(2, EVIL, guild_id=HERE)


def escaping(store) -> Service:
    """The service as the Discord bot builds it: names escaped for Discord."""
    return Service(store, seed_source=lambda: 12345, shuffle=lambda seats: None,
                   player=RandomPlayer(), render=lambda *a, **k: b"", escape=escape_name)


def inert(text: str) -> bool:
    return EVIL not in text and "@everyone" not in text and "**x**" not in text


async def to_act(service: Service, match_id: int) -> Actor:
    waiting = await service.waiting(match_id)
    return next(a for a in (ANA, EVE) if waiting.get(a.user_id))


async def running(service: Service):
    match = await service.create(ANA, "witch-stones", channel_id=10)
    await service.join(match.id, EVE)
    return (await service.start(match.id, ANA)).match


async def test_rating_lines_and_the_leaderboard_escape_names(store):
    service = escaping(store)
    match = await running(service)
    rng, update = random.Random(5), None
    while match.status == "running":
        actor = await to_act(service, match.id)
        update = await service.submit(match.id, actor, rng.choice(
            await service.legal_moves(match.id, actor)))
        match = update.match
    (line,) = [x for x in update.public.text.splitlines() if x.startswith("Ratings:")]
    assert SAFE in line and inert(line)
    board = await service.leaderboard(HERE, "witch-stones", ANA.user_id)
    lines = ratings.leaderboard_lines(board, "Witch Stones")
    assert any(SAFE in x for x in lines) and all(inert(x) for x in lines)


async def test_an_accepted_undo_names_the_asker_escaped_once(store):
    service = escaping(store)
    match = await running(service)
    for _ in range(2):  # Eve (seat 1 chooses a side) moves, then Ana
        actor = await to_act(service, match.id)
        match = (await service.submit(match.id, actor, (
            await service.legal_moves(match.id, actor))[0])).match
    asked = await service.ask_undo(match.id, EVE)  # two moves back: Ana must accept
    assert asked.asked is not None and SAFE in asked.text and inert(asked.text)
    done = await service.answer_undo(match.id, match.version, ANA, True)
    assert done.update is not None
    assert f"accepted. {SAFE} took back" in done.text and inert(done.text)
