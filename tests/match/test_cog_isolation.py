"""Reliability of the Discord layer, driven through the cogs' callbacks over a real service
(the helpers: ``cog_helpers.py``): 5. guild isolation, another guild's member gets "no
match" for every command and button; and a bug found there (fixed; its test failed before
the fix): the history of a match aborted alone in its lobby.
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.kit.common import match_autocomplete
from bot.match.ui import resign_view
from db import ABORTED
from tests.discord_fakes import (
    GUILD,
    OTHER_GUILD,
    FakeInteraction,
    Sent,
    press,
)
from tests.match.cog_helpers import (
    ANA,
    OTHER_CHANNEL,
    db_state,
    errors_logged,
    make_cogs,
    make_people,
    outbox,
    refused,
    slash,
    start_lobby,
    start_running,
)

# === 5. guild isolation =======================================================================
ISOLATION = ["/move", "/move without a match", "/board", "/score", "/history", "/myview",
             "/resign", "/resign confirm:True", "/abort", "/abort of a lobby", "move button",
             "resign button", "Join button", "Leave button", "Start button",
             "Add computer player button", "/move autocomplete", "match autocomplete",
             "/mymatches"]


async def _isolation_setup(world):
    """A running match (Ana, Bo; Bo to act) and Cy's Terra lobby with Dee in it (room for
    two more), all in GUILD."""
    cogs, people = make_cogs(world), make_people(world)
    match, thread, board = await start_running(world, cogs, people)
    lobby_match, _, lobby = await start_lobby(world, cogs, people.cy, "terra")
    await press(world, lobby, "Join", people.dee)
    return cogs, people, match, thread, board, lobby_match, lobby


async def _isolation_action(world, name, guild, setup) -> tuple[FakeInteraction, Any, int]:
    """Run one action as the user for whom it is legal in GUILD, from ``guild``: (the
    interaction, what an autocomplete returned, the match it names)."""
    cogs, people, match, thread, board, lobby_match, lobby = setup
    where = thread if guild == GUILD else world.text_channel(OTHER_CHANNEL)
    admin = name.startswith("/abort")

    def make(user, options=None) -> FakeInteraction:
        return world.interaction(user, channel=where, guild_id=guild, manage_guild=admin,
                                 options=options)

    async def button(sent, label, user):
        return await press(world, sent, label, user, channel=where, guild_id=guild,
                           manage_guild=admin)

    target, result = match.id, None
    if name in ("/move", "/move without a match"):
        fake = make(people.bo)
        option = match.id if name == "/move" else None
        await slash(cogs.play, "move", fake, "moons", option)
        target = option
    elif name in ("/board", "/score", "/history", "/myview"):
        fake = make(people.ana)
        await slash(cogs.info, name[1:], fake, match.id)
    elif name.startswith("/resign"):
        fake = make(people.ana)
        await slash(cogs.play, "resign", fake, match.id, name.endswith("True"))
    elif name == "/abort":
        fake = make(people.ana)
        await slash(cogs.play, "abort", fake, match.id)
    elif name == "/abort of a lobby":
        fake = make(people.cy)
        await slash(cogs.play, "abort", fake, lobby_match.id)
        target = lobby_match.id
    elif name == "move button":
        fake = await button(board, "moons", people.bo)
    elif name == "resign button":
        fake = await button(Sent(None, {"view": resign_view(match.id, ANA)}), "Yes, resign",
                            people.ana)
    elif name.endswith("button"):
        label = name.removesuffix(" button")
        user = {"Join": people.ana, "Leave": people.dee}.get(label, people.cy)
        fake = await button(lobby, label, user)
        target = lobby_match.id
    elif name == "/move autocomplete":
        fake = make(people.bo, {"match": match.id})
        result = await cogs.play.move_autocomplete(fake.interaction, "")
    elif name == "match autocomplete":
        fake = make(people.ana)
        result = await match_autocomplete(fake.interaction, "")
    else:
        fake = make(people.ana)
        await slash(cogs.info, "mymatches", fake)
        target = None
    return fake, result, target


@pytest.mark.parametrize("name", ISOLATION)
async def test_another_guild_finds_no_match(world, name):
    setup = await _isolation_setup(world)
    before, sent_before = await db_state(world.service.store), outbox(world)

    fake, result, target = await _isolation_action(world, name, OTHER_GUILD, setup)

    assert await db_state(world.service.store) == before
    assert outbox(world) == sent_before
    assert fake.edits == []
    if name.endswith("autocomplete"):
        assert result == [] and fake.sent == []
    elif target is None:
        assert refused(fake).text.startswith("You are in no open match here")
    else:
        assert refused(fake).text == f"There is no match #{target} here."

    # The same action from the match's own guild is not refused that way: the guild
    # alone made the difference.
    fake, result, target = await _isolation_action(world, name, GUILD, setup)
    if name.endswith("autocomplete"):
        assert result
    else:
        assert fake.sent or fake.edits
        assert not any("There is no match" in s.text or "no open match" in s.text
                       for s in fake.sent), fake.texts



# === bugs found (fixed; each test failed before its fix) ======================================
@pytest.mark.parametrize("how", ["no thread could be opened", "the host aborted"])
async def test_history_of_a_match_aborted_alone_in_its_lobby(world, caplog, how):
    cogs, people = make_cogs(world), make_people(world)
    if how == "no thread could be opened":  # /match start aborts the match it just made
        world.channel.fail_threads = True
        fake = world.interaction(people.ana)
        await cogs.lobby.start.callback(cogs.lobby, fake.interaction, "witch-stones", None)
        [match] = await world.service.store.find_matches(guild_id=GUILD, statuses=(ABORTED,))
    else:
        match, thread, _ = await start_lobby(world, cogs, people.ana)
        fake = world.interaction(people.ana, channel=thread)
        await cogs.play.abort.callback(cogs.play, fake.interaction, None)
    assert (await world.service.match(match.id)).status == ABORTED

    fake = world.interaction(people.ana)
    await cogs.info.history.callback(cogs.info, fake.interaction, match.id)
    assert errors_logged(caplog) == []
    assert refused(fake).text == f"No moves yet in #{match.id}."

