"""A running match's record, by each game's rule: it carries the seed, and reopens as a new
match, only where the seed tells nothing hidden or to come (the game's set-up is public
and no chance follows it, as its engine declares); elsewhere it has no seed and no
private move, says why in its note, and the front end says so as it writes it.

The declarations are checked against the engines (a public twin of the set-up differs
only in its seed; replaying the same moves under another seed changes nothing), and the
records against twins: matches whose hidden values differ export the same running record,
but for the seed of a game whose seed is public."""

from __future__ import annotations

import dataclasses
import json
import random
from datetime import UTC, datetime

import pytest

import engines
from db import RUNNING
from engines.base import Game, IllegalMove, State
from engines.replay import replayed
from service import Actor
from service.records.export import record_json, seed_is_public
from service.records.importer import RecordError, load_record
from tests.conftest import play_random

GAMES = [g.slug for g in engines.all()]
ANA = Actor(1, "Ana", guild_id=50)
BO = Actor(2, "Bo", guild_id=50)
ACTORS = {1: ANA, 2: BO}
REOPEN = {"witch-stones": True, "angry-gods": True, "storm-of-the-gods": False,
          "when-gods-collide": False, "terra": False}
"""Each game's rule, as decided from its engine (docs/RECORDS.md)."""


def test_each_game_has_the_rule_its_engine_declares():
    assert {g.slug: seed_is_public(g) for g in engines.all()} == REOPEN


def bare(game: Game, state: State) -> dict:
    """A state as its engine dumps it, without what the seed alone keeps (the seed and
    the count of chance events drawn from it)."""
    data = game.dump(state)
    data.pop("seed", None)
    data.pop("step", None)
    return data


def options(game: Game, rng: random.Random) -> dict:
    """Options drawn at random: each true or false, or one of its choices."""
    return game.parse_options({
        o.name: str(rng.choice(o.choices or ((True, False) if isinstance(o.default, bool)
                                             else (o.default,))))
        for o in game.options})


@pytest.mark.parametrize("slug", GAMES)
def test_each_game_declares_truly_what_its_seed_decides(slug):
    """``public_setup``: no public twin of a set-up differs from it but in the seed (for a
    game that says its set-up is hidden, some does). ``chance_after_setup``: the same
    moves under another seed never give another position (for a game that says chance
    follows, some do)."""
    game = engines.get(slug)
    rng = random.Random(slug)
    hidden_deals = later_chance = 0
    for _ in range(8):
        players = rng.randint(game.min_players, game.max_players)
        state = game.setup(players, rng.getrandbits(62), options(game, rng))
        hidden_deals += bare(game, game.determinise(state, None, rng)) != bare(game, state)
        other = game.load({**game.dump(state), "seed": rng.getrandbits(62)})
        for _ in range(400):
            if game.result(state) is not None:
                break
            seat = game.to_act(state)[0]
            move = rng.choice(game.legal_moves(state, seat))
            state = game.play(state, seat, move)
            try:
                other = game.play(other, seat, move)
            except IllegalMove:
                later_chance += 1
                break
            if bare(game, other) != bare(game, state):
                later_chance += 1
                break
    assert (hidden_deals == 0) == game.public_setup, hidden_deals
    assert (later_chance == 0) == (not game.chance_after_setup), later_chance


async def running(service, slug: str, moves: int = 10) -> int:
    """Ana and Bo's match of ``slug``, ``moves`` random moves in and still running."""
    match = await service.create(ANA, slug, channel_id=10)
    await service.join(match.id, BO)
    await service.start(match.id, ANA)
    played = await play_random(service, match.id, ACTORS, random.Random(slug).choice, moves)
    assert played.status == RUNNING
    return match.id


def another_private(game: Game, state: State, seat: int, move: str,
                    rng: random.Random) -> str:
    """Another private move ``seat`` could have made instead of ``move`` (a hidden value
    that differs), else ``move`` written otherwise."""
    others = [m for m in game.legal_moves(state, seat) if game.is_private(m) and m != move]
    return rng.choice(others) if others else move + " "


@pytest.mark.parametrize("slug", GAMES)
async def test_twins_export_the_same_running_record_but_for_a_public_seed(service, slug):
    """A running match and its twins: another seed (every hidden value it deals, all
    chance to come), other private moves, the final position a public twin. Their records are
    the same, but for the seed where the game's rule carries it (then it is the match's)."""
    game = engines.get(slug)
    match_id = await running(service, slug, moves=16)
    match = await service.match(match_id)
    moves = await service.store.moves(match_id)
    states = list(replayed(game, len(match.seats), match.seed, match.options,
                           [(m.seat, m.notation) for m in moves]))
    at = datetime.now(UTC)
    real = json.loads(record_json(match, game, moves, states[-1], at)[0])
    rng = random.Random(slug)
    private = 0
    for _ in range(4):
        twin_moves = []
        for move, before in zip(moves, states, strict=False):
            if game.is_private(move.notation):
                private += 1
                move = dataclasses.replace(move, notation=another_private(
                    game, before, move.seat, move.notation, rng))
            twin_moves.append(move)
        twin_match = dataclasses.replace(match, seed=rng.getrandbits(62))
        twin_final = game.determinise(states[-1], None, rng)
        twin = json.loads(record_json(twin_match, game, twin_moves, twin_final, at)[0])
        seeds = (real["header"].pop("seed"), twin["header"].pop("seed"))
        assert seeds == ((match.seed, twin_match.seed) if REOPEN[slug] else (None, None))
        assert twin == real
        real["header"]["seed"] = seeds[0]
    assert real["header"]["complete"] is False
    assert not any("hidden" in m for m in real["moves"]) or not REOPEN[slug]
    if slug in ("when-gods-collide", "terra"):  # private moves were made, and stay hidden
        assert private and any(m.get("hidden") for m in real["moves"])


@pytest.mark.parametrize("slug", GAMES)
async def test_a_running_record_reopens_where_its_seed_tells_nothing(service, slug):
    game = engines.get(slug)
    match_id = await running(service, slug)
    match = await service.match(match_id)
    made = await service.export(match_id, ANA)
    header = json.loads(made.json)["header"]
    assert header["status"] == RUNNING and header["complete"] is False
    if not REOPEN[slug]:
        assert header["seed"] is None and "cannot be replayed" in header["note"]
        assert made.unreplayable and "--import" in made.unreplayable
        with pytest.raises(RecordError, match=r"^line \d+: .*running: in .* the seed "):
            load_record(made.json)
        return
    assert header["seed"] == match.seed and made.unreplayable is None
    assert "tells nothing hidden or to come" in header["note"]
    loaded = load_record(made.json)
    assert not loaded.over and game.dump(loaded.final) == match.snapshot
    copy = (await service.continue_copy(loaded)).match
    assert copy.id != match_id and copy.status == RUNNING
    assert copy.snapshot == match.snapshot and copy.seed == match.seed


async def test_a_running_record_of_a_secret_game_never_carries_the_seed_when_edited(service):
    """A running Terra record given a seed by hand is refused all the same: no running
    record of a game with secrets is read as one that could carry it."""
    made = await service.export(await running(service, "terra"), ANA)
    data = json.loads(made.json)
    data["header"]["seed"] = 7
    with pytest.raises(RecordError, match="such a record has no seed"):
        load_record(json.dumps(data))
