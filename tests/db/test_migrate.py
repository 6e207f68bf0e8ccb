"""``python -m bot migrate``: an SQLite database made by the real service, copied to a
real PostgreSQL (see tests/pg.py), every table equal, every match verified by replay, and
the service carrying on there. PostgreSQL only (skipped with the others without one)."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import random
from datetime import UTC, datetime, timedelta

import pytest

from db import RUNNING, TurnReminder, open_store
from db.migrate import Refused, main, migrate
from db.posts import Posted
from engines.ai import RandomPlayer
from service import Actor, Invitee, Service
from service.events.entry_terms import EventTerms
from service.match.core import replay_problem
from tests.conftest import play_random

pytestmark = pytest.mark.postgres

HERE, THERE = 50, 60
ANA, BO, CY, DEE = (Actor(i, n, guild_id=HERE) for i, n in enumerate(
    ("Ana", "Bo", "Cy", "Dee"), start=1))
EVE = Actor(5, "Eve", guild_id=THERE)
BIG = Actor(2**62 + 1, "Snowflake", guild_id=2**61)
KEYS = {"matches": "id", "seats": "match_id, user_id", "moves": "match_id, seq",
        "user_settings": "user_id", "match_clocks": "match_id",
        "turn_reminders": "match_id, user_id", "vacations": "id",
        "undo_requests": "match_id, version", "ratings": "guild_id, game, user_id",
        "bot_state": "key",
        "rating_changes": "match_id, user_id", "challenges": "id",
        "challenge_players": "challenge_id, user_id", "rematch_votes": "match_id, user_id",
        "rematches": "match_id", "notify_settings": "user_id", "notify_held": "id",
        "match_follows": "match_id, user_id", "match_notes": "match_id, user_id",
        "match_posts": "match_id, user_id", "hints": "match_id, seat, version",
        "tournaments": "id",
        "tournament_entrants": "tournament_id, user_id",
        "tournament_tables": "tournament_id, round, table_no",
        "deleted_players": "id", "server_settings": "guild_id",
        "server_departures": "guild_id", "tournament_outbox": "id",
        "member_languages": "user_id"}


def service_on(store) -> Service:
    return Service(store, seed_source=lambda: 12345, shuffle=lambda seats: None,
                   player=RandomPlayer())


async def play(service, match, rng, moves, actors):
    return await play_random(service, match.id, actors, rng.choice, moves)


async def build(store) -> dict[str, int]:
    """Several matches in every state, with clocks, reminders, vacations, an undo request,
    ratings, a challenge and a rematch asked for: every table gets rows."""
    service, rng = service_on(store), random.Random(3)
    actors = {a.user_id: a for a in (ANA, BO, CY, DEE, EVE, BIG)}
    running = await service.create(ANA, "witch-stones", channel_id=10, remind=6, deadline=48)
    await service.join(running.id, BO)
    running = await play(service, (await service.start(running.id, ANA)).match, rng, 6,
                         actors)
    await store.set_places(running.id, thread_id=11, lobby_message_id=12)
    await store.open_undo_request(running.id, version=running.version, user_id=ANA.user_id,
                                  from_seq=6)
    rated = await service.create(CY, "witch-stones", channel_id=10)
    await service.join(rated.id, DEE)
    rated = await play(service, (await service.start(rated.id, CY)).match, rng, 3, actors)
    await service.resign(rated.id, DEE)
    lobby = await service.create(EVE, "terra", channel_id=20)
    aborted = await service.create(ANA, "angry-gods", channel_id=10)
    await service.join(aborted.id, CY)
    await service.start(aborted.id, ANA)
    await service.abort(aborted.id, ANA)
    ai = await service.create(BIG, "storm-of-the-gods", channel_id=30, rated=False)
    await service.add_ai(ai.id, BIG)
    await service.add_ai(ai.id, BIG)
    ai = await play(service, (await service.start(ai.id, BIG)).match, rng, 4, actors)
    await service.set_reminders(BO, 12)
    now = datetime.now(UTC)
    await service.vacation(CY, 3, now=now)
    await store.start_vacation(DEE.user_id, now - timedelta(days=30), now - timedelta(days=28))
    await store.mark_turn_reminded(running.id, BO.user_id, TurnReminder(running.version, 0))
    await store.checked(running.id, running.version, now + timedelta(hours=6))
    await store.nudge(running.id, now, now - timedelta(days=1))
    challenge = await service.challenge(ANA, [Invitee(2, "Bo"), Invitee(3, "Cy")], "terra",
                                        {"terrain": "true"}, 10, deadline=24)
    await service.accept_challenge(challenge.challenge.id, BO)
    await store.vote_rematch(rated.id, CY.user_id)
    await store.claim_rematch(rated.id)
    await store.set_bot_state("commands_guild", str(HERE))
    await service.notify_settings(BO, time_zone="Pacific/Auckland", quiet_hours="22-7",
                                  digest_hour=8, now=now)
    await store.hold_notices([(BO.user_id, running.id, "turn")], now, {BO.user_id: now})
    await service.notify.follow(running.id, CY, "moves")
    await service.notes.set_note(running.id, BO, "Ana likes moons.")
    await service.languages.seen(CY.user_id, "pt-BR")
    await service.languages.choose(CY, "de")
    event = await service.create_tournament(ANA, "witch-stones", EventTerms("swiss", 2),
                                            channel_id=10)
    for actor in (ANA, BO):
        await service.tournament_act("join", event.id, actor)
    await service.tournament_act("computer", event.id, ANA, "easy")
    await store.forget_person(999)  # someone who deleted their data (/privacy)
    await service.servers.change(dataclasses.replace(ANA, is_admin=True), deadline=12)
    await store.mark_departed(77, now.isoformat())
    # a round claimed (its tables stored), its bye scored, its match not made yet
    await store.begin_round(event.id, 1, [[1, 2], [-1]], None)
    await store.score_table(event.id, 1, 2, {-1: 1.0})
    await store.set_posted(running.id, 0, Posted(11, 12, "1:4", running.version, True))
    await store.take_hint(ai.id, 0, ai.version)  # a hint taken (/hint, migration 018)
    return {"running": running.id, "rated": rated.id, "lobby": lobby.id,
            "aborted": aborted.id, "ai": ai.id}


def normal(value):
    """JSON text as data (SQLite keeps it compact, PostgreSQL's JSONB reformats it)."""
    if isinstance(value, str) and value[:1] in "{[":
        try:
            return json.loads(value)
        except ValueError:  # text that merely starts like JSON ("{seat0} took e5")
            return value
    return value


async def table(store, name: str, columns: list[str]) -> list[tuple]:
    rows = await store.query(f"SELECT {', '.join(columns)} FROM {name} ORDER BY {KEYS[name]}")
    return [tuple(normal(v) for v in row) for row in rows]


async def test_migrate_copies_everything_verifies_and_the_service_carries_on(
        tmp_path, postgres):
    source = str(tmp_path / "old.db")
    lite = await open_store(source)
    ids = await build(lite)
    names = [r[0] for r in await lite.query(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
        "AND name <> 'schema_version'")]
    assert sorted(names) == sorted(KEYS)
    for name in names:
        assert await lite.query(f"SELECT COUNT(*) FROM {name}") != [(0,)], name
    seat_order = await lite.query("SELECT match_id, user_id FROM seats ORDER BY rowid")
    await lite.close()

    target = await postgres.create_empty_database()
    try:
        said: list[str] = []
        report = await migrate(source, target, check=replay_problem, say=said.append)
        assert (report.matches, report.verified, report.mismatches) == (5, 5, [])
        assert any("seats:" in line for line in said)

        lite, pg = await open_store(source), await open_store(target)
        try:
            for name in names:
                columns = [r[1] for r in await lite.query(f"PRAGMA table_info({name})")]
                assert await table(pg, name, columns) == await table(lite, name, columns), name
            assert await pg.query("SELECT match_id, user_id FROM seats ORDER BY rowid") \
                == seat_order
            for key, match_id in ids.items():
                before, after = await lite.get_match(match_id), await pg.get_match(match_id)
                assert after == before, key
                assert await pg.moves(match_id) == await lite.moves(match_id)
            assert await pg.standings(HERE, "witch-stones") == \
                await lite.standings(HERE, "witch-stones")

            # The service carries on where SQLite left off; new ids follow the old ones.
            service = service_on(pg)
            running = await pg.get_match(ids["running"])
            assert running.status == RUNNING
            user, moves = next(iter((await service.waiting(running.id)).items()))
            actor = {a.user_id: a for a in (ANA, BO)}[user]
            moved = (await service.submit(running.id, actor, moves[0])).match
            assert moved.version == running.version + 1
            assert len(await pg.moves(running.id)) == len(await lite.moves(running.id)) + 1
            fresh = await service.create(ANA, "witch-stones", channel_id=10)
            assert fresh.id == max(ids.values()) + 1
            assert await pg.start_vacation(ANA.user_id, datetime.now(UTC),
                                           datetime.now(UTC) + timedelta(days=1))
            assert await pg.get_tournament(1) == await lite.get_tournament(1)
            later = await service.create_tournament(BO, "angry-gods", EventTerms("swiss", 1))
            assert later.id == 2
        finally:
            await lite.close()
            await pg.close()

        # A second run refuses to write into the now non-empty target.
        with pytest.raises(Refused, match="not empty"):
            await migrate(source, target, check=replay_problem)
    finally:
        await postgres.drop_database(target)


def test_the_command_reports_a_mismatch_and_refuses_a_second_run(tmp_path, postgres, capsys):
    source = str(tmp_path / "bad.db")

    async def broken() -> int:
        lite = await open_store(source)
        ids = await build(lite)
        await lite.execute("UPDATE matches SET snapshot = ? WHERE id = ?", '{"nonsense": 1}',
                           ids["rated"])
        await lite.close()
        return ids["rated"]

    bad = asyncio.run(broken())
    target = asyncio.run(postgres.create_empty_database())
    try:
        assert main(["--to", target, "--from", source], "unused.db", replay_problem) == 1
        out = capsys.readouterr().out
        assert "5 matches copied, 4 verified by replay, 1 mismatches" in out
        assert f"match {bad}: the replayed log differs from the snapshot" in out
        assert main(["--to", target, "--from", source], "unused.db", replay_problem) == 2
        assert "refused: the target database is not empty" in capsys.readouterr().out
    finally:
        asyncio.run(postgres.drop_database(target))


def test_migrate_refuses_a_missing_source_or_a_file_target(tmp_path, capsys):
    assert main(["--to", "postgresql://x@127.0.0.1:1/none", "--from",
                 str(tmp_path / "none.db")], "unused.db", replay_problem) == 2
    assert "no SQLite database" in capsys.readouterr().out
