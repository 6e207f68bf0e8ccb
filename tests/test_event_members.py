"""What members see of a tournament, through the service on both stores: the standings
after round N count rounds 1..N only, late entry until the stated round begins, the
posts' mentions by each member's /notify choice and quiet hours, and a member who leaves
the server withdrawn by the event's rules."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from engines.ai import RandomPlayer
from service import Actor, Service
from service.tournament_terms import EventTerms
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
