"""``/privacy`` through the service, on both stores: a member's data in words, exported
as one JSON file, and deleted — their running match resigned, their tournament withdrawn,
their challenge closed, their seats renamed "Deleted player" — while every match still
replays to the same position and no other player's result, points or rating changes."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from db import EVENT_RUNNING, FINISHED, LOBBY, RUNNING, WITHDRAWN
from db.privacy import DELETED_NAME, PERSONAL, is_deleted
from engines.ai import RandomPlayer
from service import Actor, Invitee, MatchTerms, Service
from service.events.entry_terms import EventTerms
from service.match.core import replay_problem
from service.match.ratings import rate
from tests.toy_game import registered

GUILD = 70
ANA = Actor(1, "Ana", GUILD)
BO = Actor(2, "Bo", GUILD)
CY = Actor(3, "Cy", GUILD)
BO_IN_DMS = Actor(2, "Bo")


@pytest.fixture(autouse=True)
def kayles():
    with registered() as spec:
        yield spec


@pytest.fixture
def svc(store) -> Service:
    return Service(store, seed_source=lambda: 12345, shuffle=lambda seats: None,
                   player=RandomPlayer(), now=lambda: datetime(2026, 3, 2, 12, tzinfo=UTC))


PERSON_COLUMNS = ("user_id", "host_id", "challenger_id", "organiser_id")


async def person_columns(store) -> list[tuple[str, str]]:
    """Every (table, column) of the schema that names a person, later migrations' too."""
    if store.backend == "sqlite":
        tables = [r[0] for r in await store.query(
            "SELECT name FROM sqlite_master WHERE type = 'table'")]
        return [(t, r[1]) for t in tables
                for r in await store.query(f"PRAGMA table_info({t})") if r[1] in PERSON_COLUMNS]
    rows = await store.query("SELECT table_name, column_name FROM information_schema.columns "
                             "WHERE table_schema = current_schema()")
    return [(t, c) for t, c in rows if c in PERSON_COLUMNS]


async def two_player(svc: Service, host: Actor, guest: Actor, rated: bool = True) -> int:
    match = await svc.create(host, "kayles", channel_id=5, terms=MatchTerms(rated=rated))
    await svc.join(match.id, guest)
    await svc.start(match.id, host)
    return match.id


async def play_out(svc: Service, match_id: int) -> None:
    while waiting := await svc.waiting(match_id):
        user_id, moves = next(iter(waiting.items()))
        await svc.submit(match_id, Actor(user_id, "", GUILD), moves[0])


async def bo_everywhere(svc: Service) -> dict[str, int]:
    """Bo in a finished rated match, a running one, a lobby he hosts, a running
    tournament, an open challenge, with settings, a note, a follow and a vacation."""
    finished = await two_player(svc, ANA, BO)
    await play_out(svc, finished)
    running = await two_player(svc, BO, ANA, rated=False)
    lobby = await svc.create(BO, "kayles", channel_id=5)
    event = await svc.create_tournament(CY, "kayles", EventTerms("swiss", 2))
    for actor in (CY, BO, ANA):
        await svc.tournament_act("join", event.id, actor)
    await svc.tournament_act("start", event.id, CY)
    challenge = await svc.challenge(BO, [Invitee(CY.user_id, "Cy")], "kayles", channel_id=5)
    await svc.set_reminders(BO, 6)
    await svc.notify_settings(BO, time_zone="Europe/Paris", quiet_hours="23:00-07:00")
    await svc.store.set_note(running, BO.user_id, "watch the left pins")
    await svc.store.set_follow(finished, BO.user_id, "end")
    await svc.vacation(BO, 2)
    return {"finished": finished, "running": running, "lobby": lobby.id,
            "event": event.id, "challenge": challenge.challenge.id}


async def test_the_summary_says_what_is_kept_in_words(svc):
    assert (await svc.privacy.summary(BO)).startswith("I keep nothing about you.")
    await bo_everywhere(svc)
    text = await svc.privacy.summary(BO_IN_DMS)
    assert "your seat in 4 matches (3 open)" in text  # 2, a lobby, a tournament game
    assert "1 leaderboard rating" in text and "your reminders and notifications settings" in text
    assert "1 private note" in text and "1 follow" in text and "1 tournament entry" in text
    assert "1 challenge you made" in text and "/privacy delete" in text


async def test_export_is_one_json_file_of_everything(svc):
    ids = await bo_everywhere(svc)
    name, text = await svc.privacy.export(BO_IN_DMS)
    data = json.loads(text)
    assert name == "pantheon-data-2.json" and data["user_id"] == 2
    by_match = {m["seat"]["match_id"]: m for m in data["matches"]}
    assert set(by_match) >= {ids["finished"], ids["running"], ids["lobby"]}
    finished = by_match[ids["finished"]]["record"]
    assert finished["header"]["complete"] and finished["moves"]
    assert by_match[ids["lobby"]]["record"] is None
    running = by_match[ids["running"]]["record"]
    assert running["header"]["seed"] is None  # a running match as everyone has seen it
    assert data["notes"][0]["note"] == "watch the left pins"
    assert data["settings"]["reminders"][0]["remind_after_hours"] == 6
    assert data["settings"]["notifications"][0]["time_zone"] == "Europe/Paris"
    assert data["ratings"][0]["game"] == "kayles" and data["rating_changes"]
    assert data["tournament_entries"][0]["tournament_id"] == ids["event"]
    assert data["challenges_made"][0]["id"] == ids["challenge"]
    assert data["vacations"] and data["follows"][0]["mode"] == "end"
    assert all("snapshot" not in row for row in data["matches_hosted"])


async def test_delete_keeps_every_record_and_every_other_result(svc):
    store = svc.store
    ids = await bo_everywhere(svc)
    before = await store.get_match(ids["finished"])
    ana_rating = await store.query("SELECT mu, sigma, games FROM ratings WHERE user_id = 1")
    moves = {i: await store.moves(i) for i in (ids["finished"], ids["running"])}

    done = await svc.privacy.delete(BO_IN_DMS)

    assert any(f"resigned from match #{ids['running']}" in line for line in done.lines)
    assert not any((await store.personal_rows(BO.user_id)).values())
    for table, (_, where) in PERSONAL.items():
        assert await store.query(f"SELECT COUNT(*) FROM {table} WHERE {where}", 2) == [(0,)]
    for table, column in await person_columns(store):  # every table the schema has
        assert await store.query(f"SELECT COUNT(*) FROM {table} WHERE {column} = 2") == \
            [(0,)], f"{table}.{column} still names the deleted person"
    after = await store.get_match(ids["finished"])
    assert after.result == before.result and after.snapshot == before.snapshot
    seat = after.by_seat()[before.seat_of(2).seat]
    assert seat.display_name == DELETED_NAME and is_deleted(seat.user_id)
    assert await store.query("SELECT mu, sigma, games FROM ratings WHERE user_id = 1"
                             ) == ana_rating
    for match_id, log in moves.items():
        match = await store.get_match(match_id)
        assert [(m.seat, m.notation) for m in await store.moves(match_id)][:len(log)] == \
            [(m.seat, m.notation) for m in log]
        assert replay_problem(match, await store.moves(match_id)) is None
    running = await store.get_match(ids["running"])
    assert running.status == FINISHED and running.result["ranking"][0] == \
        [running.seat_of(1).seat]  # Ana wins by the resignation
    assert (await store.get_match(ids["lobby"])).status != LOBBY
    assert (await store.get_challenge(ids["challenge"])).status == WITHDRAWN
    event = await svc.tournament(ids["event"])
    gone = [e for e in event.entrants if e.display_name == DELETED_NAME]
    assert len(gone) == 1 and gone[0].withdrawn_round is not None
    assert all(2 not in t.players for t in event.tables)
    assert event.status in (EVENT_RUNNING, "finished")
    assert (await svc.privacy.summary(BO)).startswith("I keep nothing about you.")
    again = json.loads((await svc.privacy.export(BO))[1])
    assert again["matches"] == [] and again["ratings"] == []


async def test_deleting_from_a_three_player_match_leaves_it_running(svc):
    store = svc.store
    match = await svc.create(ANA, "storm-of-the-gods", channel_id=5)
    for actor in (BO, CY):
        await svc.join(match.id, actor)
    await svc.start(match.id, ANA)
    await svc.privacy.delete(BO_IN_DMS)
    match = await store.get_match(match.id)
    assert match.status == RUNNING
    (gone,) = [s for s in match.seats if s.display_name == DELETED_NAME]
    assert gone.resigned and not gone.is_ai and is_deleted(gone.user_id)
    assert {s.user_id for s in match.seats} - {gone.user_id} == {1, 3}


async def test_two_deleted_players_get_two_pseudonyms(svc):
    match_id = await two_player(svc, ANA, BO)
    await play_out(svc, match_id)
    await svc.privacy.delete(ANA)
    await svc.privacy.delete(BO)
    match = await svc.store.get_match(match_id)
    ids = {s.user_id for s in match.seats}
    assert len(ids) == 2 and all(is_deleted(i) for i in ids)
    assert replay_problem(match, await svc.store.moves(match_id)) is None


async def test_a_match_settled_after_a_deletion_rates_nobody_deleted(svc):
    """A match of 3+ goes on after a member deletes their data (the bot plays the seat);
    when it is rated at its end, the pseudonym gets no leaderboard row."""
    store = svc.store
    match_id = await two_player(svc, ANA, BO)
    await play_out(svc, match_id)
    await svc.privacy.delete(BO)
    await store.execute("UPDATE matches SET rating_applied = 0 WHERE id = ?", match_id)
    await store.execute("DELETE FROM ratings")
    await store.execute("DELETE FROM rating_changes")

    changes = await store.settle_rating(match_id, rate)
    assert [c.user_id for c in changes] == [ANA.user_id]
    assert [row[0] for row in await store.query("SELECT user_id FROM ratings")] == [1]
