"""Reliability of the Discord layer, driven through the cogs' callbacks over a real service.

1. Fuzzed arguments for every command, the buttons and the autocompletes: nothing
   escapes, exactly one short answer (ephemeral for errors), nothing written unless the
   input really was a legal move or action (an oracle decides, from the database and the
   engine, before the command runs).
2. Deferral: commands that read the database more than once or draw a PNG acknowledge
   the interaction before any service work, store access or drawing.
3. A board that cannot be posted never loses the move.
4. A DM that fails (closed DMs or a Discord error) never blocks a move and never puts a
   secret in the thread.
5. Guild isolation: another guild's member gets "no match" for every command and button.

The bugs these tests found (each now fixed) keep their own regression tests near the
end.
"""

from __future__ import annotations

import hashlib
import io
import itertools
import json
import logging
import random
import re
from collections.abc import Awaitable, Callable
from types import SimpleNamespace
from typing import Any

import discord
import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

import engines
import rendering
from bot.clocks.reminders import Reminders
from bot.kit.common import match_autocomplete, option_int
from bot.kit.interact import SOMETHING_WRONG
from bot.match.info import Info
from bot.match.lobby import Lobby
from bot.match.play import Play
from bot.match.publish import DM_CLOSED
from bot.match.ui import LobbyButton, MoveButton, resign_view
from db import ABORTED, FINISHED, LOBBY, RUNNING, MatchRecord
from engines.base import IllegalMove
from service import MAX_REMIND_AFTER_HOURS, Actor, Service, ServiceError, parse_options
from tests.discord_fakes import (
    CHANNEL,
    GUILD,
    OTHER_GUILD,
    FakeInteraction,
    Sent,
    World,
    forbidden,
    http_response,
    not_found,
    press,
)

ANA, BO, CY, DEE = 1, 2, 3, 4
NAMES = {ANA: "Ana", BO: "Bo", CY: "Cy", DEE: "Dee"}
OTHER_CHANNEL = 3000  # a text channel of OTHER_GUILD
LIMIT = 2000
ALL_STATUSES = (LOBBY, RUNNING, FINISHED, ABORTED)
_thread_ids = itertools.count(50_000)


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


def actor(user_id: int, guild: int | None = GUILD) -> Actor:
    return Actor(user_id, NAMES[user_id], guild_id=guild)


# --- pictures ------------------------------------------------------------------------------
class Pictures:
    """A renderer that draws nothing: each "PNG" names the view it was drawn from, so a
    test can tell which view any posted picture shows (the real drawing takes ~70 ms)."""

    def __init__(self) -> None:
        self.views: dict[bytes, dict] = {}

    def __call__(self, slug: str, view: dict, names=None, **kwargs: Any) -> bytes:
        data = json.dumps([slug, view, names], sort_keys=True, default=str).encode()
        png = b"\x89PNG\r\n" + hashlib.sha256(data).digest()
        self.views[png] = json.loads(json.dumps(view, default=str))
        return png


def file_bytes(sent: Sent) -> bytes:
    fp = sent.file.fp
    assert isinstance(fp, io.BytesIO)
    return fp.getvalue()


# --- the database and what went out --------------------------------------------------------
async def db_state(store) -> dict[str, dict]:
    """Everything a command could write: each match's row, its seats, its move count,
    and the reminder settings."""

    async def rows(sql: str) -> list[tuple]:
        return await store.query(sql)

    seats: dict[int, list[tuple]] = {}
    for match_id, *seat in await rows(
        "SELECT match_id, user_id, seat, resigned FROM seats ORDER BY match_id, user_id"
    ):
        seats.setdefault(match_id, []).append(tuple(seat))
    return {
        "matches": {
            row[0]: row[1:]
            for row in await rows(
                "SELECT id, guild_id, status, version, snapshot, result, thread_id, "
                "lobby_message_id FROM matches"
            )
        },
        "seats": seats,
        "moves": dict(await rows("SELECT match_id, COUNT(*) FROM moves GROUP BY match_id")),
        "settings": dict(await rows("SELECT user_id, remind_after_hours FROM user_settings")),
    }


def without(state: dict[str, dict], match_id: int) -> dict[str, dict]:
    """The state with one match left out (to check that nothing else changed)."""
    return {
        part: {k: v for k, v in rows.items() if part == "settings" or k != match_id}
        for part, rows in state.items()
    }


def outbox(world: World) -> tuple[int, int]:
    """How many messages went to channels and threads, and how many DMs."""
    return sum(map(len, world.posts.values())), sum(map(len, world.dms.values()))


def errors_logged(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]


def the_answer(fake: FakeInteraction) -> Sent:
    """The interaction's one answer: at most 2000 characters, never the apology for an
    unexpected error."""
    assert len(fake.sent) == 1, f"expected one answer, got {fake.texts!r}"[:600]
    answer = fake.sent[0]
    assert 0 < len(answer.text) <= LIMIT
    assert answer.text != SOMETHING_WRONG
    return answer


def refused(fake: FakeInteraction) -> Sent:
    answer = the_answer(fake)
    assert answer.ephemeral, answer.text
    return answer


# --- an arena for the fuzzers --------------------------------------------------------------
OPEN_MATCHES = {  # role: (status, host, guests, started, game)
    "target": (RUNNING, ANA, (BO,), True, "witch-stones"),
    "lobby": (LOBBY, CY, (), False, "witch-stones"),
    "angry": (RUNNING, CY, (DEE,), True, "angry-gods"),
}


class Arena:
    """GUILD with a running match (Ana host in seat 0, Bo in seat 1; Bo chooses a side
    first), a finished one, one aborted while running, one aborted in its lobby, one
    aborted in its lobby with the host alone (as ``/match start`` leaves it when no thread
    can be opened), Cy's open lobby and Cy's Angry Gods match against Dee (Cy to act, with
    76 moves: more than autocomplete may offer); OTHER_GUILD with a running match of Dee
    and Ana. A fuzzer's examples share it: :meth:`refresh` replaces the open matches an
    example legally ended.
    """

    ROLES = ("target", "finished", "aborted", "aborted lobby", "aborted alone", "lobby",
             "angry", "foreign")

    def __init__(self, world: World) -> None:
        self.world = world
        self.service = world.service
        self.store = world.service.store
        self.people = {uid: world.user(uid, name) for uid, name in NAMES.items()}
        self.other_channel = world.text_channel(OTHER_CHANNEL)
        self.loose_thread = world.thread(next(_thread_ids), "chatter")  # no match's thread
        self.threads: dict[int, Any] = {}
        self.ids: dict[str, int] = {}
        self.records: dict[int, MatchRecord] = {}
        bot = world.bot
        self.play, self.info = Play(bot), Info(bot)
        self.lobby, self.reminders = Lobby(bot), Reminders(bot)

    async def open(self, role: str, host: int, guests=(), *, guild: int = GUILD,
                   start: bool = True, game: str = "witch-stones") -> int:
        match = await self.service.create(actor(host, guild), game, channel_id=CHANNEL)
        for guest in guests:
            await self.service.join(match.id, actor(guest, guild))
        if start:
            await self.service.start(match.id, actor(host, guild))
        thread = self.world.thread(next(_thread_ids), f"{game} #{match.id}")
        await self.store.set_places(match.id, thread_id=thread.id)
        self.threads[match.id] = thread
        self.ids[role] = match.id
        return match.id

    async def build(self) -> Arena:
        await self.open("target", ANA, [BO])
        finished = await self.open("finished", ANA, [BO])
        await self.service.resign(finished, actor(BO))
        aborted = await self.open("aborted", ANA, [BO])
        await self.service.abort(aborted, actor(ANA))
        lobby = await self.open("aborted lobby", ANA, [BO], start=False)
        await self.service.abort(lobby, actor(ANA))
        alone = await self.open("aborted alone", ANA, start=False)
        await self.service.abort(alone, actor(ANA))
        await self.open("foreign", DEE, [ANA], guild=OTHER_GUILD)
        await self.refresh()
        return self

    async def refresh(self) -> None:
        for role, (status, host, guests, started, game) in OPEN_MATCHES.items():
            if role not in self.ids or (await self.store.get_match(self.ids[role])).status \
                    != status:
                await self.open(role, host, guests, start=started, game=game)
        found = await self.store.find_matches(statuses=ALL_STATUSES, limit=100_000)
        self.records = {m.id: m for m in found}

    @property
    def target(self) -> MatchRecord:
        return self.records[self.ids["target"]]

    def option(self, choice: str | int | None) -> int | None:
        return self.ids[choice] if isinstance(choice, str) else choice

    def channel(self, where: str, guild: int = GUILD):
        if guild != GUILD:
            return self.other_channel
        return {
            "channel": self.world.channel,
            "thread": self.threads[self.ids["target"]],
            "loose thread": self.loose_thread,
        }[where]

    def interaction(self, user: int, where: str = "channel", *, guild: int = GUILD,
                    admin: bool = False, options: dict | None = None) -> FakeInteraction:
        return self.world.interaction(
            self.people[user], channel=self.channel(where, guild), guild_id=guild,
            manage_guild=admin, options=options)

    # --- the oracle: what the commands should find and accept -------------------------
    def resolve(self, option: int | None, user: int, where: str) -> MatchRecord | None:
        """The match a command names: the option (if it is this guild's), else the
        thread's match, else the user's only open match here."""
        if option is not None:
            record = self.records.get(option)
            return record if record is not None and record.guild_id == GUILD else None
        if where == "thread":
            return self.target
        mine = [m for m in self.records.values() if m.guild_id == GUILD
                and m.status in (LOBBY, RUNNING) and m.seat_of(user)]
        return mine[0] if len(mine) == 1 else None

    @staticmethod
    def to_act(record: MatchRecord | None, user: int) -> int | None:
        """The user's seat if they must act now in this running match."""
        if record is None or record.status != RUNNING:
            return None
        seated = record.seat_of(user)
        if seated is None or seated.seat is None or seated.resigned:
            return None
        game = engines.get(record.game)
        return seated.seat if seated.seat in game.to_act(game.load(record.snapshot)) else None

    def legal(self, record: MatchRecord | None, user: int) -> list[str]:
        seat = self.to_act(record, user)
        if seat is None:
            return []
        game = engines.get(record.game)
        return game.legal_moves(game.load(record.snapshot), seat)

    def accepts(self, record: MatchRecord | None, user: int, move: str) -> bool:
        """Whether ``move`` is a legal move of ``user`` now, by the engine itself."""
        seat, text = self.to_act(record, user), move.strip()
        if seat is None or not 0 < len(text) <= 200:
            return False
        game = engines.get(record.game)
        try:
            game.play(game.load(record.snapshot), seat, text)
        except IllegalMove:
            return False
        return True


@pytest.fixture
async def pictures():
    return Pictures()


@pytest.fixture
async def world(store, pictures):
    """A world over a real service with the stand-in renderer."""
    return World(Service(store, render=pictures, seed_source=lambda: 12345,
                         shuffle=lambda seats: None))


@pytest.fixture
async def arena(world):
    return await Arena(world).build()


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


# === 2. deferral ==============================================================================
SERVICE_WORK = ("match", "match_here", "my_matches", "create", "join", "add_ai", "leave",
                "start", "legal_moves", "waiting", "submit", "resign", "abort",
                "set_reminders", "board", "standing", "private", "history", "nudge",
                "vacation")
STORE_WORK = ("get_match", "find_matches", "create_match", "add_seat", "remove_seat",
              "start_match", "record_move", "finish", "mark_resigned", "moves", "set_places",
              "set_remind_after", "remind_after", "set_clock", "clock", "clocks_to_check",
              "checked", "recheck_user", "turn_reminders", "mark_turn_reminded", "nudge",
              "vacations", "start_vacation", "end_vacation")


class DeferralSpy:
    """Notes, for every service call, store access and picture made while an interaction
    is under watch, whether that interaction had been deferred by then."""

    def __init__(self, world: World, monkeypatch) -> None:
        self.watching: FakeInteraction | None = None
        self.armed = False
        self.calls: list[tuple[str, bool]] = []
        service = world.service
        for name in SERVICE_WORK:
            monkeypatch.setattr(service, name, self._wrap(f"Service.{name}",
                                                          getattr(service, name)))
        for name in STORE_WORK:
            monkeypatch.setattr(service.store, name, self._wrap(f"store.{name}",
                                                                getattr(service.store, name)))
        render = service.render

        def drawing(*args: Any, **kwargs: Any) -> bytes:
            self._note("render")
            return render(*args, **kwargs)

        monkeypatch.setattr(service, "render", drawing)
        make = world.interaction

        def interaction(*args: Any, **kwargs: Any) -> FakeInteraction:
            fake = make(*args, **kwargs)
            if self.armed:  # buttons make their interaction inside ``press``
                self.watching = fake
            return fake

        monkeypatch.setattr(world, "interaction", interaction)

    def _note(self, what: str) -> None:
        if self.watching is not None:
            self.calls.append((what, self.watching.deferred is not None))

    def _wrap(self, what: str, method: Callable[..., Awaitable[Any]]):
        async def spy(*args: Any, **kwargs: Any) -> Any:
            self._note(what)
            return await method(*args, **kwargs)

        return spy

    async def watch(self, run: Callable[[], Awaitable[Any]]) -> FakeInteraction:
        self.armed, self.calls = True, []
        try:
            await run()
            assert self.watching is not None
            return self.watching
        finally:
            self.armed = False

    def before_defer(self) -> list[str]:
        return [what for what, deferred in self.calls if not deferred]


def make_cogs(world: World) -> SimpleNamespace:
    bot = world.bot
    return SimpleNamespace(lobby=Lobby(bot), play=Play(bot), info=Info(bot),
                           reminders=Reminders(bot))


def make_people(world: World) -> SimpleNamespace:
    return SimpleNamespace(**{name.lower(): world.user(uid, name) for uid, name in NAMES.items()})


async def start_lobby(world, cogs, host, game="witch-stones", options=None):
    """``/match start`` through the cog: the match, its thread and the lobby message."""
    fake = world.interaction(host)
    await cogs.lobby.start.callback(cogs.lobby, fake.interaction, game, options)
    [match] = await world.service.store.find_matches(guild_id=GUILD, user_id=host.id, limit=1)
    thread = world.channels[match.thread_id]
    return match, thread, world.posts_in(thread.id)[0]


async def start_running(world, cogs, people, game="witch-stones"):
    """A started two-player match (Ana seat 0, Bo seat 1): match, thread, first board."""
    match, thread, lobby = await start_lobby(world, cogs, people.ana, game)
    await press(world, lobby, "Join", people.bo)
    await press(world, lobby, "Start", people.ana)
    return await world.service.match(match.id), thread, world.posts_in(thread.id)[-1]


async def slash(cog, command: str, fake: FakeInteraction, *args: Any) -> None:
    await getattr(cog, command).callback(cog, fake.interaction, *args)


async def _deferral_case(name: str, world: World, spy: DeferralSpy) -> tuple[FakeInteraction,
                                                                            str]:
    """Set the scene for one command, then run it under the spy: (its interaction, the
    service call that does its work)."""
    cogs, people = make_cogs(world), make_people(world)
    if name in ("/match start", "Start button", "Join button"):
        _, thread, lobby = await start_lobby(world, cogs, people.ana)
        if name == "Start button":
            await press(world, lobby, "Join", people.bo)
    else:
        match, thread, board = await start_running(world, cogs, people)

    async def command(cog, command: str, user, *args: Any, channel=None) -> None:
        fake = world.interaction(user, channel=channel or thread)
        await slash(cog, command, fake, *args)

    main, run = {
        "/move": ("Service.submit", lambda: command(cogs.play, "move", people.bo, "moons", None)),
        "/board in the thread": ("Service.board",
                                 lambda: command(cogs.info, "board", people.cy, None)),
        "/board elsewhere": ("Service.board", lambda: command(
            cogs.info, "board", people.cy, match.id, channel=world.channel)),
        "/score": ("Service.standing", lambda: command(cogs.info, "score", people.ana, None)),
        "/history": ("Service.history", lambda: command(cogs.info, "history", people.ana, None)),
        "/myview": ("Service.private", lambda: command(cogs.info, "myview", people.ana, None)),
        "/mymatches": ("Service.my_matches",
                       lambda: command(cogs.info, "mymatches", people.ana)),
        "/abort": ("Service.abort", lambda: command(cogs.play, "abort", people.ana, None)),
        "/resign confirm:True": ("Service.resign",
                                 lambda: command(cogs.play, "resign", people.ana, None, True)),
        "/match start": ("Service.create", lambda: command(
            cogs.lobby, "start", people.bo, "terra", "terrain=true", channel=world.channel)),
        "Start button": ("Service.start", lambda: press(world, lobby, "Start", people.ana)),
        "Join button": ("Service.join", lambda: press(world, lobby, "Join", people.bo)),
        "move button": ("Service.submit", lambda: press(world, board, "moons", people.bo)),
        "/nudge": ("Service.nudge", lambda: command(cogs.reminders, "nudge", people.ana, None)),
        "/vacation": ("Service.vacation",
                      lambda: command(cogs.reminders, "vacation", people.ana, 3, False)),
    }[name]
    fake = await spy.watch(run)
    assert fake.sent or fake.edits, "the command did not answer"
    assert not any(s.text == SOMETHING_WRONG for s in fake.sent)
    assert main in [what for what, _ in spy.calls], f"{main} was not called: {spy.calls}"
    return fake, main


DEFERRED_COMMANDS = ["/move", "/board in the thread", "/board elsewhere", "/score", "/history",
                     "/myview", "/mymatches", "/abort", "/resign confirm:True", "/match start",
                     "Start button", "Join button", "move button", "/nudge", "/vacation"]



@pytest.mark.parametrize("name", DEFERRED_COMMANDS)
async def test_the_work_of_slow_commands_starts_after_the_deferral(world, monkeypatch, name):
    """The main service call (the move, the board, the start...) runs deferred."""
    spy = DeferralSpy(world, monkeypatch)
    _, main = await _deferral_case(name, world, spy)
    assert all(deferred for what, deferred in spy.calls if what == main), spy.calls


@pytest.mark.parametrize("name", DEFERRED_COMMANDS)
async def test_slow_commands_defer_before_any_service_work(world, monkeypatch, name):
    """Nothing at all (no service call, no store access, no drawing) runs before the
    deferral: with one SQLite connection behind a lock, any read can wait behind other
    users' moves, and an interaction not acknowledged within 3 s is lost (10062)."""
    spy = DeferralSpy(world, monkeypatch)
    fake, _ = await _deferral_case(name, world, spy)
    assert fake.deferred is not None
    assert spy.before_defer() == [], spy.calls


# === 3. a board that cannot be posted ========================================================
def failing(error: Exception):
    async def send(*args: Any, **kwargs: Any):
        raise error

    return send


SEND_ERRORS = {
    "500": lambda: discord.HTTPException(http_response(500, "Internal Server Error"), "boom"),
    "missing permissions": lambda: forbidden(50013, "Missing Permissions"),
    "thread deleted": lambda: not_found("Unknown Channel"),
}


@pytest.mark.parametrize("how", ["/move", "move button"])
@pytest.mark.parametrize("error", sorted(SEND_ERRORS))
async def test_a_board_that_cannot_be_posted_never_loses_the_move(service, how, error):
    world = World(service)  # the real renderer: the boards compared below are real PNGs
    cogs, people = make_cogs(world), make_people(world)
    match, thread, first_board = await start_running(world, cogs, people)
    posts = len(world.posts_in(thread.id))
    working = thread.send.side_effect
    thread.send.side_effect = failing(SEND_ERRORS[error]())

    if how == "/move":
        fake = world.interaction(people.bo, channel=thread)
        await cogs.play.move.callback(cogs.play, fake.interaction, "moons", None)
    else:
        fake = await press(world, first_board, "moons", people.bo)
        assert fake.edits == [{"view": None}]  # the spent buttons went all the same

    [move] = await service.store.moves(match.id)
    assert (move.seat, move.notation) == (1, "moons")
    assert (await service.match(match.id)).version == match.version + 1
    answer = refused(fake)
    assert answer.text.startswith("Played `moons`.")
    assert "couldn't post the board" in answer.text
    assert len(world.posts_in(thread.id)) == posts  # nothing went out

    # Later, where posting works, the board shows the position after the move.
    thread.send.side_effect = working
    look = world.interaction(people.cy, channel=world.channel)
    await cogs.info.board.callback(cogs.info, look.interaction, match.id)
    shown = the_answer(look)
    record = await service.match(match.id)
    game = engines.get(record.game)
    expected = rendering.render(game.slug, game.view(game.load(record.snapshot), None),
                                names=record.names)
    assert file_bytes(shown) == expected != file_bytes(first_board)
    assert "To act: Ana" in shown.text
    again = world.interaction(people.ana, channel=thread)
    await cogs.info.board.callback(cogs.info, again.interaction, None)
    assert refused(again).text == f"The board of #{match.id} is posted above."
    assert file_bytes(world.posts_in(thread.id)[-1]) == expected


async def test_an_expired_interaction_never_loses_the_move(world, caplog):
    """The followup webhook is gone (10015) when the mover is answered: the move is saved
    and the board posted, and nothing escapes the command."""
    cogs, people = make_cogs(world), make_people(world)
    match, thread, _ = await start_running(world, cogs, people)
    posts = len(world.posts_in(thread.id))
    fake = world.interaction(people.bo, channel=thread)
    fake.interaction.followup.send.side_effect = failing(discord.NotFound(
        http_response(404, "Not Found"), {"code": 10015, "message": "Unknown Webhook"}))
    await cogs.play.move.callback(cogs.play, fake.interaction, "moons", None)
    assert [m.notation for m in await world.service.store.moves(match.id)] == ["moons"]
    assert len(world.posts_in(thread.id)) == posts + 1
    assert "could not answer interaction" in caplog.text


# === 4. failed DMs ============================================================================
def closing_dms(world: World, how: str) -> None:
    """Make every DM fail: closed DMs (Forbidden 50007) or a Discord error."""
    for user in world.users.values():
        user.send.side_effect = failing(
            forbidden() if how == "closed" else
            discord.HTTPException(http_response(500, "Internal Server Error"), "boom"))


def words(text: str) -> set[str]:
    return set(re.findall(r"[\w-]+", text.lower()))


async def _play(world, cogs, match_id: int, move: str) -> FakeInteraction:
    """``/move`` in the match's thread by whoever must act; it must be played."""
    record = await world.service.match(match_id)
    game = engines.get(record.game)
    seat = game.to_act(game.load(record.snapshot))[0]
    user = world.users[record.by_seat()[seat].user_id]
    fake = world.interaction(user, channel=world.channels[record.thread_id])
    await cogs.play.move.callback(cogs.play, fake.interaction, move, None)
    answer = refused(fake)
    assert answer.text.startswith(f"Played `{move}`"), answer.text
    return fake


@pytest.mark.parametrize("how", ["error"])  # closed DMs: tests/clocks/test_sim_failures.py
@pytest.mark.parametrize("slug", ["when-gods-collide", "terra"])
async def test_failed_dms_never_block_a_move_nor_leak_a_secret(world, pictures, caplog, how,
                                                            slug):
    cogs, people = make_cogs(world), make_people(world)
    closing_dms(world, how)
    match, thread, _ = await start_running(world, cogs, people, slug)
    game, store = engines.get(slug), world.service.store
    rng = random.Random(7)
    played, secret_posts, secrets = 0, [], []
    for _ in range(80):
        record = await world.service.match(match.id)
        state = game.load(record.snapshot)
        seat = game.to_act(state)[0]
        moves = game.legal_moves(state, seat)
        private = [m for m in moves if game.is_private(m)]
        move = private[0] if private else (moves[0] if slug == "when-gods-collide"
                                           else rng.choice(moves))
        posts = len(world.posts_in(thread.id))
        fake = await _play(world, cogs, match.id, move)
        played += 1
        if private:
            # as posted then (a later step of the next turn edits its board in place)
            new_posts = [(p.file is not None, p.text) for p in world.posts_in(thread.id)[posts:]]
            after = game.load((await world.service.match(match.id)).snapshot)
            if slug == "when-gods-collide":
                secret = [game.private_view(after, seat)["god"]]  # the god checker's square
            else:
                secret = move.split()[1:]  # the discarded chits
            assert set(secret) <= words(fake.last.text)  # the mover was told, privately
            secret_posts.append((new_posts, secret))
            secrets.append(secret)
            if len(secrets) == 2:
                break
    assert len(secrets) == 2, "no private move was played"
    assert errors_logged(caplog) == []  # a closed DM is an everyday event, not an error
    assert len(await store.moves(match.id)) == played
    assert (await world.service.match(match.id)).status == RUNNING
    assert world.dms == {}  # every DM failed...
    for new_posts, _ in secret_posts:  # ...and each private move's board went out
        assert any(picture and "To act" in text for picture, text in new_posts)

    everything = world.posts_in(thread.id)
    for post in everything:
        assert "for your eyes only" not in post.text
        assert not re.search(r"^- (god|reserve):", post.text, re.M)
        if post.file is not None:  # every picture in the thread shows the public view
            view = pictures.views[file_bytes(post)]
            assert "reserve" not in view and "reserves" not in view
            if slug == "when-gods-collide":
                assert not any(cell.get("god") and not cell.get("public")
                               for cell in view["board"].values())
    for new_posts, secret in secret_posts:  # the posts of a private move name no secret
        for _, text in new_posts:
            assert not set(secret) & words(text), (secret, text)
    notices = [p for p in everything if "couldn't DM you" in p.text]
    if how == "closed":
        assert {p.text for p in notices} == {DM_CLOSED.format(mention=f"<@{u}>")
                                             for u in (ANA, BO)}
    else:
        assert notices == []

    # The secrets are still there for their owners, only to them.
    look = world.interaction(people.ana, channel=thread)
    await cogs.info.myview.callback(cogs.info, look.interaction, None)
    assert refused(look).file is not None and "for your eyes only" in look.last.text


# === 5. guild isolation =======================================================================
ISOLATION = ["/move", "/move without a match", "/board", "/score", "/history", "/myview",
             "/resign", "/resign confirm:True", "/abort", "/abort of a lobby", "move button",
             "resign button", "Join button", "Leave button", "Start button",
             "Add computer player button", "/move autocomplete", "match autocomplete",
             "/mymatches"]


async def _isolation_setup(world):
    """A running match (Ana, Bo; Bo to act) and Cy's Terra lobby with Dee in it (room for
    two more), all in GUILD."""
    cogs, people = make_cogs(world), make_people(world)
    match, thread, board = await start_running(world, cogs, people)
    lobby_match, _, lobby = await start_lobby(world, cogs, people.cy, "terra")
    await press(world, lobby, "Join", people.dee)
    return cogs, people, match, thread, board, lobby_match, lobby


async def _isolation_action(world, name, guild, setup) -> tuple[FakeInteraction, Any, int]:
    """Run one action as the user for whom it is legal in GUILD, from ``guild``: (the
    interaction, what an autocomplete returned, the match it names)."""
    cogs, people, match, thread, board, lobby_match, lobby = setup
    where = thread if guild == GUILD else world.text_channel(OTHER_CHANNEL)
    admin = name.startswith("/abort")

    def make(user, options=None) -> FakeInteraction:
        return world.interaction(user, channel=where, guild_id=guild, manage_guild=admin,
                                 options=options)

    async def button(sent, label, user):
        return await press(world, sent, label, user, channel=where, guild_id=guild,
                           manage_guild=admin)

    target, result = match.id, None
    if name in ("/move", "/move without a match"):
        fake = make(people.bo)
        option = match.id if name == "/move" else None
        await slash(cogs.play, "move", fake, "moons", option)
        target = option
    elif name in ("/board", "/score", "/history", "/myview"):
        fake = make(people.ana)
        await slash(cogs.info, name[1:], fake, match.id)
    elif name.startswith("/resign"):
        fake = make(people.ana)
        await slash(cogs.play, "resign", fake, match.id, name.endswith("True"))
    elif name == "/abort":
        fake = make(people.ana)
        await slash(cogs.play, "abort", fake, match.id)
    elif name == "/abort of a lobby":
        fake = make(people.cy)
        await slash(cogs.play, "abort", fake, lobby_match.id)
        target = lobby_match.id
    elif name == "move button":
        fake = await button(board, "moons", people.bo)
    elif name == "resign button":
        fake = await button(Sent(None, {"view": resign_view(match.id, ANA)}), "Yes, resign",
                            people.ana)
    elif name.endswith("button"):
        label = name.removesuffix(" button")
        user = {"Join": people.ana, "Leave": people.dee}.get(label, people.cy)
        fake = await button(lobby, label, user)
        target = lobby_match.id
    elif name == "/move autocomplete":
        fake = make(people.bo, {"match": match.id})
        result = await cogs.play.move_autocomplete(fake.interaction, "")
    elif name == "match autocomplete":
        fake = make(people.ana)
        result = await match_autocomplete(fake.interaction, "")
    else:
        fake = make(people.ana)
        await slash(cogs.info, "mymatches", fake)
        target = None
    return fake, result, target


@pytest.mark.parametrize("name", ISOLATION)
async def test_another_guild_finds_no_match(world, name):
    setup = await _isolation_setup(world)
    before, sent_before = await db_state(world.service.store), outbox(world)

    fake, result, target = await _isolation_action(world, name, OTHER_GUILD, setup)

    assert await db_state(world.service.store) == before
    assert outbox(world) == sent_before
    assert fake.edits == []
    if name.endswith("autocomplete"):
        assert result == [] and fake.sent == []
    elif target is None:
        assert refused(fake).text.startswith("You are in no open match here")
    else:
        assert refused(fake).text == f"There is no match #{target} here."

    # The same action from the match's own guild is not refused that way: the guild
    # alone made the difference.
    fake, result, target = await _isolation_action(world, name, GUILD, setup)
    if name.endswith("autocomplete"):
        assert result
    else:
        assert fake.sent or fake.edits
        assert not any("There is no match" in s.text or "no open match" in s.text
                       for s in fake.sent), fake.texts


# === bugs found (fixed; each test failed before its fix) ======================================
@pytest.mark.parametrize("how", ["no thread could be opened", "the host aborted"])
async def test_history_of_a_match_aborted_alone_in_its_lobby(world, caplog, how):
    cogs, people = make_cogs(world), make_people(world)
    if how == "no thread could be opened":  # /match start aborts the match it just made
        world.channel.fail_threads = True
        fake = world.interaction(people.ana)
        await cogs.lobby.start.callback(cogs.lobby, fake.interaction, "witch-stones", None)
        [match] = await world.service.store.find_matches(guild_id=GUILD, statuses=(ABORTED,))
    else:
        match, thread, _ = await start_lobby(world, cogs, people.ana)
        fake = world.interaction(people.ana, channel=thread)
        await cogs.play.abort.callback(cogs.play, fake.interaction, None)
    assert (await world.service.match(match.id)).status == ABORTED

    fake = world.interaction(people.ana)
    await cogs.info.history.callback(cogs.info, fake.interaction, match.id)
    assert errors_logged(caplog) == []
    assert refused(fake).text == f"No moves yet in #{match.id}."


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
