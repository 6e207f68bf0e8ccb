"""Reliability of the Discord layer, driven through the cogs' callbacks over a real service
(the helpers: ``cog_helpers.py``): fuzzed arguments for every command, the buttons and the
autocompletes. Nothing escapes, exactly one short answer (ephemeral for errors), nothing
written unless the input really was a legal move or action (an oracle decides, from the
database and the engine, before the command runs).

The bugs these tests found (each now fixed) keep their own regression tests at the end
(and in ``test_cog_isolation.py``).
"""

from __future__ import annotations

import random
from collections.abc import Callable

import discord
import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

import engines
from bot.kit.common import match_autocomplete, option_int
from bot.match.ui import LobbyButton, MoveButton
from db import ABORTED, FINISHED, LOBBY, RUNNING
from service import MAX_REMIND_AFTER_HOURS, ServiceError, parse_options
from tests.discord_fakes import (
    GUILD,
    OTHER_GUILD,
    FakeInteraction,
)
from tests.match.cog_helpers import (
    ANA,
    BO,
    CY,
    DEE,
    LIMIT,
    Arena,
    _play,
    db_state,
    errors_logged,
    make_cogs,
    make_people,
    outbox,
    refused,
    start_running,
    without,
)


def fuzz(examples: int) -> settings:
    return settings(
        max_examples=examples,
        deadline=None,
        suppress_health_check=[
            HealthCheck.function_scoped_fixture,
            HealthCheck.too_slow,
            HealthCheck.data_too_large,
            HealthCheck.large_base_example,
        ],
    )


def no_match_text(option: int | None) -> tuple[str, ...]:
    if option is not None:
        return (f"There is no match #{option} here.",)
    return ("You are in no open match here", "You are in several matches")


# --- strategies ----------------------------------------------------------------------------
WEIRD = ["\u200b", "\u200c", "\u200d", "\u200e", "\u200f", "\u202e", "\u2066", "\u2069",
         "\ufeff", "\u00a0", "\u3000", "\u0301", "😀", "👩‍👩‍👧", "🇫🇷", "\x00", "\n",
         "\r\n", "\t", "\x1b[2J", "٥", "５", "𝟓", "ǅ", "İ", "ß", "ﬀ", "@everyone", "<@&1>",
         "`", "*", "|", "\\", "%s", "{0}", "'", '"', "#", "=", ","]
ARABIC_DIGITS = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")
FULLWIDTH_DIGITS = str.maketrans("0123456789", "０１２３４５６７８９")

junk = st.one_of(
    st.just(""),
    st.text(max_size=30),
    st.text(st.characters(codec="utf-8"), max_size=300),
    st.lists(st.sampled_from(WEIRD) | st.characters(codec="utf-8"), max_size=20).map("".join),
    # 6,000 characters: three times what a message may hold
    st.text(min_size=1, max_size=3).map(lambda unit: (unit * 6000)[:6000]),
    st.sampled_from(["suns" + "\u200b" * 5996, " " * 6000, "take e5" + " " * 5993,
                     "9" * 6000, "\u202esnus", "take e5 take e5", "line e5-", "take"]),
)

mutations: dict[str, Callable[[str, str, int], str]] = {
    "as is": lambda move, char, at: move,
    "upper": lambda move, char, at: move.upper(),
    "padded": lambda move, char, at: f"  {move}\t\n",
    "inserted": lambda move, char, at: move[:at] + char + move[at:],
    "appended": lambda move, char, at: move + char,
    "right to left": lambda move, char, at: f"\u202e{move}\u202c",
    "arabic digits": lambda move, char, at: move.translate(ARABIC_DIGITS),
    "fullwidth digits": lambda move, char, at: move.translate(FULLWIDTH_DIGITS),
    "doubled": lambda move, char, at: f"{move} {move}",
    "6000 long": lambda move, char, at: (move + " ") * (6000 // (len(move) + 1)),
}


# What a player types, drawn without looking at the matches: the strategy must not depend on
# state that changes between examples (hypothesis then raises FlakyStrategyDefinition).
typing_plans = st.tuples(st.integers(0, 3), st.integers(0, 10_000), st.integers(0, 100),
                         st.sampled_from(WEIRD), st.integers(0, 100), junk)


def typed_move(moves: list[str], plan: tuple) -> str:
    """The move ``plan`` picks among ``moves`` (by index), typed as ``plan`` says."""
    kind, pick, how, weird, at, junk_text = plan
    if not moves or kind == 0:
        return junk_text
    move = moves[pick % len(moves)]
    name = sorted(mutations)[how % len(mutations)]
    return mutations[name](move, weird, at % (len(move) + 1))


match_choices = st.one_of(
    st.none(),
    st.sampled_from(Arena.ROLES),
    st.integers(-(2**70), 2**70),
    st.sampled_from([0, -1, 1, 2, 3, 2**31, 2**53 + 1, 2**63 - 1, 2**63, 2**64, 2**70,
                     -(2**63)]),
)
users = st.sampled_from([ANA, BO, CY, DEE])
places = st.sampled_from(["channel", "thread", "loose thread"])


# === 1. fuzzing ===============================================================================
@fuzz(70)
@given(plan=typing_plans, choice=match_choices, user=users, where=places)
async def test_move_fuzz_answers_once_and_writes_only_legal_moves(
    arena, caplog, plan, choice, user, where
):
    await arena.refresh()
    caplog.clear()
    option = arena.option(choice)
    text = typed_move(arena.legal(arena.target, BO) + arena.legal(arena.target, ANA), plan)
    record = arena.resolve(option, user, where)
    legal = arena.accepts(record, user, text)
    before, sent_before = await db_state(arena.store), outbox(arena.world)
    boards = len(arena.world.posts_in(record.thread_id)) if record else 0

    fake = arena.interaction(user, where)
    await arena.play.move.callback(arena.play, fake.interaction, text, option)

    answer = refused(fake)  # /move answers only the mover, success or not
    assert errors_logged(caplog) == []
    after = await db_state(arena.store)
    if legal:
        assert answer.text.startswith(f"Played `{text.strip()}`."), answer.text
        assert after["moves"].get(record.id, 0) == before["moves"].get(record.id, 0) + 1
        assert after["matches"][record.id][2] == before["matches"][record.id][2] + 1
        assert (await arena.store.moves(record.id))[-1].notation == text.strip()
        assert without(after, record.id) == without(before, record.id)
        assert len(arena.world.posts_in(record.thread_id)) == boards + 1  # the new board
    else:
        assert not answer.text.startswith("Played"), answer.text
        assert after == before
        assert outbox(arena.world) == sent_before
        if record is None:
            assert answer.text.startswith(no_match_text(option)), answer.text


async def _read(arena: Arena, command: str, fake: FakeInteraction, option: int | None) -> None:
    cog = arena.info
    await getattr(cog, command).callback(cog, fake.interaction, option)


@pytest.mark.parametrize("command", ["board", "score", "history", "myview"])
@fuzz(22)
@given(choice=match_choices, user=users, where=places)
async def test_reading_commands_fuzz_answer_once_and_write_nothing(
    arena, caplog, command, choice, user, where
):
    await arena.refresh()
    caplog.clear()
    option = arena.option(choice)
    record = arena.resolve(option, user, where)
    before, sent_before = await db_state(arena.store), outbox(arena.world)
    posts_before = len(arena.world.posts_in(record.thread_id)) if record else 0

    fake = arena.interaction(user, where)
    await _read(arena, command, fake, option)

    answer = refused(fake)  # every answer to the caller is ephemeral
    assert errors_logged(caplog) == []
    assert await db_state(arena.store) == before
    drawn = (command == "board" and record is not None and record.status != LOBBY
             and record.snapshot is not None)
    in_own_thread = record is not None and record.thread_id == fake.interaction.channel_id
    if drawn and in_own_thread:  # the board itself goes to the thread, for everyone
        assert answer.text == f"The board of #{record.id} is posted above."
        assert len(arena.world.posts_in(record.thread_id)) == posts_before + 1
        board = arena.world.posts_in(record.thread_id)[-1]
        assert board.file is not None and f"#{record.id}" in board.text
    else:
        assert outbox(arena.world) == sent_before
    if record is None:
        assert answer.text.startswith(no_match_text(option)), answer.text
    elif drawn and not in_own_thread:
        assert answer.file is not None and f"#{record.id}" in answer.text


@fuzz(60)
@given(command=st.sampled_from(["resign", "abort"]), choice=match_choices, user=users,
       where=places, confirm=st.booleans(), admin=st.booleans())
async def test_resign_and_abort_fuzz_change_only_what_they_may(
    arena, caplog, command, choice, user, where, confirm, admin
):
    await arena.refresh()
    caplog.clear()
    option = arena.option(choice)
    record = arena.resolve(option, user, where)
    seated = record.seat_of(user) if record is not None else None
    if command == "resign":
        allowed = (record is not None and record.status == RUNNING and seated is not None
                   and seated.seat is not None and not seated.resigned)
        changes = allowed and confirm
    else:
        allowed = (record is not None and record.status in (LOBBY, RUNNING)
                   and (record.host_id == user or admin))
        changes = allowed
    before, sent_before = await db_state(arena.store), outbox(arena.world)

    fake = arena.interaction(user, where, admin=admin)
    if command == "resign":
        await arena.play.resign.callback(arena.play, fake.interaction, option, confirm)
    else:
        await arena.play.abort.callback(arena.play, fake.interaction, option)

    answer = refused(fake)  # both answer only the caller
    assert errors_logged(caplog) == []
    after = await db_state(arena.store)
    if changes:
        status = after["matches"][record.id][1]
        assert status == (FINISHED if command == "resign" else ABORTED)
        assert without(after, record.id) == without(before, record.id)
        assert ("You resigned" if command == "resign" else "is aborted") in answer.text
    else:
        assert after == before
        assert outbox(arena.world) == sent_before
        if command == "resign" and allowed:  # asks for a confirmation first
            assert answer.custom_ids == [f"pantheon:resign:{record.id}:{user}"]
        else:
            assert answer.view is None
        if record is None:
            assert answer.text.startswith(no_match_text(option)), answer.text


OPTION_NAMES = ["terrain", "open_reserves", "TERRAIN", " terrain", "players", "x", "", "=",
                "terrain=", "Terrain", "ｔerrain"]
OPTION_VALUES = ["true", "false", "yes", "no", "on", "off", "1", "0", "TRUE", "maybe", "",
                 "=", "2", "-1", "true=false", "١", "ｔｒｕｅ", "9" * 5000, "\u200btrue"]
word = st.text(st.characters(blacklist_categories=("Zs", "Zl", "Zp", "Cc")), min_size=1,
               max_size=8)
option_pairs = st.lists(  # well formed, so the game's own checks are reached
    st.tuples(st.sampled_from(OPTION_NAMES) | word, st.sampled_from(OPTION_VALUES) | word),
    min_size=1, max_size=4,
).map(lambda pairs: " ".join(f"{name}={value}" for name, value in pairs))
option_texts = st.one_of(
    st.none(),
    junk,
    option_pairs,
    option_pairs,
    option_pairs,
    st.lists(st.tuples(st.sampled_from(OPTION_NAMES) | st.text(max_size=8),
                       st.sampled_from(["=", "= ", "==", ":", ""]),
                       st.sampled_from(OPTION_VALUES) | st.text(max_size=8),
                       st.sampled_from([" ", ",", ", ", "\n", "  ", "\u3000", ";"])),
             max_size=4).map(lambda parts: "".join(n + e + v + s for n, e, v, s in parts)),
)
SLUGS = [g.slug for g in engines.all()]
game_texts = st.one_of(
    st.sampled_from(SLUGS),
    st.sampled_from(["", "Terra", " terra", "terra ", "TERRA", "witch_stones", "../terra",
                     "terra\x00", "x" * 6000]),
    st.text(max_size=30),
)


@fuzz(70)
@given(game=st.one_of(st.sampled_from(SLUGS), game_texts), options=option_texts,
       where=st.sampled_from(["channel", "channel", "channel", "thread"]))
@example(game="witch-stones", options="terrain=true", where="channel")  # no such option
@example(game="terra", options="terrain=maybe", where="channel")  # not a truth value
@example(game="terra", options="terrain", where="channel")  # not name=value
@example(game="terra", options="TERRAIN=Yes, open_reserves=0", where="channel")
@example(game="chess", options=None, where="channel")
@example(game="terra", options=None, where="thread")
async def test_match_start_fuzz_opens_a_match_only_for_valid_input(
    arena, caplog, game, options, where
):
    caplog.clear()
    try:
        engines.get(game).parse_options(parse_options(options))
        valid = where == "channel"  # a match is started in a text channel, not a thread
    except (KeyError, ValueError, ServiceError):
        valid = False
    before, sent_before = await db_state(arena.store), outbox(arena.world)
    threads_before = arena.world.channel.create_thread.await_count

    fake = arena.interaction(ANA, where)
    await arena.lobby.start.callback(arena.lobby, fake.interaction, game, options)

    answer = refused(fake)
    assert errors_logged(caplog) == []
    after = await db_state(arena.store)
    if valid:
        [new] = set(after["matches"]) - set(before["matches"])
        record = await arena.store.get_match(new)
        assert (record.game, record.status, record.guild_id) == (game, LOBBY, GUILD)
        assert f"#{new} is open in <#{record.thread_id}>" in answer.text
        assert without(after, new) == before
        assert len(arena.world.posts_in(record.thread_id)) == 1  # the lobby message
    else:
        assert after == before
        assert outbox(arena.world) == sent_before
        assert arena.world.channel.create_thread.await_count == threads_before


@fuzz(40)
@given(hours=st.one_of(st.integers(-(2**70), 2**70),
                       st.sampled_from([-1, 0, 1, 24, MAX_REMIND_AFTER_HOURS,
                                        MAX_REMIND_AFTER_HOURS + 1, 2**63, -(2**63)])),
       user=users)
async def test_reminders_fuzz_stores_only_hours_in_range(arena, caplog, hours, user):
    caplog.clear()
    before = await db_state(arena.store)
    fake = arena.interaction(user)
    await arena.reminders.reminders.callback(arena.reminders, fake.interaction, hours)
    answer = refused(fake)
    assert errors_logged(caplog) == []
    after = await db_state(arena.store)
    if 0 <= hours <= MAX_REMIND_AFTER_HOURS:
        assert after["settings"][user] == hours
        assert {**after, "settings": before["settings"]} == before
    else:
        assert after == before
        assert "Choose between" in answer.text


@fuzz(40)
@given(game=game_texts)
async def test_rules_fuzz_answers_every_game_and_refuses_the_rest(arena, caplog, game):
    caplog.clear()
    before = await db_state(arena.store)
    fake = arena.interaction(CY)
    await arena.info.rules.callback(arena.info, fake.interaction, game)
    assert errors_logged(caplog) == []
    assert await db_state(arena.store) == before
    if game in set(SLUGS):
        assert 1 <= len(fake.sent) <= 3
        assert all(s.ephemeral and 0 < len(s.text) <= LIMIT for s in fake.sent)
    else:  # (an unknown game is echoed in full, so a long one cuts the message short)
        text = refused(fake).text
        assert text.startswith("The rules of ")
        assert text.endswith("are not written yet.") or len(text) == LIMIT


@fuzz(60)
@given(data=st.data(), which=st.sampled_from(["move", "match", "options"]),
       raw=st.one_of(match_choices, junk, game_texts), user=users, where=places)
async def test_autocomplete_fuzz_is_bounded_and_quiet(arena, caplog, data, which, raw, user,
                                                      where):
    await arena.refresh()
    caplog.clear()
    typed = [m for u in (ANA, BO) for m in arena.legal(arena.target, u)]
    typed += arena.legal(arena.records[arena.ids["angry"]], CY)
    typed += [f"{o.name}={v}" for g in engines.all() for o in g.options for v in ("t", "")]
    current = data.draw(st.one_of(junk, st.sampled_from(typed).flatmap(
        lambda m: st.tuples(st.integers(0, len(m)), st.integers(0, len(m))).map(
            lambda ij: m[min(ij):max(ij)]))), label="current")
    value = arena.option(raw) if raw in Arena.ROLES else raw
    name = {"move": "match", "match": "match", "options": "game"}[which]
    options = {} if value is None else {name: value}
    before, sent_before = await db_state(arena.store), outbox(arena.world)
    fake = arena.interaction(user, where, options=options)
    if which == "move":
        choices = await arena.play.move_autocomplete(fake.interaction, current)
    elif which == "match":
        choices = await match_autocomplete(fake.interaction, current)
    else:
        choices = await arena.lobby.options_autocomplete(fake.interaction, current)

    assert errors_logged(caplog) == []  # the callbacks would swallow and log an exception
    assert fake.sent == [] and outbox(arena.world) == sent_before
    assert await db_state(arena.store) == before
    assert isinstance(choices, list) and len(choices) <= 25
    for choice in choices:
        assert isinstance(choice, discord.app_commands.Choice)
        assert 1 <= len(choice.name) <= 100
        assert not isinstance(choice.value, str) or len(choice.value) <= 100
    values = [c.value for c in choices]
    if which == "move":
        legal = arena.legal(arena.resolve(option_int(value), user, where), user)
        assert all(any(m.lower().startswith(v.lower()) for m in legal) for v in values)
    elif which == "match":
        mine = {m.id for m in arena.records.values() if m.guild_id == GUILD
                and m.status in (LOBBY, RUNNING) and m.seat_of(user)}
        assert set(values) <= mine
    elif value not in set(SLUGS):
        assert choices == []


@fuzz(50)
@given(kind=st.sampled_from(["move", "join", "leave", "start", "ai"]), choice=match_choices,
       version=st.one_of(st.sampled_from(["current", "previous"]), st.integers(0, 2**70)),
       index=st.one_of(st.integers(0, 3), st.integers(0, 2**70)), user=users,
       guild=st.sampled_from([GUILD, GUILD, OTHER_GUILD]))
async def test_button_fuzz_answers_once_and_writes_only_legal_presses(
    arena, caplog, kind, choice, version, index, user, guild
):
    """Buttons with any match, version and index (as a forged or stale custom id would
    carry). Lobby buttons are pressed on matches that are not open lobbies, so all of them
    must be refused; a move button is legal only with the current version, the index of
    one of the presser's moves, in this guild."""
    await arena.refresh()
    caplog.clear()
    option = abs(arena.option("target" if choice is None else choice))  # ids are \d+
    record = arena.records.get(option)
    # An open lobby of this guild may legally be joined, left, started: test_cogs' job.
    assume(kind == "move" or record is None or record.status != LOBBY
           or record.guild_id != guild)
    if version in ("current", "previous"):
        version = max(0, (record.version if record else 0) - (version == "previous"))
    legal = arena.legal(record, user) if record and record.guild_id == guild else []
    valid = kind == "move" and bool(legal) and record.version == version and index < len(legal)
    before, sent_before = await db_state(arena.store), outbox(arena.world)

    item = (MoveButton(option, version, index, "Move") if kind == "move"
            else LobbyButton(kind, option))
    fake = arena.interaction(user, "thread", guild=guild)
    await item.callback(fake.interaction)

    answer = refused(fake)
    assert errors_logged(caplog) == []
    after = await db_state(arena.store)
    if valid:
        assert answer.text.startswith(f"Played `{legal[index]}`")
        assert after["moves"].get(option, 0) == before["moves"].get(option, 0) + 1
        assert without(after, option) == without(before, option)
    else:
        assert after == before
        assert outbox(arena.world) == sent_before
        assert fake.edits == []
        if record is None or record.guild_id != guild:
            assert answer.text == f"There is no match #{option} here."



# === bugs found (fixed; each test failed before its fix) ======================================
@pytest.mark.parametrize("game", ["../../README", "../rules/terra", "witch-stones\x00"])
async def test_rules_reads_only_the_rules_of_real_games(arena, caplog, game):
    fake = arena.interaction(CY)
    await arena.info.rules.callback(arena.info, fake.interaction, game)
    assert errors_logged(caplog) == []
    assert "not written yet" in refused(fake).text


def _digit_variants(move: str) -> list[str]:
    return [move.translate(ARABIC_DIGITS), move.translate(FULLWIDTH_DIGITS)]


@pytest.mark.parametrize("slug", [g.slug for g in engines.all()])
async def test_lookalike_digits_in_a_move_are_refused_as_illegal(world, caplog, slug):
    """Legal moves of the first turns, retyped with Arabic-Indic or fullwidth digits
    (``take e٥``), through /move: refused as illegal (or played, if the engine reads them
    as that move), never an internal error."""
    cogs, people = make_cogs(world), make_people(world)
    match, thread, _ = await start_running(world, cogs, people, slug)
    game, rng = engines.get(slug), random.Random(slug)
    for _ in range(9 if slug == "storm-of-the-gods" else 5):  # `explore e6`: 8th turn
        record = await world.service.match(match.id)
        state = game.load(record.snapshot)
        seat = game.to_act(state)[0]
        user = world.users[record.by_seat()[seat].user_id]
        moves = game.legal_moves(state, seat)
        typed = sorted({v for m in moves for v in _digit_variants(m)} - set(moves))
        for text in rng.sample(typed, min(3, len(typed))):
            fake = world.interaction(user, channel=thread)
            before = await db_state(world.service.store)
            await cogs.play.move.callback(cogs.play, fake.interaction, text, None)
            answer = refused(fake)
            assert errors_logged(caplog) == [], (text, errors_logged(caplog))
            if not answer.text.startswith("Played"):
                assert answer.text.startswith("Illegal move"), (text, answer.text)
                assert await db_state(world.service.store) == before
            else:
                break  # the position changed: look again
        else:
            await _play(world, cogs, match.id, moves[0])
