"""The seams between play anywhere (issue 55) and the layers made before it: what the
bot does about the servers it is not in must never reach a match, a challenge or a
lesson made where it is not a member."""

from __future__ import annotations

from tests.match.test_sim_anywhere import start_here
from tests.sim.elsewhere import foreign_server
from tests.sim.harness import Sim


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
