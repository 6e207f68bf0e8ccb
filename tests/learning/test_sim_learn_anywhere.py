"""``/learn`` where the bot is not a member (issue 55): the lesson is played on the bot's
answers in the conversation, step by step, only by its learner; on both stores."""

from __future__ import annotations

import re

import pytest

from engines import lesson
from tests.learning.test_sim_learn import right_move
from tests.match.test_sim_anywhere import labels
from tests.match.test_sim_anywhere_games import simcord_bot  # noqa: F401 (both stores)
from tests.sim.elsewhere import USE_EXTERNAL_APPS, foreign_server, group_dm
from tests.sim.harness import Sim, answer, text_of

BELOW = re.compile(r"^Your lesson of Witch Stones \(#(\d+)\) is below: play each step with "
                   r"/move or the buttons\. Everyone in this conversation sees it; only you "
                   r"play it\. In a DM with me, it is yours alone\.$")


@pytest.mark.parametrize("where", [group_dm, foreign_server])
async def test_a_lesson_step_by_step_on_the_bots_answers(sim: Sim, where) -> None:
    found = lesson.lesson_of("witch-stones")
    assert found is not None
    ana, bo = sim.ana.user, sim.bo.user
    place = where(sim, [ana, bo])
    result = await place.slash(ana, "learn", game="witch-stones")
    said = BELOW.match(answer(result))
    assert said and result.followups[-1].flags.ephemeral, answer(result)
    match_id = int(said[1])
    board = place.messages()[-1]
    assert found.steps[0].rule in text_of(board) and board.attachments
    assert "Your view" in labels(board)
    service = sim.bot.service
    match = await service.match(match_id)
    assert match.lesson and match.hosted and match.guild_id is None
    assert await service.servers_left({g.id for g in sim.bot.guilds}) == []
    refused = await place.slash(bo, "move", move="suns", match=match_id)
    assert refused.ephemeral and await service.store.moves(match_id) == []
    await place.slash(ana, "move", move="suns")
    assert found.steps[1].rule in text_of(place.messages()[-1])
    for number in range(1, len(found.steps)):
        await place.slash(ana, "move", move=await right_move(sim, match_id, number,
                                                              "witch-stones"))
    assert found.finish in text_of(place.messages()[-1])


async def test_no_lesson_where_nobody_else_would_see_the_answers(sim: Sim) -> None:
    place = foreign_server(sim, [sim.ana, sim.bo])
    place.member_permissions &= ~USE_EXTERNAL_APPS
    refused = await place.slash(sim.ana.user, "learn", game="witch-stones")
    assert refused.ephemeral and "ask a moderator to allow external apps" in answer(refused)
    assert place.messages() == []
    assert await sim.bot.service.store.find_matches(user_id=sim.ana.id) == []
