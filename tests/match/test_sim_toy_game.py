"""The toy game of tests/toy_game (Kayles) through simcord, registered by the test alone:
offered by ``/match start`` and ``/rules``, played against a computer seat with ``/move``
autocomplete and the guided picker, exported with ``/export`` and imported by the
console's ``--import``."""

from __future__ import annotations

import random

import pytest

from console import app as console
from tests.console.keyboard import scripted
from tests.match.test_sim_picker import PICK, board_with, open_picker, pick
from tests.sim.harness import Sim, answer, labels, last
from tests.toy_game import GAME, registered


@pytest.fixture(autouse=True)
def kayles():
    """Registered before the bot is built (autouse fixtures come first), as a game of the
    package is before the bot starts."""
    with registered() as spec:
        yield spec


async def test_kayles_from_the_lobby_to_the_console(sim: Sim, tmp_path) -> None:
    rules = await sim.slash(sim.ana, "rules", game="kayles")
    assert rules.ephemeral and "Kayles" in answer(rules), answer(rules)

    match_id, thread = await sim.start(sim.ana, "kayles", bots=1)
    record = await sim.bot.service.match(match_id)
    assert [s.is_ai for s in record.by_seat()] == [False, True]
    assert any(a.filename.endswith(".png") for m in sim.posts(thread) for a in m.attachments)

    # The first move with the picker (19 moves: more than buttons hold) ...
    moves = (await sim.bot.service.waiting(match_id))[sim.ana.id]
    assert moves == GAME.legal_moves(GAME.setup(2, 1, {}), 0)
    board = board_with(sim, thread, PICK)
    assert PICK in labels(board)
    done, _ = await pick(sim, sim.ana, await open_picker(sim, sim.ana, board, PICK), moves,
                         "c-d")
    assert done.content.startswith("Played `c-d`."), done.content
    # ... the rest picked from /move's autocomplete; the computer answers each.
    await sim.play_random(match_id, thread, [sim.ana], random.Random(5))
    record = await sim.bot.service.match(match_id)
    assert record.status == "finished"
    assert record.result["reason"].endswith("knocked down the last pin")
    played = await sim.bot.service.store.moves(match_id)
    assert {m.seat for m in played} == {0, 1}

    exported = await sim.slash(sim.ana, "export", thread)
    assert f"#{match_id}: the game record (finished)" in answer(exported), answer(exported)
    files = {a.filename: await a.read() for a in last(exported).attachments}
    path = tmp_path / f"kayles-{match_id}.json"
    path.write_bytes(files[path.name])
    out: list[str] = []
    code = await console.run(["--import", str(path)], str(tmp_path / "console.db"),
                             str(tmp_path / "replayed"), read=scripted([]), out=out.append)
    assert code == 0, out
    assert f"a record of {len(played)} moves" in out[0], out[0]
    final = tmp_path / "replayed" / f"kayles-{match_id}-final.png"
    assert final.read_bytes().startswith(b"\x89PNG")
