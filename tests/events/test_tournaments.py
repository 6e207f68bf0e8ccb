"""Tournaments through the service, on both stores: a whole Swiss with computer entrants
and a restart in the middle, a 4-seat-table event of nine, the round deadline's ruling,
timeouts and withdrawals, and what one step does when several processes try it."""

from __future__ import annotations

import asyncio
import io
import json
import random
from datetime import UTC, datetime, timedelta

import pytest
from PIL import Image

import engines
from db import ABORTED, EVENT_FINISHED, EVENT_RUNNING, FINISHED, RUNNING, open_store
from db.base import dumps
from engines.ai import RandomPlayer
from service import Actor, MatchTerms, Service, ServiceError
from service.events.entry_terms import EventTerms
from tests.toy_game import registered

GUILD = 70
ANA = Actor(1, "Ana", GUILD)
BO = Actor(2, "Bo", GUILD)
CY = Actor(3, "Cy", GUILD)
START = datetime(2026, 3, 2, 12, tzinfo=UTC)


@pytest.fixture(autouse=True)
def kayles():
    with registered() as spec:
        yield spec


def make_service(store, clock: list[datetime] | None = None) -> Service:
    service = Service(store, seed_source=lambda: 12345, shuffle=lambda seats: None,
                      player=RandomPlayer())
    if clock is not None:
        service.now = lambda: clock[0]
    return service


async def play_humans(service: Service, record) -> int:
    """Play every human move of the current round's matches (the first legal move);
    the number of moves played."""
    played = 0
    for table in [t for t in record.tables if t.round == record.round]:
        while table.match_id is not None and (waiting := await service.waiting(table.match_id)):
            user_id, moves = next(iter(waiting.items()))
            await service.submit(table.match_id, Actor(user_id, "", GUILD), moves[0])
            played += 1
    return played


async def swiss_of_six(service: Service) -> int:
    record = await service.create_tournament(ANA, "kayles", EventTerms("swiss", 3))
    await service.tournament_act("join", record.id, ANA)
    await service.tournament_act("join", record.id, BO)
    for level in ("easy", "easy", None, "hard"):
        await service.tournament_act("computer", record.id, ANA, level)
    return record.id


async def test_a_whole_swiss_of_six_with_a_restart(database) -> None:
    store = await open_store(database)
    service = make_service(store)
    event_id = await swiss_of_six(service)
    news = await service.tournament_act("start", event_id, ANA)
    record = news.tournament
    assert record.status == EVENT_RUNNING and record.round == 1
    assert len([t for t in record.tables if t.round == 1]) == 3
    assert "round 1 pairings" in news.posts[-1].text
    # the humans' first moves, then a restart in the middle of the event
    waiting = {t.match_id: await service.waiting(t.match_id) for t in record.tables
               if t.match_id}
    assert any(waiting.values())
    table = next(t for t in record.tables if t.match_id and waiting[t.match_id])
    user_id, moves = next(iter(waiting[table.match_id].items()))
    await service.submit(table.match_id, Actor(user_id, "", GUILD), moves[0])
    await store.close()
    store = await open_store(database)
    try:
        service = make_service(store)
        rounds_seen = set()
        for _ in range(20):
            record = await service.tournament(event_id)
            rounds_seen.add(record.round)
            if record.status == EVENT_FINISHED:
                break
            assert await play_humans(service, record) > 0
        assert record.status == EVENT_FINISHED and rounds_seen >= {1, 2, 3}
        tables = [t for t in record.tables]
        assert len(tables) == 9 and all(t.points is not None for t in tables)
        pairs = [frozenset(t.players) for t in tables]
        assert len(set(pairs)) == 9  # no rematch
        for entrant in record.entrants:  # everyone played each round once
            assert sum(entrant.user_id in t.players for t in tables) == 3
        matches = [await service.match(t.match_id) for t in tables]
        assert all(m.status == FINISHED for m in matches)
        post = await service.tournament_post(record, "standings")
        assert post.png.startswith(b"\x89PNG") and "final standings" in post.alt
        assert len(post.alt) <= 1024 and "Buchholz" in post.text
        export = json.loads((await service.tournament_post(record, "export")).text)
        assert [len(r["tables"]) for r in export["rounds"]] == [3, 3, 3]
        assert sum(line["points"] for line in export["standings"]) == 9.0
        assert export["standings"][0]["rank"] == 1
    finally:
        await store.close()


async def test_the_last_match_of_a_round_starts_the_next_and_the_end_names_the_winner(
        store) -> None:
    service = make_service(store)
    record = await service.create_tournament(ANA, "kayles", EventTerms("round-robin", 1))
    for level in ("easy", "easy", "easy"):
        await service.tournament_act("computer", record.id, ANA, level)
    news = await service.tournament_act("start", record.id, ANA)
    # all-computer matches end as they start: each round's end begins the next
    record = await service.tournament(record.id)
    assert record.status == EVENT_FINISHED and record.round == 3
    assert sorted(len(t.players) for t in record.tables) == [1, 1, 1, 2, 2, 2]
    posts = [p.text for n in walk(news) for p in n.posts]
    assert sum("pairings" in p for p in posts) == 3
    assert sum("standings after round" in p for p in posts) == 2
    final = [p for p in posts if "is over" in p]
    assert len(final) == 1 and ("wins!" in final[0] or "share first place" in final[0])


async def posted(service: Service, news) -> None:
    """Mark what a step queued as sent, as the bot does once it went out (unsent, the
    clock pass claims it again when its claim lapses)."""
    for each in walk(news):
        for post_id in [*each.post_ids, *each.started_ids]:
            if post_id is not None:
                await service.tournament_posted(post_id)


def walk(news):
    """Every EventNews reached from ``news``: the matches it started carry their own,
    and what follows it is chained (``then``)."""
    out = [news]
    for update in news.started:
        for inner in update.news:
            out += walk(inner)
    for later in news.then:
        out += walk(later)
    return out


async def test_nine_entrants_at_tables_of_four(store) -> None:
    """Storm of the Gods, up to 4 a table: nine entrants sit 3, 3 and 3."""
    service = make_service(store)
    record = await service.create_tournament(ANA, "storm-of-the-gods",
                                             EventTerms("tables", 2, seats=4))
    for _ in range(9):
        await service.tournament_act("computer", record.id, ANA, "easy")
    await service.tournament_act("start", record.id, ANA)
    record = await service.tournament(record.id)
    assert record.status == EVENT_FINISHED
    for number in (1, 2):
        sizes = sorted(len(t.players) for t in record.tables if t.round == number)
        assert sizes == [3, 3, 3]
    lines = (await service.tournament_post(record, "standings")).text
    assert lines.count(" — ") == 9
    export = json.loads((await service.tournament_post(record, "export")).text)
    # a table of three shares 1 + ½ + 0: three tables, two rounds
    assert round(sum(line["points"] for line in export["standings"]), 6) == 9.0


async def test_a_match_running_at_the_round_deadline_is_a_draw(store) -> None:
    clock = [START]
    service = make_service(store, clock)
    record = await service.create_tournament(
        ANA, "kayles", EventTerms("swiss", 2, round_hours=48))
    for actor in (ANA, BO):
        await service.tournament_act("join", record.id, actor)
    await posted(service, await service.tournament_act("start", record.id, ANA))
    assert await service.tournament_pass(START + timedelta(hours=47)) == []
    news = await service.tournament_pass(START + timedelta(hours=48))
    record = await service.tournament(record.id)
    first = next(t for t in record.tables if t.round == 1)
    assert first.points == {1: 0.5, 2: 0.5}
    assert (await service.match(first.match_id)).status == ABORTED
    assert record.round == 2 and len(news) == 1
    assert "round 2 pairings" in news[0].posts[-1].text
    await posted(service, news[0])
    # another process's pass finds nothing left to do
    assert await service.tournament_pass(START + timedelta(hours=49)) == []


async def test_a_player_who_times_out_is_withdrawn(store) -> None:
    now = datetime.now(UTC)  # the turns' clocks start when the match is stored
    clock = [now]
    service = make_service(store, clock)
    record = await service.create_tournament(
        ANA, "kayles", EventTerms("swiss", 3),
        terms=MatchTerms(deadline=24, on_timeout="forfeit"))
    for actor in (ANA, BO, CY):
        await service.tournament_act("join", record.id, actor)
    await service.tournament_act("computer", record.id, ANA, "easy")
    await service.tournament_act("start", record.id, ANA)
    record = await service.tournament(record.id)
    # whoever must move in round 1 lets the clock run out
    late = []
    for table in record.tables:
        waiting = await service.waiting(table.match_id) if table.match_id else {}
        late += list(waiting)
    clock[0] = now + timedelta(hours=25)
    await service.expire(clock[0])
    record = await service.tournament(record.id)
    withdrawn = {e.user_id for e in record.entrants if e.withdrawn_round}
    assert withdrawn == set(late) and withdrawn
    for table in record.tables:
        if table.round > 1:
            assert not set(table.players) & withdrawn


async def test_withdraw_resigns_the_running_game(store) -> None:
    service = make_service(store)
    record = await service.create_tournament(ANA, "kayles", EventTerms("swiss", 2))
    for actor in (ANA, BO):
        await service.tournament_act("join", record.id, actor)
    await service.tournament_act("start", record.id, ANA)
    news = await service.tournament_act("withdraw", record.id, BO)
    record = await service.tournament(record.id)
    first = next(t for t in record.tables if t.round == 1)
    assert first.points == {1: 1.0, 2: 0.0}
    assert record.status == EVENT_FINISHED  # one active entrant left: it ends
    # the notice, queued with the withdrawal, comes before the end it led to
    assert "Bo withdrew" in news.posts[0].text and "is over" in news.posts[-1].text
    assert record.entrant(2).withdrawn_round == 2


async def test_refusals(store) -> None:
    service = make_service(store)
    with pytest.raises(ServiceError, match="The formats are"):
        await service.create_tournament(ANA, "kayles", EventTerms("knockout", 3))
    with pytest.raises(ServiceError, match="number of rounds must be from 1"):
        await service.create_tournament(ANA, "kayles", EventTerms("swiss", 0))
    with pytest.raises(ServiceError, match="seats 2 to 2 a table"):
        await service.create_tournament(ANA, "kayles", EventTerms("tables", 2, seats=4))
    with pytest.raises(ServiceError, match="nobody can join late"):
        await service.create_tournament(ANA, "kayles",
                                        EventTerms("round-robin", 1, late_until=1))
    record = await service.create_tournament(ANA, "kayles", EventTerms("swiss", 2))
    await service.tournament_act("join", record.id, BO)
    with pytest.raises(ServiceError, match="already in"):
        await service.tournament_act("join", record.id, BO)
    with pytest.raises(ServiceError, match="Only the organiser"):
        await service.tournament_act("start", record.id, BO)
    with pytest.raises(ServiceError, match="at least 2 entrants"):
        await service.tournament_act("start", record.id, ANA)
    with pytest.raises(ServiceError, match="no tournament #99"):
        await service.tournament(99, ANA)
    await service.tournament_act("join", record.id, CY)
    await service.tournament_act("start", record.id, ANA)
    with pytest.raises(ServiceError, match="takes no more entrants"):
        await service.tournament_act("join", record.id, ANA)
    with pytest.raises(ServiceError, match="use withdraw"):
        await service.tournament_act("leave", record.id, CY)
    news = await service.tournament_act("cancel", record.id,
                                        Actor(9, "Mod", GUILD, is_admin=True))
    assert "cancelled by Mod" in news.posts[0].text
    table = next(t for t in news.tournament.tables)
    assert (await service.match(table.match_id)).status == ABORTED


async def test_late_entry_plays_from_the_next_round(store) -> None:
    service = make_service(store)
    record = await service.create_tournament(ANA, "kayles",
                                             EventTerms("swiss", 3, late_until=2))
    for actor in (ANA, BO):
        await service.tournament_act("join", record.id, actor)
    await service.tournament_act("start", record.id, ANA)
    await service.tournament_act("join", record.id, CY)
    record = await service.tournament(record.id)
    assert record.round == 1 and record.entrant(3) is not None
    await play_humans(service, record)
    record = await service.tournament(record.id)
    assert record.round == 2
    assert any(3 in t.players for t in record.tables if t.round == 2)


async def test_one_round_begins_once_however_many_try(store) -> None:
    service = make_service(store)
    record = await service.create_tournament(ANA, "kayles", EventTerms("swiss", 2))
    for actor in (ANA, BO):
        await service.tournament_act("join", record.id, actor)
    assert await store.begin_round(record.id, 1, [[1, 2]], None)
    assert not await store.begin_round(record.id, 1, [[2, 1]], None)
    record = await service.tournament(record.id)
    assert [t.players for t in record.tables] == [[1, 2]]
    assert await store.score_table(record.id, 1, 1, {1: 1.0, 2: 0.0})
    assert not await store.score_table(record.id, 1, 1, {1: 0.0, 2: 1.0})



async def test_the_sweep_makes_the_matches_a_dead_process_left_unmade(store) -> None:
    """Round 1 was claimed (its tables stored) but the process died before making its
    match: the clock pass makes and starts it, once."""
    service = make_service(store)
    record = await service.create_tournament(ANA, "kayles", EventTerms("swiss", 2))
    for actor in (ANA, BO):
        await service.tournament_act("join", record.id, actor)
    assert await store.begin_round(record.id, 1, [[1, 2]], None)
    news = await service.tournament_pass()
    assert len(news) == 1 and len(news[0].started) == 1
    match = news[0].started[0].match
    assert match.status == RUNNING and [s.user_id for s in match.by_seat()] == [1, 2]
    assert await service.tournament_pass() == []
    record = await service.tournament(record.id)
    assert record.tables[0].match_id == match.id


async def test_standings_and_export_show_only_public_facts(tmp_path) -> None:
    """A tables event of Storm of the Gods (the tile stack's order is hidden): replacing
    every running match's state by a public twin (``determinise(state, None)``) changes
    nothing the tournament shows — its post, info, standings (words, picture, alt text)
    and export."""
    store = await open_store(str(tmp_path / "twins.db"))
    try:
        service = make_service(store)
        record = await service.create_tournament(ANA, "storm-of-the-gods",
                                                 EventTerms("tables", 2, seats=3))
        for actor in (ANA, BO, CY):
            await service.tournament_act("join", record.id, actor)
        for _ in range(3):
            await service.tournament_act("computer", record.id, ANA, "easy")
        await service.tournament_act("start", record.id, ANA)

        async def shown() -> tuple:
            event = await service.tournament(record.id)
            posts = [await service.tournament_post(event, what)
                     for what in ("entry", "info", "standings", "export")]
            return tuple((p.text, p.png, p.alt) for p in posts)

        before = await shown()
        game, rng = engines.get("storm-of-the-gods"), random.Random(5)
        event = await service.tournament(record.id)
        running = [t.match_id for t in event.tables if t.match_id]
        assert running
        twinned = 0
        for match_id in running:
            match = await service.match(match_id)
            if match.status != RUNNING:
                continue
            twinned += 1
            twin = game.determinise(game.load(match.snapshot), None, rng)
            await store.execute("UPDATE matches SET snapshot = ? WHERE id = ?",
                                dumps(game.dump(twin)), match_id)
        assert twinned and await shown() == before
    finally:
        await store.close()


async def test_a_full_field_keeps_the_picture_and_its_alt_text_in_bounds(store) -> None:
    service = make_service(store)
    record = await service.create_tournament(ANA, "kayles", EventTerms("swiss", 3))
    for _ in range(64):
        await service.tournament_act("computer", record.id, ANA, "easy")
    with pytest.raises(ServiceError, match="full"):
        await service.tournament_act("join", record.id, BO)
    post = await service.tournament_post(await service.tournament(record.id), "standings")
    assert len(post.alt) <= 1024 and post.alt.endswith("… and more.")
    image = Image.open(io.BytesIO(post.png))
    assert image.width == 600 and image.height < 1400  # 32 rows, then "… and 32 more"
    assert len(post.text) <= 2000


async def test_two_processes_sweeping_at_once_make_each_match_once(database) -> None:
    """Two services over one database (two processes) run the tournament pass at the
    same moment on a round whose matches were never made: each table gets one match (a
    lobby made by the loser of the race is abandoned), and the round is posted once."""
    stores = [await open_store(database), await open_store(database)]
    try:
        one, two = (make_service(s) for s in stores)
        record = await one.create_tournament(ANA, "kayles", EventTerms("swiss", 2))
        for actor in (ANA, BO, CY):
            await one.tournament_act("join", record.id, actor)
        await one.tournament_act("computer", record.id, ANA, "easy")
        assert await stores[0].begin_round(record.id, 1, [[1, 2], [3, -1]], None)
        results = await asyncio.gather(one.tournament_pass(), two.tournament_pass())
        started = [u.match.id for news in results for n in news for u in n.started]
        record = await one.tournament(record.id)
        made = sorted(t.match_id for t in record.tables if t.round == 1)
        assert sorted(set(started)) == made and len(made) == 2
        rows = await stores[0].query("SELECT status FROM matches ORDER BY id")
        assert sum(status != ABORTED for (status,) in rows) == 2
    finally:
        for store in stores:
            await store.close()


def test_the_standings_picture_shows_every_heading_and_number_whole() -> None:
    """Columns sized to what they hold: headings and scores are never cut short ("Ga…"
    once), only a long name is, and nothing reaches past the picture's edge."""
    from rendering import kit, standings

    rows = [("#", "Player", "Pts", "Buch", "SB", "Wins", "Games")] + [
        (str(i), f"Bartholomew the Magnificent {i}", "3.5", "12.5", "10.25", "3", "5")
        for i in range(1, 40)]
    with kit.recording() as seen:
        standings.draw("Swiss tournament #4 - Witch Stones, round 3 of 5", rows)
    drawn = [text for _, text in seen]
    assert all(cell in drawn for cell in rows[0] + rows[1][2:]), drawn
    assert any(text.startswith("Barth") and text.endswith("…") for text in drawn)
    assert not seen.outside
    assert min(kit.inked(size) for size, _ in seen) * kit.PHONE / standings.WIDTH >= kit.PHONE_MIN
