"""Slash command sync at start-up through simcord: a refused sync is logged with its fix
(the bot runs on), and moving between a dev guild and global commands leaves no server
listing a command twice."""

from __future__ import annotations

import logging

from tests.sim.harness import Sim

OTHER_GUILD = 4242


def names(sim: Sim, guild_id: int | None) -> set[str]:
    return {name for name, _ in sim.env.backend.commands.get(guild_id, {})}


async def restart(sim: Sim, tmp_path, monkeypatch, dev_guild_id: int | None) -> None:
    await sim.restart(tmp_path, monkeypatch, dev_guild_id=dev_guild_id)


async def test_a_refused_sync_is_logged_with_its_fix_and_the_bot_runs_on(
        sim: Sim, tmp_path, monkeypatch, caplog):
    assert "move" in names(sim, None)
    sim.env.inject_error("PUT", f"/applications/*/guilds/{OTHER_GUILD}/commands", status=403,
                         code=50001, message="Missing Access")
    with caplog.at_level(logging.ERROR, logger="bot.client"):
        await restart(sim, tmp_path, monkeypatch, OTHER_GUILD)
    (error,) = [r for r in caplog.records if r.name == "bot.client"]
    assert (f"invite the bot to guild {OTHER_GUILD} with the applications.commands scope, "
            "or unset DEV_GUILD_ID") in error.getMessage()
    assert "move" in names(sim, None)  # the global commands were left as they were
    result = await sim.slash(sim.ana, "rules", game="witch-stones")  # the bot still answers
    assert result.ephemeral


async def test_moving_between_a_dev_guild_and_global_commands_leaves_no_duplicates(
        sim: Sim, tmp_path, monkeypatch):
    guild = sim.guild.id
    assert "move" in names(sim, None) and not names(sim, guild)
    await restart(sim, tmp_path, monkeypatch, guild)
    assert "move" in names(sim, guild) and not names(sim, None)
    await restart(sim, tmp_path, monkeypatch, OTHER_GUILD)  # another dev guild
    assert "move" in names(sim, OTHER_GUILD) and not names(sim, guild)
    assert not names(sim, None)
    await restart(sim, tmp_path, monkeypatch, None)  # back to global commands
    assert "move" in names(sim, None) and not names(sim, OTHER_GUILD)
    result = await sim.slash(sim.ana, "rules", game="witch-stones")
    assert result.ephemeral
