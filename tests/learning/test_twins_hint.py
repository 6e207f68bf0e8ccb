"""The hint sees only what its asker may: two matches whose positions look the same to the
asker but hide other values from them (the others' gods, reserves and cups, the tile
stack's order: :func:`tests.engines.ai.test_ai_determinise.twin`) give the asker the identical hint,
position after position, through the whole service."""

from __future__ import annotations

import random

import pytest

import engines
from db import RUNNING
from db.base import dumps
from engines.ai.analysis import Look
from service import Actor, Service
from tests.engines.ai.test_ai_determinise import twin

PEOPLE = [Actor(1, "Ana", 5), Actor(2, "Bo", 5)]
LOOK = Look(worlds=2, candidates=3, scan=8, replies=4, plies=2)
STEPS = 40


@pytest.mark.parametrize("slug", ["when-gods-collide", "terra", "storm-of-the-gods"])
async def test_twins_that_look_the_same_to_the_asker_give_the_same_hint(sqlite_store, slug):
    await same_hints(sqlite_store, slug)


async def same_hints(store, slug: str) -> None:
    game = engines.get(slug)
    service = Service(store, seed_source=lambda: 4242, shuffle=lambda s: None)
    service.coach.looks = {"normal": LOOK, "hard": LOOK, "easy": LOOK}
    ids = []
    for _ in range(2):
        match = await service.create(PEOPLE[0], slug, channel_id=1, rated=False)
        await service.join(match.id, PEOPLE[1])
        await service.start(match.id, PEOPLE[0])
        ids.append(match.id)
    rng = random.Random(slug)
    compared = differ = 0
    for _ in range(STEPS):
        match_a = await service.match(ids[0])
        if match_a.status != RUNNING:
            break
        state = game.load(match_a.snapshot)
        seat = game.to_act(state)[0]
        asker = next(p for p in PEOPLE if p.user_id == match_a.by_seat()[seat].user_id)
        other = twin(game, state, seat, rng)
        assert game.view(other, seat) == game.view(state, seat)
        differ += game.dump(other) != game.dump(state)
        await store.execute("UPDATE matches SET snapshot = ?, version = ? WHERE id = ?",
                            dumps(game.dump(other)), match_a.version, ids[1])
        hints = [await service.hint(i, asker) for i in ids]
        assert hints[0].text == hints[1].text
        compared += 1
        await service.submit(ids[0], asker, rng.choice(game.legal_moves(state, seat)))
    assert compared >= 10
    assert differ > compared // 2  # the twins really hid other values from the asker
