"""Each member's language through the service, on both stores (issue 58): the client's
language kept as a catalogue tag, a choice that outlasts it, "auto" to follow the client
again, a refusal said in the member's language, and /privacy showing, exporting and
deleting it."""

from __future__ import annotations

import json

import pytest

import speech
from service import Actor, ServiceError

ANA = Actor(2, "Ana", 80)


async def test_the_client_s_language_is_kept_and_answers_until_one_is_chosen(service, store):
    assert await service.languages.of(ANA.user_id) == "en"
    assert await service.languages.seen(ANA.user_id, "es-419") == "es"
    assert await store.member_language(ANA.user_id) == ("es", None)
    assert await service.languages.of(ANA.user_id) == "es"
    said = await service.languages.choose(ANA, "de")
    assert speech.say("de", said) == "Ich antworte dir ab jetzt auf Deutsch."
    assert await service.languages.seen(ANA.user_id, "fr") == "de"  # the choice outlasts
    assert await store.member_language(ANA.user_id) == ("fr", "de")
    said = await service.languages.choose(ANA, "auto")
    assert "Français" in speech.say("fr", said)
    assert await service.languages.seen(ANA.user_id, None) == "fr"  # no locale: kept one
    assert await store.member_language(ANA.user_id) == ("fr", None)


async def test_a_locale_without_a_catalogue_is_kept_as_english(service, store):
    assert await service.languages.seen(ANA.user_id, "ja") == "en"
    assert await store.member_language(ANA.user_id) == ("en", None)


async def test_an_unknown_language_is_refused_in_the_member_s_language(service, store):
    with pytest.raises(ServiceError) as refused:
        await service.languages.choose(ANA, "klingon")
    assert str(refused.value) == ("There is no language 'klingon' here. Choose from: en, de, "
                                  "fr, es, pt-BR, auto.")
    assert speech.say("pt-BR", refused.value.args[0]).startswith("O idioma 'klingon' não")
    assert await store.member_language(ANA.user_id) == (None, None)  # nothing half-done
    with pytest.raises(ServiceError, match="must be a short text"):
        await service.languages.choose(ANA, 3)


async def test_privacy_shows_exports_and_deletes_the_member_s_language(service, store):
    await service.languages.choose(ANA, "pt-BR")
    assert "language" in await service.privacy.summary(ANA)
    _, document = await service.privacy.export(ANA)
    assert json.loads(document)["settings"]["language"][0]["chosen"] == "pt-BR"
    await service.privacy.delete(ANA)
    assert await store.member_language(ANA.user_id) == (None, None)


async def test_the_front_end_says_a_refusal_in_the_reader_s_language(service):
    """``bot.kit.language.refusal``, which every command's guard and the tree's error
    handler use: a catalogue text in the member's language (their choice over their
    client's), any other refusal as the service wrote it."""
    from types import SimpleNamespace

    import discord

    from bot.kit.language import refusal

    french = SimpleNamespace(locale=discord.Locale.french, user=SimpleNamespace(id=ANA.user_id))
    error = ServiceError(speech.Text("language-unknown", {"language": "'x'", "choices": "de"}))
    assert await refusal(None, french, error) == \
        "La langue 'x' n'existe pas ici. Choisissez parmi : de."
    await service.languages.choose(ANA, "es")
    assert await refusal(service, french, error) == "Aquí no existe el idioma 'x'. Elige entre: de."
    assert await refusal(service, french, ServiceError("As written.")) == "As written."
