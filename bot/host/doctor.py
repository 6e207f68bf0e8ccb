"""``python -m bot doctor``: what a host checks before (or while) running the bot, one line
each — the token's format, the store, its migrations, the intents, and (when the token
logs in) the permissions the bot has in each server it is in. Exit status 1 if any line
is a problem. It changes nothing: the store is read, not migrated."""

from __future__ import annotations

import asyncio
import base64
import re
import sqlite3
from collections.abc import Iterable
from pathlib import Path

import asyncpg
import discord

from bot.config import Settings
from db.postgres import is_postgres_url
from db.schema import migrations

OK, PROBLEM = "ok  ", "FAIL"
TOKEN = re.compile(r"^([A-Za-z0-9_-]{17,})\.([A-Za-z0-9_-]{4,})\.([A-Za-z0-9_-]{20,})$")

NEEDED = {
    "view_channel": "View Channels", "send_messages": "Send Messages",
    "send_messages_in_threads": "Send Messages in Threads",
    "create_public_threads": "Create Public Threads", "manage_threads": "Manage Threads",
    "embed_links": "Embed Links", "attach_files": "Attach Files",
    "read_message_history": "Read Message History",
}
"""The permissions the README asks for at invitation, by discord.py's names."""

Line = tuple[bool, str]


def token_line(token: str | None) -> Line:
    """Whether the token looks like a bot token: three dot-separated base64url parts,
    the first the application's id."""
    if not token:
        return False, "token: DISCORD_TOKEN is not set"
    found = TOKEN.match(token.strip())
    if not found:
        return False, "token: not a bot token's format (three parts separated by dots)"
    head = found[1] + "=" * (-len(found[1]) % 4)
    try:
        app_id = base64.urlsafe_b64decode(head).decode("ascii")
    except (ValueError, UnicodeDecodeError):
        app_id = ""
    if not app_id.isdigit():
        return False, "token: its first part is not an application id; copy it again"
    return True, f"token: the format of a bot token (application {app_id})"


async def store_lines(target: str) -> list[Line]:
    """The store reachable, and how many of the migrations it has applied."""
    newest = max(number for number, _ in migrations())
    try:
        applied = await (_postgres_version(target) if is_postgres_url(target)
                         else asyncio.to_thread(_sqlite_version, target))
    except Exception as exc:  # any failure to reach it is the line's answer
        return [(False, f"store: not reachable ({type(exc).__name__}: {exc})")]
    kind = "PostgreSQL" if is_postgres_url(target) else f"SQLite {target}"
    if applied is None:
        return [(True, f"store: {kind} (new: the bot creates it at start-up)"),
                (True, f"migrations: none yet of {newest}; applied at start-up")]
    line = f"migrations: {applied} of {newest} applied"
    if applied > newest:
        return [(True, f"store: {kind} reachable"),
                (False, f"{line}: the database is newer than this code; update Pantheon")]
    rest = "" if applied == newest else "; the bot applies the rest at start-up"
    return [(True, f"store: {kind} reachable"), (True, line + rest)]


def _sqlite_version(path: str) -> int | None:
    if not Path(path).exists():
        return None
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        row = db.execute("SELECT MAX(version) FROM schema_version").fetchone()
    except sqlite3.OperationalError:
        return None  # no schema_version yet
    finally:
        db.close()
    return int(row[0] or 0)


async def _postgres_version(url: str) -> int | None:
    conn = await asyncpg.connect(url, timeout=10)
    try:
        if await conn.fetchval("SELECT to_regclass('schema_version')") is None:
            return None
        return int(await conn.fetchval("SELECT MAX(version) FROM schema_version") or 0)
    finally:
        await conn.close()


def intents_line(intents: discord.Intents) -> Line:
    privileged = [name for name in ("members", "presences", "message_content")
                  if getattr(intents, name)]
    if privileged:
        return False, f"intents: asks for privileged {', '.join(privileged)}; none is needed"
    return True, "intents: default, none privileged (nothing to enable in the portal)"


def server_lines(guilds: Iterable[discord.Guild]) -> list[Line]:
    """Per server the bot is in: the needed permissions it lacks (server-wide, from its
    roles; a channel's overwrites can take more away)."""
    lines = []
    for guild in sorted(guilds, key=lambda g: g.id):
        me = guild.me
        if me is None:
            lines.append((False, f"server {guild.name} ({guild.id}): not loaded"))
            continue
        have = me.guild_permissions
        missing = [words for name, words in NEEDED.items() if not getattr(have, name)]
        if missing:
            lines.append((False, f"server {guild.name} ({guild.id}): missing "
                                 f"{', '.join(missing)}"))
        else:
            lines.append((True, f"server {guild.name} ({guild.id}): every permission needed"))
    return lines or [(True, "servers: the bot is in none yet (invite it: see README.md)")]


async def discord_lines(token: str, intents: discord.Intents) -> list[Line]:
    """Log in and connect once, read the servers, leave."""
    client = discord.Client(intents=intents)
    lines: list[Line] = []

    @client.event
    async def on_ready() -> None:
        lines.append((True, f"discord: logged in as {client.user} in "
                            f"{len(client.guilds)} servers"))
        lines.extend(server_lines(client.guilds))
        await client.close()

    try:
        await asyncio.wait_for(client.start(token), timeout=60)
    except discord.LoginFailure:
        return [(False, "discord: the token was refused; reset it in the developer portal")]
    except discord.PrivilegedIntentsRequired:
        return [(False, "discord: a privileged intent is not enabled in the portal")]
    except (TimeoutError, discord.HTTPException, OSError) as exc:
        return [(False, f"discord: could not connect ({type(exc).__name__}: {exc})")]
    finally:
        if not client.is_closed():
            await client.close()
    return lines


def say(lines: Iterable[Line]) -> bool:
    """Print the lines; whether all are fine."""
    fine = True
    for ok, text in lines:
        print(f"{OK if ok else PROBLEM}  {text}")
        fine = fine and ok
    return fine


async def check(settings: Settings, connect: bool = True) -> bool:
    from bot.client import INTENTS

    token = token_line(settings.token)
    lines = [token, *await store_lines(settings.database_path), intents_line(INTENTS)]
    if connect and token[0] and settings.token:
        lines += await discord_lines(settings.token.strip(), INTENTS)
    return say(lines)


def main(argv: list[str], settings: Settings) -> int:
    """``doctor [--offline]``: ``--offline`` does not connect to Discord."""
    if argv not in ([], ["--offline"]):
        print("usage: python -m bot doctor [--offline]")
        return 2
    return 0 if asyncio.run(check(settings, connect=not argv)) else 1
