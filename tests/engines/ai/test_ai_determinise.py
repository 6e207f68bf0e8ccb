"""Determinisation: what a computer player searches is a legal state that looks the same
to its seat, and is built only from what that seat may see."""

from __future__ import annotations

import dataclasses
import random

import pytest

import engines
from engines.ai import MctsPlayer
from engines.base import Game

GAMES = [g.slug for g in engines.all()]


def positions(game: Game, players: int, count: int, seed: int) -> list:
    """States met along random games, with some options varied."""
    rng = random.Random(seed)
    found = []
    match = 0
    while len(found) < count:
        match += 1
        options = {"open_reserves": match % 3 == 0} if game.slug == "terra" else {}
        state = game.setup(players, seed * 1000 + match, options)
        while game.result(state) is None and len(found) < count:
            if rng.random() < 0.15:
                found.append(state)
            seat = game.to_act(state)[0]
            state = game.play(state, seat, rng.choice(game.legal_moves(state, seat)))
        if game.result(state) is not None:
            found.append(state)
    return found


def acting_twins(game: Game, players: int, count: int, seed: int):
    """Of ``count`` random positions (:func:`positions`), those where someone acts, with
    a twin to the first seat to act: (number, state, seat, twin)."""
    for n, state in enumerate(positions(game, players, count, seed)):
        acting = game.to_act(state)
        if acting:
            yield n, state, acting[0], twin(game, state, acting[0], random.Random(n + seed))


def twin(game: Game, state, seat: int, rng: random.Random):
    """A different real state that looks the same to ``seat``: its secrets redrawn by
    hand, per game (another seed; other stack, cups, reserves, gods, checker names)."""
    new = dataclasses.replace(game.load(game.dump(state)), seed=rng.getrandbits(40))
    if game.slug in ("witch-stones", "angry-gods"):
        return new
    if game.slug == "storm-of-the-gods":
        rng.shuffle(new.stack)
        new.step += rng.randrange(3)
    elif game.slug == "terra":
        for p in range(new.players):
            if p == seat or new.options["open_reserves"]:
                rng.shuffle(new.cups[p])
                continue
            pool = new.reserves[p] + new.cups[p] + new.discards[p]
            rng.shuffle(pool)
            r, d = len(new.reserves[p]), len(new.discards[p])
            order = {t: i for i, t in enumerate(("temple", "castle", "town", "farm", "mine",
                                                 "palace", "army"))}
            new.reserves[p] = sorted(pool[:r], key=order.__getitem__)
            new.discards[p], new.cups[p] = pool[r:r + d], pool[r + d:]
        new.auto = []
    elif game.slug == "when-gods-collide":
        idents = sorted({i for _, i in new.board.values()})
        renamed = {}  # other ids within each first owner's block (ids say who that was)
        for origin in {i // 12 for i in idents}:
            block = [i for i in idents if i // 12 == origin]
            fresh = rng.sample(range(origin * 12, origin * 12 + 12), len(block))
            renamed.update(zip(block, fresh, strict=True))
        new.board = {sq: [o, renamed[i]] for sq, (o, i) in new.board.items()}
        new.known = [sorted(renamed[i] for i in k if i in renamed) for k in new.known]
        new.public = sorted(renamed[i] for i in new.public if i in renamed)
        for p in range(new.players):
            if new.gods[p] in renamed:
                new.gods[p] = renamed[new.gods[p]]
            if p == seat or new.gods[p] < 0 or p in new.eliminated:
                continue
            found = [i for i in new.known[seat] if new.god_owner(i) == p]
            if not found:
                mine = [i for o, i in new.board.values() if o == p and i // 12 == p]
                new.gods[p] = rng.choice(mine)
            new.known[p] = []
        if new.last_seat != seat:
            new.last_private, new.last_seat = [], -1
    return new


@pytest.mark.parametrize("slug", GAMES)
def test_determinised_states_are_legal_and_look_the_same(slug):
    game = engines.get(slug)
    for players in sorted({game.min_players, min(3, game.max_players)}):
        for n, state in enumerate(positions(game, players, 25, seed=players)):
            for seat in range(players):
                rng = random.Random(n * 10 + seat)
                world = game.determinise(state, seat, rng)
                assert game.view(world, seat) == game.view(state, seat)
                assert game.private_view(world, seat) == game.private_view(state, seat)
                assert game.load(game.dump(world)) == world or slug == "terra"
                acting = game.to_act(world)
                assert acting == game.to_act(state)
                if acting:
                    moves = game.legal_moves(world, acting[0])
                    assert moves
                    if acting[0] == seat:
                        assert moves == game.legal_moves(state, seat)
                    game.play(world, acting[0], rng.choice(moves))


@pytest.mark.parametrize("slug", GAMES)
def test_states_that_look_the_same_determinise_the_same(slug):
    game = engines.get(slug)
    players = min(3, game.max_players)
    for n, state in enumerate(positions(game, players, 20, seed=7)):
        seat = n % players
        other = twin(game, state, seat, random.Random(n))
        assert game.view(other, seat) == game.view(state, seat)
        assert game.private_view(other, seat) == game.private_view(state, seat)
        a = game.determinise(state, seat, random.Random(99))
        b = game.determinise(other, seat, random.Random(99))
        assert game.dump(a) == game.dump(b)


@pytest.mark.parametrize("slug", ["storm-of-the-gods", "when-gods-collide", "terra"])
def test_the_search_never_peeks_at_secrets_or_future_chance(slug):
    game = engines.get(slug)
    player = MctsPlayer.with_budget(3, seconds=60)
    for n, state, seat, other in acting_twins(game, 2, 6, seed=11):
        assert player.choose(game, state, seat, n) == player.choose(game, other, seat, n)
