"""``/language`` through simcord (issue 58): a member whose Discord is in German is
answered in German; a choice outlasts their client's language, and "automatic" follows
it again. simcord sends every interaction as ``en-US``: :func:`speaking` gives one
member's interactions the locale of their client."""

from __future__ import annotations

from typing import Any

import pytest
from simcord import interactions

from tests.sim.harness import Sim, answer


@pytest.fixture
def speaking(monkeypatch):
    """``speaking(user_id, "de")``: that member's client is in German from now on."""
    clients: dict[int, str] = {}
    made = interactions.base_payload

    def base_payload(*args: Any, **kwargs: Any):
        record, payload = made(*args, **kwargs)
        user = payload.get("member", {}).get("user") or payload.get("user") or {}
        locale = clients.get(int(user.get("id", 0)))
        if locale is not None:
            payload["locale"] = locale
        return record, payload

    monkeypatch.setattr(interactions, "base_payload", base_payload)
    return clients.__setitem__


async def test_a_german_member_is_answered_in_german_and_may_choose_another(sim: Sim,
                                                                            speaking):
    speaking(sim.ana.id, "de")
    shown = await sim.slash(sim.ana, "language", language="auto")
    assert shown.ephemeral
    assert answer(shown) == ("Ich antworte dir in der Sprache deines Discord "
                             "(zurzeit Deutsch).")
    shown = await sim.slash(sim.ana, "language", language="pt-BR")
    assert answer(shown) == "A partir de agora vou te responder em Português (Brasil)."
    speaking(sim.ana.id, "fr")  # a new client: the choice stays
    assert await sim.bot.service.languages.of(sim.ana.id) == "pt-BR"
    shown = await sim.slash(sim.ana, "language", language="auto")
    assert answer(shown) == ("Je vous répondrai dans la langue de votre Discord "
                             "(Français pour l'instant).")


async def test_an_english_member_meets_english(sim: Sim):
    shown = await sim.slash(sim.ana, "language", language="auto")
    assert answer(shown) == "I will answer you in your Discord's language (English for now)."
