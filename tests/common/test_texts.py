"""Texts read right: plurals, scores that a name ending in a digit cannot run into, and
Terra's itemised table only where it helps (on request and at the end)."""

from __future__ import annotations

import random

import engines
from db import FINISHED, RUNNING
from service import Actor
from service.common.names import plural, scores_text

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
    assert scores_text(["Computer 1", "Computer 2"], [1, 2], "checker") == (
        "Computer 1: 1 checker · Computer 2: 2 checkers")


async def test_the_result_says_what_a_score_counts(service):
    """When Gods Collide's scores are checkers left, not points: its final post once said
    "Scores: Computer 2: 2", a number that could be either."""
    for slug, unit in (("when-gods-collide", "checker"), ("witch-stones", "point")):
        assert engines.spec(slug).score_unit == unit
        match = await service.create(ANA, slug, channel_id=5)
        await service.join(match.id, BO)
        await service.start(match.id, ANA)
        final = await service.resign(match.id, BO)
        said = final.public.text[final.public.text.index("Scores: "):].split("\n")[0]
        assert said.startswith("Scores: Computer 1: "), said
        assert f" {unit}s" in said or f" 1 {unit}" in said, said
        assert said.count(unit) == 2, said


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


class OutcomeSpy:
    """A renderer that remembers the outcome line of each picture."""

    def __init__(self) -> None:
        self.outcomes: list[str | None] = []

    def __call__(self, slug, view, names=None, highlight=None, outcome=None, marks=None):
        self.outcomes.append(outcome)
        return b"\x89PNG"


def spied(store):
    from engines.ai import RandomPlayer
    from service import Service

    spy = OutcomeSpy()
    return spy, Service(store, render=spy, seed_source=lambda: 9, shuffle=lambda s: None,
                        player=RandomPlayer())


async def test_one_result_in_the_text_and_on_the_picture_after_a_resignation(store):
    spy, service = spied(store)
    match = await service.create(ANA, "witch-stones", channel_id=5)
    await service.join(match.id, BO)
    match = (await service.start(match.id, ANA)).match
    assert spy.outcomes[-1] is None  # running: the picture says who is to act
    final = await service.resign(match.id, ANA)
    assert "Game over: Player 2 wins (Computer 1 resigned)." in final.public.text
    assert spy.outcomes[-1] == "Player 2 wins - Computer 1 resigned"
    await service.board(match.id)
    assert spy.outcomes[-1] == "Player 2 wins - Computer 1 resigned"


async def test_three_players_the_resigned_seat_ranks_last_in_text_and_picture(store):
    # The computer plays the resigned seat to the end; the winners are the same two
    # words in the final text and on the final picture.
    spy, service = spied(store)
    match = await service.create(ANA, "storm-of-the-gods", channel_id=5)
    await service.add_ai(match.id, ANA)
    await service.add_ai(match.id, ANA)
    await service.start(match.id, ANA)
    final = await service.resign(match.id, ANA)
    assert final.match.status == FINISHED
    verdict = final.public.text.split("Game over: ", 1)[1].split(" (", 1)[0]
    assert final.match.result["ranking"][-1] == [0]  # the resigned seat is last
    assert spy.outcomes[-1].startswith(verdict + " - ")


LITERALS = ("None", "{}", "[]", "'", "_")


async def play_some(service, match, actors, game, moves: int, rng):
    update = None
    for _ in range(moves):
        state = game.load(match.snapshot)
        seat = game.to_act(state)[0]
        update = await service.submit(match.id, actors[seat],
                                      rng.choice(game.legal_moves(state, seat)))
        match = update.match
    return update


async def test_private_information_reads_as_sentences_and_the_end_reveals_it(service):
    for slug in ("when-gods-collide", "terra"):
        game = engines.get(slug)
        match = await service.create(ANA, slug, channel_id=5)
        await service.join(match.id, BO)
        update = await service.start(match.id, ANA)
        posts = list(update.private.values())
        update = await play_some(service, update.match, (ANA, BO), game, 6, random.Random(3))
        posts += list(update.private.values())
        posts.append(await service.private(update.match.id, BO))
        for post in posts:
            assert post.text.startswith(f"{game.title} #{update.match.id}, for your eyes only: ")
            assert not [w for w in LITERALS if w in post.text], post.text
        final = await service.resign(update.match.id, ANA)
        revealed = [line for line in final.public.text.splitlines()
                    if line.startswith("Revealed: ")]
        assert revealed, final.public.text
        assert "Computer 1" in revealed[0] and "Player 2" in revealed[0]
        assert not [w for w in ("None", "{}", "[]", "{seat") if w in revealed[0]]
