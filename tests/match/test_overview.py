"""The "your turn" overview: every server, only the caller's turns, oldest wait first,
with jump links; and ``/turns`` in a server and in DMs."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.match.social import Social
from service import Actor
from service.match.overview import turns_lines, waited_text
from tests.discord_fakes import World

HERE, THERE = 50, 60
ANA = Actor(1, "Ana", guild_id=HERE)
BO = Actor(2, "Bo", guild_id=HERE)
ANA_THERE = Actor(1, "Ana", guild_id=THERE)
CY_THERE = Actor(3, "Cy", guild_id=THERE)
NOW = datetime(2030, 1, 10, 12, 0, tzinfo=UTC)


async def witch_stones(service, host, guest, *, thread_id):
    """A started match; seat 1 (the guest) chooses a side first."""
    match = await service.create(host, "witch-stones", channel_id=thread_id - 1)
    await service.join(match.id, guest)
    await service.store.set_places(match.id, thread_id=thread_id)
    return (await service.start(match.id, host)).match


async def set_updated(service, match_id, when):
    await service.store.execute("UPDATE matches SET updated_at = ? WHERE id = ?",
                                when.isoformat(timespec="milliseconds"), match_id)


async def test_overview_spans_servers_oldest_first_with_links(service):
    a = await witch_stones(service, BO, ANA, thread_id=501)  # Ana (seat 1) acts first
    b = await witch_stones(service, CY_THERE, ANA_THERE, thread_id=601)  # Ana acts first
    c = await witch_stones(service, ANA, BO, thread_id=701)  # Bo acts first: not Ana's turn
    await set_updated(service, a.id, NOW - timedelta(hours=3))
    await set_updated(service, b.id, NOW - timedelta(days=2, hours=5))
    await set_updated(service, c.id, NOW - timedelta(days=9))
    turns = await service.my_turns(ANA, now=NOW)
    assert [t.match.id for t in turns] == [b.id, a.id]
    assert turns[0].link == f"https://discord.com/channels/{THERE}/601"
    assert turns[1].link == f"https://discord.com/channels/{HERE}/501"
    assert turns[0].opponents == ["Cy"] and turns[1].opponents == ["Bo"]
    lines = turns_lines(turns)
    assert lines[0].startswith("Your turn in 2 matches")
    assert "Witch Stones** #" in lines[1] and "vs Cy" in lines[1] and "2 d 5 h" in lines[1]
    assert lines[1].endswith("https://discord.com/channels/60/601")
    # From DMs (no guild) it is the same list.
    assert [t.match.id for t in await service.my_turns(Actor(1, "Ana"), now=NOW)] == [b.id, a.id]
    # Bo waits for nobody in a and b; his turn is in c.
    assert [t.match.id for t in await service.my_turns(BO, now=NOW)] == [c.id]


async def test_overview_leaves_out_resigned_finished_and_others_turns(service):
    a = await witch_stones(service, BO, ANA, thread_id=501)
    await service.submit(a.id, ANA, "suns")  # now Bo's turn
    assert await service.my_turns(ANA, now=NOW) == []
    assert turns_lines([]) == ["No match is waiting for your move right now."]
    b = await witch_stones(service, BO, ANA, thread_id=502)
    await service.resign(b.id, ANA)
    assert await service.my_turns(ANA, now=NOW) == []


def test_waited_text():
    assert waited_text(timedelta(seconds=20)) == "under a minute"
    assert waited_text(timedelta(minutes=12)) == "12 min"
    assert waited_text(timedelta(hours=5, minutes=20)) == "5 h 20 min"
    assert waited_text(timedelta(days=3, hours=4, minutes=59)) == "3 d 4 h"


async def test_turns_command_in_a_server_and_in_dms(service):
    world = World(service)
    ana = world.user(1, "Ana")
    match = await witch_stones(service, BO, ANA, thread_id=501)
    cog = Social(world.bot)
    assert not cog.turns.guild_only  # it works in DMs with the bot
    for guild_id in (HERE, None):
        fake = world.interaction(ana, guild_id=guild_id)
        await cog.turns.callback(cog, fake.interaction)
        assert fake.last.ephemeral and f"#{match.id}" in fake.last.text
        assert f"https://discord.com/channels/{HERE}/501" in fake.last.text
    nobody = world.user(9, "Dee")
    fake = world.interaction(nobody, guild_id=None)
    await cog.turns.callback(cog, fake.interaction)
    assert fake.last.text == "No match is waiting for your move right now."
