"""``/settings`` through simcord: a moderator sends matches to one channel and keeps
tournaments to a role; the bot refuses elsewhere in one sentence, says the settings back
in words, and mentions the chosen role (only it) when a tournament opens."""

from __future__ import annotations

import discord
import pytest
from simcord.backend.errors import SetupError

from tests.sim.harness import Sim, answer


async def test_settings_govern_where_matches_go_and_who_creates_tournaments(sim: Sim):
    clubs = sim.guild.create_text_channel("clubs")
    mods = sim.guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    organisers = sim.guild.create_role("organisers")
    eve = sim.guild.add_member(sim.env.create_user("eve"), roles=[mods])
    fay = sim.guild.add_member(sim.env.create_user("fay"), roles=[organisers])

    shown = await sim.slash(eve, "settings", matches_channel=clubs, tournament_role=organisers,
                            ping_role=organisers, deadline=48)
    text = answer(shown)
    assert shown.ephemeral and f"<#{clubs.id}> only." in text
    assert f"members with <@&{organisers.id}>" in text and "deadline 48 h per turn" in text

    refused = await sim.slash(sim.ana, "match start", game="witch-stones")
    assert refused.ephemeral
    assert answer(refused) == f"In this server matches start in <#{clubs.id}>."
    assert sim.channel.threads == []  # nothing left behind
    opened = await sim.slash(sim.ana, "match start", clubs, game="witch-stones")
    assert "is open in" in answer(opened)

    refused = await sim.slash(sim.ana, "tournament create", clubs, game="witch-stones",
                              format="swiss")
    assert f"Only members with <@&{organisers.id}> create tournaments" in answer(refused)
    made = await sim.slash(fay, "tournament create", clubs, game="witch-stones",
                           format="swiss")
    assert "is posted" in answer(made)
    ping = clubs.history()[-1]
    assert f"<@&{organisers.id}>" in ping.content
    assert [r.id for r in ping.role_mentions] == [organisers.id] and not ping.mention_everyone

    with pytest.raises(SetupError, match="default-member-permissions"):
        await sim.slash(sim.ana, "settings", deadline=1)  # Discord shows it to mods only
    assert "deadline 48 h" in answer(await sim.slash(eve, "settings"))


async def test_the_servers_language_is_kept_across_a_restart(sim: Sim) -> None:
    """Issue 58: what a channel shows is said in the language the moderators chose
    (``bot.kit.language.server``), known again when the bot starts."""
    from bot.kit import language

    mods = sim.guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    eve = sim.guild.add_member(sim.env.create_user("eve"), roles=[mods])
    shown = await sim.slash(eve, "settings", language="fr")
    assert "show my words in: Français." in answer(shown)
    bot = sim.bot
    language._CHOSEN.pop(bot)
    await language.load(bot, bot.service)  # as at start: read from the store
    assert language._CHOSEN[bot] == {sim.guild.id: "fr"}
    await sim.slash(eve, "settings", language="auto")
    assert language._CHOSEN[bot] == {}
