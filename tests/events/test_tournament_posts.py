"""The bot's side of the tournaments' outbox (:func:`bot.events.tournament_ui.tell_news`): a
queued post refused for good (no permission, no channel) is marked sent and never
retried; one that failed on Discord's side stays unsent and the clock pass claims it
again once the claim lapses."""

from __future__ import annotations

from datetime import timedelta

import discord
import pytest

from bot.events.tournament_ui import tell_news
from service import Actor
from service.events.entry_terms import EventTerms
from service.events.outbox import LEASE
from tests.discord_fakes import CHANNEL, GUILD, World, http_response
from tests.events.test_tournaments import START, make_service
from tests.toy_game import registered

ANA, BO = Actor(1, "Ana", GUILD), Actor(2, "Bo", GUILD)


@pytest.fixture(autouse=True)
def kayles():
    with registered() as spec:
        yield spec


async def started(store):
    service = make_service(store, [START])
    record = await service.create_tournament(ANA, "kayles", EventTerms("swiss", 2),
                                             channel_id=CHANNEL)
    for actor in (ANA, BO):
        await service.tournament_act("join", record.id, actor)
    return service, await service.tournament_act("start", record.id, ANA)


async def unsent(store) -> list[str]:
    rows = await store.query("SELECT kind FROM tournament_outbox WHERE sent_at IS NULL")
    return [kind for (kind,) in rows]


async def test_a_post_refused_for_good_is_not_retried(store) -> None:
    service, news = await started(store)
    world = World(service)
    world.channel.fail_sends = True  # 403 Missing Permissions
    await tell_news(world.bot, news)
    assert await unsent(store) == []
    assert await service.tournament_pass(START + 3 * LEASE) == []


async def test_a_post_discord_failed_is_sent_again_after_its_claim_lapses(store) -> None:
    service, news = await started(store)
    world = World(service)

    async def unavailable(*args, **kwargs):
        raise discord.HTTPException(http_response(503, "Service Unavailable"), "try later")

    world.channel.send.side_effect = unavailable
    await tell_news(world.bot, news)
    assert await unsent(store) == ["pairings"]
    assert await service.tournament_pass(START + LEASE / 2) == []  # still claimed
    again = await service.tournament_pass(START + LEASE + timedelta(seconds=1))
    assert [p.text.split("\n")[0] for n in again for p in n.posts] == [
        news.posts[0].text.split("\n")[0]]
