"""Lessons through the service (``/learn``), on both stores: a real, unrated match against
the easy computer whose moves the lesson's script judges, with each board post showing the
step, and a current step read from the move log (so a restart resumes it)."""

from __future__ import annotations

import pytest

import engines
from db import RUNNING
from engines import lesson
from engines.ai import RandomPlayer
from service import Actor, Service, ServiceError

ANA = Actor(1, "Ana", guild_id=50)
LESSONS = [s.slug for s in engines.specs() if s.learn is not None]


def script(slug: str) -> lesson.Lesson:
    found = lesson.lesson_of(slug)
    assert found is not None
    return found


def right_move(slug: str, state, number: int) -> str:
    found = script(slug)
    return lesson.first_right(engines.get(slug), state, found.steps[number], found.learner)


@pytest.mark.parametrize("slug", LESSONS)
async def test_a_whole_lesson_played_by_its_right_moves(service, slug):
    found = script(slug)
    update = await service.learn(ANA, slug, channel_id=7)
    match = update.match
    assert match.lesson and match.status == RUNNING and match.seed == found.seed
    assert not await service.store.is_rated(match.id)
    clock = await service.store.clock(match.id)
    assert (clock.deadline, clock.remind_after, clock.bank) == (0, 0, 0)  # no nagging
    learner = match.by_seat()[found.learner]
    assert learner.user_id == ANA.user_id
    assert all(s.is_ai and service.level_of(s) == "easy"
               for s in match.by_seat() if s is not learner)
    for number, step in enumerate(found.steps):
        assert update.public is not None
        text = update.public.text
        assert f"step {number + 1} of {len(found.steps)}: {step.rule}" in text
        assert text.endswith(step.ask)
        assert update.public.png  # the board
        game, state = service.state_of(await service.match(match.id))
        update = await service.submit(match.id, ANA, right_move(slug, state, number))
    assert update.public is not None
    assert update.public.text.endswith(found.finish)
    assert (await service.match(match.id)).status == RUNNING
    moves = await service.store.moves(match.id)
    computers = [m.notation for m in moves if m.seat != found.learner]
    scripted = [*found.opening, *(r for s in found.steps for r in s.replies)]
    assert computers[:len(scripted)] == scripted  # every computer move in the steps scripted
    # After the last step the match goes on unjudged: any legal move is taken.
    game, state = service.state_of(await service.match(match.id))
    legal = game.legal_moves(state, found.learner)
    update = await service.submit(match.id, ANA, legal[-1])
    assert "step" not in update.public.text.split("\n")[0]


@pytest.mark.parametrize("slug", LESSONS)
async def test_a_wrong_move_is_refused_and_the_step_repeats(service, slug):
    found = script(slug)
    match = (await service.learn(ANA, slug)).match
    for number, step in enumerate(found.steps[:3]):
        before = len(await service.store.moves(match.id))
        with pytest.raises(ServiceError) as refused:
            await service.submit(match.id, ANA, step.try_wrong)
        said = str(refused.value)
        assert said and said.rstrip("?").endswith((".", '"')) and "\n" not in said
        game, state = service.state_of(await service.match(match.id))
        try:
            game.play(state, found.learner, step.try_wrong)
        except engines.IllegalMove as error:
            assert said.startswith("Illegal move")
            assert str(error).rstrip(".")[:30].lower() in said.lower()
        else:
            assert said.rstrip(".") == step.wrong.rstrip(".")
        assert len(await service.store.moves(match.id)) == before  # nothing played
        board = await service.board(match.id, ANA)
        assert board.png
        update = await service.submit(match.id, ANA, right_move(slug, state, number))
        assert f"step {number + 2} of" in update.public.text


async def test_a_legal_move_the_step_does_not_ask_for_is_refused_with_its_words(service):
    found = script("witch-stones")
    match = (await service.learn(ANA, "witch-stones")).match
    with pytest.raises(ServiceError, match="This lesson is written for the suns"):
        await service.submit(match.id, ANA, "moons")
    update = await service.submit(match.id, ANA, "suns")
    assert found.steps[1].ask in update.public.text


async def test_a_restart_mid_lesson_resumes_at_the_same_step(store):
    first = Service(store, seed_source=lambda: 5, shuffle=lambda seats: None,
                    player=RandomPlayer())
    found = script("angry-gods")
    match = (await first.learn(ANA, "angry-gods")).match
    for number in range(3):
        _, state = first.state_of(await first.match(match.id))
        await first.submit(match.id, ANA, right_move("angry-gods", state, number))
    again = Service(store, seed_source=lambda: 6, shuffle=lambda seats: None,
                    player=RandomPlayer())  # a new process on the same store
    step = found.steps[3]
    with pytest.raises(ServiceError, match=step.wrong.rstrip(".")):
        await again.submit(match.id, ANA, step.try_wrong)
    _, state = again.state_of(await again.match(match.id))
    update = await again.submit(match.id, ANA, right_move("angry-gods", state, 3))
    assert found.steps[4].rule in update.public.text


async def test_the_score_and_the_text_board_of_a_lesson_say_its_step(service):
    # /score and /board text (what a screen reader reads) show the step as the picture
    # post does: its rule above, what to do below.
    found = script("witch-stones")
    match = (await service.learn(ANA, "witch-stones")).match
    step = found.steps[0]
    status, board = await service.text_board(match.id, ANA)
    assert status.startswith(f"**{found.title}**, step 1 of {len(found.steps)}: {step.rule}")
    assert status.endswith(f"➡️ {step.ask}") and board
    score = await service.standing(match.id, ANA)
    assert f"step 1 of {len(found.steps)}" in score.text and step.ask in score.text
    ordinary = await service.create(ANA, "witch-stones", seat_host=True)
    await service.add_ai(ordinary.id, ANA)
    await service.start(ordinary.id, ANA)
    status, _ = await service.text_board(ordinary.id, ANA)
    assert "step 1" not in status
    assert "step 1" not in (await service.standing(ordinary.id, ANA)).text


async def test_a_game_without_a_lesson_or_no_game_is_refused(service):
    with pytest.raises(ServiceError, match="no game"):
        await service.learn(ANA, "chess")
    without = [s.slug for s in engines.specs() if s.learn is None]
    for slug in without[:1]:
        with pytest.raises(ServiceError, match="has no lesson yet; lessons: Witch Stones"):
            await service.learn(ANA, slug)
    assert ("witch-stones", "Witch Stones") in service.lesson_games()


async def test_an_ordinary_match_is_no_lesson(service):
    match = await service.create(ANA, "witch-stones", seat_host=True)
    await service.add_ai(match.id, ANA)
    update = await service.start(match.id, ANA)
    assert not update.match.lesson
    assert "step 1" not in update.public.text


OPENING = """
title = "Angry Gods, the computer first"
players = 2
seed = 3
learner = 1
opening = ["leader red D4"]
finish = "Play on."

[[steps]]
teaches = "followers"
rule = "A follower goes next to a leader."
ask = "Place a red follower next to D4."
kind = '^follower red '
wrong = "A red follower, please."
try_wrong = "leader red A1"
replies = ["follower red D4se"]

[[steps]]
teaches = "end"
rule = "Play on."
ask = "Any move."
kind = '.'
wrong = "Any move."
try_wrong = "leader red A1"
"""


async def test_a_lesson_where_the_computer_opens_plays_the_scripts_opening(service,
                                                                          monkeypatch):
    found = lesson.parse(OPENING)
    monkeypatch.setattr(lesson, "lesson_of", lambda slug, language="en": found)
    update = await service.learn(ANA, "angry-gods")
    match = update.match
    assert match.by_seat()[1].user_id == ANA.user_id
    assert [m.notation for m in await service.store.moves(match.id)] == ["leader red D4"]
    assert "step 1 of 2" in update.public.text
    with pytest.raises(ServiceError, match="A red follower, please"):
        await service.submit(match.id, ANA, "leader blue D3")
    update = await service.submit(match.id, ANA, "follower red C3se")
    moves = [m.notation for m in await service.store.moves(match.id)]
    assert moves == ["leader red D4", "follower red C3se", "follower red D4se"]
    assert "step 2 of 2" in update.public.text


async def test_a_second_lesson_of_a_game_points_to_the_first_until_it_is_resigned(service):
    first = (await service.learn(ANA, "witch-stones", channel_id=7)).match
    await service.set_places(first.id, thread_id=99)
    with pytest.raises(ServiceError, match=r"lesson of Witch Stones \(#1\) is still running "
                                           r"in <#99>: play on there, or resign it"):
        await service.learn(ANA, "witch-stones", channel_id=7)
    other = (await service.learn(ANA, "angry-gods")).match  # another game's lesson: yes
    assert other.lesson and other.id != first.id
    await service.resign(first.id, ANA)
    again = (await service.learn(ANA, "witch-stones")).match
    assert again.lesson and again.id not in (first.id, other.id)
