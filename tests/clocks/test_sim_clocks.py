"""Correspondence clocks through simcord: ``/match start`` with a time bank, the board
showing each player's bank, and the reminders loop — run by simcord's virtual clock, which
the service and the store read here — using a vacation day when a bank runs out."""

from __future__ import annotations

from db import records
from tests.sim.harness import Sim, answer, text_of

HOUR = 3600


async def test_a_time_bank_is_shown_and_running_out_uses_a_vacation_day(sim: Sim, monkeypatch):
    env = sim.env
    monkeypatch.setattr(records, "now", lambda: records.stamp(env.now()))
    sim.bot.service.now = env.now

    refused = await sim.slash(sim.ana, "match start", game="witch-stones", bank=1, deadline=5)
    assert refused.ephemeral and "not both" in answer(refused)

    match_id, thread = await sim.start(sim.ana, "witch-stones", [sim.bo], remind=0, bank=0.5,
                                       bank_add=0.25, bank_max=2, weekends=False)
    clock = await sim.bot.service.store.clock(match_id)
    assert (clock.bank, clock.bank_add, clock.bank_max, clock.weekend_pause) == (12, 6, 48, True)
    started = text_of(sim.posts(thread)[-1])
    assert "time bank 12 h, +6 h per move, at most 2 days" in started
    assert "Time banks (+6 h per move, at most 2 days) — ana: 12 h; bo: 12 h (to move by" in started

    board = await sim.slash(sim.ana, "board", thread)
    assert "posted above" in answer(board)
    assert "bo: 12 h (to move by" in text_of(sim.posts(thread)[-1])

    # The reminders loop runs every 10 minutes of (virtual) time; Bo's 12 h run out (or
    # later, if a weekend falls in them): a vacation day is used and Bo is told.
    await env.advance_time(11 * HOUR)
    assert not any("clock ran out" in text_of(m) for m in sim.posts(thread))
    for _ in range(8):  # at most 2 days of weekend on top of the 12 h
        await env.advance_time(6 * HOUR)
        notices = [m for m in sim.posts(thread) if "clock ran out" in text_of(m)]
        if notices:
            break
    (notice,) = notices
    assert "one of your vacation days was used (20 days left in" in notice.content
    assert f"<@{sim.bo.id}>" in notice.content
    assert [u.id for u in notice.mentions] == [sim.bo.id]
    record = await sim.bot.service.match(match_id)
    assert record.status == "running" and await sim.bot.service.store.moves(match_id) == []
