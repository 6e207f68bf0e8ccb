"""The bot and its servers through simcord: removed from a server, its matches stop; a
reminder that cannot be posted backs off and is logged once."""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from db import ABORTED, RUNNING, WITHDRAWN
from service import Actor, Invitee
from tests.challenges.test_sim_challenges import challenge
from tests.sim.harness import Sim

H = timedelta(hours=1)


async def pending_computer_turn(sim: Sim) -> int:
    """A running match of Ana against a computer whose reply is left pending (Ana's move
    committed, then the process died): the clock pass would play it."""
    match_id, thread = await sim.start(sim.ana, "witch-stones", start=False)
    lobby = sim.posts(thread)[0]
    await sim.ana.click(lobby, label="Add computer player")
    await sim.ana.click(lobby, label="Start")
    service = sim.bot.service
    match = await service.match(match_id)
    game, state = service.state_of(match)
    seat = match.seat_of(sim.ana.id).seat
    move = game.legal_moves(state, seat)[0]
    await service.store.record_move(match_id, version=match.version, seat=seat,
                                    notation=move, snapshot=game.dump(game.play(state, seat,
                                                                                move)))
    return match_id


async def test_removed_from_a_server_its_clocks_and_computer_moves_stop(sim: Sim):
    computer = await pending_computer_turn(sim)
    people, _ = await sim.start(sim.ana, "witch-stones", [sim.bo], remind=1)
    lobby, _ = await sim.start(sim.cy, "witch-stones", start=False)
    challenge_id = await challenge(sim, sim.bo, opponent=sim.cy, game="terra")
    service = sim.bot.service
    moves = {m: len(await service.store.moves(m)) for m in (computer, people)}
    sim.env.backend.remove_guild(sim.guild.id)  # kicked: Discord sends GUILD_DELETE
    await sim.env.settle()
    for match_id in (computer, people, lobby):
        assert (await service.match(match_id)).status == ABORTED
    assert (await service.store.get_challenge(challenge_id)).status == WITHDRAWN
    later = datetime.fromisoformat((await service.match(people)).updated_at) + 48 * H
    reminders = sim.bot.get_cog("Reminders")
    assert await reminders.tick(later) == 0
    assert await service.expire(later) == [] and await service.reminders_due(later) == []
    assert {m: len(await service.store.moves(m)) for m in moves} == moves


async def test_a_reminder_in_a_locked_thread_backs_off_and_is_logged_once(sim: Sim, caplog):
    match_id, thread = await sim.start(sim.ana, "witch-stones", [sim.bo], remind=1,
                                       remind_every=0)
    sim.env.inject_error("POST", f"/channels/{thread.id}/messages", status=403, code=50001,
                         message="Missing Access", times=None)
    service = sim.bot.service
    first = datetime.fromisoformat((await service.match(match_id)).updated_at) + 2 * H
    reminders = sim.bot.get_cog("Reminders")
    tried = []
    with caplog.at_level(logging.INFO, logger="bot.clocks.reminders"):
        for hours in range(0, 60):
            before = len(sim.env.http_requests)
            assert await reminders.tick(first + hours * H) == 0
            posts = [e for e in sim.env.http_requests[before:]
                     if e.method == "POST" and e.path == f"/channels/{thread.id}/messages"]
            if posts:
                tried.append(hours)
    assert tried == [0, 1, 3, 7, 15, 24]  # then no more tries
    stopped = [r for r in caplog.records if "stop retrying" in r.getMessage()]
    assert len(stopped) == 1 and stopped[0].levelno == logging.WARNING
    assert (await service.store.clock(match_id)).posts_stopped_at is not None


async def test_removed_while_offline_its_matches_stop_at_the_next_start(
        sim: Sim, tmp_path, monkeypatch):
    """The bot was down when it was kicked from a server (no GUILD_DELETE reached it): at
    its next start, Discord's list of servers does not have that one, so what was open
    there is closed; the servers it is still in keep their matches."""
    here, _ = await sim.start(sim.ana, "witch-stones", [sim.bo])
    gone_guild = 7 << 22
    kicked = Actor(sim.ana.id, "Ana", guild_id=gone_guild)
    service = sim.bot.service
    gone = await service.create(kicked, "witch-stones")
    await service.join(gone.id, Actor(sim.bo.id, "Bo", guild_id=gone_guild))
    await service.start(gone.id, kicked)
    offer = await service.challenge(kicked, [Invitee(sim.cy.id, "Cy")], "terra")
    await sim.restart(tmp_path, monkeypatch)
    service = sim.bot.service
    assert (await service.match(gone.id)).status == ABORTED
    assert (await service.store.get_challenge(offer.challenge.id)).status == WITHDRAWN
    assert (await service.match(here)).status == RUNNING
