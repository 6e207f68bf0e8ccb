"""The slash commands in each member's language: discord.py's ``Translator`` over the
catalogues' ``commands.ftl`` (ids by :mod:`speech.commands`).

Installed by the client's ``setup_hook`` before the commands are synced; the cogs keep
declaring their commands in English and change nothing. Discord shows each member the
names, descriptions and choices of their client's language; a language without a
catalogue gets the English. ``python -m bot.kit.translator`` prints the English
catalogue the commands declare (``speech/locales/en/commands.ftl``; a test holds the
file to it).
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

import engines
import speech
from speech.commands import key

KIND = {Where.command_name: "name", Where.group_name: "name", Where.parameter_name: "name",
        Where.command_description: "desc", Where.group_description: "desc",
        Where.parameter_description: "desc", Where.choice_name: "choice"}


class CatalogueTranslator(app_commands.Translator):
    """Each command string from ``commands.ftl``; None (Discord shows the English) for
    English, for a language without a catalogue and for an entry a catalogue lacks."""

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        return translation(string.message, locale.value, context.location)


def kept(english: str) -> bool:
    """A game's title (a choice of every ``game`` option), kept as published, and a
    language's own name (``/language``'s choices): the same in every language
    (docs/TRANSLATING.md); the titles known through the registry alone."""
    return english in {spec.title for spec in engines.specs()} | set(speech.NAMES.values())


def translation(english: str, locale: str, where: Where) -> str | None:
    language = speech.negotiate(locale)
    kind = KIND.get(where)
    if kind is None or language == speech.ENGLISH or language.split("-")[0] != \
            locale.split("-")[0] or (kind == "choice" and kept(english)):
        return None
    message = key(kind, english)
    return speech.say(language, message) if speech.has(language, message) else None


def texts(payload: dict[str, Any]) -> Iterator[tuple[str, str]]:
    """Every string of one command's payload (``to_dict``) a translator is asked for,
    with its kind (:data:`speech.commands.KINDS`)."""
    yield "name", payload["name"]
    if payload.get("description"):
        yield "desc", payload["description"]
    for option in payload.get("options") or []:
        yield from texts(option)
    for choice in payload.get("choices") or []:
        if not kept(choice["name"]):
            yield "choice", choice["name"]


def english(payloads: list[dict[str, Any]]) -> str:
    """The English catalogue of these commands: one entry per id, in the tree's order."""
    entries: dict[str, str] = {}
    for payload in payloads:
        for kind, words in texts(payload):
            entries.setdefault(key(kind, words), words)
    lines = ["# The slash commands' words, as the cogs declare them in English.",
             "# Generated: python -m bot.kit.translator > speech/locales/en/commands.ftl",
             ""]
    lines += [f"{message} = {words}" for message, words in entries.items()]
    return "\n".join(lines) + "\n"


async def declared() -> list[dict[str, Any]]:
    """Every command the extensions declare, as Discord is sent it (untranslated), from
    a bot that never logs in."""
    from discord.ext import commands

    from bot.extensions import EXTENSIONS

    client = commands.Bot(command_prefix="!", intents=discord.Intents.none())
    async with client:
        client.service = None  # type: ignore[attr-defined]  # read by cogs only once running
        for extension in EXTENSIONS:
            await client.load_extension(extension)
        return [command.to_dict(client.tree) for command in client.tree._get_all_commands()]


if __name__ == "__main__":
    print(english(asyncio.run(declared())), end="")
