"""Through simcord (issue 58): a server whose language is German gets its match boards
drawn in German, while a player who chose French gets their private board (by DM) in
French (a joiner: the host's own answers would be French too). simcord sends every
interaction with the server's locale ``en-US``; the fixture gives the server German (the
interactions' ``guild_locale`` and the cached guild's)."""

from __future__ import annotations

from typing import Any

import discord
import pytest
from simcord import interactions

from rendering import kit
from service import Actor
from tests.sim.harness import Sim


@pytest.fixture
def german_server(sim: Sim, monkeypatch):
    made = interactions.base_payload

    def base_payload(*args: Any, **kwargs: Any):
        record, payload = made(*args, **kwargs)
        if "guild_id" in payload:
            payload["guild_locale"] = "de"
        return record, payload

    monkeypatch.setattr(interactions, "base_payload", base_payload)
    guild = sim.bot.get_guild(sim.guild.id)
    assert guild is not None
    monkeypatch.setattr(guild, "preferred_locale", discord.Locale.german)


async def test_a_german_servers_boards_are_german_and_a_dm_in_its_readers_language(
        sim: Sim, german_server):
    await sim.bot.service.languages.choose(Actor(sim.bo.id, "bo"), "fr")
    with kit.recording() as seen:
        await sim.slash(sim.ana, "match start", game="terra")
        thread = sim.channel.threads[-1]
        lobby = sim.posts(thread)[0]  # the thread in German: its buttons too
        await sim.bo.click(lobby, label="Beitreten")
        await sim.ana.click(lobby, label="Starten")
        await sim.env.settle()
    drawn = [text for _, text in seen]
    assert any(text.endswith("ist am Zug") for text in drawn), drawn[:10]
    assert "votre réserve" in drawn  # Bo's own view, by DM, in French (Ana's English)
    assert sim.dms(sim.bo) and sim.posts(thread)
