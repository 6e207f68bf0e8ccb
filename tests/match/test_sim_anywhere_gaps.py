"""A match without a thread (issue 55, second slice): what the first slice left to a
thread — an undo request, a rematch, a nudge — happens where the match is played, on the
bot's answers, in a group DM and in a server without the bot."""

from __future__ import annotations

import pytest

from tests.match.test_sim_anywhere import labels, start_here
from tests.sim.elsewhere import Elsewhere, foreign_server, group_dm
from tests.sim.harness import Sim, answer, text_of

PLACES = [group_dm, foreign_server]


def who(place: Elsewhere, user_id: int):
    return next(p for p in place.people if p.id == user_id)


async def opponent_moves_after(sim: Sim, place: Elsewhere, match_id: int):
    """Play until someone moved and then the other player did: (the first mover, the
    one who answers their undo)."""
    service = sim.bot.service
    (first_id, moves), = (await service.waiting(match_id)).items()
    await place.slash(who(place, first_id), "move", move=moves[0])
    for _ in range(20):
        (user_id, moves), = (await service.waiting(match_id)).items()
        await place.slash(who(place, user_id), "move", move=moves[0])
        if user_id != first_id:
            return who(place, first_id), who(place, user_id)
    raise AssertionError("the other player never moved")


@pytest.mark.parametrize("where", PLACES)
async def test_an_undo_request_is_answered_where_the_match_is_played(sim: Sim, where
                                                                     ) -> None:
    place = where(sim, [sim.ana, sim.bo])
    match_id = await start_here(place, sim.ana.user, [sim.bo.user], game="witch-stones")
    asker, opponent = await opponent_moves_after(sim, place, match_id)
    moves = len(await sim.bot.service.store.moves(match_id))
    result = await place.slash(asker, "undo")
    assert result.ephemeral and text_of(result.response) == (
        "Your request is below; the moves are taken back when every opponent accepts.")
    request = place.messages()[-1]
    assert f"<@{opponent.id}>" in text_of(request), text_of(request)
    assert labels(request) == ["Accept", "Refuse"]
    assert request in place.seen_by(opponent)
    pressed = await place.click(opponent, request, "Accept")
    assert pressed.response is not None
    now = place.current(request)
    assert labels(now) == [] and text_of(now).startswith(text_of(request))
    assert len(await sim.bot.service.store.moves(match_id)) < moves
    assert place.messages()[-1].attachments  # the board after the undo, shown here


async def test_an_undo_request_from_another_conversation_is_refused(sim: Sim) -> None:
    place = group_dm(sim, [sim.ana, sim.bo])
    match_id = await start_here(place, sim.ana.user, [sim.bo.user], game="witch-stones")
    asker, _ = await opponent_moves_after(sim, place, match_id)
    other = group_dm(sim, [sim.ana, sim.bo, sim.cy], "other friends")
    result = await other.slash(asker, "undo", match=match_id)
    assert result.ephemeral and answer(result) == (
        f"Ask for it where match #{match_id} is played: your opponents answer it there. "
        "Nothing was asked.")
    assert other.messages() == []
    assert await sim.bot.service.store.undo_request(match_id) is None  # nothing left behind
