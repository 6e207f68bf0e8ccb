"""Seats are named by structure, never guessed from text: people called "Player 1",
"Player 2", "Computer 1" or "**bold**" are named right wherever the service names seats."""

from __future__ import annotations

import itertools
import random

import pytest

import engines
from db import FINISHED, RUNNING
from engines.base import name_seats, seat_name
from service import Actor, Service

TRICKY = ["Player 1", "Player 2", "Computer 1", "**bold**"]


def people(names):
    return [Actor(100 + i, name, guild_id=7) for i, name in enumerate(names)]


async def seated(service, slug, actors):
    """A running match with ``actors`` in seats 0, 1, … (the fixture keeps join order)."""
    match = await service.create(actors[0], slug, channel_id=3)
    for actor in actors[1:]:
        await service.join(match.id, actor)
    return await service.start(match.id, actors[0])


def test_markers_fill_in_one_pass():
    # A name that looks like a marker (or like another seat's old wording) stays as written.
    text = f"{seat_name(0)} took e5 from {seat_name(1)}."
    assert name_seats(text, ["{seat1}", "Player 1"]) == "{seat1} took e5 from Player 1."
    assert name_seats(seat_name(3), ["Ana"]) == "Seat 4"


async def test_a_resigning_human_named_player_1_behind_a_computer(service):
    # The bug as a new user met it: computer in seat 1, the human named "Player 1" resigns.
    host = Actor(100, "Player 1", guild_id=7)
    match = await service.create(host, "witch-stones", channel_id=3, seat_host=False)
    await service.add_ai(match.id, host)
    await service.join(match.id, host)
    match = (await service.start(match.id, host)).match
    assert match.names == ["Computer 1", "Player 1"]
    update = await service.resign(match.id, host)
    assert update.match.status == FINISHED
    assert "Computer 1 wins (Player 1 resigned)" in update.public.text
    history = await service.history(match.id, host)
    assert history[-1] == "Player 1 resigned."


@pytest.mark.parametrize("order", list(itertools.permutations(TRICKY)))
async def test_every_text_names_the_right_person_in_every_order(service, order):
    actors = people(order)
    game = engines.get("terra")
    update = await seated(service, "terra", actors)
    match = update.match
    assert match.names == list(order)
    assert f"Seats: 1. {order[0]}, 2. {order[1]}, 3. {order[2]}, 4. {order[3]}." in (
        update.public.text)
    rng = random.Random(len(order[0]))
    for _ in range(12):  # a few turns of real moves
        state = game.load(match.snapshot)
        (seat,) = game.to_act(state)
        assert update.public.text.endswith(f"To act: {order[seat]}.")
        move = rng.choice(game.legal_moves(state, seat))
        update = await service.submit(match.id, actors[seat], move)
        match = update.match
        assert update.public.text.splitlines()[-2].startswith(order[seat])  # this move
    history = await service.history(match.id, public=True)
    for line, record in zip(history, await service.store.moves(match.id), strict=True):
        assert line.startswith(f"{record.seq}. {order[record.seat]} ")
    # The person in seat 2 resigns: the line names them, and only them.
    update = await service.resign(match.id, actors[2])
    assert f"\n{order[2]} resigned; the bot plays their seat" in f"\n{update.public.text}"


async def test_names_are_escaped_in_text_and_kept_in_pictures(store):
    drawn: list[list[str]] = []

    def render(slug, view, names=(), **_):
        drawn.append(list(names))
        return b"\x89PNG"

    service = Service(store, seed_source=lambda: 5, shuffle=lambda seats: None,
                      render=render, escape=lambda name: name.replace("*", "\\*"))
    actors = people(["**bold**", "Player 1"])
    update = await seated(service, "witch-stones", actors)
    assert "\\*\\*bold\\*\\*" in update.public.text and "**bold**" not in update.public.text
    assert drawn[-1] == ["**bold**", "Player 1"]
    assert update.match.status == RUNNING
