"""Fake Discord objects for cog tests, constrained to the real discord.py classes.

As in python-discord/bot's ``tests/helpers.py``, every fake is a ``MagicMock`` with
``spec=`` the real class (so calling an API that does not exist fails, and coroutine
methods are ``AsyncMock``s), with side effects that record what would be sent. A
:class:`World` holds one text channel, the threads the bot creates under it, users with
open or closed DMs, and a bot whose ``service`` is a real :class:`service.Service`.

Interaction responses follow Discord's rules: one first response (``send_message``,
``defer`` or ``edit_message``), followups only after it, and the first followup after an
ephemeral "thinking" defer is ephemeral whatever it asks.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any
from unittest.mock import MagicMock

import discord
from discord import app_commands

from bot.client import Pantheon
from service import Service

GUILD = 1000
OTHER_GUILD = 1001
CHANNEL = 2000

_ids = itertools.count(10_000)


def http_response(status: int, reason: str) -> MagicMock:
    return MagicMock(status=status, reason=reason)


def forbidden(
    code: int = 50007, text: str = "Cannot send messages to this user"
) -> discord.Forbidden:
    return discord.Forbidden(http_response(403, "Forbidden"), {"code": code, "message": text})


def not_found(text: str = "Unknown Channel") -> discord.NotFound:
    return discord.NotFound(http_response(404, "Not Found"), {"code": 10003, "message": text})


@dataclass
class Sent:
    """One message that would have been sent (or an edit)."""

    content: str | None
    kwargs: dict[str, Any] = field(default_factory=dict)
    ephemeral: bool = False
    message_id: int | None = None

    @property
    def file(self) -> discord.File | None:
        return self.kwargs.get("file")

    @property
    def embed(self) -> discord.Embed | None:
        return self.kwargs.get("embed")

    @property
    def view(self) -> discord.ui.View | None:
        return self.kwargs.get("view")

    @property
    def items(self) -> list[Any]:
        """The view's items, nested ones too (a Components V2 board's container)."""
        view = self.view
        if view is None:
            return []
        if isinstance(view, discord.ui.LayoutView):
            return list(view.walk_children())
        return list(view.children)

    @property
    def buttons(self) -> list[Any]:
        return [item for item in self.items if isinstance(item, discord.ui.DynamicItem)]

    @property
    def custom_ids(self) -> list[str]:
        return [item.custom_id for item in self.buttons]

    @property
    def labels(self) -> list[str]:
        return [item.item.label for item in self.buttons]

    @property
    def text(self) -> str:
        """The content, and a Components V2 post's text displays."""
        texts = [i.content for i in self.items if isinstance(i, discord.ui.TextDisplay)]
        return "\n".join(t for t in [self.content, *texts] if t)


def message(channel_id: int, sent: Sent | None = None) -> MagicMock:
    msg = MagicMock(spec=discord.Message)
    msg.id = sent.message_id if sent and sent.message_id else next(_ids)
    msg.channel = MagicMock(spec=discord.Thread)
    msg.channel.id = channel_id
    msg.content = sent.content if sent else ""
    msg.flags = discord.MessageFlags()  # a plain message: simcord covers Components V2 edits
    return msg


class FakeInteraction:
    """A spec'd ``discord.Interaction`` and the record of what it answered."""

    def __init__(
        self,
        world: World,
        user: MagicMock,
        *,
        channel: MagicMock | None,
        guild_id: int | None,
        manage_guild: bool,
        message: MagicMock | None,
        options: dict[str, Any] | None,
    ) -> None:
        self.sent: list[Sent] = []
        self.edits: list[dict[str, Any]] = []
        self.done = False
        self.deferred: dict[str, Any] | None = None
        self._first_followup_pending = False

        inter = MagicMock(spec=discord.Interaction)
        inter.id = next(_ids)
        inter.client = world.bot
        inter.user = user
        inter.guild_id = guild_id
        inter.channel = channel
        inter.channel_id = channel.id if channel is not None else None
        inter.permissions = discord.Permissions(manage_guild=manage_guild)
        inter.locale = discord.Locale.american_english  # as every interaction brings one
        inter.guild_locale = discord.Locale.american_english if guild_id is not None else None
        inter.message = message
        inter.command = None
        inter.namespace = app_commands.Namespace(
            inter,
            {},
            [
                {"name": name, "type": _option_type(value), "value": value}
                for name, value in (options or {}).items()
            ],
        )

        response = MagicMock(spec=discord.InteractionResponse)
        response.is_done.side_effect = lambda: self.done
        response.defer.side_effect = self._defer
        response.send_message.side_effect = self._send_message
        response.edit_message.side_effect = self._edit_message
        inter.response = response

        followup = MagicMock(spec=discord.Webhook)
        followup.send.side_effect = self._followup
        inter.followup = followup
        inter.edit_original_response.side_effect = self._edit_original
        self.interaction = inter

    # --- the record -----------------------------------------------------------------
    @property
    def last(self) -> Sent:
        assert self.sent, "nothing was sent"
        return self.sent[-1]

    @property
    def texts(self) -> list[str]:
        return [s.text for s in self.sent]

    # --- Discord's rules ------------------------------------------------------------
    def _respond(self) -> None:
        if self.done:
            raise discord.InteractionResponded(self.interaction)
        self.done = True

    async def _defer(self, *, ephemeral: bool = False, thinking: bool = False) -> None:
        self._respond()
        self.deferred = {"ephemeral": ephemeral, "thinking": thinking}
        self._first_followup_pending = thinking

    async def _send_message(self, content: str | None = None, **kwargs: Any) -> None:
        self._respond()
        assert content is None or len(content) <= 2000, "message over 2000 characters"
        self.sent.append(Sent(content, kwargs, ephemeral=bool(kwargs.get("ephemeral"))))

    async def _edit_message(self, **kwargs: Any) -> None:
        self._respond()
        self.edits.append(kwargs)

    async def _followup(self, content: str | None = None, **kwargs: Any) -> MagicMock:
        if not self.done:
            raise discord.NotFound(
                http_response(404, "Not Found"), {"code": 10015, "message": "Unknown Webhook"}
            )
        assert content is None or len(content) <= 2000, "message over 2000 characters"
        ephemeral = bool(kwargs.get("ephemeral"))
        if self._first_followup_pending:  # it replaces the "thinking…" message
            ephemeral = bool(self.deferred and self.deferred["ephemeral"])
            self._first_followup_pending = False
        sent = Sent(content, kwargs, ephemeral=ephemeral, message_id=next(_ids))
        self.sent.append(sent)
        return message(self.interaction.channel_id or 0, sent)

    async def _edit_original(self, **kwargs: Any) -> MagicMock:
        if not self.done:
            raise discord.NotFound(
                http_response(404, "Not Found"), {"code": 10008, "message": "Unknown Message"}
            )
        self.edits.append(kwargs)
        return MagicMock(spec=discord.InteractionMessage)


def _option_type(value: Any) -> int:
    if isinstance(value, bool):
        return discord.AppCommandOptionType.boolean.value
    if isinstance(value, int):
        return discord.AppCommandOptionType.integer.value
    return discord.AppCommandOptionType.string.value


class World:
    """A guild's text channel, its threads, some users, and a bot over a real service."""

    def __init__(self, service: Service) -> None:
        self.service = service
        self.channels: dict[int, MagicMock] = {}
        self.users: dict[int, MagicMock] = {}
        self.posts: dict[int, list[Sent]] = {}
        self.dms: dict[int, list[Sent]] = {}
        self.uncached: set[int] = set()  # channel ids get_channel does not know

        bot = MagicMock(spec=Pantheon)
        bot.service = service
        bot.get_channel.side_effect = self._get_channel
        bot.fetch_channel.side_effect = self._fetch_channel
        bot.get_user.side_effect = self.users.get
        bot.fetch_user.side_effect = self._fetch_user
        bot.get_partial_messageable.side_effect = self._partial_messageable
        bot.create_dm.side_effect = self._create_dm
        self.bot = bot
        self.channel = self.text_channel(CHANNEL)

    # --- channels -------------------------------------------------------------------
    def _get_channel(self, channel_id: int) -> MagicMock | None:
        return None if channel_id in self.uncached else self.channels.get(channel_id)

    async def _fetch_channel(self, channel_id: int) -> MagicMock:
        if channel_id not in self.channels:
            raise not_found()
        return self.channels[channel_id]

    async def _create_dm(self, user: Any) -> MagicMock:
        """A DM channel whose sends succeed and are not recorded (tests that read DMs
        route ``create_dm`` to the user, whose ``send`` records them)."""
        channel = MagicMock(spec=discord.DMChannel)
        channel.id = 0

        async def send(content: str | None = None, **kwargs: Any) -> MagicMock:
            return message(0, Sent(content, kwargs, message_id=next(_ids)))

        channel.send.side_effect = send
        return channel

    def _partial_messageable(self, channel_id: int, **_: Any) -> MagicMock:
        """A channel by id whose messages can be edited (the edit replaces what the
        recorded post says) and fetched, as :mod:`bot.match.turn_posts` edits a kept post."""
        channel = MagicMock(spec=discord.PartialMessageable)
        channel.id = channel_id

        def find(message_id: int) -> Sent | None:
            sent = self.posts.get(channel_id, []) + self.dms.get(channel_id, [])
            return next((p for p in sent if p.message_id == message_id), None)

        def partial(message_id: int) -> MagicMock:
            one = MagicMock(spec=discord.PartialMessage)

            async def edit(**kwargs: Any) -> MagicMock:
                kept = find(message_id)
                if kept is not None:
                    kept.kwargs.update(kwargs)
                    if "attachments" in kwargs:
                        kept.kwargs["file"] = kwargs["attachments"][0]
                return message(channel_id, Sent(None, kwargs, message_id=message_id))

            one.edit.side_effect = edit
            return one

        async def fetch(message_id: int) -> MagicMock:
            found = message(channel_id, find(message_id) or Sent(None, message_id=message_id))
            found.edit = partial(message_id).edit
            return found

        channel.get_partial_message.side_effect = partial
        channel.fetch_message.side_effect = fetch
        return channel

    def _sender(self, channel_id: int):
        async def send(content: str | None = None, **kwargs: Any) -> MagicMock:
            channel = self.channels[channel_id]
            if getattr(channel, "fail_sends", False):
                raise forbidden(50013, "Missing Permissions")
            if isinstance(channel, discord.Thread) and channel.archived:
                channel.archived = False  # Discord reopens an unlocked thread on a post
            assert content is None or len(content) <= 2000, "message over 2000 characters"
            sent = Sent(content, kwargs, message_id=next(_ids))
            self.posts.setdefault(channel_id, []).append(sent)
            return message(channel_id, sent)

        return send

    def text_channel(self, channel_id: int) -> MagicMock:
        channel = MagicMock(spec=discord.TextChannel)
        channel.id = channel_id
        channel.guild = MagicMock(spec=discord.Guild)
        channel.guild.id = GUILD
        channel.mention = f"<#{channel_id}>"
        channel.send.side_effect = self._sender(channel_id)
        channel.fail_threads = False

        async def create_thread(*, name: str, **kwargs: Any) -> MagicMock:
            if channel.fail_threads:
                raise forbidden(50013, "Missing Permissions")
            thread = self.thread(next(_ids), name, parent_id=channel_id)
            thread.created_with = kwargs
            return thread

        channel.create_thread.side_effect = create_thread
        self.channels[channel_id] = channel
        return channel

    def thread(self, thread_id: int, name: str, parent_id: int = CHANNEL) -> MagicMock:
        thread = MagicMock(spec=discord.Thread)
        thread.id = thread_id
        thread.name = name
        thread.parent_id = parent_id
        thread.archived = False
        thread.locked = False
        thread.mention = f"<#{thread_id}>"
        thread.send.side_effect = self._sender(thread_id)

        async def edit(**kwargs: Any) -> MagicMock:
            if "archived" in kwargs:
                thread.archived = kwargs["archived"]
            return thread

        thread.edit.side_effect = edit
        partial = MagicMock(spec=discord.PartialMessage)
        thread.get_partial_message.return_value = partial
        self.channels[thread_id] = thread
        return thread

    def posts_in(self, channel_id: int | None) -> list[Sent]:
        return self.posts.get(channel_id or 0, [])

    def thread_of(self, sent: Sent) -> int:
        """The channel a sent message was posted in."""
        for channel_id, posts in self.posts.items():
            if any(p is sent for p in posts):
                return channel_id
        return CHANNEL

    # --- users ----------------------------------------------------------------------
    async def _fetch_user(self, user_id: int) -> MagicMock:
        if user_id not in self.users:
            raise not_found("Unknown User")
        return self.users[user_id]

    def user(self, user_id: int, name: str, *, dms_open: bool = True) -> MagicMock:
        user = MagicMock(spec=discord.Member)
        user.id = user_id
        user.name = name.lower()
        user.display_name = name
        user.mention = f"<@{user_id}>"
        user.bot = False

        async def send(content: str | None = None, **kwargs: Any) -> MagicMock:
            if not dms_open:
                raise forbidden()
            sent = Sent(content, kwargs, message_id=next(_ids))
            self.dms.setdefault(user_id, []).append(sent)
            return message(0, sent)

        user.send.side_effect = send
        self.users[user_id] = user
        return user

    # --- interactions ---------------------------------------------------------------
    def interaction(
        self,
        user: MagicMock,
        *,
        channel: MagicMock | None = None,
        guild_id: int | None = GUILD,
        manage_guild: bool = False,
        message: MagicMock | None = None,
        options: dict[str, Any] | None = None,
    ) -> FakeInteraction:
        return FakeInteraction(
            self,
            user,
            channel=channel if channel is not None else self.channel,
            guild_id=guild_id,
            manage_guild=manage_guild,
            message=message,
            options=options,
        )


async def press(
    world: World,
    sent: Sent,
    label: str,
    user: MagicMock,
    *,
    channel: MagicMock | None = None,
    guild_id: int | None = GUILD,
    manage_guild: bool = False,
) -> FakeInteraction:
    """Press the button labelled ``label`` under a sent message, as discord.py would after
    a restart: match its custom_id against the registered templates, build the item with
    ``from_custom_id``, then run its callback."""
    from bot.buttons import DYNAMIC_ITEMS

    assert sent.view is not None, "that message has no buttons"
    button = next((c for c in sent.buttons if c.item.label == label), None)
    assert button is not None, f"no button {label!r} in {sent.labels}"
    custom_id = button.custom_id
    found = [
        (cls, m)
        for cls in DYNAMIC_ITEMS
        if (m := cls.__discord_ui_compiled_template__.fullmatch(custom_id))
    ]
    assert len(found) == 1, f"{custom_id!r} matches {len(found)} templates"
    cls, matched = found[0]
    where = (
        channel if channel is not None else world.channels.get(world.thread_of(sent), world.channel)
    )
    fake = world.interaction(
        user,
        channel=where,
        guild_id=guild_id,
        manage_guild=manage_guild,
        message=message(where.id, sent),
    )
    base = discord.ui.Button(label=button.item.label, custom_id=custom_id)
    item = await cls.from_custom_id(fake.interaction, base, matched)
    await item.callback(fake.interaction)
    return fake
