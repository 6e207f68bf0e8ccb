"""A bot run with the members intent (an operator's choice; the bot does not ask for
it) hears a member leave at once, and takes them out of the server's tournaments as the
hourly check would (tests/events/test_sim_event_members.py)."""

from __future__ import annotations

import discord
import pytest

from tests.events.test_sim_tournaments import event_post, kayles  # noqa: F401  (fixture)
from tests.sim.harness import Sim, answer, make_bot, text_of


@pytest.fixture
async def simcord_bot(tmp_path, monkeypatch, bots):
    with_members = discord.Intents.default()
    with_members.members = True
    monkeypatch.setattr("bot.client.INTENTS", with_members)
    made = await make_bot(tmp_path, monkeypatch)
    bots.append(made)
    return made


async def test_a_leave_heard_at_once_withdraws_the_member(sim: Sim) -> None:
    assert sim.bot.intents.members
    result = await sim.slash(sim.ana, "tournament create", game="kayles", format="swiss",
                             rounds=2)
    event_id = int(answer(result).split("#")[1].split(" ")[0])
    for user in (sim.ana, sim.bo, sim.cy):
        await user.click(event_post(sim, event_id), label="Join")
    sim.guild.remove_member(sim.cy)  # before the start: out of the entrants
    await sim.env.settle()
    record = await sim.bot.service.tournament(event_id)
    assert record.entrant(sim.cy.id) is None
    assert any("cy left the server and the entrants" in text_of(m)
               for m in sim.posts(sim.channel))
    await sim.ana.click(event_post(sim, event_id), label="Start")
    sim.guild.remove_member(sim.bo)  # in round 1: withdrawn, the game forfeited
    await sim.env.settle()
    record = await sim.bot.service.tournament(event_id)
    assert record.entrant(sim.bo.id).withdrawn_round == 2
    assert record.status == "finished"
