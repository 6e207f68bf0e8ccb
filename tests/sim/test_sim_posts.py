"""What the bot posts, read as a screen-reader player meets it: every picture it sends
(boards, DM'd private views, ``/board``, ``/myview``, the final board, the replay) carries
alt text that says whose turn it is or how the match ended. (The ``sim`` fixture checks
every picture of every simcord test for a description; this test checks what it says.)"""

from __future__ import annotations

import random
from types import SimpleNamespace

from tests.sim.harness import Sim, answer, pictures_without_alt, sent_pictures


def pictures(sim: Sim) -> list[dict]:
    return [p for entry in sim.env.http_requests for p in sent_pictures(entry.json)]


def test_a_picture_without_a_description_is_found():
    body = {"type": 4, "data": {"attachments": [
        {"id": 0, "filename": "board.png"}, {"id": 1, "filename": "history.txt"},
        {"id": 2, "filename": "my-view.png", "description": "x" * 1025}]}}
    entry = SimpleNamespace(method="POST", path="/interactions/1/t/callback", json=body)
    assert pictures_without_alt([entry]) == [
        "POST /interactions/1/t/callback: board.png",
        "POST /interactions/1/t/callback: my-view.png"]


async def test_every_picture_says_whose_turn_or_the_result(sim: Sim):
    players = [sim.ana, sim.bo, sim.cy]
    match_id, thread = await sim.start(sim.ana, "when-gods-collide", players[1:])
    await sim.slash(sim.ana, "board", thread)
    await sim.slash(sim.bo, "myview", thread)
    await sim.play_random(match_id, thread, players, random.Random(3), limit=6)
    for player in players:
        if await sim.to_move(match_id, [player]) is None:
            await sim.slash(player, "resign", thread, confirm=True)
    while (await sim.bot.service.match(match_id)).status == "running":
        mover = await sim.to_move(match_id, players)
        await sim.slash(mover, "resign", thread, confirm=True)
    replay = await sim.slash(sim.ana, "replay", thread)
    assert replay.ephemeral, answer(replay)

    sent = pictures(sim)
    names = {p["filename"] for p in sent}
    assert {"board.png", "my-view.png", f"match-{match_id}-replay.gif"} <= names, names
    for picture in sent:
        alt = picture["description"]
        assert 0 < len(alt) <= 1024
        assert alt.startswith("When Gods Collide") or alt.startswith("Animated replay")
        assert " to act" in alt or "Game over" in alt, alt
    assert "Game over" in sent[-1]["description"]  # the replay ends on the result
    private = [p["description"] for p in sent if p["filename"] == "my-view.png"]
    assert private
