"""Secrets audit through the service, for every game with hidden information.

Random matches are played through :class:`Service` with a spy renderer that records the
view behind every picture. Checked for every update: the public picture was drawn from
the public view and that view holds no hidden value; each DM picture was drawn from its
recipient's own view; channel texts name no hidden value. The engines' own property
tests (thousands of games) check the same views against scrambled hidden values.
"""

from __future__ import annotations

import json
import random

import pytest

import engines
from service import Actor, Service
from tests.conftest import games_budget
from tests.recap_steps import own_steps, steps

PEOPLE = [Actor(i, f"P{i}") for i in range(1, 7)]
HIDDEN_KEYS = {"stack", "cups", "cup", "gods", "known", "reserves"}


class SpyRenderer:
    """Renders nothing; remembers each view under a numbered fake PNG."""

    def __init__(self) -> None:
        self.views: dict[bytes, dict] = {}

    def __call__(self, slug: str, view: dict, names=None, highlight=None, **_) -> bytes:
        png = b"\x89PNG-spy-%d" % len(self.views)
        self.views[png] = json.loads(json.dumps(view))
        return png


def leaks(game, view: dict, state) -> list[str]:
    """Hidden values present in a public view."""
    found = [f"key {k}" for k in HIDDEN_KEYS & view.keys()]
    if game.slug == "when-gods-collide":
        found += [f"god on {sq}" for sq, cell in view["board"].items()  # but those known
                  if cell.get("god") and state.board[sq][1] not in state.public]  # to all
    if game.slug == "terra" and not view.get("options", {}).get("open_reserves"):
        found += ["reserve"] if "reserve" in view else []
    if game.slug == "storm-of-the-gods" and len(state.stack) > 1:
        data = game.dump(state)
        data["stack"] = list(reversed(data["stack"]))
        if game.view(game.load(data), None) != view:
            found.append("the view depends on the stack's order")
    return found


def secret_words(game, move: str) -> list[str]:
    """What a move's public sentence must not name: the chosen god's square, the chits
    of a closed reserve that were discarded."""
    words = move.split()
    if game.slug == "when-gods-collide" and words[0] == "god":
        return words[1:]
    if game.slug == "terra" and words[0] == "discard":
        return words[1:]
    return []


@pytest.mark.parametrize("slug", ["when-gods-collide", "terra", "storm-of-the-gods"])
async def test_public_outputs_hold_no_secret_and_dms_only_their_owner(store, slug):
    game = engines.get(slug)
    spy = SpyRenderer()
    rng = random.Random(slug)  # seeds and moves from one generator: the same games each run
    service = Service(store, render=spy, shuffle=lambda seats: None,
                      seed_source=lambda: rng.getrandbits(62))
    for number in range(games_budget(48) // 6 + 2):
        players = rng.randint(game.min_players, game.max_players)
        host = PEOPLE[0]
        match = await service.create(host, slug)
        for person in PEOPLE[1:players]:
            await service.join(match.id, person)
        update = await service.start(match.id, host)
        lines: list[str] = []  # each stored move's public line, named
        for _ in range(3000):
            match = update.match
            state = game.load(match.snapshot)
            public = spy.views[update.public.png]
            assert public == json.loads(json.dumps(game.view(state, None)))
            assert leaks(game, public, state) == [], (number, leaks(game, public, state))
            for user_id, post in update.private.items():
                seat = match.seat_of(user_id).seat
                await post.ready()
                if post.png is not None:  # a private move's bare confirmation has none
                    assert spy.views[post.png] == json.loads(json.dumps(game.view(state, seat)))
            if match.status != "running":
                break
            seat = game.to_act(state)[0]
            move = rng.choice(game.legal_moves(state, seat))
            actor = PEOPLE[match.by_seat()[seat].user_id - 1]
            update = await service.submit(match.id, actor, move)
            # The lines this move wrote: not the "since your last turn" list of moves
            # posted before (public descriptions stored with each move), each named once.
            moves = await service.store.moves(match.id)
            lines += [service.named(update.match, m.said) for m in moves[len(lines):]]
            earlier = set(lines[:-1])
            mine = steps(service.named(update.match, moves[-1].said)) if moves[-1].said else []
            own = [*own_steps(update.public.text, earlier, update.match.names), *mine]
            said = " ".join(own).lower().replace(".", " ").replace(";", " ").split()
            assert not set(secret_words(game, move)) & set(said), (move, update.public.text)
        assert update.match.status == "finished"
