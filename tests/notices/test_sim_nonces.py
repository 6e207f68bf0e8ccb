"""DM notices go out with a nonce from their row and ``enforce_nonce`` (through simcord):
a "your turn" DM, and the held-notices summary sent again after a crash between sending
it and recording it, which carries the nonce it carried the first time, so Discord drops
it. (simcord accepts the nonce but does not deduplicate by it; what Discord does with a
repeated nonce is Discord's: here the bodies show the bot asks for it.)"""

from __future__ import annotations

from zoneinfo import ZoneInfo

from service.notices.nonces import turn_nonce
from tests.sim.harness import Sim, fake_clock

HOUR = 3600


def dm_bodies(sim: Sim, user) -> list[dict]:
    path = f"/channels/{user.user.dm_channel.id}/messages"
    return [e.json for e in sim.env.http_requests if e.method == "POST" and e.path == path]


async def test_a_turn_dm_carries_its_rows_nonce(sim: Sim) -> None:
    for user in (sim.ana, sim.bo):
        await sim.slash(user, "notify", your_turn="dm")
    match_id, _ = await sim.start(sim.bo, "witch-stones", [sim.ana], remind=0)
    mover = await sim.to_move(match_id, [sim.ana, sim.bo])
    (body,) = dm_bodies(sim, mover)
    assert body["content"].startswith("Your turn in")
    match = await sim.bot.service.match(match_id)
    assert body["nonce"] == turn_nonce(match, mover.id) and body["enforce_nonce"] is True


async def test_a_summary_resent_after_a_crash_carries_the_same_nonce(sim: Sim,
                                                                     monkeypatch) -> None:
    fake_clock(sim, monkeypatch)
    now = sim.env.now().astimezone(ZoneInfo("Pacific/Auckland"))
    start, end = (now.hour + 23) % 24, (now.hour + 3) % 24  # quiet now, for 2–3 more hours
    await sim.slash(sim.bo, "notify", time_zone="Pacific/Auckland",
                    quiet_hours=f"{start:02d}:00-{end:02d}:00")
    await sim.start(sim.ana, "witch-stones", [sim.bo], remind=0)
    service = sim.bot.service
    recorded = service.notice_sent
    crashes = []

    async def crash_once(notice):
        if not crashes:  # the process dies after the DM went out, before recording it
            crashes.append(notice)
            raise RuntimeError("killed between sending and recording")
        await recorded(notice)

    monkeypatch.setattr(service, "notice_sent", crash_once)
    await sim.env.advance_time(5 * HOUR)  # quiet hours end; the lease lapses; sent again
    bodies = [b for b in dm_bodies(sim, sim.bo) if "While you slept" in b["content"]]
    assert crashes and len(bodies) == 2
    assert bodies[0]["nonce"] == bodies[1]["nonce"]
    assert all(b["enforce_nonce"] is True for b in bodies)
    await sim.env.advance_time(5 * HOUR)
    assert len([b for b in dm_bodies(sim, sim.bo) if "While you slept" in b["content"]]) == 2
