"""Seeing what happened: each picture outlines every move since the viewer's last turn,
in each mover's colour, and the post lists the moves made before it since then."""

from __future__ import annotations

import random

import engines
from db import RUNNING
from engines.ai import RandomPlayer
from service import Actor, Service

PEOPLE = [Actor(1, "Ana", guild_id=3), Actor(2, "Bo", guild_id=3), Actor(3, "Cy", guild_id=3)]


class MarksSpy:
    def __init__(self) -> None:
        self.calls: list[tuple[bool, dict | None, list]] = []

    def __call__(self, slug, view, names=None, highlight=None, outcome=None, marks=None):
        self.calls.append((view.get("seat") is not None, marks, list(view.get("last", []))))
        return b"\x89PNG"


async def test_three_players_see_every_move_since_their_last_turn(store):
    spy = MarksSpy()
    service = Service(store, render=spy, seed_source=lambda: 21, shuffle=lambda s: None,
                      player=RandomPlayer())
    game = engines.get("storm-of-the-gods")
    match = await service.create(PEOPLE[0], game.slug, channel_id=9)
    for person in PEOPLE[1:]:
        await service.join(match.id, person)
    update = await service.start(match.id, PEOPLE[0])
    rng = random.Random(5)
    seen_since = 0
    for _ in range(120):
        match = update.match
        if match.status != RUNNING:
            break
        state = game.load(match.snapshot)
        (seat,) = game.to_act(state)
        update = await service.submit(match.id, PEOPLE[seat], rng.choice(
            game.legal_moves(state, seat)))
        after = game.load(update.match.snapshot)
        if update.match.status != RUNNING:
            break
        (nxt,) = game.to_act(after)
        played = await service.store.moves(match.id)
        since = []
        for record in reversed(played):
            if record.seat == nxt:
                break
            since.append(record)
        _, marks, _ = spy.calls[-1]  # the public picture of this update
        expected = {r.seat for r in since if r.marks}
        assert set(marks or {}) == expected
        for record in since:
            if record.marks:
                assert set(record.marks) <= set(marks[record.seat])
        if nxt != seat and len({r.seat for r in since}) > 1:
            # Moves by someone other than this update's mover are listed too.
            text = update.public.text
            name = PEOPLE[nxt].name
            moved = any(record.seat == nxt for record in played)
            assert text.startswith(f"Since {name}'s last turn:" if moved
                                   else f"Before {name}'s first turn:")
            seen_since += 1
    assert seen_since >= 3


async def test_each_move_is_stored_with_what_it_showed(service):
    match = await service.create(PEOPLE[0], "witch-stones", channel_id=9)
    await service.join(match.id, PEOPLE[1])
    update = await service.start(match.id, PEOPLE[0])
    game = engines.get("witch-stones")
    for _ in range(4):
        state = game.load(update.match.snapshot)
        (seat,) = game.to_act(state)
        move = game.legal_moves(state, seat)[0]
        update = await service.submit(update.match.id, PEOPLE[seat], move)
    for record in await service.store.moves(update.match.id):
        assert record.said.startswith(f"{{seat{record.seat}}} ")
    last = (await service.store.moves(update.match.id))[-1]
    assert last.marks == game.view(game.load(update.match.snapshot), None)["last"]
