"""A server that removed the bot, on both stores: its data is deleted once the retention
period has passed (every table, those later migrations add included), not before, not if
the bot was invited back, and no other server's rows change."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from engines.ai import RandomPlayer
from service import Actor, Invitee, Service
from service.community.retention import RETENTION_DAYS, retention_days
from service.events.entry_terms import EventTerms
from service.match.core import replay_problem

GONE, STAYS = 100, 200


def actors(guild: int) -> tuple[Actor, Actor]:
    return Actor(1, "Ana", guild, is_admin=True), Actor(2, "Bo", guild)


async def busy_server(svc: Service, guild: int) -> int:
    """A finished rated match, a running one, a lobby, a challenge, a tournament, a note,
    a follow and the server's settings; the finished match's id."""
    ana, bo = actors(guild)
    finished = await svc.create(ana, "witch-stones", channel_id=guild)
    await svc.join(finished.id, bo)
    await svc.start(finished.id, ana)
    while waiting := await svc.waiting(finished.id):
        user, moves = next(iter(waiting.items()))
        await svc.submit(finished.id, Actor(user, "", guild), moves[0])
    running = await svc.create(ana, "witch-stones", channel_id=guild)
    await svc.join(running.id, bo)
    await svc.start(running.id, ana)
    await svc.create(bo, "witch-stones", channel_id=guild)
    await svc.challenge(ana, [Invitee(2, "Bo")], "terra", channel_id=guild)
    event = await svc.create_tournament(ana, "witch-stones", EventTerms("swiss", 2),
                                        channel_id=guild)
    await svc.tournament_act("join", event.id, ana)
    await svc.store.set_note(running.id, 2, "mine")
    await svc.store.set_follow(running.id, 1, "moves")
    await svc.servers.change(ana, deadline=24)
    return finished.id


async def counts(svc: Service, guild: int) -> dict[str, int]:
    out = {}
    for table, where in (("matches", "guild_id = ?"), ("challenges", "guild_id = ?"),
                         ("tournaments", "guild_id = ?"), ("ratings", "guild_id = ?"),
                         ("server_settings", "guild_id = ?"),
                         ("moves", "match_id IN (SELECT id FROM matches WHERE guild_id = ?)"),
                         ("seats", "match_id IN (SELECT id FROM matches WHERE guild_id = ?)")):
        (n,), = await svc.store.query(f"SELECT COUNT(*) FROM {table} WHERE {where}", guild)
        out[table] = n
    return out


async def test_a_departed_server_is_deleted_after_the_retention_period(store):
    at = [datetime(2026, 5, 1, tzinfo=UTC)]
    svc = Service(store, seed_source=lambda: 3, shuffle=lambda s: None,
                  player=RandomPlayer(), now=lambda: at[0])
    await busy_server(svc, GONE)
    kept = await busy_server(svc, STAYS)
    before = await counts(svc, STAYS)
    await svc.abort_server(GONE)
    await svc.retention.left(GONE)
    at[0] += timedelta(days=RETENTION_DAYS - 1)
    assert await svc.retention.purge() == {}  # not yet
    at[0] += timedelta(days=1)
    purged = await svc.retention.purge()
    assert list(purged) == [GONE] and purged[GONE] > 20
    assert all(n == 0 for n in (await counts(svc, GONE)).values())
    for table, column, owner in (("match_notes", "match_id", "matches"),
                                 ("match_follows", "match_id", "matches"),
                                 ("match_clocks", "match_id", "matches"),
                                 ("challenge_players", "challenge_id", "challenges"),
                                 ("tournament_entrants", "tournament_id", "tournaments")):
        orphans = await svc.store.query(f"SELECT COUNT(*) FROM {table} WHERE {column} NOT IN "
                                        f"(SELECT id FROM {owner})")
        assert orphans == [(0,)], table  # nothing of the server left behind
    assert await svc.store.query("SELECT COUNT(*) FROM server_departures") == [(0,)]
    assert await counts(svc, STAYS) == before
    match = await svc.store.get_match(kept)
    assert replay_problem(match, await svc.store.moves(kept)) is None
    assert await svc.retention.purge() == {}  # once


async def test_an_invitation_back_keeps_the_data(store):
    at = [datetime(2026, 5, 1, tzinfo=UTC)]
    svc = Service(store, seed_source=lambda: 3, shuffle=lambda s: None,
                  player=RandomPlayer(), now=lambda: at[0])
    await busy_server(svc, GONE)
    await svc.retention.left(GONE)
    at[0] += timedelta(days=3)
    await svc.retention.left(GONE)  # a second removal keeps the first day
    assert await svc.retention.present([GONE, STAYS]) == 1
    at[0] += timedelta(days=60)
    assert await svc.retention.purge() == {}
    assert (await counts(svc, GONE))["matches"] == 3


def test_retention_days_are_checked_where_they_enter():
    assert retention_days("") == 30 and retention_days("7") == 7 and retention_days("0") == 0
    with pytest.raises(ValueError, match="PANTHEON_RETENTION_DAYS must be a number of days"):
        retention_days("a month")
