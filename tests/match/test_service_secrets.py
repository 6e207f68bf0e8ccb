"""Hidden information through the service: private moves stay out of the channel and
the history of others; private updates reach only their owner, with their own board."""

from __future__ import annotations

import random

import engines
from service import Actor
from tests.recap_steps import steps

PEOPLE = [Actor(1, "Ana", guild_id=5), Actor(2, "Bo", guild_id=5), Actor(3, "Cy", guild_id=5)]


async def start(service, slug: str, players: int):
    match = await service.create(PEOPLE[0], slug)
    for person in PEOPLE[1:players]:
        await service.join(match.id, person)
    return await service.start(match.id, PEOPLE[0])


def person(match, seat: int) -> Actor:
    return PEOPLE[match.by_seat()[seat].user_id - 1]


async def test_god_choice_never_reaches_the_channel_or_others(service):
    game = engines.get("when-gods-collide")
    update = await start(service, game.slug, 3)
    match, rng = update.match, random.Random(2)
    chosen: dict[int, str] = {}
    while len(chosen) < 3:
        state = game.load(match.snapshot)
        seat = game.to_act(state)[0]
        moves = game.legal_moves(state, seat)
        gods = [m for m in moves if m.startswith("god ")]
        move = rng.choice(gods or moves)
        actor = person(match, seat)
        update = await service.submit(match.id, actor, move)
        match = update.match
        if gods:
            square = move.split()[1]
            chosen[actor.user_id] = square
            assert square not in update.public.text
            assert "chose" in update.public.text
            mine = update.private[actor.user_id]
            assert square in mine.text  # the confirmation and DM are the mover's own
            assert all(square not in post.text for user, post in update.private.items()
                       if user != actor.user_id)
            assert (await mine.ready()).png.startswith(b"\x89PNG")
    for viewer in PEOPLE:
        lines = "\n".join(await service.history(match.id, viewer))
        for owner, square in chosen.items():
            god_lines = [line for line in lines.splitlines() if "god" in line.lower()
                         and PEOPLE[owner - 1].name in line]
            if owner != viewer.user_id:
                assert all(square not in line for line in god_lines), (viewer, lines)
    board = await service.board(match.id, PEOPLE[1])
    assert not any(square in board.text for square in chosen.values())


async def test_terra_reserves_go_to_their_owner_only(service):
    game = engines.get("terra")
    update = await start(service, game.slug, 2)
    match = update.match
    # At the start each player is told their own reserve, privately.
    assert set(update.private) == {1, 2}
    for user, post in update.private.items():
        seat = match.seat_of(user).seat
        state = game.load(match.snapshot)
        assert game.private_text(state, seat) in post.text
    assert "reserve" not in game.view(game.load(match.snapshot), None)
    rng = random.Random(4)
    discards = 0
    for _ in range(120):
        state = game.load(match.snapshot)
        seat = game.to_act(state)[0]
        move = rng.choice(game.legal_moves(state, seat))
        actor = person(match, seat)
        update = await service.submit(match.id, actor, move)
        match = update.match
        if move.startswith("discard"):
            discards += 1
            named = move.split()[1:]
            # The discard's own words, in the post (which may recap earlier public moves
            # naming the same kinds of chit, on the same line: "built a palace; discarded")
            last = (await service.store.moves(match.id))[-1]
            said = [step for step in steps(service.named(match, last.said))
                    if "discarded" in step]
            name = match.names[last.seat] + " "  # a step after the first goes without it
            assert said and said[-1].removeprefix(name) in update.public.text, \
                update.public.text
            assert not any(chit in said[-1] for chit in named), update.public.text
        if match.status != "running":
            break
    assert discards > 0
