"""The gate of every new match through simcord: the menus that make a match offer only
the games the server allows, and a Rematch of a game the server stopped allowing is
refused with the rule (issue 57: it started one past the server's settings)."""

from __future__ import annotations

from typing import Any

from service import Actor
from tests.challenges.test_sim_challenges import finish_by_resigning
from tests.sim.harness import Sim, answer


def select_values(components: list[Any]) -> list[str]:
    """The values of every select menu's options, however deep in the layout."""
    found: list[str] = []
    for item in components:
        entry = item if isinstance(item, dict) else item.to_dict()
        found += [option["value"] for option in entry.get("options", [])]
        found += select_values(entry.get("components", []))
    return found


async def allow_only(sim: Sim, games: str) -> None:
    moderator = Actor(sim.ana.id, "ana", sim.guild.id, is_admin=True)
    await sim.bot.service.servers.change(moderator, games=games)


async def test_the_menus_offer_only_the_server_s_games(sim: Sim):
    await allow_only(sim, "terra, angry-gods")
    menu = await sim.ana.context_menu(sim.channel, "Challenge to a game", sim.cy)
    assert select_values(menu.response.components) == ["angry-gods", "terra"]
    for command in ("match start", "challenge", "tournament create", "learn"):
        offered = await sim.choices(sim.ana, sim.channel, command, "game")
        assert [c["value"] for c in offered] == ["angry-gods", "terra"], command
    typed = await sim.choices(sim.ana, sim.channel, "match start", "game", "ter")
    assert [c["value"] for c in typed] == ["terra"]
    refused = await sim.slash(sim.ana, "match start", game="witch-stones")
    assert refused.ephemeral and answer(refused) == "This server plays only Terra, Angry Gods."
    assert sim.channel.threads == []


async def test_a_rematch_of_a_game_no_longer_allowed_is_refused(sim: Sim):
    match_id, thread = await sim.start(sim.ana, "witch-stones", [sim.bo])
    await finish_by_resigning(sim, match_id, thread, [sim.ana, sim.bo])
    final = sim.posts(thread)[-1]
    await allow_only(sim, "terra")
    await sim.bo.click(final, label="Rematch")
    refused = await sim.ana.click(final, label="Rematch")
    assert refused.ephemeral and answer(refused) == "This server plays only Terra."
    assert [t.id for t in sim.channel.threads] == [thread.id]  # no new match's thread
    state = await sim.bot.service.store.rematch_state(match_id)
    assert state.new_match_id is None and not state.claimed  # asked again, it is tried again
