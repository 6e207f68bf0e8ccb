"""Public twins through the whole service: two matches that look the same to everyone but
hide different values (gods, reserves, cups, the stack's order) produce the same public
outputs — channel text, public picture (real PNG bytes) and its alt text, move buttons,
standing.

Match B is kept a public twin of match A: before each move its stored state is replaced
by ``determinise(A, None)`` (chance the move consumes face up aligned, as in
:mod:`tests.match.test_twins`), then both play the same move. The engine-level twin test plays
hundreds of games per game; this one checks that nothing the service adds (names, result
lines, the pictures, the buttons, the "since your last turn" lists, a follower's DMs)
depends on a secret.
"""

from __future__ import annotations

import random
import re

import pytest

import engines
import speech
from db import RUNNING
from db.base import dumps
from engines.ai import RandomPlayer
from service import Actor, Service
from tests.match.test_twins import twin_for_move

GAMES = ["when-gods-collide", "terra", "storm-of-the-gods", "witch-stones", "angry-gods"]
PEOPLE = [Actor(1, "Ana", 5), Actor(2, "Bo", 5), Actor(3, "Cy", 5)]
FAN = Actor(9, "Di", 5)  # a spectator who follows both matches move by move
STEPS = 30


def public(update, match_id: int) -> tuple:
    """What everyone sees of an update: its text in every language (each a function of
    the public view, as its facts are), picture, pings, table, alt text and colour."""
    post = update.public
    said = tuple(re.sub(rf"(#|n° |n\.º |nº ){match_id}\b", "#M", speech.said(language, post.text))
                 for language in (*speech.LANGUAGES, speech.PSEUDO))
    return (said, post.png, post.mentions, post.table, post.alt, post.accent)


async def buttons(service: Service, match_id: int):
    choices = await service.choices(match_id)
    if choices is None:
        return None
    return (choices.user_id, choices.public, choices.moves if choices.public else None)


async def store_state(service, game, state, match_id: int) -> None:
    await service.store.execute("UPDATE matches SET snapshot = ? WHERE id = ?",
                                dumps(game.dump(state)), match_id)


async def twin_into(service, game, state, match_b, rng):
    """Store a public twin of ``state`` as match B's position."""
    twin = game.determinise(state, None, rng)
    await store_state(service, game, twin, match_b)
    return twin


@pytest.mark.parametrize("slug", GAMES)
async def test_twin_matches_show_everyone_the_same(sqlite_store, slug):
    await twins_show_the_same(sqlite_store, slug)


async def twins_show_the_same(store, slug: str) -> None:
    game = engines.get(slug)
    service = Service(store, seed_source=lambda: 4242, shuffle=lambda s: None,
                      player=RandomPlayer())
    players = PEOPLE[:3 if game.max_players >= 3 else 2]
    ids = []
    for _ in range(2):
        match = await service.create(players[0], slug, channel_id=1, rated=False)
        for person in players[1:]:
            await service.join(match.id, person)
        ids.append(match.id)
    starts = [await service.start(i, players[0]) for i in ids]
    for i in ids:
        await service.notify.follow(i, FAN, "moves")
    assert public(starts[0], ids[0]) == public(starts[1], ids[1])
    rng = random.Random(slug)
    compared = differ = 0
    for _ in range(STEPS):
        match_a = await service.match(ids[0])
        if match_a.status != RUNNING:
            break
        state = game.load(match_a.snapshot)
        # 1. A position and its public twin: the same board, text and buttons.
        twin = await twin_into(service, game, state, ids[1], rng)
        differ += game.dump(twin) != game.dump(state)
        assert await buttons(service, ids[0]) == await buttons(service, ids[1])
        board = [await service.board(i) for i in ids]
        assert (board[0].text.replace(f"#{ids[0]}", "#M"), board[0].png, board[0].alt) == (
            board[1].text.replace(f"#{ids[1]}", "#M"), board[1].png, board[1].alt)
        assert board[0].alt
        # 2. The same move in both: a twin where it is legal and reveals the same, with
        # the chance it consumes face up aligned.
        seat = game.to_act(state)[0]
        move = rng.choice(game.legal_moves(state, seat))
        chosen = twin_for_move(game, state, seat, move, rng)
        await store_state(service, game, chosen, ids[1])
        actor = next(p for p in players if p.user_id == match_a.by_seat()[seat].user_id)
        updates = [await service.submit(i, actor, move) for i in ids]
        assert public(updates[0], ids[0]) == public(updates[1], ids[1])
        # What a follower is DM'd, and whom the board pings, are public too.
        sent = [await service.deliver(u) for u in updates]
        assert sent[0].mentions == sent[1].mentions
        assert sent[0].dms[FAN.user_id].replace(f"#{ids[0]}", "#M") == \
            sent[1].dms[FAN.user_id].replace(f"#{ids[1]}", "#M")
        compared += 1
        # B follows A's real position; it is twinned again before the next move.
        await store_state(service, game, game.load(updates[0].match.snapshot), ids[1])
    assert compared >= 10
    if slug in ("when-gods-collide", "terra", "storm-of-the-gods"):
        assert differ > compared // 2  # the twins really hid other values
