"""``/move`` with a mistyped or illegal move answers, privately, with the rule that
forbids it and the nearest legal moves, on either store (the service says both, so the
console says the same)."""

from __future__ import annotations

import pytest

from tests.sim.harness import Sim, answer, make_bot_on


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
async def simcord_bot(request, tmp_path, monkeypatch, bots):
    """The bot over SQLite or over a fresh PostgreSQL database."""
    made = await make_bot_on(request, tmp_path, monkeypatch)
    bots.append(made)
    return made


async def test_a_typo_gets_the_rule_and_the_nearest_legal_moves(sim: Sim):
    match_id, thread = await sim.start(sim.ana, "witch-stones", [sim.bo])
    result = await sim.slash(sim.bo, "move", thread, move="mons")
    said = answer(result)
    assert result.ephemeral
    assert "the second player chooses `suns` or `moons`" in said  # the rule
    assert said.endswith('Did you mean "moons"?')  # the nearest legal move
    await sim.move(sim.bo, thread, "moons")
    result = await sim.slash(sim.ana, "move", thread, move="take a1")  # Bo's moon
    said = answer(result)
    assert result.ephemeral
    assert "your opponent's pieces can only leave the board in a line" in said
    assert len(await sim.bot.service.store.moves(match_id)) == 1  # only Bo's side


async def test_a_refusal_names_its_section_and_rules_shows_that_section_alone(sim: Sim):
    """The refused move says which section of the rules forbids it; ``/rules`` with that
    ``section`` (offered by autocomplete for the chosen game) shows that section only."""
    await sim.start(sim.ana, "witch-stones", [sim.bo])
    thread = sim.thread(1)
    said = answer(await sim.slash(sim.bo, "move", thread, move="mons"))
    assert ' See "Sides" in the rules.' in said
    offered = await sim.choices(sim.bo, thread, "rules", "section", "si", game="witch-stones")
    assert [c["value"] for c in offered] == ["Sides"]
    everything = await sim.choices(sim.bo, thread, "rules", "section", "", game="terra")
    assert [c["value"] for c in everything][:3] == ["Goal", "Set-up", "A turn"]
    result = await sim.slash(sim.bo, "rules", thread, game="witch-stones", section="Sides")
    shown = answer(result)
    assert result.ephemeral and shown.startswith("**Sides:**")
    assert "moons" in shown and "**Scoring**" not in shown
    result = await sim.slash(sim.bo, "rules", thread, game="witch-stones", section="Wind")
    assert result.ephemeral
    assert answer(result) == ('The rules of Witch Stones have no section "Wind"; they have: '
                              'Goal, Pieces, Sides, A turn, Scoring, End, Notation.')
