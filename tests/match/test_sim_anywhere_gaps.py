"""A match without a thread (issue 55, second slice): what the first slice left to a
thread — an undo request, a rematch, a nudge — happens where the match is played, on the
bot's answers, in a group DM and in a server without the bot, on both stores."""

from __future__ import annotations

import pytest

from tests.match.test_sim_anywhere import labels, start_here
from tests.match.test_sim_anywhere_games import simcord_bot  # noqa: F401 (both stores)
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


async def play_out(sim: Sim, place: Elsewhere, match_id: int) -> None:
    """Play the first legal move until the match is over."""
    service = sim.bot.service
    for _ in range(400):
        waiting = await service.waiting(match_id)
        if not waiting:
            break
        (user_id, moves), = waiting.items()
        await place.slash(who(place, user_id), "move", move=moves[0])
    assert (await service.match(match_id)).status == "finished"


@pytest.mark.parametrize("where", PLACES)
async def test_a_rematch_starts_a_new_match_here(sim: Sim, where) -> None:
    ana, bo = sim.ana.user, sim.bo.user
    place = where(sim, [ana, bo])
    match_id = await start_here(place, ana, [bo], game="witch-stones")
    await play_out(sim, place, match_id)
    final = next(m for m in reversed(place.messages()) if "Rematch" in labels(m))
    asked = await place.click(ana, final, "Rematch")
    assert answer(asked) == "Asked: the rematch starts when everyone has."
    note = place.messages()[-1]
    assert "asked for a rematch" in text_of(note) and f"<@{bo.id}>" in text_of(note), \
        text_of(note)
    assert "Rematch" in labels(place.current(final))  # bo has not asked yet
    made = await place.click(bo, final, "Rematch")
    assert "Its board is below." in answer(made), answer(made)
    assert labels(place.current(final)) == []  # the button is spent
    mine = await sim.bot.service.store.find_matches(user_id=ana.id)
    new = max(mine, key=lambda m: m.id)
    assert new.id != match_id and new.hosted and new.status == "running"
    assert new.channel_id == place.channel_id and new.thread_id is None
    board = place.messages()[-1]
    assert board.attachments and "Your view" in labels(board)
    (user_id, moves), = (await sim.bot.service.waiting(new.id)).items()
    played = await place.slash(who(place, user_id), "move", move=moves[0])
    assert "Played" in answer(played)  # the rematch is played here, as its first match was


@pytest.mark.parametrize("where", PLACES)
async def test_a_nudge_pings_the_waiting_player_where_the_match_is_played(
        sim: Sim, where) -> None:
    place = where(sim, [sim.ana, sim.bo])
    match_id = await start_here(place, sim.ana.user, [sim.bo.user], game="witch-stones")
    (user_id, _), = (await sim.bot.service.waiting(match_id)).items()
    waiting = who(place, user_id)
    nudger = next(p for p in place.people if p.id != user_id)
    result = await place.slash(nudger, "nudge")
    assert result.ephemeral and text_of(result.response) == (
        f"Nudged <@{waiting.id}> in Witch Stones #{match_id}.")
    nudge = place.messages()[-1]
    assert text_of(nudge).startswith(f"<@{waiting.id}> ") and "nudges you" in text_of(nudge)
    assert list(nudge.ping_user_ids) == [waiting.id]  # pinged, and nobody else
    other = group_dm(sim, [sim.ana, sim.bo, sim.cy], "other friends")
    again = await other.slash(nudger, "nudge", match=match_id)
    assert answer(again) == (f"Nudge where match #{match_id} is played: the players it "
                             "waits for see it there. Nobody was nudged.")
    assert other.messages() == []


@pytest.mark.parametrize("where", PLACES)
async def test_mymatches_lists_every_one_of_yours_anywhere(sim: Sim, where) -> None:
    """It is personal: outside a server that added the bot, every open match of the
    caller's, the server's too; only they see it."""
    in_server, _ = await sim.start(sim.ana, "witch-stones", [sim.bo])
    place = where(sim, [sim.ana, sim.cy])
    here = await start_here(place, sim.ana.user, [sim.cy.user], game="witch-stones")
    result = await place.slash(sim.ana.user, "mymatches")
    text = answer(result)
    assert result.ephemeral and text.startswith("Your open matches: 2;"), text
    assert f"#{in_server} Witch Stones" in text and f"#{here} Witch Stones" in text
    lonely = answer(await place.slash(sim.cy.user, "mymatches"))
    assert f"#{here} Witch Stones" in lonely and f"#{in_server} Witch" not in lonely
