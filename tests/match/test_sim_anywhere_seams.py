"""The seams between play anywhere (issue 55) and the layers made before it: what the
bot does about the servers it is not in must never reach a match, a challenge or a
lesson made where it is not a member."""

from __future__ import annotations

import re

import pytest

from db import records
from tests.match.test_sim_anywhere import labels, start_here
from tests.sim.elsewhere import foreign_server, group_dm
from tests.sim.harness import Sim, answer, close_dms, text_of

HOUR = 3600


async def test_a_match_in_a_server_without_the_bot_survives_its_restart(sim: Sim) -> None:
    """At connection the bot closes what is open in the servers it was removed from
    while offline; a server that never added it is not one of them."""
    ana, bo = sim.ana.user, sim.bo.user
    place = foreign_server(sim, [ana, bo])
    match_id = await start_here(place, ana, [bo], game="witch-stones")
    service = sim.bot.service
    assert await service.servers_left({g.id for g in sim.bot.guilds}) == []
    await sim.bot.leave_servers_left()
    await sim.bot.get_cog("Departures").on_ready()
    assert (await service.match(match_id)).status == "running"
    assert (await service.retention.purge(0)) == {}


async def test_a_reminder_no_dm_could_carry_is_said_on_the_next_board(sim: Sim,
                                                                     monkeypatch) -> None:
    """The clock pass reminds the players of a match without a thread by DM only; when
    Discord refuses the DM, the next board anyone opens there says it, pinging the
    player, once."""
    env = sim.env
    monkeypatch.setattr(records, "now", lambda: records.stamp(env.now()))
    sim.bot.service.now = env.now
    place = group_dm(sim, [sim.ana, sim.bo])
    match_id = await start_here(place, sim.ana.user, [sim.bo.user], game="witch-stones",
                                remind=2, remind_every=0)
    (waiting_id,) = await sim.bot.service.waiting(match_id)
    waiting = sim.ana if waiting_id == sim.ana.id else sim.bo
    other = sim.bo if waiting is sim.ana else sim.ana
    close_dms(env, waiting.user)
    await env.advance_time(3 * HOUR)
    assert await sim.bot.service.unseen_reminders(await sim.bot.service.match(match_id)) \
        == [waiting.id]
    shown = await place.slash(other.user, "board")
    board = place.messages()[-1]
    assert board.attachments and waiting.id in board.ping_user_ids, answer(shown)
    said = text_of(board)
    assert said.startswith(f"⏰ <@{waiting.id}>: my reminder could not reach you by DM."), said
    again = await place.slash(other.user, "board")
    assert "my reminder could not reach you" not in text_of(place.messages()[-1]), again


@pytest.mark.parametrize("where", [group_dm, foreign_server])
async def test_a_match_here_speaks_the_language_of_the_people_here(sim: Sim, where) -> None:
    """Issue 58 where the bot is not a member: the starter's answer in their language, the
    lobby (its no-deadline line and buttons) in the conversation's."""
    place = where(sim, [sim.ana, sim.bo])
    place.locale = "de"
    result = await place.slash(sim.ana.user, "match start", game="witch-stones")
    assert re.fullmatch(r"Witch Stones #\d+ ist unten offen: Die Spieler drücken "
                        r"Beitreten, und du drückst Starten\.", text_of(result.response))
    lobby = place.messages()[-1]
    assert "Keine Frist: Hier kann ich nicht von mir aus schreiben" in text_of(lobby)
    assert labels(lobby)[:3] == ["Beitreten", "Verlassen", "Starten"]
