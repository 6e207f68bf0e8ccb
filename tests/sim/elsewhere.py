"""Places where the bot is not a member, for a user-installed Pantheon (issue 55).

simcord builds interactions only in servers the bot is in and in the bot's own DM. A
person who installed Pantheon to their account also uses its commands in a **group DM**
and in a **server that has not added the bot**; Discord then sends the interaction with
(Discord's "Interaction Object" and the user-installed apps change log):

- ``context``: ``2`` (PRIVATE_CHANNEL) in a group DM, ``0`` (GUILD) in a server;
- ``authorizing_integration_owners``: ``{"1": "<the user who installed it>"}`` — the
  user install (key ``1``) of whoever ran the command; for a button, of whoever ran the
  command whose answer holds it; no ``"0"`` key: no server installed the bot;
- ``app_permissions``: what the app may do there — in a group DM, attach files, embed
  links, mention everyone and use external emojis; in a server, the member's own
  permissions in the channel as they reach an external app;
- in a group DM ``user`` and the ``channel`` (type 3, its recipients); in a server
  ``guild_id``, a partial ``guild``, ``member`` (with ``permissions``) and the channel.

:class:`Elsewhere` builds those payloads by hand, checks each against Discord's OpenAPI
spec (the schemas it has for their parts: the context and integration types, users,
members, channels) and dispatches them to the real bot; the answers land in simcord's
backend as any interaction's do. The bot cannot post in such a place on its own: every
direct call on the channel is refused with 50001 Missing Access, as Discord refuses it.
A user-installed app may send at most five follow-ups to one interaction: checked after
each.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from jsonschema import Draft202012Validator
from simcord import interactions as simcord_interactions
from simcord.backend import serializers
from simcord.backend.models import Message
from simcord.enums import AppCommandType, ChannelType, InteractionType
from simcord.results import InteractionResult

from tests.sim.openapi import SPEC_URI, load_spec

GUILD, BOT_DM, PRIVATE_CHANNEL = 0, 1, 2
"""InteractionContextType."""
GUILD_INSTALL, USER_INSTALL = 0, 1
"""ApplicationIntegrationType."""
GROUP_DM = 3
"""A group DM's channel type (simcord models no such channel: its backend keeps the
messages, the payload here describes the channel)."""

EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
MENTION_EVERYONE = 1 << 17
USE_EXTERNAL_EMOJIS = 1 << 18
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
READ_MESSAGE_HISTORY = 1 << 16
USE_APPLICATION_COMMANDS = 1 << 31
USE_EXTERNAL_APPS = 1 << 50

GROUP_DM_APP_PERMISSIONS = ATTACH_FILES | EMBED_LINKS | MENTION_EVERYONE | USE_EXTERNAL_EMOJIS
MEMBER = (VIEW_CHANNEL | SEND_MESSAGES | READ_MESSAGE_HISTORY | EMBED_LINKS | ATTACH_FILES
          | USE_EXTERNAL_EMOJIS | USE_APPLICATION_COMMANDS | USE_EXTERNAL_APPS)
"""A member's permissions in the foreign server's channel (``Use External Apps``
included, unless the test takes it away)."""
FOLLOWUP_LIMIT = 5
"""The most follow-ups a user-installed app may send to one interaction."""
NO_ACCESS = {"status": 403, "code": 50001, "message": "Missing Access", "times": None}


def schema(name: str) -> Draft202012Validator:
    spec = load_spec()
    return Draft202012Validator({"$ref": f"{SPEC_URI}#/components/schemas/{name}"},
                                registry=spec.registry)


def refusals(payload: dict[str, Any]) -> list[str]:
    """What Discord's spec refuses in an interaction's payload (its parts the spec
    describes)."""
    parts: list[tuple[str, Any]] = [
        ("InteractionContextType", payload["context"]),
        ("InteractionTypes", payload["type"]),
        ("SnowflakeType", payload["id"]),
        ("SnowflakeType", payload["channel_id"]),
    ]
    for key, owner in payload["authorizing_integration_owners"].items():
        parts += [("ApplicationIntegrationType", int(key)), ("SnowflakeType", owner)]
    if "member" in payload:
        parts += [("GuildMemberResponse", without(payload["member"], "permissions")),
                  ("GuildChannelResponse", payload["channel"]),
                  ("SnowflakeType", payload["guild_id"])]
    else:
        parts += [("UserResponse", payload["user"]),
                  ("PrivateGroupChannelResponse", payload["channel"])]
    problems = [f"{name}: {error.message[:200]}"
                for name, value in parts for error in schema(name).iter_errors(value)]
    for key in ("app_permissions", *(("member",) if "member" in payload else ())):
        bits = payload[key] if key == "app_permissions" else payload[key]["permissions"]
        if not (isinstance(bits, str) and bits.isdigit()):
            problems.append(f"{key}: permissions are a string of digits, not {bits!r}")
    return problems


def without(data: dict[str, Any], key: str) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k != key}


def user_response(user: Any) -> dict[str, Any]:
    return {**serializers.user_payload(user), "avatar": None, "public_flags": 0,
            "primary_guild": None}


@dataclass
class Elsewhere:
    """A group DM (``guild_id`` None) or a channel of a server without the bot, where
    ``people`` (simcord user handles) use a user-installed Pantheon."""

    sim: Any
    channel_id: int
    guild_id: int | None
    people: list[Any]
    member_permissions: int = MEMBER
    payloads: list[dict[str, Any]] = field(default_factory=list)
    locale: str = "en-US"
    """Everyone's client language here (and a foreign server's preferred one)."""

    @property
    def context(self) -> int:
        return GUILD if self.guild_id is not None else PRIVATE_CHANNEL

    @property
    def backend(self) -> Any:
        return self.sim.env.backend

    # --- what is there -------------------------------------------------------------
    def messages(self) -> list[Message]:
        """The bot's public messages here, oldest first."""
        stored = self.backend.messages[self.channel_id].values()
        return sorted((m for m in stored if not m.is_ephemeral), key=lambda m: m.id)

    def seen_by(self, user: Any) -> list[Message]:
        """Every message here ``user`` can see (public, and their own ephemeral ones)."""
        stored = self.backend.messages[self.channel_id].values()
        return sorted((m for m in stored if m.visible_to(user.id)), key=lambda m: m.id)

    def current(self, message: Message) -> Message:
        """The message as it reads now (edits included)."""
        return self.backend.get_message(self.channel_id, message.id)

    # --- acting --------------------------------------------------------------------
    async def slash(self, user: Any, name: str, **options: Any) -> InteractionResult:
        parts = name.split()
        root = self.command(parts[0])
        leaf, nesting = simcord_interactions.walk_to_subcommand(root, parts[1:])
        leaf_options, resolved = simcord_interactions.build_options(
            _Actor(self.sim.env, user), name, leaf, options, channel_id=self.channel_id)
        data: dict[str, Any] = {
            "id": root["id"], "name": root["name"], "type": AppCommandType.CHAT_INPUT,
            "options": simcord_interactions.nest_options(root, nesting, leaf_options)}
        if resolved:
            data["resolved"] = resolved
        return await self.dispatch(user, InteractionType.APPLICATION_COMMAND, data, user.id)

    async def choices(self, user: Any, name: str, option: str, typed: str = "",
                      **filled: Any) -> list[dict[str, Any]]:
        """The autocomplete choices ``user`` is offered here."""
        parts = name.split()
        root = self.command(parts[0])
        leaf, nesting = simcord_interactions.walk_to_subcommand(root, parts[1:])
        declared = {item["name"]: item for item in leaf.get("options") or []}
        leaf_options, _ = simcord_interactions.build_options(
            _Actor(self.sim.env, user), name, leaf, filled, partial=True)
        leaf_options.append({"name": option, "type": declared[option]["type"],
                             "value": typed, "focused": True})
        data = {"id": root["id"], "name": root["name"], "type": AppCommandType.CHAT_INPUT,
                "options": simcord_interactions.nest_options(root, nesting, leaf_options)}
        result = await self.dispatch(
            user, InteractionType.APPLICATION_COMMAND_AUTOCOMPLETE, data, user.id)
        return list(result.autocomplete_choices or [])

    async def click(self, user: Any, message: Any, label: str) -> InteractionResult:
        """Press the button labelled ``label`` on one of the bot's messages here."""
        stored = self.current(message)
        assert stored.visible_to(user.id), "a real user could not see that message"
        found = [c for c in walk(stored.components)
                 if c.get("type") == 2 and c.get("label") == label]
        assert len(found) == 1, (label, [c.get("label") for c in walk(stored.components)
                                         if c.get("type") == 2])
        assert not found[0].get("disabled"), f"{label} is disabled"
        data: dict[str, Any] = {"custom_id": found[0]["custom_id"], "component_type": 2}
        if found[0].get("id") is not None:
            data["id"] = found[0]["id"]
        meta = stored.interaction_metadata or {}
        owner = int((meta.get("user") or {}).get("id") or user.id)
        return await self.dispatch(
            user, InteractionType.MESSAGE_COMPONENT, data, owner,
            extra={"message": dict(serializers.message_payload(self.backend, stored))},
            source=stored.id)

    def command(self, name: str) -> dict[str, Any]:
        """The registered global command, which must be usable here as a user install."""
        root = self.backend.find_command(name, None, type=AppCommandType.CHAT_INPUT)
        assert root is not None, f"/{name} is not registered"
        assert USER_INSTALL in (root.get("integration_types") or [GUILD_INSTALL]), \
            f"/{name} cannot be installed to a user"
        assert self.context in (root.get("contexts") or [GUILD, BOT_DM, PRIVATE_CHANNEL]), \
            f"/{name} is not offered in context {self.context}"
        return root

    async def dispatch(self, user: Any, kind: int, data: dict[str, Any], owner: int, *,
                       extra: dict[str, Any] | None = None, source: int | None = None
                       ) -> InteractionResult:
        env = self.sim.env
        record = self.backend.new_interaction(kind, self.channel_id, user.id, self.guild_id)
        if kind == InteractionType.APPLICATION_COMMAND:
            record.command_name = data["name"]
            record.command_type = AppCommandType.CHAT_INPUT
        if source is not None:
            record.source_message_id = source
        payload = self.payload(record, user, data, owner)
        problems = refusals(payload)
        assert not problems, problems
        payload.update(extra or {})
        self.payloads.append(payload)
        env._begin_operation("user-installed interaction")
        try:
            env._notify_dispatch_observers(record)
            self.backend.emit("INTERACTION_CREATE", payload)
            await env._settle_internal(dispatch="INTERACTION_CREATE")
        finally:
            env._end_operation()
        assert len(record.followup_ids) <= FOLLOWUP_LIMIT, \
            f"{len(record.followup_ids)} follow-ups to one interaction"
        return InteractionResult(env, record)

    def payload(self, record: Any, user: Any, data: dict[str, Any], owner: int
                ) -> dict[str, Any]:
        backend = self.backend
        channel = backend.get_channel(self.channel_id)
        body: dict[str, Any] = {
            "id": str(record.id), "application_id": str(backend.application_id),
            "type": int(record.type), "token": record.token, "version": 1, "data": data,
            "channel_id": str(self.channel_id), "locale": self.locale, "entitlements": [],
            "authorizing_integration_owners": {str(USER_INSTALL): str(owner)},
            "context": self.context, "attachment_size_limit": 10 * 1024 * 1024,
        }
        person = user_response(backend.get_user(user.id))
        if self.guild_id is None:
            body["user"] = person
            body["app_permissions"] = str(GROUP_DM_APP_PERMISSIONS)
            body["channel"] = {
                "id": str(channel.id), "type": GROUP_DM, "flags": 0,
                "name": channel.name, "icon": None, "last_message_id": None,
                "owner_id": str(self.people[0].id),
                "recipients": [user_response(backend.get_user(p.id)) for p in self.people
                               if p.id != user.id]}
            return body
        body["guild_id"] = str(self.guild_id)
        body["guild"] = {"id": str(self.guild_id), "locale": self.locale, "features": []}
        body["guild_locale"] = self.locale
        body["member"] = {
            "user": person, "roles": [], "joined_at": "2026-01-01T00:00:00+00:00",
            "nick": None, "avatar": None, "banner": None, "premium_since": None,
            "communication_disabled_until": None, "flags": 0, "pending": False,
            "mute": False, "deaf": False, "permissions": str(self.member_permissions)}
        body["app_permissions"] = str(self.member_permissions & ~USE_EXTERNAL_APPS)
        body["channel"] = {
            "id": str(channel.id), "type": ChannelType.TEXT, "flags": 0,
            "guild_id": str(self.guild_id), "name": channel.name, "position": 0,
            "parent_id": None, "topic": None, "nsfw": False, "rate_limit_per_user": 0,
            "permissions": str(self.member_permissions), "last_message_id": None}
        return body


@dataclass
class _Actor:
    """What simcord's option builder asks of an actor (its environment and id)."""

    _env: Any
    user: Any

    @property
    def id(self) -> int:
        return int(self.user.id)


def walk(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every component, nested ones too."""
    out: list[dict[str, Any]] = []
    stack = list(reversed(components or []))
    while stack:
        component = stack.pop()
        out.append(component)
        stack.extend(reversed(component.get("components") or []))
        if component.get("accessory"):
            stack.append(component["accessory"])
    return out


def refuse_direct(sim: Any, channel_id: int) -> None:
    """The bot is not a member here: any call of its own on the channel is refused."""
    for method in ("POST", "GET", "PATCH", "PUT", "DELETE"):
        sim.env.inject_error(method, f"/channels/{channel_id}", **NO_ACCESS)
        sim.env.inject_error(method, f"/channels/{channel_id}/*", **NO_ACCESS)


def group_dm(sim: Any, people: list[Any], name: str = "board games") -> Elsewhere:
    """A group DM of ``people`` (each a simcord user or member) without the bot."""
    users = [p.user if hasattr(p, "user") else p for p in people]
    channel = sim.env.backend.create_channel(None, name, type=GROUP_DM,
                                             announce=False)
    channel.recipient_ids = [u.id for u in users]
    refuse_direct(sim, channel.id)
    return Elsewhere(sim, channel.id, None, users)


def foreign_server(sim: Any, people: list[Any], name: str = "general") -> Elsewhere:
    """A text channel of a server that never added the bot, where ``people`` are
    members (the bot sees no such server: no gateway event tells it of one)."""
    users = [p.user if hasattr(p, "user") else p for p in people]
    backend = sim.env.backend
    channel = backend.create_channel(None, name, type=ChannelType.TEXT, announce=False)
    refuse_direct(sim, channel.id)
    return Elsewhere(sim, channel.id, backend.snowflake(), users)
