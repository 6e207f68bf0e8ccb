"""Several processes over one database (``[sqlite]``, ``[postgres]``): the clock pass works
only on the clock rows it claims, so a reminder, a deadline and a computer's pending move
are each handled exactly once, however many services run the pass at the same moment;
a sharded process claims only its shards' guilds.

"Processes" here are services over stores of their own (their own connections) to one
database, run concurrently in one event loop: the claims are in the database, so it is
the same for services in different processes (``bench/multi.py`` runs real ones)."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

from db import RUNNING, open_store, records
from engines.ai import RandomPlayer
from service import Actor, Service
from service.clocks.clock_pass import COMPUTER_GRACE, LEASE

GUILD_A = 1 << 22  # shard 1 of 2
GUILD_B = 2 << 22  # shard 0 of 2
ANA = Actor(1, "Ana", guild_id=GUILD_A)
BO = Actor(2, "Bo", guild_id=GUILD_A)


def quick(store, **kwargs) -> Service:
    return Service(store, seed_source=lambda: 12345, shuffle=lambda seats: None,
                   player=RandomPlayer(), render=lambda *a, **k: b"", **kwargs)


async def running(service, remind=1, deadline=0, ana=ANA, bo=BO):
    options = {"deadline": deadline} if deadline else {}
    match = await service.create(ana, "witch-stones", remind=remind, **options)
    await service.join(match.id, bo)
    return (await service.start(match.id, ana)).match


async def clock_pass(service: Service, now: datetime) -> tuple[list, list]:
    """What the bot's pass does: deadlines and pending computer turns, then reminders
    (each recorded as sent). The updates and the reminders (match, user) it sent."""
    updates = await service.expire(now)
    sent = []
    for reminder in await service.reminders_due(now):
        sent.extend((reminder.match.id, user) for user in reminder.user_ids)
        await asyncio.sleep(0)  # the post to Discord
        await service.reminded(reminder)
    return updates, sent


async def stores(database, count: int):
    return [await open_store(database) for _ in range(count)]


async def test_concurrent_passes_fire_each_reminder_exactly_once(database):
    first, *others = await stores(database, 3)
    try:
        setup = quick(first)
        matches = [await running(setup) for _ in range(25)]
        later = datetime.now(UTC) + timedelta(hours=2)
        services = [quick(s) for s in (first, *others)]
        results = await asyncio.gather(*(clock_pass(s, later) for s in services))
        sent = [pair for _, pairs in results for pair in pairs]
        assert sorted(sent) == sorted((m.id, BO.user_id) for m in matches)  # once each
        # and never again, by anyone, for these turns
        again = await asyncio.gather(*(clock_pass(s, later + timedelta(minutes=30))
                                       for s in services))
        assert [pair for _, pairs in again for pair in pairs] == []
    finally:
        for store in (first, *others):
            await store.close()


async def test_concurrent_passes_apply_each_deadline_once(database, monkeypatch):
    first, second = await stores(database, 2)
    try:
        matches = [await running(quick(first), deadline=4) for _ in range(10)]
        later = datetime.now(UTC) + timedelta(hours=5)
        # Every clock reads `later` during the passes, the store's too, as in a real pass:
        # the turn each skip begins then has its deadline 4 h after `later`. (With the
        # store's real clock, a pass that claimed a match after the other had skipped and
        # released it saw the next turn's deadline already due and skipped again: the
        # test's time travel, not a double skip, and it made the test flaky.)
        monkeypatch.setattr(records, "now", lambda: records.stamp(later))
        a, b = quick(first, now=lambda: later), quick(second, now=lambda: later)
        (ups_a, _), (ups_b, _) = await asyncio.gather(clock_pass(a, later), clock_pass(b, later))
        assert sorted(u.match.id for u in ups_a + ups_b) == [m.id for m in matches]
        for match in matches:
            assert len(await first.moves(match.id)) == 1  # the skip, once
    finally:
        await first.close()
        await second.close()


async def test_a_computer_move_left_pending_by_a_crash_is_played_once(database):
    first, second, third = await stores(database, 3)
    try:
        service = quick(first)
        match = await service.create(ANA, "witch-stones")
        await service.add_ai(match.id, ANA)
        match = (await service.start(match.id, ANA)).match  # the computer chose its side
        assert len(await first.moves(match.id)) == 1
        # Ana's move is committed, then the process dies before the computer's reply.
        game, state = service.state_of(match)
        move = game.legal_moves(state, 0)[0]
        await first.record_move(match.id, version=match.version, seat=0, notation=move,
                                snapshot=game.dump(game.play(state, 0, move)))
        # Within the grace the computer may still be thinking in that process: left alone.
        soon = datetime.now(UTC)
        assert await quick(second).expire(soon) == []
        assert await quick(second).reminders_due(soon) == []
        assert len(await first.moves(match.id)) == 2
        # After it, exactly one of two fresh services plays the computer's move.
        later = soon + COMPUTER_GRACE + timedelta(seconds=5)
        (ups_b, _), (ups_c, _) = await asyncio.gather(clock_pass(quick(second), later),
                                                      clock_pass(quick(third), later))
        (update,) = ups_b + ups_c
        assert update.match.id == match.id and "To act: Ana" in update.public.text
        moves = await first.moves(match.id)
        assert [m.seat for m in moves] == [1, 0, 1]
        assert await quick(second).expire(later + timedelta(hours=1)) == []
        assert len(await first.moves(match.id)) == 3
    finally:
        for store in (first, second, third):
            await store.close()


async def test_a_claim_holds_others_off_until_its_lease_ends(store):
    service = quick(store)
    match = await running(service)
    now = datetime.now(UTC)
    (claimed,) = await store.claim_due(now, "a", lease=LEASE)
    assert claimed[0].id == match.id and claimed[0].seats
    assert await store.claim_due(now, "b", lease=LEASE) == []
    assert len(await store.claim_due(now, "a", lease=LEASE)) == 1  # its own, again
    assert len(await store.claim_due(now + LEASE, "b", lease=LEASE)) == 1  # a died
    await store.checked(match.id, match.version, None, "a")  # a's late release: b keeps it
    assert await store.claim_due(now, "c", lease=LEASE) == []
    await store.release([match.id], "b")
    assert await store.claim_due(now + LEASE * 3, "c", lease=LEASE) == []  # checked: not due
    await store.recheck_user(BO.user_id)
    assert len(await store.claim_due(now, "c", lease=LEASE)) == 1


async def test_a_sharded_process_claims_only_its_guilds(store):
    service = quick(store)
    on_a = await running(service)
    on_b = await running(service, ana=Actor(3, "Cy", guild_id=GUILD_B),
                         bo=Actor(4, "Di", guild_id=GUILD_B))
    in_dms = await running(service, ana=Actor(5, "Ed"), bo=Actor(6, "Flo"))
    now = datetime.now(UTC)

    async def ids(worker, shards, at):
        claimed = await store.claim_due(at, worker, lease=LEASE, shards=shards)
        return sorted(m.id for m, _ in claimed)

    later = now + timedelta(hours=2)  # every reminder due; no claim of a service yet
    # A service asks its shards at each claim (the Discord client tells them).
    one, zero = quick(store), quick(store)
    one.shards = lambda: (2, (1,))
    zero.shards = lambda: (2, (0,))
    assert [r.match.id for r in await one.reminders_due(later)] == [on_a.id]
    assert sorted(r.match.id for r in await zero.reminders_due(later)) == sorted(
        [on_b.id, in_dms.id])
    assert await ids("s0", (2, (0,)), later) == []  # claimed by zero's service
    assert await ids("none", (2, ()), later + LEASE) == []
    assert await ids("s0", (2, (0,)), later + LEASE) == sorted([on_b.id, in_dms.id])


async def test_a_running_match_without_a_clock_row_is_still_claimed(store):
    service = quick(store)
    match = await running(service)
    await store.execute("DELETE FROM match_clocks WHERE match_id = ?", match.id)
    (claimed,) = await store.claim_due(datetime.now(UTC), "a", lease=LEASE)
    assert claimed[0].id == match.id and claimed[0].status == RUNNING


async def test_a_pass_over_many_matches_goes_batch_by_batch(store, monkeypatch):
    monkeypatch.setattr("service.clocks.clock_pass.CLAIM_BATCH", 3)
    service = quick(store)
    matches = [await running(service) for _ in range(8)]
    due = await service.reminders_due(datetime.now(UTC) + timedelta(hours=2))
    assert sorted(r.match.id for r in due) == [m.id for m in matches]
