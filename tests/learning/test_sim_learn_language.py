"""``/learn`` through simcord for a member whose Discord speaks another language (issue
58): the answer, the refusal of a move the step does not ask for, the step's hint, the
note on a public thread and the refusal of a second lesson all in the learner's language,
with the lesson's own words from that language's overlay."""

from __future__ import annotations

import re

from engines import lesson
from tests.sim.elsewhere import group_dm
from tests.sim.harness import Sim, answer, text_of

OPENED = re.compile(r"^Deine Lektion zu Witch Stones \(#(\d+)\) ist in <#(\d+)> geöffnet: "
                    r"Spiel jeden Schritt mit /zug oder den Buttons\.$")


async def test_a_german_member_learns_in_german(sim: Sim, speaking) -> None:
    speaking(sim.ana.id, "de")
    found = lesson.lesson_of("witch-stones", "de")
    assert found is not None
    result = await sim.slash(sim.ana, "learn", game="witch-stones")
    opened = OPENED.match(answer(result))
    assert result.ephemeral and opened, answer(result)
    match_id = int(opened[1])
    thread = next(t for t in sim.channel.threads if t.id == int(opened[2]))
    board = text_of(sim.posts(thread)[-1])  # the thread's board: the learner's language
    assert f"Schritt 1 von {len(found.steps)}: {found.steps[0].rule}" in board, board
    assert found.steps[0].ask in board
    refused = await sim.slash(sim.ana, "move", thread, move="moons")
    assert refused.ephemeral and answer(refused) == found.steps[0].wrong
    assert answer(refused) == "Diese Lektion ist für die Sonnen geschrieben: schreib `suns`."
    assert len(await sim.bot.service.store.moves(match_id)) == 0
    hint = await sim.slash(sim.ana, "hint", thread)
    said = answer(hint)
    assert hint.ephemeral and re.match(
        r"Tipp für .+ \(nur du siehst ihn; 1 Tipp in dieser Partie genommen\): "
        r"suns \(Schritt 1 von 8\): ", said), said
    assert said.endswith(f"{found.steps[0].rule} {found.steps[0].ask}")
    again = await sim.slash(sim.ana, "learn", game="witch-stones")
    assert answer(again) == (f"Deine Lektion zu Witch Stones (#{match_id}) läuft noch in "
                             f"<#{thread.id}>: Spiel dort weiter oder gib sie auf, um neu "
                             "anzufangen.")


async def test_a_french_member_told_that_the_thread_is_public(sim: Sim,
                                                              speaking) -> None:
    speaking(sim.ana.id, "fr")
    sim.env.inject_error("POST", f"/channels/{sim.channel.id}/threads", status=403,
                         code=50013, message="Missing Permissions", times=1)
    said = answer(await sim.slash(sim.ana, "learn", game="angry-gods"))
    assert said.startswith("Votre leçon sur Angry Gods (n°\u00a0")
    assert said.endswith("Remarque\u00a0: ce fil est public (je n'ai pas le droit d'ouvrir "
                         "des fils privés dans ce salon), les autres membres peuvent donc le "
                         "voir\u00a0; mais vous seul jouez votre leçon ou la consultez avec "
                         "/plateau, /historique ou /exporter.")


async def test_an_english_member_still_meets_english(sim: Sim) -> None:
    said = answer(await sim.slash(sim.ana, "learn", game="terra"))
    assert re.match(r"^Your lesson of Terra \(#\d+\) is open in <#\d+>: play each step with "
                    r"/move or the buttons\.$", said), said


async def test_a_spanish_member_learns_where_the_bot_is_not_a_member(sim: Sim) -> None:
    place = group_dm(sim, [sim.ana.user, sim.bo.user])
    made = place.payload

    def spanish(record, user, data, owner):  # this conversation's payloads: Ana's client
        body = made(record, user, data, owner)
        return {**body, "locale": "es-ES"} if user.id == sim.ana.id else body

    place.payload = spanish  # type: ignore[method-assign]
    result = await place.slash(sim.ana.user, "learn", game="witch-stones")
    said = answer(result)
    assert re.match(r"^Tu lección de Witch Stones \(n\.º \d+\) está aquí abajo: juega cada "
                    r"paso con /jugada o con los botones\. Todos en esta conversación la ven; "
                    r"solo tú la juegas\. En un MD conmigo, es solo tuya\.$", said), said
    refused = await place.slash(sim.ana.user, "move", move="moons")
    assert answer(refused) == lesson.lesson_of("witch-stones", "es").steps[0].wrong
