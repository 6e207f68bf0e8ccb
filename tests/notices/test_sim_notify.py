"""Notifications through simcord, on its virtual clock (which the service and the store
read here): ``/notify`` said back in words with time zone autocomplete, a board that does
not ping a player in their quiet hours and the one DM after them, the daily digest DM as
a player reads it, and the Notes form under ``/myview`` kept across a restart."""

from __future__ import annotations

from zoneinfo import ZoneInfo

from service.notices.notify import CLOCK_RULE
from tests.sim.harness import Sim, answer, fake_clock, labels, last, text_of

HOUR = 3600


async def test_notify_is_said_back_and_zones_are_offered(sim: Sim):
    offered = await sim.choices(sim.bo, sim.channel, "notify", "time_zone", "york")
    assert [c["value"] for c in offered] == ["America/New_York"]
    many = await sim.choices(sim.bo, sim.channel, "notify", "time_zone", "a")
    assert len(many) == 25
    shown = await sim.slash(sim.bo, "notify", time_zone="America/New_York",
                            quiet_hours="23:00-07:00", your_turn="dm", digest_hour=8)
    text = answer(shown)
    assert shown.ephemeral and "Your time zone: America/New_York" in text
    assert "Quiet hours: 23:00–07:00" in text and "a DM from me" in text
    assert "08:00" in text and CLOCK_RULE in text
    refused = await sim.slash(sim.bo, "notify", time_zone="Atlantis/Capital")
    assert refused.ephemeral and "I know no time zone called 'Atlantis/Capital'" in answer(refused)


async def test_quiet_hours_hold_the_ping_and_one_dm_follows(sim: Sim, monkeypatch):
    fake_clock(sim, monkeypatch)
    now = sim.env.now().astimezone(ZoneInfo("Pacific/Auckland"))
    start, end = (now.hour + 23) % 24, (now.hour + 3) % 24  # quiet now, for 2–3 more hours
    await sim.slash(sim.bo, "notify", time_zone="Pacific/Auckland",
                    quiet_hours=f"{start:02d}:00-{end:02d}:00")
    match_id, thread = await sim.start(sim.ana, "witch-stones", [sim.bo], remind=0)
    board = sim.posts(thread)[-1]
    assert "To act: bo" in text_of(board)
    assert f"<@{sim.bo.id}>" not in text_of(board) and board.mentions == []
    assert sim.dms(sim.bo) == []
    await sim.env.advance_time(4 * HOUR)  # the quiet hours end; the loop runs every 10 min
    (dm,) = sim.dms(sim.bo)
    assert text_of(dm).startswith("While you slept: your move in 1 match.")
    assert f"**Witch Stones** #{match_id} — no deadline — https://discord.com/channels/" \
        in text_of(dm)
    print("\nThe held-during-quiet-hours summary DM, as Bo reads it:\n" + text_of(dm))
    await sim.env.advance_time(30 * HOUR)
    assert len(sim.dms(sim.bo)) == 1  # once


async def test_the_daily_digest_dm_as_a_player_reads_it(sim: Sim, monkeypatch):
    fake_clock(sim, monkeypatch)
    first, _ = await sim.start(sim.ana, "witch-stones", [sim.bo], remind=0)
    await sim.env.advance_time(3 * HOUR)
    second, _ = await sim.start(sim.cy, "witch-stones", [sim.bo], remind=0, deadline=48)
    other, _ = await sim.start(sim.bo, "witch-stones", [sim.ana], remind=0)
    hour = (sim.env.now().hour + 2) % 24
    await sim.slash(sim.bo, "notify", digest_hour=hour)
    await sim.env.advance_time(2 * HOUR + 10 * 60)
    (dm,) = sim.dms(sim.bo)
    print("\nThe daily digest DM, as Bo reads it:\n" + text_of(dm))
    lines = text_of(dm).split("\n")
    assert lines[0] == "Your daily digest: your move in 2 matches (longest wait first)."
    assert lines[1].startswith(f"1. **Witch Stones** #{first} vs ana — waiting 5 h")
    assert lines[2].startswith(f"2. **Witch Stones** #{second} vs cy — waiting 2 h")
    assert "46 h left on the clock" in lines[2]
    assert f"#{other} " not in text_of(dm)  # it waits on Ana, not on Bo
    assert all("https://discord.com/channels/" in line for line in lines[1:3])
    await sim.env.advance_time(23 * HOUR)
    assert len(sim.dms(sim.bo)) == 1  # one a day, at the hour
    await sim.env.advance_time(HOUR)
    assert len(sim.dms(sim.bo)) == 2


async def test_the_notes_form_keeps_a_note_across_a_restart(sim: Sim, tmp_path, monkeypatch):
    _, thread = await sim.start(sim.ana, "witch-stones", [sim.bo], remind=0)
    mine = await sim.slash(sim.bo, "myview", thread)
    assert labels(last(mine)) == ["Notes"]
    shown = await sim.bo.click(last(mine), label="Notes")
    assert shown.modal is not None and "Your note on Witch Stones" in shown.modal["title"]
    kept = await sim.bo.submit_modal(shown, {"note": "Take the suns; Ana likes moons."})
    assert kept.ephemeral and "Your note is kept" in answer(kept)
    await sim.restart(tmp_path, monkeypatch)
    again = await sim.slash(sim.bo, "myview", thread)
    assert "Your note (only you see it):\nTake the suns; Ana likes moons." in answer(again)
    theirs = await sim.slash(sim.ana, "myview", thread)
    assert "suns; Ana likes" not in answer(theirs)
    # Pressed again, the form shows the note so far.
    reopened = await sim.bo.click(last(again), label="Notes")
    assert "Take the suns; Ana likes moons." in str(reopened.modal["components"])
