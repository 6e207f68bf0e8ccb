"""``/rules`` in the member's language (issue 58): a member whose Discord is in German
(or Portuguese) reads the rules in it, section autocomplete offers that language's
headings (and finds them by their English names too, which refusals still give), and
its refusals are in it."""

from __future__ import annotations

import engines
from tests.community.test_sim_language import speaking  # noqa: F401  (a fixture)
from tests.sim.harness import Sim, answer


async def test_a_german_member_reads_the_rules_in_german(sim: Sim, speaking):  # noqa: F811
    speaking(sim.ana.id, "de")
    result = await sim.slash(sim.ana, "rules", game="witch-stones")
    shown = answer(result)
    assert result.ephemeral
    assert shown.startswith("# Witch Stones")  # the title as published
    assert "**Ziel:**" in shown and "`line e2-e6`" in shown
    assert "**Goal:**" not in shown
    english = await sim.slash(sim.bo, "rules", game="witch-stones")  # Bo's is English
    assert "**Goal:**" in answer(english)


async def test_section_autocomplete_offers_the_readers_headings(sim: Sim,
                                                                speaking):  # noqa: F811
    speaking(sim.ana.id, "de")
    everything = await sim.choices(sim.ana, sim.channel, "rules", "section", "", game="terra")
    assert [c["value"] for c in everything] == \
        list(engines.rules_sections("terra", "de")) == \
        ["Ziel", "Aufbau", "Ein Zug", "Wertung", "Ende", "Optionen", "Unsere Regelauslegungen"]
    typed = await sim.choices(sim.ana, sim.channel, "rules", "section", "seit",
                              game="witch-stones")
    assert [c["value"] for c in typed] == ["Seiten"]
    by_english = await sim.choices(sim.ana, sim.channel, "rules", "section", "sides",
                                   game="witch-stones")
    assert [c["value"] for c in by_english] == ["Seiten"]


async def test_a_section_by_either_name_and_a_refusal_in_the_readers_language(
        sim: Sim, speaking):  # noqa: F811
    speaking(sim.ana.id, "pt-BR")
    for label in ("Lados", "Sides"):  # a refused move names "Sides"
        result = await sim.slash(sim.ana, "rules", game="witch-stones", section=label)
        shown = answer(result)
        assert result.ephemeral and shown.startswith("**Lados:**"), shown
        assert "`moons`" in shown and "**Pontuação**" not in shown
    result = await sim.slash(sim.ana, "rules", game="witch-stones", section="Wind")
    assert result.ephemeral
    assert answer(result) == ('As regras de Witch Stones não têm a seção "Wind"; elas têm: '
                              "Objetivo, Peças, Lados, Um turno, Pontuação, Fim, Notação.")
