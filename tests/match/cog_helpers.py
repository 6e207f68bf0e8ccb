"""Shared by the reliability tests of the Discord layer (``test_cog_fuzz.py``,
``test_cog_delivery.py``, ``test_cog_isolation.py``), which drive the cogs' callbacks over a
real service: the people, a renderer that draws nothing, what the database holds and what
went out, the fuzzers' arena (their fixtures ``pictures``, ``world`` and ``arena``:
``conftest.py``)."""

from __future__ import annotations

import hashlib
import io
import itertools
import json
import logging
from types import SimpleNamespace
from typing import Any

import engines
from bot.clocks.reminders import Reminders
from bot.kit.interact import SOMETHING_WRONG
from bot.match.info import Info
from bot.match.lobby import Lobby
from bot.match.play import Play
from db import ABORTED, FINISHED, LOBBY, RUNNING, MatchRecord
from engines.base import IllegalMove
from service import Actor
from tests.discord_fakes import (
    CHANNEL,
    GUILD,
    OTHER_GUILD,
    FakeInteraction,
    Sent,
    World,
    press,
)

ANA, BO, CY, DEE = 1, 2, 3, 4
NAMES = {ANA: "Ana", BO: "Bo", CY: "Cy", DEE: "Dee"}
OTHER_CHANNEL = 3000  # a text channel of OTHER_GUILD
LIMIT = 2000
ALL_STATUSES = (LOBBY, RUNNING, FINISHED, ABORTED)
_thread_ids = itertools.count(50_000)


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


# --- the cogs, the people, a match --------------------------------------------------------
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
