"""Seeing what happened: each picture outlines every move since the viewer's last turn,
in each mover's colour, and the post lists the moves made before it since then."""

from __future__ import annotations

import random

import engines
import speech
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


async def _three_playing(store, seed: int, slugs: tuple[str, ...]):
    """A service drawing through a spy, and a started three-player match of each game."""
    spy = MarksSpy()
    service = Service(store, render=spy, seed_source=lambda: seed, shuffle=lambda s: None,
                      player=RandomPlayer())
    started = []
    for slug in slugs:
        match = await service.create(PEOPLE[0], slug, channel_id=9)
        for person in PEOPLE[1:]:
            await service.join(match.id, person)
        started.append((engines.get(slug), await service.start(match.id, PEOPLE[0])))
    return spy, service, started


async def test_three_players_see_every_move_since_their_last_turn(store):
    spy, service, [(game, update)] = await _three_playing(store, 21, ("storm-of-the-gods",))
    match = update.match
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
        said = speech.restored(record.said)  # kept as facts, to say in any language
        assert isinstance(said, speech.Text) and said.facts["who"] == f"{{seat{record.seat}}}"
        assert str(said).startswith(f"{{seat{record.seat}}} ")
    last = (await service.store.moves(update.match.id))[-1]
    assert last.marks == game.view(game.load(update.match.snapshot), None)["last"]


async def test_board_marks_every_move_since_the_player_to_act_last_moved(store):
    """/board (and the console's board) outlines what the post that handed over the turn
    did: the places of every move since the player to act last moved, in each mover's
    colour, over random three-player games; /myview the same for its viewer."""
    spy, service, started = await _three_playing(store, 8, ("storm-of-the-gods", "terra"))
    for game, update in started:
        match = update.match
        rng = random.Random(11)
        checked = 0
        for _ in range(60):
            state = game.load(update.match.snapshot)
            if update.match.status != RUNNING or not game.to_act(state):
                break
            acting = game.to_act(state)[0]
            played = await service.store.moves(match.id)
            expected: dict[int, set[str]] = {}
            for record in reversed(played):
                if record.seat == acting:
                    break
                expected.setdefault(record.seat, set()).update(record.marks)
            expected = {s: p for s, p in expected.items() if p}
            await service.board(match.id)
            _, marks, _ = spy.calls[-1]
            assert {s: set(p) for s, p in (marks or {}).items()} == expected
            checked += bool(expected) and len(expected) > 1
            await service.private(match.id, PEOPLE[acting])
            _, private_marks, _ = spy.calls[-1]
            assert private_marks == marks
            update = await service.submit(match.id, PEOPLE[acting],
                                          rng.choice(game.legal_moves(state, acting)))
        assert checked >= 3, game.slug
