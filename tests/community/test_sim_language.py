"""``/language`` through simcord (issue 58): a member whose Discord is in German is
answered in German; a choice outlasts their client's language, and "automatic" follows
it again. simcord sends every interaction as ``en-US``: the ``speaking`` fixture
(:mod:`tests.sim.language`) gives one member's interactions the locale of their client."""

from __future__ import annotations

from tests.sim.harness import Sim, answer


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
