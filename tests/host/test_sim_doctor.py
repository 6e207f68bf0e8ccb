"""``python -m bot doctor``'s line per server, from the servers the connected bot is in:
every permission there, then the ones a moderator took away named in words."""

from __future__ import annotations

import discord

from bot.host.doctor import server_lines
from tests.sim.harness import Sim


async def test_each_server_says_which_permissions_the_bot_lacks(sim: Sim) -> None:
    ((ok, line),) = server_lines(sim.bot.guilds)
    assert ok and line.endswith("every permission needed")
    guild = sim.bot.get_guild(sim.guild.id)
    managed = next(r for r in guild.me.roles if r.managed or r.name == sim.bot.user.name)
    left = discord.Permissions(managed.permissions.value)
    left.update(attach_files=False, manage_threads=False, administrator=False)
    sim.env.backend.edit_role(sim.guild.id, managed.id, {"permissions": left.value})
    everyone = discord.Permissions(guild.default_role.permissions.value)
    everyone.update(attach_files=False, manage_threads=False)
    sim.env.backend.edit_role(sim.guild.id, guild.default_role.id,
                              {"permissions": everyone.value})
    await sim.env.settle()
    ((ok, line),) = server_lines(sim.bot.guilds)
    assert not ok and line == (f"server Pantheon test server ({sim.guild.id}): missing "
                               "Manage Threads, Attach Files")
