"""``/settings`` through the service, on both stores: said back in words, changed only
with Manage Server, kept per server, and applied where matches, challenges and
tournaments are made (the channel, the games, the tournament role, the default clock)
and where "your turn" is delivered."""

from __future__ import annotations

import pytest

from engines.ai import RandomPlayer
from service import Actor, Invitee, MatchTerms, Service, ServiceError
from service.events.entry_terms import EventTerms

GUILD = 80
MOD = Actor(1, "Mod", GUILD, is_admin=True)
ANA = Actor(2, "Ana", GUILD)
ANA_ORGANISER = Actor(2, "Ana", GUILD, roles=frozenset({555}))
ELSEWHERE = Actor(2, "Ana", 81)
GAMES = 10
OTHER = 11


@pytest.fixture
def svc(store) -> Service:
    return Service(store, seed_source=lambda: 1, shuffle=lambda seats: None,
                   player=RandomPlayer())


async def test_defaults_in_words_and_only_moderators_change_them(svc):
    text = await svc.servers.change(ANA)
    assert "start in: any text channel or forum." in text and "- Games: all." in text
    assert "nobody (never @everyone or @here)" in text
    with pytest.raises(ServiceError, match="Only a member with Manage Server"):
        await svc.servers.change(ANA, deadline=48)
    text = await svc.servers.change(MOD, channel=GAMES, deadline=48, on_timeout="forfeit",
                                     tournament_role=555, games="witch-stones, Terra",
                                     your_turn="dm")
    assert f"<#{GAMES}> only." in text and "deadline 48 h per turn; on timeout: forfeit" in text
    assert "members with <@&555>" in text and "Witch Stones, Terra only." in text
    assert "a DM from me" in text
    again = Service(svc.store)  # another process reads the same
    assert await again.servers.change(ANA) == text
    assert "- Games: all." in await svc.servers.change(ELSEWHERE)  # per server
    text = await svc.servers.change(MOD, clear="games")
    assert "- Games: all." in text and f"<#{GAMES}> only." in text
    assert "any text channel" in await svc.servers.change(MOD, clear="all")


async def test_refusals_are_one_sentence(svc):
    with pytest.raises(ServiceError, match="I know no game called 'chess'"):
        await svc.servers.change(MOD, games="chess")
    with pytest.raises(ServiceError, match="Choose a deadline between 0 and"):
        await svc.servers.change(MOD, deadline=100000)
    with pytest.raises(ServiceError, match="There is no setting 'colour'"):
        await svc.servers.change(MOD, clear="colour")
    with pytest.raises(ServiceError, match="a digest is each member's own choice"):
        await svc.servers.change(MOD, your_turn="digest")
    with pytest.raises(ServiceError, match="in the server, not in a DM"):
        await svc.servers.change(Actor(1, "Mod", None, is_admin=True), deadline=1)


async def test_settings_govern_new_matches_challenges_and_tournaments(svc):
    await svc.servers.change(MOD, channel=GAMES, deadline=48, games="witch-stones",
                              tournament_role=555)
    with pytest.raises(ServiceError, match=rf"In this server matches start in <#{GAMES}>"):
        await svc.create(ANA, "witch-stones", channel_id=OTHER)
    with pytest.raises(ServiceError, match=r"This server plays only Witch Stones\."):
        await svc.create(ANA, "terra", channel_id=GAMES)
    with pytest.raises(ServiceError, match=f"start in <#{GAMES}>"):
        await svc.challenge(ANA, [Invitee(3, "Bo")], "witch-stones", channel_id=OTHER)
    match = await svc.create(ANA, "witch-stones", channel_id=GAMES)
    assert (await svc.store.clock(match.id)).deadline == 48  # the server's default
    chosen = await svc.create(ANA, "witch-stones", channel_id=GAMES,
                              terms=MatchTerms(deadline=6))
    assert (await svc.store.clock(chosen.id)).deadline == 6  # the member's choice wins
    banked = await svc.create(ANA, "witch-stones", channel_id=GAMES, terms=MatchTerms(bank=72))
    assert (await svc.store.clock(banked.id)).deadline == 0  # a bank takes no deadline
    with pytest.raises(ServiceError, match="Only members with <@&555> create tournaments"):
        await svc.create_tournament(ANA, "witch-stones", EventTerms("swiss", 2),
                                    channel_id=GAMES)
    made = await svc.create_tournament(ANA_ORGANISER, "witch-stones", EventTerms("swiss", 2),
                                       channel_id=GAMES)
    assert made.organiser_id == 2
    assert (await svc.create_tournament(MOD, "witch-stones", EventTerms("swiss", 2),
                                        channel_id=GAMES)).organiser_id == 1
    offline = await svc.create(Actor(2, "Ana"), "terra")  # the console: no server
    assert offline.game == "terra"


async def test_your_turn_default_reaches_those_who_chose_nothing(svc):
    await svc.servers.change(MOD, your_turn="dm")
    await svc.notify_settings(ANA, your_turn="mention")
    chosen = await svc.notify.settings([2, 3], GUILD)
    assert chosen[2].your_turn == "mention" and chosen[3].your_turn == "dm"
    assert (await svc.notify.settings([3], 81))[3].your_turn == "mention"


async def test_a_server_chooses_the_language_its_channels_show(svc):
    """Issue 58: ``/settings language``, one of the catalogues or automatic (the server's
    language in Discord); kept per server and listed for the front end at its start."""
    text = await svc.servers.change(MOD)
    assert "show my words in: this server's language in Discord" in text
    text = await svc.servers.change(MOD, language="de")
    assert "- Channels and threads show my words in: Deutsch." in text
    assert await svc.servers.languages() == {GUILD: "de"}
    with pytest.raises(ServiceError, match=r"^Only a member with Manage Server"):
        await svc.servers.change(ANA, language="fr")
    with pytest.raises(ServiceError, match=r"^Choose the server's language from en, de, fr, "
                                           r"es, pt-BR, auto\.$"):
        await svc.servers.change(MOD, language="klingon")
    assert (await svc.servers.get(GUILD)).language == "de"
    await svc.servers.change(MOD, language="auto")
    assert (await svc.servers.get(GUILD)).language is None
    assert await svc.servers.languages() == {}
    await svc.servers.change(MOD, language="pt-BR")
    await svc.servers.change(MOD, clear="language")
    assert await svc.servers.languages() == {}
