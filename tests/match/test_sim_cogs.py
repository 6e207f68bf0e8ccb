"""The cogs' commands through simcord: resign and abort, the reading commands (/board,
/score, /history, /mymatches, /rules, /myview) and what they answer outside a match.
(Ported from the hand-made fakes of test_cogs.py, issue 13.)"""

from __future__ import annotations

import discord

from db import ABORTED, FINISHED, RUNNING
from tests.sim.harness import Sim, answer, labels, last, text_of


async def running(sim: Sim, game: str = "witch-stones"):
    """Ana hosts against Bo, who (seat 2) chooses a side first in Witch Stones."""
    return await sim.start(sim.ana, game, [sim.bo])


async def status(sim: Sim, match_id: int) -> str:
    return (await sim.bot.service.match(match_id)).status


# --- resign and abort --------------------------------------------------------------------
async def test_abort_refused_for_a_non_host_without_manage_server(sim: Sim):
    match_id, thread = await sim.start(sim.ana, "witch-stones", [sim.bo], start=False)
    refused = await sim.slash(sim.bo, "abort", thread)
    assert refused.ephemeral and "Only the host or a member with Manage Server" in answer(refused)
    assert await status(sim, match_id) != ABORTED

    manager = sim.guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    eve = sim.guild.add_member(sim.env.create_user("eve"), roles=[manager])
    done = await sim.slash(eve, "abort", thread)
    assert done.ephemeral and "aborted" in answer(done)
    assert await status(sim, match_id) == ABORTED
    assert "aborted by eve" in sim.posts(thread)[-1].content
    assert labels(sim.posts(thread)[0]) == []  # the lobby's buttons are gone


async def test_host_aborts_a_running_match(sim: Sim):
    match_id, thread = await running(sim)
    await sim.slash(sim.ana, "abort", thread)
    assert await status(sim, match_id) == ABORTED
    late = await sim.slash(sim.bo, "move", thread, move="moons")
    assert late.ephemeral and "over" in answer(late)


async def test_resign_asks_for_confirmation_then_ends_the_match(sim: Sim):
    match_id, thread = await running(sim)
    asked = await sim.slash(sim.bo, "resign", thread)
    question = last(asked)
    assert asked.ephemeral and "Resign from Witch Stones" in answer(asked)
    buttons = [c for row in question.components for c in row["components"]]
    assert [b["custom_id"] for b in buttons] == [f"pantheon:resign:{match_id}:{sim.bo.id}"]
    assert await status(sim, match_id) == RUNNING

    pressed = await sim.bo.click(question, label="Yes, resign")
    assert "You resigned" in pressed.response.content
    assert await status(sim, match_id) == FINISHED
    assert any("bo resigned" in text_of(m) for m in sim.posts(thread))

    again = await sim.slash(sim.bo, "resign", thread, match=match_id, confirm=True)
    assert again.ephemeral and "over" in answer(again)


async def test_resign_with_confirm_true_skips_the_button(sim: Sim):
    match_id, thread = await running(sim)
    result = await sim.slash(sim.ana, "resign", thread, confirm=True)
    assert result.ephemeral and "You resigned" in answer(result)
    assert await status(sim, match_id) == FINISHED
    outsider = await sim.slash(sim.cy, "resign", thread, match=match_id, confirm=False)
    assert outsider.ephemeral and "over" in answer(outsider)


# --- reading -----------------------------------------------------------------------------
async def test_board_is_public_in_the_thread_and_private_elsewhere(sim: Sim):
    match_id, thread = await running(sim)
    posts = len(sim.posts(thread))
    here = await sim.slash(sim.cy, "board", thread)
    assert here.ephemeral and "posted above" in answer(here)
    assert len(sim.posts(thread)) == posts + 1
    board = sim.posts(thread)[-1]
    assert board.attachments and "To act: bo" in text_of(board)
    assert labels(board) == ["suns", "moons"]

    elsewhere = await sim.slash(sim.cy, "board", match=match_id)
    assert elsewhere.ephemeral and last(elsewhere).attachments
    assert len(sim.posts(thread)) == posts + 1


async def test_score_shows_a_table_as_an_embed(sim: Sim):
    _, thread = await running(sim, "terra")
    result = await sim.slash(sim.ana, "score", thread)
    shown = last(result)
    assert result.ephemeral and not shown.attachments
    (embed,) = shown.embeds
    assert sorted(f.name for f in embed.fields) == ["ana", "bo"]
    assert all("Total" in f.value for f in embed.fields)

    ws_id, ws_thread = await sim.start(sim.cy, "witch-stones", [sim.di])
    result = await sim.slash(sim.cy, "score", ws_thread)
    assert not last(result).embeds and f"#{ws_id}" in answer(result)


async def test_history_is_ephemeral_and_lists_the_moves(sim: Sim):
    match_id, thread = await running(sim)
    empty = await sim.slash(sim.ana, "history", thread)
    assert empty.ephemeral and "No moves yet" in answer(empty)
    await sim.move(sim.bo, thread, "moons")
    first = (await sim.bot.service.waiting(match_id))[sim.ana.id][0]
    await sim.move(sim.ana, thread, first)
    shown = await sim.slash(sim.cy, "history", thread)
    assert shown.ephemeral and all(m.flags.ephemeral for m in shown.followups)
    assert "1. bo" in answer(shown) and "2. ana" in answer(shown)


async def test_long_history_goes_as_a_file(sim: Sim, monkeypatch):
    match_id, thread = await running(sim)

    async def long_history(match_id, actor=None, public=False):
        return [f"{i}. Somebody did something rather long-winded number {i}" for i in range(1, 400)]

    monkeypatch.setattr(sim.bot.service, "history", long_history)
    result = await sim.slash(sim.ana, "history", thread)
    shown = last(result)
    assert result.ephemeral and len(result.followups) <= 1
    assert [a.filename for a in shown.attachments] == [f"match-{match_id}-history.txt"]
    assert "399." in shown.content  # the latest moves are shown


async def test_mymatches_marks_my_turn_with_links(sim: Sim):
    first, thread = await running(sim)
    second, second_thread = await sim.start(sim.bo, "witch-stones", start=False)
    result = await sim.slash(sim.bo, "mymatches")
    text = answer(result)
    assert result.ephemeral
    assert f"#{first} Witch Stones — **your turn** — <#{thread.id}>" in text
    assert f"#{second} Witch Stones — lobby — <#{second_thread.id}>" in text
    nobody = await sim.slash(sim.cy, "mymatches")
    assert nobody.ephemeral and "no open match" in answer(nobody)


async def test_rules_are_ephemeral_chunks(sim: Sim):
    for slug in ("witch-stones", "when-gods-collide"):
        result = await sim.slash(sim.ana, "rules", game=slug)
        sent = [result.response, *result.followups]
        sent = [m for m in sent if m is not None and m.content]
        assert result.ephemeral and sent
        assert all(len(m.content) <= 2000 for m in sent)


async def test_myview_without_secrets_says_so(sim: Sim):
    _, thread = await running(sim)
    mine = await sim.slash(sim.ana, "myview", thread)
    assert mine.ephemeral and "no hidden information" in answer(mine)
    outsider = await sim.slash(sim.cy, "myview", thread)
    assert outsider.ephemeral and "not playing" in answer(outsider)


async def test_commands_outside_any_match_point_to_match_start(sim: Sim):
    result = await sim.slash(sim.cy, "board")
    assert result.ephemeral and "/match start" in answer(result)
