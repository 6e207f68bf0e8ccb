"""``/move`` through simcord when things go wrong: short ephemeral errors, an unexpected
error logged and apologised for, a board that cannot be posted (the move stands), and a
move made outside the match's thread. (Ported from the hand-made fakes of test_cogs.py.)"""

from __future__ import annotations

from bot.kit.interact import SOMETHING_WRONG
from tests.sim.harness import Sim, answer, text_of


async def running(sim: Sim):
    """Ana hosts Witch Stones against Bo, who (seat 2) chooses a side first."""
    return await sim.start(sim.ana, "witch-stones", [sim.bo])


async def test_move_errors_are_short_and_ephemeral(sim: Sim):
    match_id, thread = await running(sim)
    result = await sim.slash(sim.ana, "move", thread, move="suns")
    assert result.ephemeral and "It is not your turn" in answer(result)
    await sim.move(sim.bo, thread, "suns")
    result = await sim.slash(sim.ana, "move", thread, move="take z9")
    assert result.ephemeral and "Illegal move" in answer(result)
    assert "is not a square" in answer(result)  # the engine's reason
    result = await sim.slash(sim.cy, "move", thread, move="take e5")
    assert result.ephemeral and "not playing in this match" in answer(result)
    result = await sim.slash(sim.ana, "move", thread, move="take e5", match=999)
    assert result.ephemeral and "no match #999" in answer(result)
    other = sim.env.create_guild("Elsewhere")
    games = other.create_text_channel("games")
    stranger = other.add_member(sim.ana.user)
    result = await stranger.slash(games, "move", move="take e5", match=match_id)
    assert result.ephemeral and f"no match #{match_id}" in answer(result)
    assert len(await sim.bot.service.store.moves(match_id)) == 1  # only Bo's side


async def test_move_finds_the_only_match_outside_its_thread(sim: Sim):
    _, thread = await running(sim)
    result = await sim.slash(sim.bo, "move", move="moons")  # in #games
    assert answer(result).startswith("Played")
    assert "moons" in text_of(sim.posts(thread)[-1])


async def test_unexpected_errors_are_logged_and_apologised_for(sim: Sim, monkeypatch, caplog):
    _, thread = await running(sim)

    async def broken(*args, **kwargs):
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(sim.bot.service, "submit", broken)
    result = await sim.slash(sim.bo, "move", thread, move="moons")
    assert result.ephemeral and answer(result) == SOMETHING_WRONG
    assert "disk on fire" in caplog.text


async def test_a_board_that_cannot_be_posted_still_plays_the_move(sim: Sim):
    match_id, thread = await running(sim)
    sim.env.inject_error("POST", f"/channels/{thread.id}/messages", status=403, code=50001,
                         message="Missing Access", times=None)
    result = await sim.slash(sim.bo, "move", move="moons")
    assert answer(result).startswith("Played") and "couldn't post" in answer(result)
    assert len(await sim.bot.service.store.moves(match_id)) == 1
