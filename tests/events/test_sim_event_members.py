"""What members see of a tournament, through simcord on both stores: late entry by the
post's Join and by ``/tournament join`` until the stated round begins, the pairings post
pinging only whom ``/notify`` and quiet hours allow, and a member who leaves the server
withdrawn (their game forfeited, their opponent told)."""

from __future__ import annotations

import random
from zoneinfo import ZoneInfo

from db import EVENT_FINISHED
from tests.events.test_sim_tournaments import (  # noqa: F401  (fixtures: both stores, kayles)
    event_post,
    kayles,
    play_round,
    simcord_bot,
)
from tests.sim.harness import Sim, answer, fake_clock, labels, text_of

HOUR = 3600


async def create(sim: Sim, **terms) -> int:
    result = await sim.slash(sim.ana, "tournament create", game="kayles", format="swiss",
                             **terms)
    return int(answer(result).split("#")[1].split(" ")[0])


def sent_with(sim: Sim, words: str) -> dict:
    """The JSON body of the message the bot posted saying ``words``."""
    return next(e.json for e in sim.env.http_requests
                if e.method == "POST" and isinstance(e.json, dict)
                and words in (e.json.get("content") or ""))


async def test_late_entry_by_join_and_by_command_until_the_round_begins(sim: Sim) -> None:
    event_id = await create(sim, rounds=3, late_until=2)
    for user in (sim.ana, sim.bo):
        await user.click(event_post(sim, event_id), label="Join")
    assert "has begun" in answer(await sim.ana.click(event_post(sim, event_id),
                                                     label="Start"))
    post = event_post(sim, event_id)
    assert labels(post) == ["Join"]  # Leave and Start are gone; Join stays
    assert "Late entry is open until round 2 begins" in text_of(post)
    late = await sim.cy.click(post, label="Join")
    assert answer(late) == "You are in: you play from round 2."
    offered = await sim.choices(sim.di, sim.channel, "tournament join", "tournament")
    assert [c["value"] for c in offered] == [event_id]
    assert "late entry until round 2" in offered[0]["name"]
    joined = await sim.slash(sim.di, "tournament join")
    assert answer(joined) == f"Tournament #{event_id}: You are in: you play from round 2."
    assert "Entrants (4): ana, bo, cy, di." in text_of(event_post(sim, event_id))
    await play_round(sim, random.Random(3))  # round 1: ana and bo
    record = await sim.bot.service.tournament(event_id)
    assert record.round == 2
    seated = {u for t in record.tables if t.round == 2 for u in t.players}
    assert {sim.cy.id, sim.di.id} <= seated
    assert labels(event_post(sim, event_id)) == []  # round 2 began: entry closed
    eve = sim.guild.add_member(sim.env.create_user("eve"))
    refused = await sim.slash(eve, "tournament join")
    assert answer(refused) == "No tournament here takes entrants now."
    refused = await sim.slash(eve, "tournament join", tournament=event_id)
    assert "takes no more entrants" in answer(refused)


async def test_the_pairings_post_pings_only_who_wants_a_mention_now(sim: Sim,
                                                                    monkeypatch) -> None:
    fake_clock(sim, monkeypatch)
    now = sim.env.now().astimezone(ZoneInfo("Pacific/Auckland"))
    start, end = (now.hour + 23) % 24, (now.hour + 3) % 24  # Bo's quiet hours: now
    await sim.slash(sim.bo, "notify", time_zone="Pacific/Auckland",
                    quiet_hours=f"{start:02d}:00-{end:02d}:00")
    await sim.slash(sim.cy, "notify", your_turn="dm")
    event_id = await create(sim, rounds=1)
    for user in (sim.ana, sim.bo, sim.cy):
        await user.click(event_post(sim, event_id), label="Join")
    await sim.slash(sim.ana, "tournament computer", level="easy")
    await sim.ana.click(event_post(sim, event_id), label="Start")
    pairings = next(m for m in sim.posts(sim.channel) if "round 1 pairings" in text_of(m))
    assert [u.id for u in pairings.mentions] == [sim.ana.id]
    body = sent_with(sim, "round 1 pairings")
    assert [int(u) for u in body["allowed_mentions"]["users"]] == [sim.ana.id]
    assert body["allowed_mentions"]["parse"] == []
    assert f"<@{sim.bo.id}>" not in body["content"] and f"<@{sim.cy.id}>" not in \
        body["content"]


async def test_a_member_who_leaves_is_withdrawn_and_the_opponent_told(sim: Sim,
                                                                      monkeypatch) -> None:
    fake_clock(sim, monkeypatch)
    event_id = await create(sim, rounds=2)
    for user in (sim.ana, sim.bo):
        await user.click(event_post(sim, event_id), label="Join")
    await sim.ana.click(event_post(sim, event_id), label="Start")
    record = await sim.bot.service.tournament(event_id)
    (table,) = [t for t in record.tables if t.round == 1]
    sim.guild.remove_member(sim.bo)
    await sim.env.advance_time(HOUR + 15 * 60)  # the member check runs every 10 minutes
    record = await sim.bot.service.tournament(event_id)
    assert record.entrant(sim.bo.id).withdrawn_round == 2
    assert record.status == EVENT_FINISHED  # one entrant left: it ends, Ana first
    match = await sim.bot.service.match(table.match_id)
    assert match.status == "finished" and match.seat_of(sim.bo.id).resigned
    assert any("resign" in text_of(m).lower() for m in sim.posts(sim.thread(match.id)))
    notice = next(m for m in sim.posts(sim.channel)
                  if "bo left the server and is withdrawn" in text_of(m))
    assert "round 1 game with ana is forfeited" in text_of(notice)
    assert [u.id for u in notice.mentions] == [sim.ana.id]
    assert "ana wins" in text_of(sim.posts(sim.channel)[-1])


async def test_standings_after_round_one_do_not_count_round_twos_bye(sim: Sim) -> None:
    """The issue's example: a player who lost his only game shows no bye point after
    round 1, in the post and in /tournament standings while round 2 is played."""
    event_id = await create(sim, rounds=2)
    for user in (sim.ana, sim.bo, sim.cy):
        await user.click(event_post(sim, event_id), label="Join")
    await sim.ana.click(event_post(sim, event_id), label="Start")
    record = await sim.bot.service.tournament(event_id)
    (game,) = [t for t in record.tables if t.round == 1 and len(t.players) == 2]
    users = {u.id: u for u in (sim.ana, sim.bo, sim.cy)}
    loser, winner = users[game.players[1]], users[game.players[0]]
    resigned = await sim.slash(loser, "resign", sim.thread(game.match_id), confirm=True)
    assert "You resigned" in answer(resigned)
    record = await sim.bot.service.tournament(event_id)
    bye = next(t for t in record.tables if t.round == 2 and len(t.players) == 1)
    assert bye.players == [loser.id] and bye.points == {loser.id: 1.0}
    post = next(m for m in sim.posts(sim.channel)
                if "standings after round 1" in text_of(m))
    line = next(x for x in text_of(post).splitlines() if f". {loser.name} —" in x)
    assert line.endswith("— 0 points (Buchholz 1, Sonneborn–Berger 0, 0 wins, 1 game)")
    top = next(x for x in text_of(post).splitlines() if f". {winner.name} —" in x)
    assert "1 point (Buchholz 0, Sonneborn–Berger 0, 1 win, 1 game)" in top
    shown = await sim.slash(sim.bo, "tournament standings", tournament=event_id)
    assert "standings after round 1" in answer(shown)
    assert line in answer(shown).splitlines()
    assert "Round 2 is being played" in answer(shown)
