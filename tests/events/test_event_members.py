"""What members see of a tournament, through the service on both stores: the standings
after round N count rounds 1..N only, late entry until the stated round begins, the
posts' mentions by each member's /notify choice and quiet hours, and a member who leaves
the server withdrawn by the event's rules."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from engines.ai import RandomPlayer
from service import Actor, Service, ServiceError
from service.events.entry_terms import EventTerms
from tests.toy_game import registered

GUILD = 70
ANA = Actor(1, "Ana", GUILD)
BO = Actor(2, "Bo", GUILD)
DAN = Actor(4, "Dan", GUILD)
START = datetime(2026, 3, 2, 12, tzinfo=UTC)


@pytest.fixture(autouse=True)
def kayles():
    with registered() as spec:
        yield spec


def make_service(store) -> Service:
    return Service(store, seed_source=lambda: 12345, shuffle=lambda seats: None,
                   player=RandomPlayer())


async def swiss_of_three(service: Service):
    """Ana, Bo and Dan in a Swiss of 2 rounds, started: round 1 is one game and a bye
    (the loser of that game takes round 2's bye)."""
    record = await service.create_tournament(ANA, "kayles", EventTerms("swiss", 2))
    for actor in (ANA, BO, DAN):
        await service.tournament_act("join", record.id, actor)
    news = await service.tournament_act("start", record.id, ANA)
    return news.tournament


async def test_standings_after_round_one_leave_out_round_twos_bye(store) -> None:
    service = make_service(store)
    record = await swiss_of_three(service)
    game = next(t for t in record.tables if t.round == 1 and len(t.players) == 2)
    loser, winner = game.players[1], game.players[0]
    actors = {a.user_id: a for a in (ANA, BO, DAN)}
    news = await service.resign(game.match_id, actors[loser])
    assert news.match.status == "finished"
    record = await service.tournament(record.id)
    assert record.round == 2
    bye = next(t for t in record.tables if t.round == 2 and len(t.players) == 1)
    assert bye.players == [loser]  # the lowest score takes the bye
    # the bye of round 2 is scored as round 2 is paired; after round 1 it is not there
    await service.store.score_table(record.id, 2, bye.number, {loser: 1.0})
    record = await service.tournament(record.id)
    post = await service.tournaments.text.standings_post(record, 1)
    name = actors[loser].name
    line = next(x for x in post.text.splitlines() if "— " in x and name in x)
    assert "0 points" in line and "bye" not in line and "1 game" in line, line
    top = next(x for x in post.text.splitlines() if actors[winner].name in x)
    assert "1 point (Buchholz 0, Sonneborn–Berger 0" in top, top
    assert f"{name}, 0 points" in post.alt and "standings after round 1" in post.alt
    # /tournament standings in the middle of round 2: rounds complete so far
    shown = await service.tournament_post(record, "standings")
    assert "standings after round 1" in shown.text and "Round 2 is being played" in shown.text
    assert next(x for x in shown.text.splitlines() if name in x) == line


async def test_late_entry_lasts_until_the_stated_round_begins(store) -> None:
    service = make_service(store)
    record = await service.create_tournament(ANA, "kayles",
                                             EventTerms("swiss", 3, late_until=2))
    other = await service.create_tournament(BO, "kayles", EventTerms("swiss", 3))
    for actor in (ANA, BO):
        await service.tournament_act("join", record.id, actor)
    await service.tournament_act("start", record.id, ANA)
    # newest first: the open one, and the running one in its late entry
    assert [r.id for r in await service.joinable_tournaments(GUILD)] == [other.id, record.id]
    await service.tournament_act("cancel", other.id, BO)
    assert [r.id for r in await service.joinable_tournaments(GUILD)] == [record.id]
    record = await service.tournament(record.id)
    assert "Late entry is open until round 2 begins" in service.tournaments.text.entry_text(
        record)
    news = await service.join_tournament(None, DAN)  # the newest that takes entrants
    assert news.tournament.id == record.id and news.tournament.entrant(DAN.user_id)
    game = next(t for t in news.tournament.tables if t.round == 1)
    await service.resign(game.match_id, ANA)
    record = await service.tournament(record.id)
    assert record.round == 2 and any(DAN.user_id in t.players for t in record.tables)
    assert await service.joinable_tournaments(GUILD) == []
    assert "Late entry" not in service.tournaments.text.entry_text(record)
    with pytest.raises(ServiceError, match="No tournament here takes entrants now"):
        await service.join_tournament(None, Actor(5, "Eve", GUILD))
    with pytest.raises(ServiceError, match="takes no more entrants"):
        await service.join_tournament(record.id, Actor(5, "Eve", GUILD))


async def test_a_tournament_post_pings_only_who_wants_a_mention_now(store) -> None:
    service = make_service(store)
    night = datetime(2026, 3, 2, 23, 30, tzinfo=UTC)
    await service.notify_settings(ANA, time_zone="UTC", quiet_hours="23:00-07:00",
                                  now=night)
    await service.notify_settings(BO, your_turn="dm", now=night)
    everyone = [ANA.user_id, BO.user_id, DAN.user_id, -1]
    assert await service.event_mentions(everyone, night) == [DAN.user_id]
    morning = datetime(2026, 3, 3, 7, 0, tzinfo=UTC)
    assert await service.event_mentions(everyone, morning) == [ANA.user_id, DAN.user_id]


async def test_a_member_who_leaves_is_withdrawn_and_their_game_forfeited(store) -> None:
    service = make_service(store)
    running = await service.create_tournament(ANA, "kayles", EventTerms("swiss", 3))
    for actor in (ANA, BO, DAN):
        await service.tournament_act("join", running.id, actor)
    await service.tournament_act("computer", running.id, ANA, "easy")
    await service.tournament_act("start", running.id, ANA)
    elsewhere = await service.create_tournament(Actor(9, "Zed", GUILD + 1), "kayles",
                                                EventTerms("swiss", 3))
    await service.tournament_act("join", elsewhere.id, Actor(2, "Bo", GUILD + 1))
    waiting = await service.create_tournament(ANA, "kayles", EventTerms("swiss", 3))
    await service.tournament_act("join", waiting.id, BO)
    assert (await service.tournament_entrants())[GUILD] == {1, 2, 4}
    record = await service.tournament(running.id)
    table = next(t for t in record.tables if BO.user_id in t.players)
    (mate,) = [u for u in table.players if u != BO.user_id]
    changed = await service.member_left(GUILD, BO.user_id)
    assert sorted(n.tournament.id for n in changed) == [running.id, waiting.id]
    record = await service.tournament(running.id)
    assert record.entrant(BO.user_id).withdrawn_round == 2
    match = await service.match(table.match_id)
    assert match.status == "finished" and match.seat_of(BO.user_id).resigned
    news = next(n for n in changed if n.tournament.id == running.id)
    notice = news.posts[-1]
    assert "Bo left the server and is withdrawn from round 2 on" in notice.text
    assert "is forfeited (a loss for them)" in notice.text
    assert notice.mentions == ([mate] if mate > 0 else [])
    assert news.started and news.started[0].match.id == table.match_id  # the board posted
    assert (await service.tournament(waiting.id)).entrant(BO.user_id) is None
    assert (await service.tournament(elsewhere.id)).entrant(BO.user_id) is not None
    assert await service.member_left(GUILD, BO.user_id) == []  # once
    assert BO.user_id not in (await service.tournament_entrants())[GUILD]
