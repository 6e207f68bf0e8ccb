"""The cogs driven through their callbacks with fake interactions over a real service."""

from __future__ import annotations

from types import SimpleNamespace

import discord
import pytest

import engines
from bot.challenges.challenges import Challenges
from bot.match.info import Info
from bot.match.lobby import TERMS, Lobby, option_suggestions, terms_of
from bot.match.play import Play
from service import Actor, MatchTerms
from tests.discord_fakes import GUILD, OTHER_GUILD, World, press

ANA, BO, CY = 1, 2, 3


@pytest.fixture
async def world(service):
    return World(service)


@pytest.fixture
def cogs(world):
    return SimpleNamespace(lobby=Lobby(world.bot), play=Play(world.bot), info=Info(world.bot))


@pytest.fixture
def people(world):
    return SimpleNamespace(
        ana=world.user(ANA, "Ana"), bo=world.user(BO, "Bo"), cy=world.user(CY, "Cy")
    )


async def start(world, cogs, host, game="witch-stones", options=None):
    """``/match start`` by ``host``: the match, its thread and its lobby message."""
    fake = world.interaction(host)
    await cogs.lobby.start.callback(cogs.lobby, fake.interaction, game, options)
    found = await world.service.store.find_matches(guild_id=GUILD, user_id=host.id, limit=1)
    assert found, fake.texts
    match = found[0]
    thread = world.channels[match.thread_id]
    return match, thread, world.posts_in(thread.id)[0], fake


async def running(world, cogs, people, game="witch-stones"):
    """A started two-player match (Ana seat 0, Bo seat 1): match, thread, first board."""
    match, thread, lobby, _ = await start(world, cogs, people.ana, game)
    await press(world, lobby, "Join", people.bo)
    await press(world, lobby, "Start", people.ana)
    return await world.service.match(match.id), thread, world.posts_in(thread.id)[-1]


async def move(world, cogs, user, text, *, channel=None, match=None, guild_id=GUILD):
    fake = world.interaction(user, channel=channel, guild_id=guild_id)
    await cogs.play.move.callback(cogs.play, fake.interaction, text, match)
    return fake


# --- /match start and the lobby ----------------------------------------------------------
async def test_start_opens_a_public_thread_with_a_lobby(world, cogs, people):
    match, thread, lobby, fake = await start(world, cogs, people.ana)
    world.channel.create_thread.assert_awaited_once()
    assert thread.name == f"Witch Stones #{match.id}"
    assert thread.created_with["type"] is discord.ChannelType.public_thread
    assert thread.created_with["auto_archive_duration"] == 10080
    assert match.lobby_message_id == lobby.message_id
    assert "lobby" in lobby.text and "Ana" in lobby.text
    assert lobby.custom_ids == [
        f"pantheon:{a}:{match.id}" for a in ("join", "leave", "start", "ai")
    ]
    assert fake.deferred == {"ephemeral": True, "thinking": True}
    assert fake.last.ephemeral and thread.mention in fake.last.text
    thread.add_user.assert_awaited_once_with(people.ana)


async def test_start_refuses_bad_options_and_creates_nothing(world, cogs, people):
    fake = world.interaction(people.ana)
    await cogs.lobby.start.callback(cogs.lobby, fake.interaction, "terra", "terrain=maybe")
    assert fake.last.ephemeral and "terrain" in fake.last.text
    fake = world.interaction(people.ana)
    await cogs.lobby.start.callback(cogs.lobby, fake.interaction, "terra", "terrain")
    assert fake.last.ephemeral and "name=value" in fake.last.text
    world.channel.create_thread.assert_not_awaited()


def test_match_start_and_challenge_offer_the_same_terms():
    """Both commands take the match terms from one declaration (bot.match.lobby.TERMS), as
    options after their own, with the same kinds, ranges and defaults."""
    tree = discord.app_commands.CommandTree(discord.Client(intents=discord.Intents.none()))
    start = Lobby.start.to_dict(tree)["options"]
    challenge = Challenges.challenge.to_dict(tree)["options"]
    names = [p.name for p in TERMS]
    assert [o["name"] for o in start[-len(names):]] == names
    def kinds(options):  # /match start says more of "bots": its lobby seats them at once
        return [{k: v for k, v in o.items() if k != "description"} for o in options]

    assert kinds(start[-len(names):]) == kinds(challenge[-len(names):])
    bank = next(o for o in start if o["name"] == "bank_max")
    assert bank["type"] == discord.AppCommandOptionType.number.value and not bank["required"]
    assert terms_of(bank=0.5, weekends=False) == MatchTerms(bank=12, weekends=False)


async def test_options_autocomplete_offers_the_games_options():
    offered = [value for _, value in option_suggestions("terra", "")]
    assert "terrain=true" in offered and "open_reserves=true" in offered
    assert all(
        v.startswith("terrain=true ") for _, v in option_suggestions("terra", "terrain=true o")
    )
    assert option_suggestions("witch-stones", "") == []
    assert option_suggestions("no-such-game", "") == []


async def test_lobby_buttons_join_leave_and_errors(world, cogs, people):
    _, thread, lobby, _ = await start(world, cogs, people.ana)
    fake = await press(world, lobby, "Join", people.bo)
    assert "Ana, Bo" in fake.edits[-1]["content"]
    thread.add_user.assert_awaited_with(people.bo)
    fake = await press(world, lobby, "Join", people.bo)
    assert fake.last.ephemeral and "already in this match" in fake.last.text
    fake = await press(world, lobby, "Start", people.bo)
    assert fake.last.ephemeral and "Only the host" in fake.last.text
    fake = await press(world, lobby, "Join", people.cy)
    assert fake.last.ephemeral and "full" in fake.last.text
    fake = await press(world, lobby, "Leave", people.bo)
    assert "Bo" not in fake.edits[-1]["content"]
    fake = await press(world, lobby, "Add computer player", people.ana)
    assert "Computer 1" in fake.edits[-1]["content"]


async def test_lobby_button_from_another_guild_finds_no_match(world, cogs, people):
    match, _, lobby, _ = await start(world, cogs, people.ana)
    fake = await press(world, lobby, "Join", people.bo, guild_id=OTHER_GUILD)
    assert fake.last.ephemeral and f"no match #{match.id}" in fake.last.text
    assert len((await world.service.match(match.id)).seats) == 1


# --- moves that are the player's secret --------------------------------------------------
async def test_your_moves_shows_a_terra_players_moves_to_them_alone(world, cogs, people):
    match, thread, board = await running(world, cogs, people, "terra")
    assert board.labels == ["Your moves"]
    state = engines.get("terra").load(match.snapshot)
    (seat,) = engines.get("terra").to_act(state)
    mover, other = (people.ana, people.bo) if seat == 0 else (people.bo, people.ana)
    fake = await press(world, board, "Your moves", other, channel=thread)
    assert fake.last.ephemeral and "not your turn" in fake.last.text
    fake = await press(world, board, "Your moves", mover, channel=thread)
    mine = await world.service.legal_moves(match.id, Actor(mover.id, "", GUILD))
    assert fake.last.ephemeral
    if len(mine) <= 25:
        assert fake.last.labels == mine
        played = await press(world, fake.last, mine[0], mover, channel=thread)
        assert played.last.text.startswith(f"Played `{mine[0]}`")
        assert len(await world.service.store.moves(match.id)) == 1
    else:  # the guided picker (tests/match/test_sim_picker.py)
        assert "choose one" in fake.last.text


# --- a whole short match -----------------------------------------------------------------
async def test_a_short_match_start_to_moves(world, cogs, people):
    match, thread, lobby, _ = await start(world, cogs, people.ana)
    await press(world, lobby, "Join", people.bo)
    fake = await press(world, lobby, "Start", people.ana)
    assert fake.edits[-1]["view"] is None and "started" in fake.edits[-1]["content"]

    board = world.posts_in(thread.id)[-1]
    assert isinstance(board.file, discord.File) and board.file.filename == "board.png"
    assert "begins" in board.text and f"<@{BO}>" in board.text
    mentions = board.kwargs["allowed_mentions"]
    assert mentions.everyone is False and mentions.roles is False
    assert [u.id for u in mentions.users] == [BO]
    assert board.labels == ["suns", "moons"]  # Bo, seat 2, chooses a side first
    version = (await world.service.match(match.id)).version
    assert board.custom_ids == [f"pantheon:move:{match.id}:{version}:{i}" for i in (0, 1)]

    fake = await press(world, board, "moons", people.ana)  # not Ana's buttons
    assert fake.last.ephemeral and "not your turn" in fake.last.text
    fake = await press(world, board, "moons", people.bo)
    assert fake.last.ephemeral and fake.last.text.startswith("Played `moons`")
    assert fake.edits == [{"view": None}]  # the spent buttons are removed
    fake = await press(world, board, "suns", people.bo)
    assert fake.last.ephemeral and "board changed" in fake.last.text

    after_side = world.posts_in(thread.id)[-1]
    assert "moons" in after_side.text and after_side.file is not None
    assert after_side.labels == ["Choose a move"]  # dozens of moves: the picker

    for user in (people.ana, people.bo, people.ana, people.bo):
        ask = world.interaction(user, channel=thread)
        choices = await cogs.play.move_autocomplete(ask.interaction, "take")
        assert 0 < len(choices) <= 25
        assert all(c.value.startswith("take") for c in choices)
        picked = (
            next(c.value for c in choices if "moves)" not in c.name)
            if any("moves)" not in c.name for c in choices)
            else None
        )
        if picked is None:  # grouped as "take a…": narrow once more
            narrowed = await cogs.play.move_autocomplete(ask.interaction, choices[0].value)
            picked = narrowed[0].value
        posts = len(world.posts_in(thread.id))
        fake = await move(world, cogs, user, picked, channel=thread)
        assert fake.last.ephemeral and fake.last.text.startswith("Played"), fake.texts
        assert len(world.posts_in(thread.id)) == posts + 1
        assert world.posts_in(thread.id)[-1].file is not None
    assert len(await world.service.store.moves(match.id)) == 5


async def test_an_archived_thread_is_reopened_by_the_next_board(world, cogs, people):
    _, thread, _ = await running(world, cogs, people)
    thread.archived = True
    world.uncached.add(thread.id)  # archived threads drop out of the cache
    fake = await move(world, cogs, people.bo, "moons", channel=world.channel)
    assert fake.last.text.startswith("Played")
    thread.edit.assert_awaited_with(archived=False)
    assert "moons" in world.posts_in(thread.id)[-1].text


# --- autocomplete ------------------------------------------------------------------------
async def test_move_autocomplete_filters_and_never_raises(world, cogs, people):
    match, thread, _ = await running(world, cogs, people, game="angry-gods")
    ana_moves = await world.service.legal_moves(match.id, _actor(ANA))
    mover = people.ana if ana_moves else people.bo
    ask = world.interaction(mover, channel=thread)
    everything = await cogs.play.move_autocomplete(ask.interaction, "")
    assert 0 < len(everything) <= 25
    narrowed = await cogs.play.move_autocomplete(ask.interaction, everything[0].value)
    assert 0 < len(narrowed) <= 25
    assert all(c.value.lower().startswith(everything[0].value.lower()) for c in narrowed)

    other = people.bo if mover is people.ana else people.ana
    assert (
        await cogs.play.move_autocomplete(world.interaction(other, channel=thread).interaction, "")
        == []
    )
    assert await cogs.play.move_autocomplete(world.interaction(people.cy).interaction, "take") == []
    bad = world.interaction(people.ana, options={"match": 424242})
    assert await cogs.play.move_autocomplete(bad.interaction, "") == []


async def test_match_autocomplete_lists_my_matches_turn_first(world, cogs, people):
    from bot.kit.common import match_autocomplete

    first, _, _ = await running(world, cogs, people)
    second, _, _, _ = await start(world, cogs, people.bo)
    choices = await match_autocomplete(world.interaction(people.bo).interaction, "")
    assert [c.value for c in choices] == [first.id, second.id]
    assert choices[0].name == f"#{first.id} Witch Stones — your turn"
    assert choices[1].name == f"#{second.id} Witch Stones — lobby"
    typed = await match_autocomplete(world.interaction(people.bo).interaction, str(second.id))
    assert [c.value for c in typed] == [second.id]
    assert await match_autocomplete(world.interaction(people.cy).interaction, "") == []


# --- DMs ---------------------------------------------------------------------------------
# Closed DMs: tests/clocks/test_sim_failures.py (simcord, discord.py's real DM path).


def _actor(user_id):
    return Actor(user_id, guild_id=GUILD)


# Resign, abort and the reading commands: tests/match/test_sim_cogs.py (simcord).
