"""``/privacy`` and ``/about`` through simcord, on both stores: a member sees what is kept
in words, downloads it as one JSON file, and deletes it — in a DM with the bot too — while
the other player's match is resigned in its thread, stays replayable and keeps its result;
and once a member who took part in everything deletes their data, nothing the bot sends
Discord names them (every message, edit, DM, alt text and component), and the posts that
showed them taking part read as they now are."""

from __future__ import annotations

import json
import random

import pytest

import bot.client as client_module
from bot.client import Pantheon
from bot.config import Settings
from db.privacy import DELETED_NAME, is_deleted
from service.match.core import replay_problem
from tests.sim.harness import (
    Sim,
    answer,
    fixed_service,
    labels,
    last,
    migrated,
    sent_pictures,
    text_of,
)
from tests.toy_game import registered


@pytest.fixture(autouse=True)
def kayles():
    with registered() as spec:
        yield spec


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


def event_post(sim: Sim, event_id: int):
    return next(m for m in sim.posts(sim.channel) if f"tournament #{event_id} —" in text_of(m))


async def create_event(sim: Sim, organiser, *entrants) -> int:
    created = await sim.slash(organiser, "tournament create", game="kayles", format="swiss",
                              rounds=2)
    event_id = int(answer(created).split("#")[1].split(" ")[0])
    for user in entrants:
        await user.click(event_post(sim, event_id), label="Join")
    return event_id


async def test_nothing_sent_after_a_deletion_names_her(sim: Sim) -> None:
    """Old behaviour caught: after ``/privacy delete`` the bot posted her name again — the
    resigned boards ("Game over: … (quincy resigned)"), the Terra board's alt text and the
    private views DM'd to the others, "quincy withdrew." and the standings after the
    round in the tournament's channel —, her aborted lobby's post kept Join and Start, the
    lobby she sat in still listed her as full, and the running tournament's post still
    showed her as an entrant."""
    service = sim.bot.service
    quincy = sim.guild.add_member(sim.env.create_user("quincy"))
    finished, thread = await sim.start(sim.ana, "witch-stones", [quincy])
    await sim.slash(sim.ana, "resign", thread, confirm=True)
    running, running_thread = await sim.start(quincy, "witch-stones", [sim.bo])
    terra, terra_thread = await sim.start(sim.ana, "terra", [sim.bo, quincy])
    await sim.play_random(terra, terra_thread, [sim.ana, sim.bo, quincy],
                          random.Random("terra"), limit=4)
    _, hosted_thread = await sim.start(quincy, "witch-stones", start=False)
    _, seated_thread = await sim.start(sim.cy, "witch-stones", [quincy], start=False)
    await sim.slash(quincy, "challenge", opponent=sim.cy, game="witch-stones")
    await sim.slash(sim.bo, "challenge", opponent=quincy, game="witch-stones")
    organised = await create_event(sim, quincy, quincy, sim.ana)
    event = await create_event(sim, sim.ana, sim.ana, sim.bo, sim.cy, quincy)
    await sim.ana.click(event_post(sim, event), label="Start")
    record = await service.tournament(event)
    (other,) = [t for t in record.tables if quincy.id not in t.players]
    loser = sim.ana if sim.ana.id in other.players else sim.bo
    await sim.slash(loser, "resign", sim.thread(other.match_id), confirm=True)
    await service.store.set_note(running, quincy.id, "quincy's plan")
    await service.store.set_follow(finished, quincy.id, "end")
    assert "quincy" in text_of(event_post(sim, event))
    assert await service.store.posted(terra, quincy.id) is not None  # her private view

    mark = len(sim.env.http_requests)
    done = await quincy.user.slash("privacy delete", confirm=True)  # in a DM with the bot
    assert "Everything I kept about you is deleted" in answer(done)

    sent = sim.env.http_requests[mark:]
    bodies = [json.dumps(entry.json) for entry in sent if entry.json is not None]
    naming = [b[:300] for b in bodies if "quincy" in b.lower() or str(quincy.id) in b]
    assert naming == [], "sent after the deletion, naming her:\n" + "\n".join(naming)
    dm = quincy.user.dm_channel
    assert not [e for e in sent if dm is not None and f"/channels/{dm.id}/" in e.path]
    said = "\n".join(bodies)
    for words in ("Deleted player resigned", "withdrew", "standings after round 1",
                  "It was cancelled by Deleted player"):
        assert words in said, words  # every kind of post was sent, without her
    assert any(p.get("description") for e in sent for p in sent_pictures(e.json))

    lobby = sim.posts(hosted_thread)[0]  # aborted: its post shows so, without buttons
    assert "The match was aborted" in text_of(lobby) and labels(lobby) == []
    lobby = sim.posts(seated_thread)[0]  # left: she is no longer listed, nor is it full
    assert DELETED_NAME not in text_of(lobby) and "(1/2" in text_of(lobby)
    assert "Join" in labels(lobby)
    post = text_of(event_post(sim, event))
    assert f"{DELETED_NAME} (withdrawn)" in post and "quincy" not in post
    assert "cancelled" in text_of(event_post(sim, organised))
    assert labels(event_post(sim, organised)) == []
    assert "quincy" not in text_of(sim.posts(running_thread)[0])
