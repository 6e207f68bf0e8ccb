"""Discord failures, answered: each test here fails without its fix (RELIABILITY.md)."""

from __future__ import annotations

import random

from tests.sim.harness import Sim
from tests.sim.openapi import BodyLedger, load_spec


def test_the_spec_refuses_what_discord_refuses():
    spec = load_spec()
    assert spec.check("POST", "/channels/1/messages", {"content": "ok"}) == []
    assert spec.check("POST", "/channels/1/messages", {"content": "x" * 4001})
    button = {"type": 2, "style": 1, "label": "x" * 81, "custom_id": "pantheon:join:1"}
    assert spec.check("POST", "/channels/1/messages",
                      {"content": "a", "components": [{"type": 1, "components": [button]}]})
    too_long = {"type": 8, "data": {"choices": [{"name": "", "value": "a"}]}}
    assert spec.check("POST", "/interactions/1/token/callback", too_long)
    ids = {"content": "a", "allowed_mentions": {"users": [1, "2"], "parse": []}}
    assert spec.check("POST", "/channels/1/messages", ids) == []  # ids: int or string
    ledger, total = BodyLedger(), BodyLedger()
    long_text = {"content": "x" * 4001}
    total.note(long_text, ledger.check("POST", "/channels/1/messages", long_text))
    assert ledger.validated == 1 and ledger.errors
    assert total.validated == 1 and total.errors == ledger.errors  # noted, not revalidated


async def test_closed_dms_are_noted_once_per_player_and_match_without_the_secret(sim: Sim):
    players = [sim.ana, sim.bo, sim.di]  # di's DMs are closed
    match_id, thread = await sim.start(sim.ana, "terra", [sim.bo, sim.di])
    await sim.play_random(match_id, thread, players, random.Random(3), limit=12)
    notices = [m for m in sim.posts(thread) if "couldn't DM you" in m.content]
    assert len(notices) == 1 and f"<@{sim.di.id}>" in notices[0].content
    assert sim.dms(sim.di) == [] and sim.dms(sim.ana)  # the others still get their DMs
    # The bot opens each DM channel once and never fetches a user to DM them.
    paths = [e.path for e in sim.env.http_requests]
    assert not any(p.startswith("/users/") and p != "/users/@me/channels" for p in paths)
