"""A whole Swiss and a tables event of nine through simcord, on both stores:
``/tournament create``, Join and Start under its post, computer entrants, each round's
games in their own threads, moves by ``/move``, a restart in the middle of the event, the
pairings and standings posts (the picture with its alt text) and the final post naming
the winner; then ``/tournament standings``, ``info`` and ``export``."""

from __future__ import annotations

import json
import random

import pytest

from bot.client import Pantheon
from db import EVENT_FINISHED
from tests.sim.harness import Sim, answer, labels, last, make_bot_on, text_of
from tests.toy_game import registered


@pytest.fixture(autouse=True)
def kayles():
    with registered() as spec:
        yield spec


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
async def simcord_bot(request, tmp_path, monkeypatch, bots):
    """The bot over SQLite (as every sim test) or over a fresh PostgreSQL database."""
    made = await make_bot_on(request, tmp_path, monkeypatch)
    bots.append(made)
    return made


def event_post(sim: Sim, event_id: int):
    return next(m for m in sim.posts(sim.channel) if f"tournament #{event_id} —" in text_of(m))


async def restart(sim: Sim) -> None:
    """A new bot over the same database, as a new process would be."""
    old = sim.bot
    sim.bot = Pantheon(old.settings)
    sim.bots.append(sim.bot)
    await sim.env.restart_bot(sim.bot)
    await old.close()


async def play_round(sim: Sim, rng: random.Random, stop_after: int | None = None) -> int:
    """The humans' moves in the current round's games, by /move in each thread."""
    service = sim.bot.service
    played = 0
    for event in await service.store.find_tournaments(statuses=("running",)):
        for table in [t for t in event.tables if t.round == event.round and t.match_id]:
            thread = sim.thread(table.match_id)
            while (mover := await sim.to_move(table.match_id, [sim.ana, sim.bo])) is not None:
                await sim.move(mover, thread, await sim.pick_move(table.match_id, mover,
                                                                   thread, rng))
                played += 1
                if stop_after is not None and played >= stop_after:
                    return played
    return played


async def test_a_whole_swiss_through_the_commands_and_buttons(sim: Sim) -> None:
    rng = random.Random(7)
    result = await sim.slash(sim.ana, "tournament create", game="kayles", format="swiss",
                             rounds=3)
    text = answer(result)
    assert result.ephemeral and text.startswith("Tournament #"), text
    event_id = int(text.split("#")[1].split(" ")[0])
    post = event_post(sim, event_id)
    assert labels(post) == ["Join", "Leave", "Start"]
    for user in (sim.ana, sim.bo):
        assert answer(await user.click(event_post(sim, event_id), label="Join")) == "You are in."
    for level in ("easy", "easy", "hard", "easy"):
        added = await sim.slash(sim.ana, "tournament computer", level=level)
        assert "computer player entered" in answer(added)
    refused = await sim.bo.click(event_post(sim, event_id), label="Start")
    assert "Only the organiser" in answer(refused)
    post = event_post(sim, event_id)
    assert "Entrants (6): ana, bo, Computer 1 (easy)" in text_of(post)
    started = await sim.ana.click(post, label="Start")
    assert "has begun" in answer(started)
    assert labels(event_post(sim, event_id)) == []
    channel_posts = [text_of(m) for m in sim.posts(sim.channel)]
    assert any("round 1 pairings" in p for p in channel_posts)
    await play_round(sim, rng, stop_after=1)
    await restart(sim)  # in the middle of the event
    for _ in range(12):
        record = await sim.bot.service.tournament(event_id)
        if record.status == EVENT_FINISHED:
            break
        assert await play_round(sim, rng) > 0
    assert record.status == EVENT_FINISHED
    posts = sim.posts(sim.channel)
    assert sum("pairings:" in text_of(m) for m in posts) == 3
    standings = [m for m in posts if "standings after round" in text_of(m)]
    assert len(standings) == 2 and all(m.attachments for m in standings)
    final = posts[-1]
    assert "is over:" in text_of(final) and ("wins!" in text_of(final)
                                           or "share first place" in text_of(final))
    picture = final.attachments[0]
    assert picture.filename == "standings.png" and "final standings" in picture.description
    assert len(picture.description) <= 1024
    assert "Ties are broken by Buchholz" in text_of(final)
    # each game in its own thread, named as /match start names them
    for table in record.tables:
        assert sim.thread(table.match_id) is not None
    shown = await sim.slash(sim.bo, "tournament standings", tournament=event_id)
    assert shown.ephemeral and "final standings" in answer(shown)
    assert "final standings" in last(shown).attachments[0].description
    info = await sim.slash(sim.bo, "tournament info", tournament=event_id)
    assert "The tournament is over" in answer(info)
    exported = await sim.slash(sim.bo, "tournament export", tournament=event_id)
    file = last(exported).attachments[0]
    data = json.loads(await file.read())
    assert [len(r["tables"]) for r in data["rounds"]] == [3, 3, 3]
    assert data["tie_breaks"][:3] == ["points", "buchholz", "sonneborn_berger"]


async def test_refusals_in_words(sim: Sim) -> None:
    result = await sim.slash(sim.ana, "tournament create", game="kayles", format="tables",
                             rounds=2, seats=4)
    assert "seats 2 to 2 a table" in answer(result)
    result = await sim.slash(sim.ana, "tournament start")
    assert "no open or running tournament here" in answer(result)


async def test_nine_at_tables_of_four_to_the_final_post(sim: Sim) -> None:
    """Storm of the Gods, tables of up to four, nine computer entrants: three tables of
    three each round, every game in its thread, the final post with its picture."""
    result = await sim.slash(sim.ana, "tournament create", game="storm-of-the-gods",
                             format="tables", rounds=2, seats=4)
    event_id = int(answer(result).split("#")[1].split(" ")[0])
    for _ in range(9):
        await sim.slash(sim.ana, "tournament computer", level="easy")
    assert "Entrants (9)" in text_of(event_post(sim, event_id))
    started = await sim.ana.click(event_post(sim, event_id), label="Start")
    assert "has begun" in answer(started)
    record = await sim.bot.service.tournament(event_id)
    assert record.status == EVENT_FINISHED
    assert sorted(len(t.players) for t in record.tables) == [3] * 6
    for table in record.tables:
        assert sim.thread(table.match_id) is not None
    posts = sim.posts(sim.channel)
    pairings = [text_of(m) for m in posts if "pairings:" in text_of(m)]
    assert len(pairings) == 2 and all(p.count("Table ") == 3 for p in pairings)
    final = posts[-1]
    assert "is over:" in text_of(final) and final.attachments[0].description
    assert "The tournament is over" in text_of(event_post(sim, event_id))


async def test_every_queued_post_goes_out_once_with_its_rows_nonce(sim: Sim) -> None:
    """Each post a step queued (pairings, standings, the final post) is sent with its
    outbox row's nonce and ``enforce_nonce`` (Discord drops a resend after a crash), each
    row once, and every row is marked sent: nothing is left for the clock pass to send."""
    result = await sim.slash(sim.ana, "tournament create", game="kayles",
                             format="round-robin")
    event_id = int(answer(result).split("#")[1].split(" ")[0])
    for _ in range(3):  # computers: the games end as they start, round after round
        await sim.slash(sim.ana, "tournament computer", level="easy")
    await sim.ana.click(event_post(sim, event_id), label="Start")
    assert (await sim.bot.service.tournament(event_id)).status == EVENT_FINISHED
    nonces = [entry.json.get("nonce") for entry in sim.env.http_requests
              if entry.method == "POST" and entry.path.endswith("/messages")
              and isinstance(entry.json, dict)
              and str(entry.json.get("nonce")).startswith("pantheon-event-")]
    rows = await sim.bot.service.store.query(
        "SELECT id, kind, sent_at FROM tournament_outbox ORDER BY id")
    channel_rows = [row_id for row_id, kind, _ in rows if kind != "match"]
    assert sorted(nonces) == sorted(f"pantheon-event-{i}" for i in channel_rows)
    assert all(entry.json.get("enforce_nonce") for entry in sim.env.http_requests
               if isinstance(entry.json, dict)
               and str(entry.json.get("nonce")).startswith("pantheon-event-"))
    assert all(sent_at is not None for _, _, sent_at in rows)
    assert [kind for _, kind, _ in rows].count("match") == 3  # three games, one a round
    assert await sim.bot.service.tournament_pass() == []


async def test_an_announcement_claimed_again_after_a_crash_posts_no_second_board(
        sim: Sim) -> None:
    """The process that announced a match died before marking it sent: the clock pass
    claims the announcement again when the claim lapses, finds the board already in the
    match's thread (or the thread by its name, if it died before recording it), and
    marks it sent without opening or posting anything twice."""
    from datetime import timedelta

    from bot.events.tournament_ui import tell_news
    from service.events.outbox import LEASE

    result = await sim.slash(sim.ana, "tournament create", game="kayles", format="swiss",
                             rounds=1)
    event_id = int(answer(result).split("#")[1].split(" ")[0])
    for user in (sim.ana, sim.bo):
        await user.click(event_post(sim, event_id), label="Join")
    await sim.ana.click(event_post(sim, event_id), label="Start")
    record = await sim.bot.service.tournament(event_id)
    match_id = record.tables[0].match_id
    before = len(sim.posts(sim.thread(match_id)))
    store = sim.bot.service.store
    await store.execute("UPDATE tournament_outbox SET sent_at = NULL WHERE kind = 'match'")
    later = sim.bot.service.now() + 2 * LEASE + timedelta(seconds=1)
    news = await sim.bot.service.tournament_pass(later)
    assert [u.match.id for n in news for u in n.started] == [match_id]
    for each in news:
        await tell_news(sim.bot, each)
    assert len(sim.posts(sim.thread(match_id))) == before
    assert await store.query("SELECT id FROM tournament_outbox WHERE sent_at IS NULL") == []
    # it died even earlier: its thread was opened but not recorded
    threads = len(sim.posts(sim.channel))  # each thread's opening shows in the channel
    await store.execute("UPDATE tournament_outbox SET sent_at = NULL WHERE kind = 'match'")
    await store.execute("UPDATE matches SET thread_id = NULL")
    news = await sim.bot.service.tournament_pass(later + 3 * LEASE)
    for each in news:
        await tell_news(sim.bot, each)
    assert (await sim.bot.service.match(match_id)).thread_id is not None
    assert len(sim.posts(sim.channel)) == threads
    assert len(sim.posts(sim.thread(match_id))) == before


async def test_a_post_claimed_again_long_after_a_crash_is_found_not_sent_twice(
        sim: Sim) -> None:
    """Issue 57: the process that sent a tournament's posts died before marking them
    sent; the clock pass claimed them again past Discord's few minutes of nonce dedupe
    and a member saw each twice. Now a post claimed again is looked for in the channel
    since it was queued, and marked sent when found; one that never went out is sent."""
    from datetime import timedelta

    from bot.events.tournament_ui import tell_news

    result = await sim.slash(sim.ana, "tournament create", game="kayles",
                             format="round-robin")
    event_id = int(answer(result).split("#")[1].split(" ")[0])
    for _ in range(3):
        await sim.slash(sim.ana, "tournament computer", level="easy")
    await sim.ana.click(event_post(sim, event_id), label="Start")
    store = sim.bot.service.store
    posted = [text_of(m) for m in sim.posts(sim.channel)]
    await store.execute("UPDATE tournament_outbox SET sent_at = NULL WHERE kind <> 'match'")
    await store.execute(  # the store's clock as Discord's (simcord's starts on 1 January)
        "UPDATE tournament_outbox SET created_at = ?", "2026-01-01T00:00:00.000+00:00")
    await store.execute(  # one more, claimed by a process that died before sending it
        "INSERT INTO tournament_outbox (tournament_id, post_key, kind, round, words, "
        "created_at, claimed_by, claimed_until) VALUES (?, 'lost', 'notice', 0, "
        "'Lost and found.', ?, 'dead', ?)", event_id, "2026-01-01T00:00:00.000+00:00",
        "2026-01-01T00:02:00.000+00:00")
    later = sim.bot.service.now() + timedelta(minutes=30)
    news = await sim.bot.service.tournament_pass(later)
    assert any(n.resent for n in news)
    for each in news:
        await tell_news(sim.bot, each)
    now = [text_of(m) for m in sim.posts(sim.channel)]
    assert [t for t in now if "Lost and found." not in t] == posted  # none twice
    assert len([t for t in now if "Lost and found." in t]) == 1
    assert await store.query("SELECT id FROM tournament_outbox WHERE sent_at IS NULL") == []
