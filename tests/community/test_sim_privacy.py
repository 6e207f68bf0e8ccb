"""``/privacy`` and ``/about`` through simcord, on both stores: a member sees what is kept
in words, downloads it as one JSON file, and deletes it — in a DM with the bot too — while
the other player's match is resigned in its thread, stays replayable and keeps its result."""

from __future__ import annotations

import json
import random

import pytest

import bot.client as client_module
from bot.client import Pantheon
from bot.config import Settings
from db.privacy import DELETED_NAME, is_deleted
from service.match.core import replay_problem
from tests.sim.harness import Sim, answer, fixed_service, last, migrated, text_of


@pytest.fixture
async def simcord_bot(database, tmp_path, monkeypatch, bots):
    """The bot over the ``database`` fixture's store: SQLite, then PostgreSQL."""
    monkeypatch.setattr(client_module, "Service", fixed_service)
    await migrated(database)
    bot = Pantheon(Settings(token="simcord", database_path=database, log_level="INFO",
                            dev_guild_id=None, boards_dir=str(tmp_path / "boards")))
    bots.append(bot)
    return bot


async def test_show_export_and_delete_keep_the_other_players_records(sim: Sim) -> None:
    service = sim.bot.service
    finished, thread = await sim.start(sim.ana, "witch-stones", [sim.bo])
    await sim.play_random(finished, thread, [sim.ana, sim.bo], random.Random("privacy"))
    if (await service.match(finished)).status == "running":
        await sim.slash(await sim.to_move(finished, [sim.ana, sim.bo]), "resign", thread,
                        confirm=True)
    before = await service.match(finished)
    running, running_thread = await sim.start(sim.bo, "witch-stones", [sim.ana])

    shown = await sim.slash(sim.bo, "privacy show")
    assert shown.ephemeral and "your seat in 2 matches (1 open)" in answer(shown)

    exported = await sim.slash(sim.bo, "privacy export")
    (attachment,) = last(exported).attachments
    data = json.loads(await attachment.read())
    assert data["user_id"] == sim.bo.id
    assert {m["seat"]["match_id"] for m in data["matches"]} == {finished, running}

    asked = await sim.slash(sim.bo, "privacy delete")
    assert "confirm:True" in answer(asked)
    assert (await service.match(running)).status == "running"  # nothing done yet

    done = await sim.bo.user.slash("privacy delete", confirm=True)  # in a DM with the bot
    assert "Everything I kept about you is deleted" in answer(done)
    assert f"You resigned from match #{running}" in answer(done)
    final = text_of(sim.posts(running_thread)[-1])
    assert "resigned" in final.lower()

    after = await service.match(finished)
    assert after.result == before.result and after.snapshot == before.snapshot
    assert replay_problem(after, await service.store.moves(finished)) is None
    (gone,) = [s for s in after.seats if s.display_name == DELETED_NAME]
    assert is_deleted(gone.user_id)
    ended = await service.match(running)
    assert ended.status == "finished" and ended.seat_of(sim.ana.id) is not None
    again = await sim.slash(sim.bo, "privacy show")
    assert "I keep nothing about you." in answer(again)


async def test_about_names_the_privacy_policy(sim: Sim) -> None:
    about = await sim.slash(sim.cy, "about")
    assert about.ephemeral and "PRIVACY.md" in answer(about) and "/privacy" in answer(about)
