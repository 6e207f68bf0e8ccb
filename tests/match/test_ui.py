"""Buttons, suggestions, message building and the client, without Discord."""

from __future__ import annotations

import logging
from unittest.mock import MagicMock

import discord
import pytest
from discord import app_commands
from discord.ext import commands
from hypothesis import given, settings
from hypothesis import strategies as st

import engines
from bot.buttons import DYNAMIC_ITEMS
from bot.client import Pantheon, PantheonTree
from bot.config import Settings
from bot.kit.interact import SOMETHING_WRONG, chunks
from bot.match.publish import match_channel, message_kwargs, score_embed
from bot.match.ui import LobbyButton, MoveButton, ResignButton, lobby_message, lobby_view, move_view
from db import LOBBY, RUNNING, MatchRecord, SeatRecord
from service import Actor, Post
from service.match.suggest import suggest_matches, suggest_moves
from tests.discord_fakes import GUILD, World


def record(match_id: int, **fields) -> MatchRecord:
    """A match row as the store returns it (only what these tests need is set)."""
    row = {
        "id": match_id,
        "guild_id": GUILD,
        "channel_id": 2000,
        "thread_id": None,
        "lobby_message_id": None,
        "game": "witch-stones",
        "options": {},
        "seed": 0,
        "status": RUNNING,
        "host_id": 1,
        "version": 0,
        "snapshot": None,
        "result": None,
        "created_at": "",
        "updated_at": "",
    }
    row.update(fields)
    return MatchRecord(**row)


# --- custom ids --------------------------------------------------------------------------
ROUND_TRIPS = [
    (LobbyButton("join", 12), "pantheon:join:12", {"action": "join", "match_id": 12}),
    (LobbyButton("leave", 7), "pantheon:leave:7", {"action": "leave", "match_id": 7}),
    (LobbyButton("start", 9), "pantheon:start:9", {"action": "start", "match_id": 9}),
    (LobbyButton("ai", 3), "pantheon:ai:3", {"action": "ai", "match_id": 3}),
    (
        MoveButton(12, 34, 1, "moons"),
        "pantheon:move:12:34:1",
        {"match_id": 12, "version": 34, "index": 1},
    ),
    (ResignButton(5, 2**62), f"pantheon:resign:5:{2**62}", {"match_id": 5, "user_id": 2**62}),
]


@pytest.mark.parametrize(("item", "custom_id", "fields"), ROUND_TRIPS)
async def test_custom_ids_round_trip_through_the_templates(item, custom_id, fields):
    assert item.custom_id == custom_id and len(custom_id) <= 100
    matching = [
        cls for cls in DYNAMIC_ITEMS if cls.__discord_ui_compiled_template__.fullmatch(custom_id)
    ]
    assert matching == [type(item)]  # exactly one template claims it
    found = type(item).__discord_ui_compiled_template__.fullmatch(custom_id)
    interaction = MagicMock(spec=discord.Interaction)
    rebuilt = await type(item).from_custom_id(interaction, item.item, found)
    assert rebuilt.custom_id == custom_id
    for name, value in fields.items():
        assert getattr(rebuilt, name) == value


async def test_a_move_button_keeps_its_label_after_a_restart():
    original = MoveButton(3, 4, 0, "suns")
    found = MoveButton.__discord_ui_compiled_template__.fullmatch(original.custom_id)
    base = discord.ui.Button(label="suns", custom_id=original.custom_id)
    rebuilt = await MoveButton.from_custom_id(MagicMock(spec=discord.Interaction), base, found)
    assert rebuilt.item.label == "suns"


def test_foreign_custom_ids_are_not_claimed():
    for custom_id in (
        "pantheon:join:x",
        "pantheon:join:1:2",
        "other:join:1",
        "pantheon:move:1:2",
        "pantheon:fly:3",
    ):
        assert not any(
            cls.__discord_ui_compiled_template__.fullmatch(custom_id) for cls in DYNAMIC_ITEMS
        )


async def test_lobby_view_is_only_dynamic_items():
    view = lobby_view(record(1, status=LOBBY))
    assert view.timeout is None and view.is_persistent()
    assert all(isinstance(item, discord.ui.DynamicItem) for item in view.children)


# --- suggestions -------------------------------------------------------------------------
WITCH = ["suns", "moons"]


def witch_moves() -> list[str]:
    game = engines.get("witch-stones")
    state = game.play(game.setup(2, 1, {}), 1, "suns")
    return game.legal_moves(state, 0)


def test_few_moves_are_all_offered_prefix_first():
    assert suggest_moves(WITCH, "") == [("suns", "suns"), ("moons", "moons")]
    assert suggest_moves(WITCH, "M") == [("moons", "moons")]
    moves = ["take e5", "line e5-e7", "take a5"]
    assert [v for _, v in suggest_moves(moves, "e5")] == ["take e5", "line e5-e7"]
    assert [v for _, v in suggest_moves(moves, "line")] == ["line e5-e7"]


def test_many_moves_offer_only_complete_moves_and_typing_narrows():
    # A choice whose value was a prefix ("take a") let a player submit an illegal move.
    moves = witch_moves()
    assert len(moves) > 25
    first = suggest_moves(moves, "")
    assert len(first) == 25 and all(value in moves for _, value in first)
    assert "type to narrow" in first[-1][0]
    narrowed = suggest_moves(moves, "take e")
    assert narrowed and all(v.startswith("take e") and v in moves for _, v in narrowed)
    assert all(n == v for n, v in narrowed)


def test_hundreds_of_moves_stay_complete_and_narrow():
    moves = [
        f"follower {c} {f}{r}{s}"
        for c in ("red", "blue", "green", "yellow")
        for f in "ABCDEFGH"
        for r in "12345678"
        for s in "nesw"
    ]
    assert all(v in moves for _, v in suggest_moves(moves, ""))
    step = suggest_moves(moves, "follower blue")
    assert len(step) == 25 and all(v.startswith("follower blue ") for _, v in step)
    final = suggest_moves(moves, "follower blue d4")
    assert [v for _, v in final] == [f"follower blue D4{s}" for s in "nesw"]
    assert [v for _, v in suggest_moves(moves, "d4N")][:1] == ["follower red D4n"]
    assert suggest_moves(moves, "follower red a1n")[0] == ("follower red A1n",) * 2


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.text(alphabet="ab cd-1", min_size=1, max_size=12), max_size=300),
    st.text(alphabet="ab cD-1 ", max_size=6),
)
def test_suggestions_are_bounded_and_filtered(moves, typed):
    out = suggest_moves(moves, typed)
    assert len(out) <= 25
    wanted = " ".join(typed.lower().split())
    for name, value in out:
        assert 0 < len(name) <= 100 and len(value) <= 100
        # every value is a complete move matching what was typed
        assert value in moves
        assert wanted in " ".join(value.lower().split())
    matching = [
        m for m in dict.fromkeys(moves) if m.strip() and wanted in " ".join(m.lower().split())
    ]
    if len(matching) <= 25:
        assert sorted(v for _, v in out) == sorted(matching)


def test_match_suggestions_put_my_turn_first():
    rows = [
        (record(3), "Witch Stones", False),
        (record(5, status=LOBBY), "Witch Stones", False),
        (record(4), "Terra", True),
    ]
    out = suggest_matches(rows, "")
    assert out[0] == ("#4 Terra — your turn", 4)
    assert [v for _, v in out] == [4, 5, 3]
    assert suggest_matches(rows, "#5") == [("#5 Witch Stones — lobby", 5)]
    assert [v for _, v in suggest_matches(rows, "terra")] == [4]


# --- message building --------------------------------------------------------------------
def test_a_board_becomes_one_components_v2_message_within_discords_limits():
    post = Post(
        "x" * 5000,
        b"\x89PNG",
        mentions=[7, -1],
        table=[("Ana", [("crowns", 10), ("suns", 2.5)]), ("Bo", [])],
        alt="y" * 1100,
        accent=0x0072B2,
    )
    buttons = discord.ui.View(timeout=None)
    for index in range(23):
        buttons.add_item(MoveButton(1, 2, index, label=f"m{index}"))
    kwargs = message_kwargs(post, view=buttons)
    assert "content" not in kwargs and "embed" not in kwargs
    layout = kwargs["view"]
    assert isinstance(layout, discord.ui.LayoutView) and layout.has_components_v2()
    [frame] = layout.children
    assert isinstance(frame, discord.ui.Container) and int(frame.accent_colour) == 0x0072B2
    items = list(layout.walk_children())
    assert len(items) <= 40  # the container included
    texts = [i.content for i in items if isinstance(i, discord.ui.TextDisplay)]
    assert sum(map(len, texts)) <= 4000 and texts[0].endswith("<@7>")
    assert texts[1] == "**Ana**: crowns 10, suns 2.5; **total 12.5**\n**Bo**: **total 0**"
    [gallery] = [i for i in items if isinstance(i, discord.ui.MediaGallery)]
    assert gallery.items[0].media.url == "attachment://board.png"
    assert len(gallery.items[0].description) == 1024
    assert kwargs["file"].description == gallery.items[0].description
    rows = [i for i in items if isinstance(i, discord.ui.ActionRow)]
    assert [len(r.children) for r in rows] == [5, 5, 5, 5, 3]
    mentions = kwargs["allowed_mentions"]
    assert [u.id for u in mentions.users] == [7] and not mentions.everyone and not mentions.roles
    crowded = discord.ui.View(timeout=None)
    for index in range(25):  # a view's most; 5 rows of 5 pass 40 components with the rest
        crowded.add_item(MoveButton(1, 2, index, label=f"m{index}"))
    packed = list(message_kwargs(post, view=crowded)["view"].walk_children())
    assert len(packed) <= 40 and sum(isinstance(i, discord.ui.ActionRow) for i in packed) == 5


def test_a_post_without_a_picture_stays_plain_with_an_embed():
    post = Post("x" * 2500, mentions=[7], table=[("Ana", [("crowns", 10), ("suns", 2.5)])])
    kwargs = message_kwargs(post)
    assert len(kwargs["content"]) <= 2000 and kwargs["content"].endswith("<@7>")
    embed = kwargs["embed"]
    assert [f.name for f in embed.fields] == ["Ana"]
    assert embed.fields[0].value == "crowns: 10\nsuns: 2.5\n**Total: 12.5**"
    quiet = message_kwargs(Post("hi", mentions=[7]), mention=False)
    assert "<@7>" not in quiet["content"] and "file" not in quiet and "embed" not in quiet


def test_score_embed_has_at_most_25_fields():
    table = [(f"P{i}", [("pts", i)]) for i in range(30)]
    assert len(score_embed(table).fields) == 25


def test_chunks_respect_the_limit_and_keep_the_text():
    lines = ["a" * 50] * 100 + ["b" * 4500] + ["c"]
    parts = chunks(lines, 2000)
    assert all(len(p) <= 2000 for p in parts)
    assert "".join(parts).replace("\n", "") == "".join(lines)


# --- DMs and channels --------------------------------------------------------------------
@pytest.fixture
async def world(service):
    return World(service)


def _match(thread_id=None, channel_id=2000):
    return record(1, game="when-gods-collide", thread_id=thread_id, channel_id=channel_id)


async def test_a_deleted_thread_falls_back_to_the_channel(world):
    channel = await match_channel(world.bot, _match(thread_id=999))
    assert channel is world.channel


async def test_private_moves_never_become_public_buttons(service, monkeypatch):
    match = await service.create(Actor(1, "Ana", GUILD), "witch-stones", {}, channel_id=2)
    await service.join(match.id, Actor(2, "Bo", GUILD))
    update = await service.start(match.id, Actor(1, "Ana", GUILD))
    view = await move_view(service, update.match)
    assert [item.item.label for item in view.children] == ["suns", "moons"]
    game = engines.get("witch-stones")
    monkeypatch.setattr(type(game), "is_private", lambda self, move: move == "moons")
    view = await move_view(service, update.match)  # only the player may see them
    assert [item.item.label for item in view.children] == ["Your moves"]


async def test_terra_buttons_say_nothing_of_the_reserve(service):
    # Twin matches: the same public board, different secret reserves. Under the public
    # board both get one "Your moves" button, whatever the reserves allow.
    views = []
    for seed in range(6):
        service.lobby.seed = lambda seed=seed: seed
        match = await service.create(Actor(1, "Ana", GUILD), "terra", {}, channel_id=2)
        await service.join(match.id, Actor(2, "Bo", GUILD))
        update = await service.start(match.id, Actor(1, "Ana", GUILD))
        view = await move_view(service, update.match)
        views.append([(item.item.label, item.custom_id.replace(f":{match.id}:", ":M:"))
                      for item in view.children])
    assert views == [[("Your moves", f"pantheon:mine:M:{update.match.version}")]] * 6


# --- the client --------------------------------------------------------------------------
def _settings(tmp_path, guild=None):
    return Settings(
        token="x",
        database_path=str(tmp_path / "bot.db"),
        log_level="INFO",
        dev_guild_id=guild,
        boards_dir=str(tmp_path),
    )


async def test_the_tree_error_handler_answers_ephemerally(tmp_path, caplog):
    bot = Pantheon(_settings(tmp_path))
    tree = bot.tree
    assert isinstance(tree, PantheonTree)
    world = World(MagicMock())
    fake = world.interaction(world.user(1, "Ana"))
    command = MagicMock(spec=app_commands.Command)
    command.name = command.qualified_name = "move"
    fake.interaction.command = command
    error = app_commands.CommandInvokeError(command, RuntimeError("kaput"))
    with caplog.at_level(logging.ERROR):
        await tree.on_error(fake.interaction, error)
    assert fake.last.ephemeral and fake.last.text == SOMETHING_WRONG
    assert "kaput" in caplog.text
    again = world.interaction(world.user(2, "Bo"))
    await again.interaction.response.defer(ephemeral=True, thinking=True)
    await tree.on_error(again.interaction, app_commands.NoPrivateMessage())
    assert again.last.ephemeral and "server" in again.last.text


# DMs (closed, failed, no user fetch): tests/clocks/test_sim_failures.py under simcord.


async def test_a_mention_with_text_is_ignored_quietly(tmp_path, caplog):
    bot = Pantheon(_settings(tmp_path))
    context = MagicMock(invoked_with="hello")
    with caplog.at_level(logging.DEBUG):
        missing = commands.CommandNotFound('Command "hello" is not found')
        await bot.on_command_error(context, missing)
    assert caplog.records == []
    with caplog.at_level(logging.WARNING):
        await bot.on_command_error(context, commands.CommandError("boom"))
    assert [r.levelno for r in caplog.records] == [logging.WARNING]


def test_lobby_names_are_escaped():
    from service import Service

    service = Service(MagicMock(), escape=lambda name: name.replace("*", "\\*"))
    match = record(3, status=RUNNING, seats=[SeatRecord(1, "**Ana**", 0), SeatRecord(2, "Bo", 1)])
    assert "Players: \\*\\*Ana\\*\\*, Bo." in lobby_message(service, match)
