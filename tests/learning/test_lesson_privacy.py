"""A lesson is its learner's alone (issue 57), through the service on both stores, so
Discord and the console refuse the same: every way of reading or asking about another
member's lesson is refused in one sentence; its learner reads it as any match."""

from __future__ import annotations

import pytest

from service import Actor, Service, ServiceError

ANA = Actor(1, "Ana", guild_id=50)
BO = Actor(2, "Bo", guild_id=50)


def asks(service: Service, match_id: int, actor: Actor):
    """Each reading of a match, or question about it, by ``actor``."""
    return {
        "board": lambda: service.board(match_id, actor),
        "text board": lambda: service.text_board(match_id, actor),
        "score": lambda: service.standing(match_id, actor),
        "own view": lambda: service.private(match_id, actor),
        "history": lambda: service.history(match_id, actor),
        "public history": lambda: service.history(match_id, actor, public=True),
        "export": lambda: service.export(match_id, actor),
        "own export": lambda: service.export(match_id, actor, mine=True),
        "replay": lambda: service.replay_gif(match_id, actor),
        "hint": lambda: service.hint(match_id, actor),
        "review": lambda: service.review(match_id, actor),
        "note": lambda: service.note(match_id, actor),
        "set note": lambda: service.set_note(match_id, actor, "mine now"),
        "follow": lambda: service.follow(match_id, actor, "moves"),
        "follow at the end": lambda: service.follow(match_id, actor, "end"),
        "nudge": lambda: service.nudge(match_id, actor),
        "readable": lambda: service.readable(match_id, actor),
    }


@pytest.mark.parametrize("over", [False, True], ids=["running", "resigned"])
async def test_another_members_every_look_at_a_lesson_is_refused(service: Service, over):
    match = (await service.learn(ANA, "witch-stones", channel_id=7)).match
    await service.submit(match.id, ANA, "suns")
    if over:  # a finished lesson stays hers: its replay and review too
        await service.resign(match.id, ANA)
    alone = f"Match #{match.id} is a lesson: only its learner may see it."
    for what, ask in asks(service, match.id, BO).items():
        with pytest.raises(ServiceError) as refused:
            await ask()
        assert str(refused.value) == alone, what
    assert await service.store.follows(match.id) == {}
    assert await service.store.note(match.id, BO.user_id) is None


async def test_the_learner_reads_her_lesson_as_any_match(service: Service):
    match = (await service.learn(ANA, "witch-stones", channel_id=7)).match
    await service.submit(match.id, ANA, "suns")
    assert "step 2 of" in (await service.board(match.id, ANA)).text
    assert (await service.history(match.id, ANA))[0].startswith("1.")
    assert (await service.export(match.id, ANA, mine=True)).json
    assert "kept" in await service.set_note(match.id, ANA, "h7 next")
    assert await service.note(match.id, ANA) == "h7 next"
    assert (await service.readable(match.id, ANA)).id == match.id
    assert (await service.board(match.id)).text  # the service itself (no actor) reads it


async def test_an_ordinary_match_is_still_open_to_onlookers(service: Service):
    match = await service.create(ANA, "witch-stones", seat_host=True)
    await service.add_ai(match.id, ANA)
    await service.start(match.id, ANA)
    assert (await service.board(match.id, BO)).text
    assert await service.history(match.id, BO, public=True)
    assert "You follow" in await service.follow(match.id, BO, "moves")
