"""Every slash command in each catalogue's language (issue 58): the translator
(:mod:`bot.kit.translator`) gives every name, description and choice of the whole
command tree a localisation in German, French, Spanish (Spain and Latin America) and
Brazilian Portuguese; the names keep Discord's rules; the payload the bot syncs still
passes Discord's OpenAPI description; and the English catalogue is the tree's own."""

from __future__ import annotations

import asyncio
import unicodedata
from pathlib import Path
from typing import Any

import discord
import pytest
from discord import app_commands

from bot.kit.translator import CatalogueTranslator, declared, english, kept, translation
from tests.sim.openapi import load_spec

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ("de", "fr", "es-ES", "es-419", "pt-BR")
"""Discord's locales the four translated catalogues answer."""


async def _payloads() -> list[dict[str, Any]]:
    from discord.ext import commands

    from bot.extensions import EXTENSIONS

    client = commands.Bot(command_prefix="!", intents=discord.Intents.none())
    async with client:
        client.service = None  # type: ignore[attr-defined]
        for extension in EXTENSIONS:
            await client.load_extension(extension)
        await client.tree.set_translator(CatalogueTranslator())
        translator = client.tree.translator
        assert translator is not None
        return [await command.get_translated_payload(client.tree, translator)
                for command in client.tree._get_all_commands()]


@pytest.fixture(scope="module")
def payloads() -> list[dict[str, Any]]:
    return asyncio.run(_payloads())


def walk(payload: dict[str, Any], path: str = "") -> list[tuple[str, dict[str, Any]]]:
    """Every command, group, option and choice of one command, with where it stands."""
    here = f"{path} {payload['name']}".strip()
    found = [(here, payload)]
    for option in payload.get("options") or []:
        found += walk(option, here)
    for choice in payload.get("choices") or []:
        if not kept(choice["name"]):  # a game's title, kept in every language
            found.append((f"{here} = {choice['value']}", choice))
    return found


def test_the_english_catalogue_is_the_command_tree_s_own():
    """A command added or reworded without regenerating ``en/commands.ftl`` fails here
    (and then the check names each translation it leaves missing)."""
    written = (ROOT / "speech/locales/en/commands.ftl").read_text(encoding="utf-8")
    assert written == english(asyncio.run(declared()))


def test_every_name_description_and_choice_is_translated(payloads):
    untranslated = []
    for payload in payloads:
        for where, item in walk(payload):
            for field in ("name", "description"):
                if not item.get(field):
                    continue
                have = item.get(f"{field}_localizations") or {}
                untranslated += [f"{where} ({field}, {locale})" for locale in LOCALES
                                 if locale not in have]
    assert untranslated == []
    assert sum(len(walk(p)) for p in payloads) > 170  # 135 names and 42 choices today


def test_translated_names_keep_discord_s_rules(payloads):
    """Chat input names: 1–32 characters, lowercase, letters, numbers, ``-``, ``_`` and
    ``'`` only (Discord's pattern ``^[-_'\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$``),
    and no two siblings alike in any language (Discord refuses the whole sync)."""
    broken = []

    def siblings(items: list[dict[str, Any]], where: str) -> None:
        for locale in LOCALES:
            names = [i.get("name_localizations", {}).get(locale, i["name"]) for i in items]
            if len(set(names)) != len(names):
                broken.append(f"{where} ({locale}): {sorted(names)}")

    chat = [p for p in payloads if p.get("type", 1) == 1]
    siblings(chat, "top level")
    for payload in chat:
        for where, item in walk(payload):
            if "value" in item:
                continue
            for locale, name in (item.get("name_localizations") or {}).items():
                if not (0 < len(name) <= 32 and name == name.lower() and all(
                        c in "-_'" or unicodedata.category(c)[0] in "LN" for c in name)):
                    broken.append(f"{where} ({locale}): {name!r}")
            options = item.get("options") or []
            if options:
                siblings(options, where)
    assert broken == []


def test_the_translated_sync_passes_discord_s_openapi_description(payloads):
    assert load_spec().check("PUT", "/applications/1/commands", payloads) == []
    assert load_spec().check("PUT", "/applications/1/guilds/2/commands", payloads) == []


def test_a_description_too_long_for_discord_would_fail_the_validation(payloads):
    """The validation above can fail: a localisation of 101 characters is refused."""
    broken = [dict(payloads[0], description_localizations={"de": "x" * 101})]
    assert load_spec().check("PUT", "/applications/1/commands", broken) != []


def test_english_and_languages_without_a_catalogue_get_discord_s_default():
    where = app_commands.TranslationContextLocation.command_description
    assert translation("The game to play", "en-US", where) is None
    assert translation("The game to play", "en-GB", where) is None
    assert translation("The game to play", "ja", where) is None
    assert translation("The game to play", "es-419", where) == "El juego al que jugar"
    assert translation("Not a text of any command", "de", where) is None
    choice = app_commands.TranslationContextLocation.choice_name
    assert translation("forfeit", "de", choice) == "verlieren"
    assert kept("Terra") and translation("Terra", "de", choice) is None
    assert translation("The game to play", "de", app_commands.TranslationContextLocation.other) \
        is None
