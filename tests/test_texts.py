"""Texts read right: plurals, scores that a name ending in a digit cannot run into, and
Terra's itemised table only where it helps (on request and at the end)."""

from __future__ import annotations

import random

import engines
from db import FINISHED, RUNNING
from service import Actor
from service.names import plural, scores_text

ANA = Actor(1, "Computer 1", guild_id=4)
BO = Actor(2, "Player 2", guild_id=4)


def test_plural():
    assert plural(1, "legal move") == "1 legal move"
    assert plural(2, "legal move") == "2 legal moves"
    assert plural(0, "tile") == "0 tiles"
    assert plural(1, "match", "matches") == "1 match" and plural(3, "match", "matches") == (
        "3 matches")


def test_scores_cannot_be_misread_when_names_end_in_digits():
    assert scores_text(["Computer 1", "Player 2"], [1, 0.5]) == "Computer 1: 1 · Player 2: 0.5"


async def test_terra_table_on_request_and_at_the_end_not_after_every_move(service):
    match = await service.create(ANA, "terra", channel_id=5)
    await service.join(match.id, BO)
    update = await service.start(match.id, ANA)
    game = engines.get("terra")
    rng = random.Random(2)
    for _ in range(6):
        match = update.match
        state = game.load(match.snapshot)
        (seat,) = game.to_act(state)
        actor = (ANA, BO)[seat]
        update = await service.submit(match.id, actor, rng.choice(game.legal_moves(state, seat)))
        assert update.match.status == RUNNING
        assert update.public.table == []
        assert "Computer 1: " in (await service.standing(match.id)).text
    asked = await service.standing(match.id)
    assert [name for name, _ in asked.table] == ["Computer 1", "Player 2"]
    final = await service.resign(match.id, BO)
    assert final.match.status == FINISHED
    assert [name for name, _ in final.public.table] == ["Computer 1", "Player 2"]
    assert "Scores: Computer 1: " in final.public.text
