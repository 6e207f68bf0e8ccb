"""A Pantheon installed to people's accounts, played where the bot is not a member (issue
55): a group DM and a server that never added the bot, through the user-installed
interactions of :mod:`tests.sim.elsewhere`."""

from __future__ import annotations

import random

from tests.sim.elsewhere import Elsewhere, group_dm
from tests.sim.harness import Sim, answer, text_of
from tests.sim.elsewhere import walk


def buttons(message) -> list[str]:
    return [c["label"] for c in walk(message.components) if c.get("type") == 2]


async def open_match(sim: Sim, place: Elsewhere, game: str, players) -> int:
    host, *joiners = players
    result = await place.slash(host, "match start", game=game)
    text = text_of(result.response)
    assert result.ephemeral and "is open below" in text, answer(result)
    lobby = place.messages()[-1]
    assert "No deadline" in text_of(lobby) and "Join" in buttons(lobby)
    for joiner in joiners:
        await place.click(joiner, lobby, "Join")
    await place.click(host, lobby, "Start")
    match_id = int(text.split("#")[1].split()[0])
    return match_id


async def test_a_match_in_a_group_dm(sim: Sim) -> None:
    ana, bo = sim.ana.user, sim.bo.user
    place = group_dm(sim, [ana, bo])
    match_id = await open_match(sim, place, "witch-stones", [ana, bo])
    record = await sim.bot.service.match(match_id)
    assert record.hosted and record.status == "running"
    board = place.messages()[-1]
    assert board.attachments and "Your view" in buttons(board)
    rng = random.Random(5)
    for _ in range(6):
        waiting = await sim.bot.service.waiting(match_id)
        user_id, moves = next(iter(waiting.items()))
        mover = ana if user_id == ana.id else bo
        move = rng.choice(moves)
        result = await place.slash(mover, "move", move=move)
        assert result.ephemeral
    print([text_of(m)[:80] for m in place.messages()])
