"""A board's move buttons pressed by a player who is not to act, in that player's
language (issue 58): the refusal is a catalogue text, said to them alone."""

from __future__ import annotations

from tests.sim.harness import Sim, answer, labels, last


async def test_a_button_not_yours_is_refused_in_your_language(sim: Sim, speaking) -> None:
    match_id, thread = await sim.start(sim.ana, "witch-stones", [sim.bo])
    (mover_id,) = await sim.bot.service.waiting(match_id)
    other = sim.bo if mover_id == sim.ana.id else sim.ana
    speaking(other.id, "de")
    board = sim.posts(thread)[-1]
    assert "suns" in labels(board)
    refused = await other.click(board, label="suns")
    assert last(refused).flags.ephemeral
    assert answer(refused) == ("Du bist nicht am Zug: Diese Buttons sind für einen anderen "
                               "Spieler.")
    assert await sim.bot.service.store.moves(match_id) == []
