"""``/challenge`` where the bot is not a member (issue 55): in a group DM and in a server
that has not added the bot, the challenge is the command's answer, its buttons answer
through it, the match it starts is one without a thread in the same conversation, and a
challenge that lapses is told by DM. On both stores."""

from __future__ import annotations

import re

import pytest

from tests.match.test_sim_anywhere import labels
from tests.match.test_sim_anywhere_games import simcord_bot  # noqa: F401 (both stores)
from tests.sim.elsewhere import USE_EXTERNAL_APPS, Elsewhere, foreign_server, group_dm
from tests.sim.harness import Sim, answer, last, text_of

PLACES = [group_dm, foreign_server]
HOUR = 3600


async def challenge(place: Elsewhere, challenger, opponent, **options) -> tuple[int, object]:
    result = await place.slash(challenger, "challenge", opponent=opponent,
                               game="witch-stones", **options)
    assert result.response.flags.ephemeral
    found = re.fullmatch(r"Challenge #(\d+) is below; it lapses in 48 hours unless "
                         r"answered\.", text_of(result.response))
    assert found, text_of(result.response)
    post = place.messages()[-1]
    assert "challenges" in text_of(post) and f"<@{opponent.id}>" in text_of(post)
    assert labels(post) == ["Accept", "Decline", "Withdraw"]
    return int(found[1]), post


@pytest.mark.parametrize("where", PLACES)
async def test_an_accepted_challenge_starts_a_match_here(sim: Sim, where) -> None:
    ana, bo = sim.ana.user, sim.bo.user
    place = where(sim, [ana, bo])
    challenge_id, post = await challenge(place, ana, bo)
    before = len(place.messages())
    accepted = await place.click(bo, post, "Accept")
    assert answer(accepted).startswith("Match #"), answer(accepted)
    now = place.current(post)
    assert "Everyone accepted" in text_of(now) and labels(now) == []
    board = place.messages()[before:]
    assert board and "begins" in text_of(board[-1]), [text_of(m) for m in board]
    assert "Your view" in labels(board[-1])
    service = sim.bot.service
    record = await service.get_challenge(challenge_id)
    match = await service.match(record.match_id)
    assert match.hosted and match.thread_id is None and match.guild_id is None
    assert match.channel_id == place.channel_id and match.status == "running"
    # what the bot does about the servers it is not in never reaches it
    assert await service.servers_left({g.id for g in sim.bot.guilds}) == []
    # and it is played here, as any match without a thread
    (user_id, moves), = (await service.waiting(match.id)).items()
    mover = ana if user_id == ana.id else bo
    await place.slash(mover, "move", move=moves[0])
    assert [m.notation for m in await service.store.moves(match.id)] == [moves[0]]


@pytest.mark.parametrize("where", PLACES)
async def test_a_declined_challenge_tells_its_challenger_here(sim: Sim, where) -> None:
    ana, bo = sim.ana.user, sim.bo.user
    place = where(sim, [ana, bo])
    _, post = await challenge(place, ana, bo)
    declined = await place.click(bo, post, "Decline")
    assert answer(declined) == "Declined."
    assert "declined" in text_of(place.current(post)) and labels(place.current(post)) == []
    notice = place.messages()[-1]
    assert "declined your challenge" in text_of(notice) and f"<@{ana.id}>" in text_of(notice)


async def test_a_challenge_here_takes_no_deadline(sim: Sim) -> None:
    ana, bo = sim.ana.user, sim.bo.user
    place = group_dm(sim, [ana, bo])
    refused = await place.slash(ana, "challenge", opponent=bo, game="witch-stones",
                                deadline=24)
    assert refused.ephemeral and answer(refused).startswith(
        "A match here runs without a deadline")
    assert place.messages() == []
    assert await sim.bot.service.store.find_challenges(challenger_id=ana.id) == []


async def test_a_server_that_limits_external_apps_gets_no_challenge_nobody_sees(sim: Sim
                                                                              ) -> None:
    place = foreign_server(sim, [sim.ana, sim.bo])
    place.member_permissions &= ~USE_EXTERNAL_APPS
    refused = await place.slash(sim.ana.user, "challenge", opponent=sim.bo.user,
                                game="witch-stones")
    assert refused.ephemeral and "ask a moderator to allow external apps" in answer(refused)
    assert place.messages() == []
    assert await sim.bot.service.store.find_challenges(challenger_id=sim.ana.id) == []


async def test_a_lapsed_challenge_here_is_told_by_dm_and_its_buttons_go(sim: Sim,
                                                                        monkeypatch) -> None:
    from db import records
    env = sim.env
    monkeypatch.setattr(records, "now", lambda: records.stamp(env.now()))
    sim.bot.service.now = env.now
    ana, bo = sim.ana.user, sim.bo.user
    place = foreign_server(sim, [ana, bo])
    challenge_id, post = await challenge(place, ana, bo)
    dms = len(sim.dms(sim.ana))
    await env.advance_time(49 * HOUR)
    assert await sim.bot.get_cog("Challenges").tick() in (0, 1)  # the loop may have run
    told = [text_of(m) for m in sim.dms(sim.ana)[dms:]]
    assert any(f"challenge #{challenge_id}" in t and "lapsed" in t for t in told), told
    late = await place.click(bo, post, "Accept")
    assert last(late).flags.ephemeral and "lapsed" in answer(late)
    assert labels(place.current(post)) == []
    assert (await sim.bot.service.get_challenge(challenge_id)).status == "lapsed"
