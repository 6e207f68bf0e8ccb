"""``/match start`` where things go wrong or the channel is unusual: nothing is left
behind on a failure (no lobby, no empty thread), and each kind of channel either works
or answers clearly (rulings in bot/match/opening.py)."""

from __future__ import annotations

import aiohttp
import discord

from bot.match.opening import CANCELLED_NOTE, FAILED, NEWS, NO_THREAD, VOICE
from db import ABORTED, LOBBY
from service import Actor
from tests.sim.harness import Sim, answer

PUBLIC_THREAD = 11


def stored(sim: Sim, channel_id: int):
    return sim.env.backend.get_channel(channel_id)


async def statuses(sim: Sim) -> list[str]:
    guild_id = sim.guild.id
    found = await sim.bot.service.store.find_matches(guild_id=guild_id,
                                                     statuses=(LOBBY, ABORTED, "running"))
    return [m.status for m in found]


async def nothing_left(sim: Sim, channel) -> None:
    """Every match is aborted, no thread is left in ``channel``, and the host's open
    matches (autocomplete, /turns) list none."""
    assert set(await statuses(sim)) == {ABORTED}
    assert channel.threads == []
    assert await sim.bot.service.my_matches(Actor(sim.ana.id, "ana", sim.guild.id)) == []


async def test_threads_but_no_posting_in_them_leaves_no_empty_thread(sim: Sim) -> None:
    me = sim.guild.me
    locked = sim.guild.create_text_channel(
        "locked", overwrites={me: discord.PermissionOverwrite(send_messages_in_threads=False)})
    result = await sim.slash(sim.ana, "match start", locked, game="terra")
    assert result.ephemeral and answer(result) == NO_THREAD
    await nothing_left(sim, locked)


async def test_a_client_failure_mid_start_leaves_no_lobby(sim: Sim, monkeypatch) -> None:
    async def broken(self, *args, **kwargs):
        raise aiohttp.ClientOSError(104, "Connection reset by peer")

    monkeypatch.setattr(discord.Thread, "send", broken)
    result = await sim.slash(sim.ana, "match start", game="witch-stones")
    assert result.ephemeral and answer(result) == FAILED
    await nothing_left(sim, sim.channel)


async def test_a_thread_that_cannot_be_deleted_is_archived_and_locked(sim: Sim) -> None:
    sim.env.inject_error("POST", "/channels/*/messages", status=403, code=50013,
                         message="Missing Permissions", times=1)
    sim.env.inject_error("DELETE", "/channels/*", status=403, code=50013,
                         message="Missing Permissions", times=1)
    result = await sim.slash(sim.ana, "match start", game="terra")
    assert answer(result) == NO_THREAD
    assert set(await statuses(sim)) == {ABORTED}
    [thread] = sim.channel.threads
    metadata = stored(sim, thread.id).thread_metadata
    assert metadata.archived and metadata.locked
    assert [m.content for m in sim.posts(thread)] == [CANCELLED_NOTE]


async def test_an_announcement_channel_is_refused_clearly(sim: Sim) -> None:
    news = sim.guild.create_news_channel("news")
    result = await sim.slash(sim.ana, "match start", news, game="terra")
    assert result.ephemeral and answer(result) == NEWS
    assert await statuses(sim) == [] and news.threads == []


async def test_a_forum_post_opens_a_new_post_for_the_match(sim: Sim) -> None:
    forum = sim.guild.create_forum_channel("boards")
    chat = sim.env.backend.create_thread(forum.id, "chat", sim.ana.id, type=PUBLIC_THREAD)
    [post] = [t for t in forum.threads if t.id == chat.id]
    result = await sim.slash(sim.ana, "match start", post, game="terra")
    assert "is open in" in answer(result), answer(result)
    [made] = [t for t in forum.threads if t.id != chat.id]
    assert made.name == "Terra #1"
    lobby = sim.posts(made)[0]
    assert "lobby" in lobby.content  # the post's first message
    record = await sim.bot.service.match(1)
    assert (record.thread_id, record.lobby_message_id, record.channel_id) == (
        made.id, lobby.id, forum.id)
    joined = await sim.bo.click(lobby, label="Join")
    assert not joined.followups or "match" in answer(joined).lower()
    assert len((await sim.bot.service.match(1)).seats) == 2


async def test_a_voice_channel_chat_is_refused_clearly(sim: Sim) -> None:
    voice = sim.guild.create_voice_channel("lounge")
    result = await sim.slash(sim.ana, "match start", voice, game="terra")
    assert result.ephemeral and answer(result) == VOICE
    assert await statuses(sim) == []


async def test_a_thread_is_refused_naming_its_channel(sim: Sim) -> None:
    _, thread = await sim.start(sim.ana, "terra", [sim.bo], start=False)
    result = await sim.slash(sim.bo, "match start", thread, game="witch-stones")
    text = answer(result)
    assert result.ephemeral and "thread already" in text and sim.channel.mention in text
    assert await statuses(sim) == [LOBBY]


async def test_a_forum_itself_opens_a_post_for_the_match(sim: Sim) -> None:
    forum = sim.guild.create_forum_channel("boards")
    result = await sim.slash(sim.ana, "match start", forum, game="witch-stones")
    assert "is open in" in answer(result), answer(result)
    [made] = forum.threads
    assert "lobby" in sim.posts(made)[0].content
