"""``/export`` through simcord: the record's two attachments, downloaded as a player would,
replay to the match's final position and result; a running match's record keeps its
secrets, or, where nothing is hidden, reopens; a lobby has no record."""

from __future__ import annotations

import json
import random

import engines
from service.records.importer import load_record
from tests.sim.harness import Sim, answer, last


async def finish(sim: Sim, match_id: int, thread, players, rng: random.Random) -> None:
    await sim.play_random(match_id, thread, players, rng, limit=400)
    if (await sim.bot.service.match(match_id)).status == "running":
        mover = await sim.to_move(match_id, players)
        await sim.slash(mover, "resign", thread, confirm=True)


async def attachments(result) -> dict[str, bytes]:
    message = last(result)
    return {a.filename: await a.read() for a in message.attachments}


async def test_an_exported_finished_match_replays_to_the_same_end(sim: Sim) -> None:
    players = [sim.ana, sim.bo]
    match_id, thread = await sim.start(sim.ana, "angry-gods", [sim.bo])
    await finish(sim, match_id, thread, players, random.Random("export"))
    match = await sim.bot.service.match(match_id)
    assert match.status == "finished"

    result = await sim.slash(sim.bo, "export", thread)
    assert result.ephemeral, answer(result)
    assert f"#{match_id}: the game record (finished)" in answer(result)
    files = await attachments(result)
    stem = f"angry-gods-{match_id}"
    assert set(files) == {f"{stem}.json", f"{stem}.txt"}
    loaded = load_record(files[f"{stem}.json"])
    assert engines.get("angry-gods").dump(loaded.final) == match.snapshot
    assert loaded.result.to_dict() == match.result
    assert loaded.names == ["ana", "bo"] or loaded.names == ["bo", "ana"]
    text = files[f"{stem}.txt"].decode()
    assert text.splitlines()[0] == f"Angry Gods #{match_id}: Pantheon game record"
    assert len(text.splitlines()) > len(loaded.moves)

    before = len(sim.posts(thread))
    shown = await sim.slash(sim.ana, "export", thread, match=match_id, public=True)
    assert not shown.ephemeral
    assert len(sim.posts(thread)) == before + 1 and len(sim.posts(thread)[-1].attachments) == 2


async def test_a_running_match_exports_only_what_everyone_saw(sim: Sim) -> None:
    players = [sim.ana, sim.bo]
    match_id, thread = await sim.start(sim.ana, "when-gods-collide", [sim.bo])
    rng = random.Random(2)
    game = engines.get("when-gods-collide")
    while not any(game.is_private(m.notation)
                  for m in await sim.bot.service.store.moves(match_id)):
        await sim.play_random(match_id, thread, players, rng, limit=1)

    result = await sim.slash(sim.ana, "export", thread)
    assert "cannot be replayed yet" in answer(result)
    record = json.loads((await attachments(result))[f"when-gods-collide-{match_id}.json"])
    assert record["header"]["seed"] is None and record["header"]["status"] == "running"
    stored = await sim.bot.service.store.moves(match_id)
    for entry, move in zip(record["moves"], stored, strict=True):
        assert entry.get("move") == (None if game.is_private(move.notation) else move.notation)


async def test_a_running_match_with_nothing_hidden_exports_a_record_that_reopens(
        sim: Sim) -> None:
    match_id, thread = await sim.start(sim.ana, "witch-stones", [sim.bo])
    await sim.play_random(match_id, thread, [sim.ana, sim.bo], random.Random(4), limit=3)

    result = await sim.slash(sim.ana, "export", thread)
    assert "nothing in it is hidden" in answer(result), answer(result)
    assert "cannot be replayed" not in answer(result)
    match = await sim.bot.service.match(match_id)
    loaded = load_record((await attachments(result))[f"witch-stones-{match_id}.json"])
    assert not loaded.over and engines.get("witch-stones").dump(loaded.final) == match.snapshot


async def test_a_lobby_has_no_record(sim: Sim) -> None:
    _, thread = await sim.start(sim.ana, "terra", [sim.bo], start=False)
    result = await sim.slash(sim.ana, "export", thread)
    assert result.ephemeral and "not started yet" in answer(result)
    assert not last(result).attachments


async def test_export_offers_started_matches_and_replay_only_finished_ones(sim: Sim) -> None:
    over, thread = await sim.start(sim.ana, "angry-gods", [sim.bo])
    await finish(sim, over, thread, [sim.ana, sim.bo], random.Random("offers"))
    running, _ = await sim.start(sim.ana, "witch-stones", [sim.bo])

    def numbers(offered) -> set[int]:
        return {int(choice["value"]) for choice in offered}

    exported = await sim.choices(sim.ana, sim.channel, "export", "match", "")
    assert numbers(exported) == {over, running}
    replayed = await sim.choices(sim.ana, sim.channel, "replay", "match", "")
    assert numbers(replayed) == {over}
    assert numbers(await sim.choices(sim.cy, sim.channel, "export", "match", "")) == set()
