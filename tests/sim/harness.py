"""The real ``Pantheon`` client against simcord, an in-process Discord.

simcord replaces discord.py's two seams (``HTTPClient.request`` and the gateway parsers)
with an in-memory Discord, so everything between them — discord.py's payload parsing,
``CommandTree``, dynamic items, threads, DMs, attachments, ephemeral replies — is the
real code the bot runs in production. :class:`Sim` holds one server (``guild``) with a
text channel ``#games`` and four members: ``ana``, ``bo``, ``cy`` and ``di``, whose DMs
are closed (every DM to her is refused with 403 / 50007, as Discord does).

Every JSON body the bot sends is validated against Discord's OpenAPI spec when the
fixture ends (:mod:`tests.sim.openapi`); a body the spec refuses fails the test.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord
import pytest
import simcord
from simcord.builders import ChannelHandle, GuildHandle, UserHandle

import bot.client as client_module
import db
from bot.client import Pantheon
from bot.config import Settings
from engines.ai import RandomPlayer
from service import Service
from service.community import limits
from tests.sim.openapi import TOTAL, BodyLedger

MATCH_IN_THREAD = re.compile(r"#(\d+) is open in <#(\d+)>")


def fixed_service(store, **kwargs: Any) -> Service:
    """The service ``Pantheon.setup_hook`` builds, with fixed seeds (as tests/conftest.py),
    drawing in threads rather than the bot's process pool (no worker processes in tests)."""
    kwargs["offload"] = "thread"
    kwargs["limits"] = limits.OFF  # the caps have their own tests (test_sim_limits.py)
    return Service(store, seed_source=lambda: 12345, shuffle=lambda seats: None,
                   player=RandomPlayer(), **kwargs)


def settings_for(path: str, dev_guild_id: int | None = None) -> Settings:
    return Settings(token="simcord", database_path=path, log_level="INFO",
                    dev_guild_id=dev_guild_id, boards_dir=path + ".boards")


@dataclass
class Sim:
    env: simcord.Env
    bot: Pantheon
    guild: GuildHandle
    channel: ChannelHandle
    users: dict[str, Any]
    ledger: BodyLedger = field(default_factory=BodyLedger)
    checked: int = 0
    bots: list[Pantheon] = field(default_factory=list)
    """Every bot this test built; the fixture closes them all at the end."""

    # --- who and where -------------------------------------------------------------
    def __getattr__(self, name: str) -> Any:
        users = self.__dict__.get("users", {})
        if name in users:
            return users[name]
        raise AttributeError(name)

    def thread(self, match_id: int) -> ChannelHandle:
        """The match's thread (by its name, ``<Title> #<id>``)."""
        for thread in self.channel.threads:
            if thread.name and thread.name.endswith(f"#{match_id}"):
                return thread
        raise AssertionError(f"no thread for match #{match_id}")

    def posts(self, channel: ChannelHandle) -> list[discord.Message]:
        """Public messages in a channel, oldest first (no ephemeral replies)."""
        return [m for m in channel.history() if not m.flags.ephemeral]

    def dms(self, user: Any) -> list[discord.Message]:
        """What the bot DM'd a user, oldest first."""
        handle = user.user if hasattr(user, "user") else user
        return [m for m in handle.dm_channel.history() if m.author.id == self.bot.user.id]

    # --- restarting --------------------------------------------------------------------
    async def restart(self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *,
                      dev_guild_id: int | None = None) -> None:
        """Replace the bot by a new one over the same database, as a new process would,
        and close the old one (its store and pool) as the old process did on its way out."""
        old = self.bot
        self.bot = await make_bot(tmp_path, monkeypatch, dev_guild_id=dev_guild_id)
        self.bots.append(self.bot)
        await self.env.restart_bot(self.bot)
        await old.close()

    # --- acting --------------------------------------------------------------------
    async def slash(self, user: Any, name: str, channel: ChannelHandle | None = None,
                    **options: Any) -> simcord.InteractionResult:
        return await user.slash(channel or self.channel, name, **options)

    async def choices(self, user: Any, channel: ChannelHandle, command: str, option: str,
                      typed: str = "", **filled: Any) -> list[dict[str, Any]]:
        """The autocomplete choices ``user`` is offered after typing ``typed``."""
        return await user.autocomplete(channel, command, option, typed, **filled)

    async def start(self, host: Any, game: str, joiners: Iterable[Any] = (), *,
                    start: bool = True, **options: Any) -> tuple[int, ChannelHandle]:
        """``/match start`` by ``host``, Join by each joiner, Start: (match id, thread)."""
        result = await self.slash(host, "match start", game=game, **options)
        text = answer(result)
        found = MATCH_IN_THREAD.search(text)
        assert found, text
        match_id = int(found[1])
        thread = self.thread(match_id)
        lobby = self.posts(thread)[0]
        for user in joiners:
            assert "Join" in labels(lobby)
            result = await user.click(lobby, label="Join")
            assert not result.followups or "match" in answer(result).lower()
        if start:
            await host.click(lobby, label="Start")
        return match_id, thread

    async def play_random(self, match_id: int, thread: ChannelHandle, players: list[Any],
                          rng: random.Random, limit: int = 400) -> int:
        """Play random legal moves, each picked from ``/move`` autocomplete, until the match
        ends or ``limit`` moves; returns how many were played."""
        played = 0
        while played < limit:
            mover = await self.to_move(match_id, players)
            if mover is None:
                return played
            await self.move(mover, thread, await self.pick_move(match_id, mover, thread, rng))
            played += 1
        return played

    async def to_move(self, match_id: int, players: list[Any]) -> Any | None:
        """The first of ``players`` the running match waits for, else None."""
        record = await self.bot.service.match(match_id)
        if record.status != "running":
            return None
        waiting = await self.bot.service.waiting(match_id)
        return next((p for p in players if waiting.get(p.id)), None)

    async def move(self, user: Any, thread: ChannelHandle, move: str) -> str:
        """``/move move:<move>`` in the thread; asserts it was played; returns the answer."""
        result = await self.slash(user, "move", thread, move=move)
        text = answer(result)
        assert result.ephemeral and text.startswith(f"Played `{move}`"), (move, text)
        return text

    async def pick_move(self, match_id: int, user: Any, thread: ChannelHandle,
                        rng: random.Random) -> str:
        """A legal move picked from autocomplete as a player would: they want one of their
        moves, and type more of it until the list offers it. Every value offered on the
        way must be a complete legal move."""
        legal = (await self.bot.service.waiting(match_id))[user.id]
        wanted = rng.choice(legal)
        for typed in range(len(wanted) + 1):
            offered = await self.choices(user, thread, "move", "move", wanted[:typed])
            values = [choice["value"] for choice in offered]
            assert values, f"nothing offered for {wanted[:typed]!r}"
            assert set(values) <= set(legal), set(values) - set(legal)
            if wanted in values:
                return wanted
        raise AssertionError(f"{wanted!r} was never offered")

    # --- the spec --------------------------------------------------------------------
    def validate(self) -> list[str]:
        """Validate the bodies sent since the last call; return the refusals so far."""
        requests = self.env.http_requests
        for entry in requests[self.checked:]:
            TOTAL.note(entry.json, self.ledger.check(entry.method, entry.path, entry.json))
        self.checked = len(requests)
        return self.ledger.errors


PICTURE = re.compile(r"\.(png|gif)$", re.IGNORECASE)
ALT_LIMIT = 1024


def sent_pictures(body: Any) -> Iterable[dict[str, Any]]:
    """The picture attachments (PNG, GIF) a JSON body sends, wherever they sit (a message,
    an interaction's response, a webhook's followup, an edit)."""
    if isinstance(body, dict):
        for attachment in body.get("attachments") or ():
            if isinstance(attachment, dict) and PICTURE.search(attachment.get("filename", "")):
                yield attachment
        for key, value in body.items():
            if key != "attachments":
                yield from sent_pictures(value)
    elif isinstance(body, list):
        for value in body:
            yield from sent_pictures(value)


def pictures_without_alt(requests: Iterable[Any]) -> list[str]:
    """Each picture sent without alt text (a ``description`` of 1 to 1,024 characters)."""
    return [f"{entry.method} {entry.path}: {picture.get('filename')}"
            for entry in requests for picture in sent_pictures(entry.json)
            if not 0 < len(picture.get("description") or "") <= ALT_LIMIT]


def answer(result: simcord.InteractionResult) -> str:
    """The text the user was answered with (the last followup, else the response)."""
    if result.followups:
        return text_of(result.followups[-1])
    return text_of(result.response) if result.response is not None else ""


def last(result: simcord.InteractionResult) -> Any:
    """The last message the user was answered with (after a defer, the first followup is
    the response itself)."""
    return result.followups[-1] if result.followups else result.response


def components_of(message: Any) -> Iterable[Any]:
    """Every component of a message, nested ones too (a Components V2 post's container
    holds its text, its picture and its rows of buttons): discord.py's objects for a
    message, simcord's JSON for an interaction's answer."""
    stack = list(reversed(message.components or ()))
    while stack:
        component = stack.pop()
        yield component
        children = (component.get("components") if isinstance(component, dict)
                    else getattr(component, "children", None))
        stack.extend(reversed(list(children or ())))


def _kind(component: Any) -> int:
    return component.get("type", 0) if isinstance(component, dict) else component.type.value


def _field(component: Any, name: str) -> Any:
    return component.get(name) if isinstance(component, dict) else getattr(component, name)


def labels(message: Any) -> list[str]:
    return [_field(c, "label") for c in components_of(message)
            if _kind(c) == 2 and _field(c, "label")]


def text_of(message: Any) -> str:
    """What a message says: its content, then its text displays (Components V2)."""
    texts = [_field(c, "content") for c in components_of(message) if _kind(c) == 10]
    return "\n".join(t for t in [message.content, *texts] if t)


def close_dms(sim_env: simcord.Env, user: UserHandle) -> None:
    """Refuse every DM to ``user`` as Discord does when their DMs are closed."""
    sim_env.inject_error("POST", f"/channels/{user.dm_channel.id}/messages", status=403,
                         code=50007, message="Cannot send messages to this user", times=None)


async def migrated(path: str) -> None:
    """Create and migrate the database before the bot opens it. (It once took a garbage
    collection first: the WAL PRAGMA's cursor stayed open and the migration's COMMIT
    failed; db/sqlite.py closes every cursor now, tests/db/test_store.py proves it.)"""
    store = await db.open_store(path)
    await store.close()


async def make_bot_on(request: pytest.FixtureRequest, tmp_path, monkeypatch) -> Pantheon:
    """The real client over the store ``request.param`` names: SQLite (as :func:`make_bot`)
    or a fresh PostgreSQL database (the ``postgres`` fixture's server)."""
    if request.param == "sqlite":
        return await make_bot(tmp_path, monkeypatch)
    server = request.getfixturevalue("postgres")
    url = await server.create_database()
    monkeypatch.setattr(client_module, "Service", fixed_service)
    return Pantheon(Settings(token="simcord", database_path=url, log_level="INFO",
                             dev_guild_id=None, boards_dir=str(tmp_path / "boards")))


def fake_clock(sim: Sim, monkeypatch) -> None:
    """The store's and the service's clock read simcord's (which ``advance_time`` moves)."""
    monkeypatch.setattr(db.records, "now", lambda: db.records.stamp(sim.env.now()))
    sim.bot.service.now = sim.env.now


async def make_bot(tmp_path, monkeypatch, *, dev_guild_id: int | None = None) -> Pantheon:
    """The real client, over a fresh database, building the fixed-seed service."""
    monkeypatch.setattr(client_module, "Service", fixed_service)
    path = str(tmp_path / "pantheon.db")
    await migrated(path)
    return Pantheon(settings_for(path, dev_guild_id))
