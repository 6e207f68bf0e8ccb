"""Whole matches of every game through simcord, as players would play them: ``/match
start``, the lobby's buttons, ``/move`` with values taken from its autocomplete, DMs,
``/board``, ``/myview``, ``/history``, ``/undo``, ``/resign``, ``/replay``, ``/abort``."""

from __future__ import annotations

import random

import pytest

from tests.sim.harness import Sim, answer, labels, last, text_of

# game → (players by name, moves before /undo, the most moves played before a resignation)
GAMES = {
    "witch-stones": (("ana", "bo"), 4, 80),
    "angry-gods": (("ana", "bo"), 4, 60),
    "storm-of-the-gods": (("ana", "bo", "cy"), 5, 60),
    "when-gods-collide": (("ana", "bo", "di"), 5, 60),
    "terra": (("ana", "bo", "di"), 5, 40),
}


async def undo_last(sim: Sim, match_id: int, thread, players) -> None:
    """The last mover takes their move back: at once, or once every opponent accepts."""
    moves = await sim.bot.service.store.moves(match_id)
    record = await sim.bot.service.match(match_id)
    mover = next(p for p in players if record.seats[moves[-1].seat].user_id == p.id)
    result = await sim.slash(mover, "undo", thread)
    text = answer(result)
    assert result.ephemeral, text
    if "request is posted" in text:
        request = sim.posts(thread)[-1]
        assert labels(request) == ["Accept", "Refuse"]
        for other in players:
            if other is not mover and f"<@{other.id}>" in request.content:
                await other.click(request, label="Accept")
    after = await sim.bot.service.store.moves(match_id)
    assert len(after) < len(moves), text


@pytest.mark.parametrize("game", list(GAMES))
async def test_a_whole_match_through_discord(sim: Sim, game: str) -> None:
    names, before_undo, limit = GAMES[game]
    players = [getattr(sim, name) for name in names]
    rng = random.Random(f"{game}-7")
    host, *joiners = players

    match_id, thread = await sim.start(host, game, joiners)
    posts = sim.posts(thread)
    assert "has started" in posts[0].content and labels(posts[0]) == []  # the lobby, closed
    assert any(a.filename.endswith(".png") for m in posts[1:] for a in m.attachments)

    board = await sim.slash(host, "board", thread)
    assert board.ephemeral and "posted above" in answer(board)
    assert sim.posts(thread)[-1].attachments
    mine = await sim.slash(host, "myview", thread)
    assert mine.ephemeral and answer(mine)

    played = await sim.play_random(match_id, thread, players, rng, limit=before_undo)
    history = await sim.slash(host, "history", thread)
    assert history.ephemeral and "lines:" in answer(history)
    if played == before_undo:
        await undo_last(sim, match_id, thread, players)

    await sim.play_random(match_id, thread, players, rng, limit=limit)
    record = await sim.bot.service.match(match_id)
    if record.status == "running":
        mover = await sim.to_move(match_id, players) or host
        result = await sim.slash(mover, "resign", thread, confirm=True)
        assert "You resigned" in answer(result), answer(result)
        record = await sim.bot.service.match(match_id)
        while record.status == "running":  # 3+ players: the bot plays the resigned seat
            other = next(p for p in players if p is not mover
                         and not record.seat_of(p.id).resigned)
            await sim.slash(other, "resign", thread, confirm=True)
            mover = other
            record = await sim.bot.service.match(match_id)
    assert record.status == "finished"
    final = text_of(sim.posts(thread)[-1])
    assert "Game over" in final or "resigned" in final, final

    replay = await sim.slash(host, "replay", thread)
    assert replay.ephemeral, answer(replay)
    assert last(replay).attachments[0].filename.endswith("-replay.gif")

    # Private information went by DM; closed DMs got a notice in the thread instead.
    for player in players:
        if player is sim.di:
            assert sim.dms(player) == []
    if any(p is sim.di for p in players) and game in ("when-gods-collide", "terra"):
        notices = [m for m in sim.posts(thread) if "couldn't DM you" in m.content]
        assert len(notices) == 1, [m.content for m in notices]


async def test_abort_a_lobby_takes_its_buttons_off(sim: Sim) -> None:
    match_id, thread = await sim.start(sim.ana, "terra", [sim.bo], start=False)
    refused = await sim.slash(sim.bo, "abort", thread)
    assert refused.ephemeral and "aborted" not in answer(refused)
    result = await sim.slash(sim.ana, "abort", thread)
    assert f"#{match_id} is aborted" in answer(result)
    lobby = sim.posts(thread)[0]
    assert "aborted" in lobby.content and labels(lobby) == []
    record = await sim.bot.service.match(match_id)
    assert record.status == "aborted"
