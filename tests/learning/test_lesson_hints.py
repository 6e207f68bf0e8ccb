"""``/hint`` in a lesson (issue 57), through the service on both stores: at every step of
every game's lesson the hint names a move the step accepts (the step's own move where the
script names one), said in the step's words; after the steps, the computer's hint again.

The old hint was the computer's choice, which the step refused in about half the steps."""

from __future__ import annotations

import pytest

import engines
from engines import lesson
from engines.ai.analysis import Look
from service import Actor, Service, ServiceError

ANA = Actor(1, "Ana", guild_id=50)
LESSONS = [s.slug for s in engines.specs() if s.learn is not None]
TINY = Look(worlds=1, candidates=2, scan=6, replies=3, plies=1)


def hinted(text: str) -> str:
    """The move a hint names, as its reader reads it (the words after "…match): ")."""
    return text.split(": ", 1)[1].split(":")[0].split(" (")[0]


@pytest.mark.parametrize("slug", LESSONS)
async def test_every_steps_hint_is_a_move_the_step_accepts(service: Service, slug: str):
    service.coach.looks = {"easy": TINY, "normal": TINY, "hard": TINY}
    found = lesson.lesson_of(slug)
    assert found is not None
    game = engines.get(slug)
    match = (await service.learn(ANA, slug)).match
    given = []
    for number, step in enumerate(found.steps):
        hint = await service.hint(match.id, ANA)
        move = hinted(str(hint.text))
        _, state = service.state_of(await service.match(match.id))
        try:  # the step accepts it: played, not refused
            update = await service.submit(match.id, ANA, move)
        except ServiceError as refused:
            pytest.fail(f"{slug} step {number + 1}: the hint {move!r} was refused: {refused}")
        # The script's own move where it names one (the move its walk plays).
        assert move == lesson.first_right(game, state, step, found.learner), (number, hint)
        assert update.public is not None
        given.append((move, hint))
    for number, (step, (move, hint)) in enumerate(zip(found.steps, given, strict=True)):
        assert move == hint.move  # the move, for a front end
        # Why, in the step's words.
        assert f"(step {number + 1} of {len(found.steps)})" in str(hint.text)
        assert " ".join(f"{step.rule} {step.ask}".split()) in " ".join(str(hint.text).split())
        assert hint.taken == number + 1
    assert found.finish in update.public.text
    # The steps are done: the hint is the computer's again, a legal move of the match.
    hint = await service.hint(match.id, ANA)
    assert "(step " not in str(hint.text)
    assert hint.move in (await service.waiting(match.id))[ANA.user_id]


async def test_a_steps_hint_when_the_position_left_the_script(service: Service,
                                                              monkeypatch):
    """A step none of whose moves is legal (the position left the script) takes any legal
    move: the hint is one of those, still a move the step accepts."""
    import dataclasses

    found = lesson.lesson_of("witch-stones")
    assert found is not None
    lost = dataclasses.replace(found, steps=(
        dataclasses.replace(found.steps[0], moves=("take a2",), try_wrong="take b2"),
        *found.steps[1:]))
    monkeypatch.setattr(lesson, "lesson_of", lambda slug, language="en": lost)
    match = (await service.learn(ANA, "witch-stones")).match
    hint = await service.hint(match.id, ANA)
    assert hinted(str(hint.text)) in (await service.waiting(match.id))[ANA.user_id]
    assert "(step 1 of" in str(hint.text) and lost.steps[0].ask in str(hint.text)
    await service.submit(match.id, ANA, hinted(str(hint.text)))
