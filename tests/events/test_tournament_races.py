"""Tournament steps racing each other, on both stores, through two services over one
database (two processes): Start against Cancel, a round's end against Cancel, joins at
the entrant cap, two clock passes at one round's end; and the outbox's claims. Each race
is run at several interleavings (a number of yields before one side starts) and checked
by its invariants, whatever order the database chose: a cancelled event has no match left
in a lobby or running, no lobby exists without its table, the cap holds, each post is
claimed by one process."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from db import ABORTED, EVENT_CANCELLED, EVENT_RUNNING, FINISHED, LOBBY, RUNNING, open_store
from db.tournament_outbox import MATCH, PAIRINGS, STANDINGS
from service import Actor, ServiceError
from service.events.entry_terms import EventTerms
from service.events.outbox import LEASE
from service.events.tournaments import MAX_ENTRANTS
from tests.events.test_tournaments import ANA, BO, CY, GUILD, START, make_service
from tests.toy_game import registered

DEE = Actor(4, "Dee", GUILD)
MOD = Actor(9, "Mod", GUILD, is_admin=True)
TRIES = 6


@pytest.fixture(autouse=True)
def kayles():
    with registered() as spec:
        yield spec


@pytest.fixture
async def two(database):
    """Two services over one database, as two processes would be."""
    stores = [await open_store(database), await open_store(database)]
    yield [make_service(store, [START]) for store in stores]
    for store in stores:
        await store.close()


async def after_yields(count: int, call):
    for _ in range(count):
        await asyncio.sleep(0)
    return await call


async def event_of_four(service, rounds: int = 2) -> int:
    record = await service.create_tournament(ANA, "kayles", EventTerms("swiss", rounds))
    for actor in (ANA, BO, CY, DEE):
        await service.tournament_act("join", record.id, actor)
    await service.tournament_act("computer", record.id, ANA, "easy")  # five: a bye
    return record.id


async def check_whole(service, event_id: int) -> None:
    """A cancelled event has no match in a lobby or running; every match has its table;
    a running one has a match (or a score) at every table of its round."""
    record = await service.tournament(event_id)
    store = service.store
    orphans = await store.query("SELECT id FROM matches WHERE id NOT IN (SELECT match_id "
                                "FROM tournament_tables WHERE match_id IS NOT NULL)")
    assert orphans == []
    statuses = [(await service.match(t.match_id)).status for t in record.tables
                if t.match_id is not None]
    if record.status == EVENT_CANCELLED:
        assert all(s in (ABORTED, FINISHED) for s in statuses), statuses
    else:
        assert record.status == EVENT_RUNNING
        for table in (t for t in record.tables if t.round == record.round):
            assert table.points is not None or table.match_id is not None
            if len(table.players) == 1:
                assert table.points is not None  # a bye is scored as its round begins


async def test_start_racing_cancel_leaves_one_whole_outcome(two) -> None:
    one, other = two
    outcomes = set()
    for attempt in range(TRIES):
        event_id = await event_of_four(one)
        start = one.tournament_act("start", event_id, ANA)
        cancel = after_yields(attempt, other.tournament_act("cancel", event_id, MOD))
        started, cancelled = await asyncio.gather(start, cancel, return_exceptions=True)
        assert not isinstance(cancelled, BaseException), cancelled  # it was open or running
        if isinstance(started, BaseException):
            assert isinstance(started, ServiceError), started
            outcomes.add("cancelled first")
        else:
            outcomes.add("started first")
        assert (await one.tournament(event_id)).status == EVENT_CANCELLED
        await check_whole(one, event_id)
        await check_whole(other, event_id)
    assert outcomes  # (which won is the database's choice; both are whole)


async def test_a_round_ending_while_cancel_runs_leaves_no_live_match(two) -> None:
    one, other = two
    for attempt in range(TRIES):
        event_id = await event_of_four(one)
        record = (await one.tournament_act("start", event_id, ANA)).tournament
        human = [t for t in record.tables if t.round == 1 and t.match_id is not None
                 and all(p > 0 for p in t.players)]
        assert human
        # the round's other games end; the last one ends as Cancel runs
        for table in record.tables:
            match = await one.match(table.match_id) if table.match_id else None
            if match is not None and match.status == RUNNING and table is not human[0]:
                loser = next(p for p in table.players if p > 0)
                await one.resign(match.id, Actor(loser, "", GUILD))
        last = human[0]
        end = one.resign(last.match_id, Actor(last.players[0], "", GUILD))
        cancel = after_yields(attempt, other.tournament_act("cancel", event_id, MOD))
        ended, cancelled = await asyncio.gather(end, cancel, return_exceptions=True)
        assert not isinstance(cancelled, BaseException), cancelled
        if isinstance(ended, BaseException):
            assert isinstance(ended, ServiceError), ended  # it was aborted first
        record = await one.tournament(event_id)
        assert record.status == EVENT_CANCELLED
        await check_whole(one, event_id)
        for _ in range(2):  # nothing for a clock pass to revive
            await one.tournament_pass()
        await check_whole(other, event_id)


async def test_joins_at_once_never_pass_the_cap(two) -> None:
    one, other = two
    record = await one.create_tournament(ANA, "kayles", EventTerms("swiss", 2))
    for user_id in range(100, 100 + MAX_ENTRANTS - 1):
        await one.store.add_entrant(record.id, user_id=user_id, display_name=f"P{user_id}",
                                    is_ai=False, until_round=0)
    joiners = [Actor(200 + i, f"J{i}", GUILD) for i in range(6)]
    results = await asyncio.gather(
        *[(one if i % 2 else other).tournament_act("join", record.id, actor)
          for i, actor in enumerate(joiners)], return_exceptions=True)
    refused = [r for r in results if isinstance(r, BaseException)]
    assert len(refused) == 5 and all("is full" in str(r) for r in refused), refused
    assert len((await one.tournament(record.id)).entrants) == MAX_ENTRANTS


async def test_two_clock_passes_at_a_round_end_pair_and_post_it_once(two) -> None:
    """The round's last match ended and the process that ended it died before scoring:
    both processes' clock passes at once score it, pair round 2 once, and between them
    claim each post once."""
    one, other = two
    event_id = await event_of_four(one)
    record = (await one.tournament_act("start", event_id, ANA)).tournament
    for table in record.tables:
        match = await one.match(table.match_id) if table.match_id else None
        if match is not None and match.status == RUNNING:
            await one.store.finish(match.id, version=match.version, status=ABORTED,
                                   result=None)  # scored as a draw
    results = await asyncio.gather(one.tournament_pass(), other.tournament_pass())
    record = await one.tournament(event_id)
    assert record.round == 2
    posts = [p.text for news in results for n in news for link in chain(n)
             for p in link.posts]
    assert sum("round 2 pairings" in p for p in posts) == 1
    assert sum("standings after round 1" in p for p in posts) == 1
    announced = [u.match.id for news in results for n in news for link in chain(n)
                 for u in link.started]
    made = [t.match_id for t in record.tables if t.round == 2 and t.match_id]
    assert sorted(announced) == sorted(made) and len(set(announced)) == len(announced)
    await check_whole(one, event_id)


def chain(news):
    out = [news]
    for later in news.then:
        out += chain(later)
    return out


async def test_a_post_is_claimed_once_and_again_when_its_claim_lapses(store) -> None:
    service = make_service(store, [START])
    record = await service.create_tournament(ANA, "kayles", EventTerms("swiss", 2))
    for actor in (ANA, BO, CY):
        await service.tournament_act("join", record.id, actor)
    assert await store.begin_round(record.id, 1, [[1, 2], [3]], None)
    first = await store.claim_posts("a", START, LEASE)
    assert [p.kind for p in first] == [PAIRINGS]
    assert await store.claim_posts("b", START + LEASE / 2, LEASE) == []
    again = await store.claim_posts("b", START + LEASE + timedelta(seconds=1), LEASE)
    assert [p.id for p in again] == [first[0].id]  # its claimer died: claimed again
    assert await store.post_sent(first[0].id, START)
    assert not await store.post_sent(first[0].id, START)
    assert await store.claim_posts("c", START + 3 * LEASE, LEASE) == []
    # a round's bye is scored with its pairing, not by a later step
    table = next(t for t in (await service.tournament(record.id)).tables if t.number == 2)
    assert table.points == {3: 1.0}


async def test_a_tables_match_is_made_whole_once_and_started_by_the_sweep(store) -> None:
    """A table's match is made, seated and given to its table in one write (a second
    maker gets nothing); a maker that died before starting it leaves a lobby the next
    clock pass starts and announces, once."""
    service = make_service(store, [START])
    record = await service.create_tournament(ANA, "kayles", EventTerms("swiss", 2))
    for actor in (ANA, BO):
        await service.tournament_act("join", record.id, actor)
    assert await store.begin_round(record.id, 1, [[1, 2]], None)
    made = [await store.make_table_match(
        record.id, 1, 1, guild_id=GUILD, channel_id=None, game="kayles", options={},
        seed=1, host_id=1, seats=[(1, "Ana", False), (2, "Bo", False)],
        clock=(await store.clock(0)), rated=True) for _ in range(2)]
    assert made[0] is not None and made[1] is None
    assert [s for (s,) in await store.query("SELECT status FROM matches")] == [LOBBY]
    assert await store.claim_posts("x", START, LEASE) != []  # the pairings, not the lobby
    news = await service.tournament_pass(START + 2 * LEASE)
    assert [u.match.id for n in news for u in n.started] == [made[0]]
    assert (await service.match(made[0])).status == RUNNING
    kinds = await store.query("SELECT kind FROM tournament_outbox ORDER BY id")
    assert [k for (k,) in kinds] == [PAIRINGS, MATCH]
    assert await service.tournament_pass(START + 2 * LEASE) == []


async def test_a_round_left_with_only_its_bye_unscored_moves_on(store) -> None:
    """Before byes were scored with their round, a round whose bye was left unscored
    waited forever: the clock pass scores it and the event goes on."""
    service = make_service(store, [START])
    record = await service.create_tournament(ANA, "kayles", EventTerms("swiss", 2))
    for actor in (ANA, BO, CY):
        await service.tournament_act("join", record.id, actor)
    assert await store.begin_round(record.id, 1, [[1, 2], [3]], None)
    await store.execute("UPDATE tournament_tables SET points = NULL WHERE table_no = 2")
    await service.tournament_pass()
    record = await service.tournament(record.id)
    match = await service.match(record.tables[0].match_id)
    await service.resign(match.id, ANA)
    await service.tournament_pass()
    record = await service.tournament(record.id)
    assert record.round == 2 and {t.round for t in record.tables} == {1, 2}
    assert all(t.points is not None for t in record.tables if t.round == 1)
    assert STANDINGS  # (the standings of round 1 were queued with round 2)
