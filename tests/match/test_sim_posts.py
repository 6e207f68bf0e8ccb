"""What the bot posts, read as a screen-reader player meets it: every picture it sends
(boards, DM'd private views, ``/board``, ``/myview``, the final board, the replay) carries
alt text that says whose turn it is or how the match ended. (The ``sim`` fixture checks
every picture of every simcord test for a description; this test checks what it says.)"""

from __future__ import annotations

import random
from types import SimpleNamespace

from bot.match.info import text_pages
from rendering import seat_colour
from tests.match.test_sim_picker import board_with, play_until
from tests.sim.harness import (
    Sim,
    answer,
    last,
    pictures_without_alt,
    sent_pictures,
    text_of,
)

V2 = 1 << 15  # the IS_COMPONENTS_V2 message flag


def rgb(red: int, green: int, blue: int) -> int:
    return red << 16 | green << 8 | blue


def pictures(sim: Sim) -> list[dict]:
    return [p for entry in sim.env.http_requests for p in sent_pictures(entry.json)]


def test_a_picture_without_a_description_is_found():
    body = {"type": 4, "data": {"attachments": [
        {"id": 0, "filename": "board.png"}, {"id": 1, "filename": "history.txt"},
        {"id": 2, "filename": "my-view.png", "description": "x" * 1025}]}}
    entry = SimpleNamespace(method="POST", path="/interactions/1/t/callback", json=body)
    assert pictures_without_alt([entry]) == [
        "POST /interactions/1/t/callback: board.png",
        "POST /interactions/1/t/callback: my-view.png"]


async def test_every_picture_says_whose_turn_or_the_result(sim: Sim):
    players = [sim.ana, sim.bo, sim.cy]
    match_id, thread = await sim.start(sim.ana, "when-gods-collide", players[1:])
    await sim.slash(sim.ana, "board", thread)
    await sim.slash(sim.bo, "myview", thread)
    await sim.play_random(match_id, thread, players, random.Random(3), limit=6)
    for player in players:
        if await sim.to_move(match_id, [player]) is None:
            await sim.slash(player, "resign", thread, confirm=True)
    while (await sim.bot.service.match(match_id)).status == "running":
        mover = await sim.to_move(match_id, players)
        await sim.slash(mover, "resign", thread, confirm=True)
    replay = await sim.slash(sim.ana, "replay", thread)
    assert replay.ephemeral, answer(replay)

    sent = pictures(sim)
    names = {p["filename"] for p in sent}
    assert {"board.png", "my-view.png", f"match-{match_id}-replay.gif"} <= names, names
    for picture in sent:
        alt = picture["description"]
        assert 0 < len(alt) <= 1024
        assert alt.startswith("When Gods Collide") or alt.startswith("Animated replay")
        assert " to act" in alt or "Game over" in alt, alt
    assert "Game over" in sent[-1]["description"]  # the replay ends on the result
    private = [p["description"] for p in sent if p["filename"] == "my-view.png"]
    assert private



async def test_the_first_board_of_a_time_bank_match_shows_each_bank(sim: Sim):
    """Started by /match start or by an accepted challenge, the first board gives the
    terms and each player's bank (as every later board does; the README promises both)."""
    _, started = await sim.start(sim.ana, "witch-stones", [sim.bo], bank=3)
    challenged = await sim.slash(sim.cy, "challenge", opponent=sim.di, game="angry-gods",
                                 bank=2)
    post = next(m for m in sim.posts(sim.channel) if "challenge #" in text_of(m))
    accepted = await sim.di.click(post, label="Accept")
    assert "is open in" in answer(accepted), (answer(challenged), answer(accepted))
    for thread, banks in ((started, ("ana: 3 days", "bo: 3 days")),
                          (sim.channel.threads[-1], ("cy: 48 h", "di: 2 days"))):
        first = text_of(next(m for m in sim.posts(thread) if m.attachments))
        assert "time bank" in first and "Time banks" in first, first
        assert all(bank in first for bank in banks), first


async def test_challenge_to_a_game_in_a_thread_says_where_at_once(sim: Sim):
    """The user command in a match's thread is refused before its game menu shows."""
    _, thread = await sim.start(sim.ana, "witch-stones", [sim.bo])
    menu = await sim.ana.context_menu(thread, "Challenge to a game", sim.cy)
    assert menu.ephemeral and "text channel" in answer(menu), answer(menu)
    assert "which game" not in answer(menu)
    assert not last(menu).components  # no game menu


async def test_a_terra_challenge_lists_only_the_options_someone_set(sim: Sim):
    result = await sim.slash(sim.ana, "challenge", opponent=sim.bo, game="terra")
    assert result.ephemeral, answer(result)
    result = await sim.slash(sim.cy, "challenge", opponent=sim.di, game="terra",
                             options="terrain=true")
    plain, chosen = [text_of(m) for m in sim.posts(sim.channel) if "challenge #" in text_of(m)]
    assert "Terms" not in plain and "open_reserves" not in plain, plain
    assert "Terms: terrain=true." in chosen and "open_reserves" not in chosen, chosen


async def test_your_moves_pressed_by_someone_not_playing(sim: Sim):
    players = [sim.ana, sim.bo]
    match_id, thread = await sim.start(sim.ana, "terra", players[1:])
    await play_until(sim, match_id, thread, players, random.Random(6), 26)
    board = board_with(sim, thread, "Your moves")
    outsider = await sim.cy.click(board, label="Your moves")
    assert outsider.ephemeral and answer(outsider) == "You are not playing in this match."


async def test_board_text_gives_the_whole_board_as_text_in_pages(sim: Sim):
    players = [sim.ana, sim.bo, sim.cy, sim.di]
    match_id, thread = await sim.start(sim.ana, "terra", players[1:])
    before = len(sim.posts(thread))
    result = await sim.slash(sim.bo, "board", thread, text=True)
    pages = [m.content for m in ([result.response] if result.response else [])
             + list(result.followups) if m.content]
    assert result.ephemeral and len(pages) >= 1
    assert len(sim.posts(thread)) == before  # only to the asker
    assert pages[0].startswith(f"**Terra** #{match_id}") and "To act:" in pages[0]
    assert all(len(page) <= 2000 and page.count("```") % 2 == 0 for page in pages)
    _, board = await sim.bot.service.text_board(match_id)
    shown = "\n".join(line for page in pages for line in page.splitlines()
                      if line != "```")
    assert all(line in shown for line in board.splitlines()), (shown, board)


def test_a_long_text_board_is_paged_at_line_ends():
    board = "\n".join(f"{i:02d} " + "x" * 60 for i in range(80))
    pages = text_pages("**Terra** #1", board)
    assert len(pages) >= 3 and pages[0] == "**Terra** #1"  # a full first page: alone
    assert all(len(page) <= 2000 and page.count("```") == 2 for page in pages[1:])
    lines = [line for page in pages[1:] for line in page.splitlines()[1:-1]]
    assert lines == board.splitlines()[:len(lines)] and len(lines) == 80
    assert "```" not in text_pages("s", "a```b")[0][5:-4]  # a fence cannot close the block
    assert text_pages("s", "a\nb") == ["s\n```\na\nb\n```"]  # a short one: one message


def board_bodies(sim: Sim, thread) -> list[dict]:
    """The bodies of the boards posted in ``thread``, as sent."""
    return [e.json for e in sim.env.http_requests
            if e.method == "POST" and e.path == f"/channels/{thread.id}/messages"
            and any(True for _ in sent_pictures(e.json))]


async def test_a_board_is_one_components_v2_post(sim: Sim):
    """Text, picture (with its alt text), buttons in one container tinted in the colour
    of the seat to act; a move button spends the buttons and the post stays V2."""
    match_id, thread = await sim.start(sim.ana, "witch-stones", [sim.bo])
    body = board_bodies(sim, thread)[-1]
    assert body["flags"] & V2 and not body.get("content") and not body.get("embeds")
    [container] = body["components"]
    assert container["type"] == 17
    assert container["accent_color"] == rgb(*seat_colour("witch-stones", 1))
    text, gallery, row = container["components"]
    assert text["type"] == 10 and "To act: bo" in text["content"]
    assert f"<@{sim.bo.id}>" in text["content"]  # the mention, in the text
    [item] = gallery["items"]
    assert item["media"]["url"] == "attachment://board.png"
    assert item["description"] == body["attachments"][0]["description"]
    assert "bo (vermilion square) to act" in item["description"]  # as the picture draws bo
    assert row["type"] == 1 and [b["label"] for b in row["components"]] == ["suns", "moons"]

    board = sim.posts(thread)[-1]
    await sim.bo.click(board, label="moons")
    spent = sim.env.backend.get_message(board.channel.id, board.id)
    assert spent.flags & V2
    assert [c["type"] for c in spent.components[0]["components"]] == [10, 12]
    assert len(await sim.bot.service.store.moves(match_id)) == 1

    await sim.slash(sim.ana, "resign", thread, confirm=True)
    final = board_bodies(sim, thread)[-1]["components"][0]
    assert final["accent_color"] == rgb(*seat_colour("witch-stones", 1))
    assert "Rematch" in [b["label"] for c in final["components"] if c["type"] == 1
                         for b in c["components"]]
