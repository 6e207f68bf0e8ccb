"""``/hint`` and ``/review`` through simcord on both stores: a hint answers the asker alone
in an unrated match against the computer and is refused in a rated one; a review shows
its progress in the deferred answer, then each moment privately with a picture (its alt
text said) marking the move played and the computer's; refused while the match runs and
to someone who did not play. The coach looks only a little here (small budgets)."""

from __future__ import annotations

import random

import pytest

from engines.ai.analysis import Look
from tests.sim.harness import Sim, answer, make_bot_on, sent_pictures, text_of

TINY = Look(worlds=1, candidates=2, scan=6, replies=3, plies=1)


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
async def simcord_bot(request, tmp_path, monkeypatch, bots):
    """The bot over SQLite or over a fresh PostgreSQL database."""
    made = await make_bot_on(request, tmp_path, monkeypatch)
    bots.append(made)
    return made


def small(sim: Sim) -> None:
    sim.bot.service.coach.looks = {"easy": TINY, "normal": TINY, "hard": TINY}
    sim.bot.service.coach.review_seconds = None


async def test_a_hint_answers_the_asker_alone_and_is_refused_when_rated(sim: Sim) -> None:
    small(sim)
    match_id, thread = await sim.start(sim.ana, "witch-stones", bots=1, rated=False)
    assert sim.ana.id in await sim.bot.service.waiting(match_id)
    before = len(sim.posts(thread))
    result = await sim.slash(sim.ana, "hint", thread)
    assert result.ephemeral
    said = answer(result)
    assert said.startswith("Hint for ana (only you see it; 1 hint taken in this match): ")
    assert len(sim.posts(thread)) == before  # nothing public
    waiting = await sim.bot.service.waiting(match_id)
    assert said.split(": ")[1].split(":")[0] in waiting[sim.ana.id]

    rated_id, rated_thread = await sim.start(sim.ana, "witch-stones", [sim.bo])
    waiting = await sim.bot.service.waiting(rated_id)
    mover = sim.ana if sim.ana.id in waiting else sim.bo
    refused = await sim.slash(mover, "hint", rated_thread)
    assert refused.ephemeral
    assert answer(refused) == "Hints are only for unrated matches, and this one is rated."


async def test_a_review_shows_progress_then_each_moment_privately(sim: Sim) -> None:
    small(sim)
    match_id, thread = await sim.start(sim.ana, "witch-stones", bots=1, rated=False)
    early = await sim.slash(sim.ana, "review", thread)
    assert answer(early).startswith("This match is not over yet")
    await sim.play_random(match_id, thread, [sim.ana], random.Random("review"))
    assert (await sim.bot.service.match(match_id)).status == "finished"
    stranger = await sim.slash(sim.bo, "review", sim.channel, match=match_id)
    assert answer(stranger) == "Only a player of this match may ask for its review."

    before = len(sim.posts(thread))
    edits_before = len(sim.env.http_requests)
    result = await sim.slash(sim.ana, "review", thread)
    assert result.ephemeral and len(sim.posts(thread)) == before
    edits = [e.json.get("content") for e in sim.env.http_requests[edits_before:]
             if e.method == "PATCH" and e.json and "content" in e.json]
    assert any(str(c).startswith("Reviewing… 1/") for c in edits), edits
    assert str(edits[-1]).startswith(f"Review of Witch Stones #{match_id} for ana")
    moments = result.followups
    assert 3 <= len(moments) <= 5, [text_of(m) for m in result.followups]
    for message in moments:
        assert message.flags.ephemeral
        assert text_of(message).startswith("Move ")
        assert "you played" in text_of(message)
    pictures = [p for entry in sim.env.http_requests[edits_before:]
                for p in sent_pictures(entry.json)]
    assert len(pictures) == len(moments)
    assert all("Marked: your move" in (p.get("description") or "") for p in pictures)
