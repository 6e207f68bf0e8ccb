"""``/learn`` step by step through simcord, on both stores: the lesson opens in a private
thread of the channel (a public one where private threads are refused), every board post
shows the step's rule and what to do, a wrong move is refused with its reason and the step
stays, the right moves advance to the closing words. Bodies are checked against Discord's
OpenAPI spec by the ``sim`` fixture."""

from __future__ import annotations

import dataclasses
import re

import pytest
from simcord import SetupError

import engines
from bot.match.opening import NO_THREAD
from db import ABORTED
from engines import lesson
from service import Actor
from tests.match.test_sim_picker import PICK, board_with, open_picker, pick
from tests.sim.harness import Sim, answer, labels, make_bot_on, sent_pictures, text_of

OPEN = re.compile(r"\(#(\d+)\) is open in <#(\d+)>")


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
async def simcord_bot(request, tmp_path, monkeypatch, bots):
    """The bot over SQLite or over a fresh PostgreSQL database."""
    made = await make_bot_on(request, tmp_path, monkeypatch)
    bots.append(made)
    return made


async def learn(sim: Sim, slug: str) -> tuple[int, object]:
    """``/learn`` by Ana: (the lesson's match id, its thread)."""
    result = await sim.slash(sim.ana, "learn", game=slug)
    text = answer(result)
    found = OPEN.search(text)
    assert result.ephemeral and found, text
    thread = next(t for t in sim.channel.threads if t.id == int(found[2]))
    return int(found[1]), thread


def board_text(sim: Sim, thread) -> str:
    """The thread's latest board post (edited in place within a turn), as it reads."""
    return text_of(sim.posts(thread)[-1])


async def right_move(sim: Sim, match_id: int, number: int, slug: str) -> str:
    found = lesson.lesson_of(slug)
    assert found is not None
    game, state = sim.bot.service.state_of(await sim.bot.service.match(match_id))
    return lesson.first_right(game, state, found.steps[number], found.learner)


async def test_a_lesson_step_by_step_in_a_private_thread(sim: Sim) -> None:
    found = lesson.lesson_of("witch-stones")
    assert found is not None
    match_id, thread = await learn(sim, "witch-stones")
    assert thread.history(viewer=sim.ana)  # Ana reads it ...
    with pytest.raises(SetupError):
        thread.history(viewer=sim.bo)  # ... and Bo does not see it: a private thread
    first = sim.posts(thread)[-1]
    text = text_of(first)
    assert f"step 1 of {len(found.steps)}: {found.steps[0].rule}" in text
    assert found.steps[0].ask in text
    assert first.attachments  # the board
    # The board as text (what a screen reader reads) says the step too.
    as_text = answer(await sim.slash(sim.ana, "board", thread, text=True))
    assert f"step 1 of {len(found.steps)}" in as_text and found.steps[0].ask in as_text
    # A legal move the step does not ask for: refused with the step's words; it stays.
    refused = await sim.slash(sim.ana, "move", thread, move="moons")
    assert refused.ephemeral and answer(refused) == found.steps[0].wrong
    assert len(await sim.bot.service.store.moves(match_id)) == 0
    assert sim.posts(thread)[-1].id == first.id
    await sim.move(sim.ana, thread, "suns")
    assert found.steps[1].rule in board_text(sim, thread)
    # An illegal move: the engine's reason; the step stays.
    refused = await sim.slash(sim.ana, "move", thread, move="take e6")
    said = answer(refused)
    game, state = sim.bot.service.state_of(await sim.bot.service.match(match_id))
    with pytest.raises(engines.IllegalMove) as illegal:
        game.play(state, found.learner, "take e6")
    assert said.startswith("Illegal move") and str(illegal.value)[:30] in said, said
    assert found.steps[1].rule in board_text(sim, thread)
    for number in range(1, len(found.steps)):
        assert f"step {number + 1} of" in board_text(sim, thread)
        await sim.move(sim.ana, thread, await right_move(sim, match_id, number, "witch-stones"))
    assert found.finish in board_text(sim, thread)
    record = await sim.bot.service.match(match_id)
    assert record.status == "running" and record.lesson and record.thread_id == thread.id


async def test_a_lesson_by_the_boards_buttons(sim: Sim) -> None:
    found = lesson.lesson_of("witch-stones")
    assert found is not None
    match_id, thread = await learn(sim, "witch-stones")
    board = sim.posts(thread)[-1]
    assert {"suns", "moons"} <= set(labels(board))
    refused = await sim.ana.click(board, label="moons")
    assert found.steps[0].wrong in answer(refused)
    assert len(await sim.bot.service.store.moves(match_id)) == 0
    await sim.ana.click(sim.posts(thread)[-1], label="suns")
    assert found.steps[1].rule in board_text(sim, thread)


async def test_a_lesson_by_the_move_autocomplete(sim: Sim) -> None:
    found = lesson.lesson_of("angry-gods")
    assert found is not None
    match_id, thread = await learn(sim, "angry-gods")
    for number in range(2):
        move = await right_move(sim, match_id, number, "angry-gods")
        offered = await sim.choices(sim.ana, thread, "move", "move", move)
        assert move in [c["value"] for c in offered]  # /move's autocomplete offers it
        await sim.move(sim.ana, thread, move)
    assert found.steps[2].rule in board_text(sim, thread)


async def test_a_lesson_falls_back_to_a_public_thread(sim: Sim) -> None:
    sim.env.inject_error("POST", f"/channels/{sim.channel.id}/threads", status=403,
                         code=50013, message="Missing Permissions", times=1)
    match_id, thread = await learn(sim, "angry-gods")
    assert (await sim.bot.service.match(match_id)).thread_id == thread.id
    assert thread.history(viewer=sim.bo)  # public: Bo may look on
    assert lesson.lesson_of("angry-gods").steps[0].ask in board_text(sim, thread)
    assert any(sent_pictures(e.json) for e in sim.env.http_requests)


async def test_only_the_games_with_a_lesson_are_offered(sim: Sim, monkeypatch) -> None:
    """Every game has a lesson today, so a game without one is made up: the autocomplete
    leaves it out; a game the server does not allow is left out too (the gate would refuse
    it); and a value typed past the menu is refused by the service in one sentence."""
    offered = await sim.choices(sim.ana, sim.channel, "learn", "game")
    assert {c["value"] for c in offered} == {
        s.slug for s in engines.specs() if s.learn is not None}
    result = await sim.slash(sim.ana, "learn", game="chess")
    assert answer(result) == "There is no game 'chess'."
    specs = engines.specs()
    without = dataclasses.replace(specs[0], learn=None)
    monkeypatch.setattr(engines, "specs", lambda: [without, *specs[1:]])
    offered = await sim.choices(sim.ana, sim.channel, "learn", "game")
    assert without.slug not in {c["value"] for c in offered}
    assert len(offered) == len(specs) - 1
    monkeypatch.undo()
    moderator = Actor(sim.ana.id, "ana", sim.guild.id, is_admin=True)
    await sim.bot.service.servers.change(moderator, games="terra")
    offered = await sim.choices(sim.ana, sim.channel, "learn", "game")
    assert [c["value"] for c in offered] == ["terra"]


async def test_a_lesson_in_a_forum_is_a_post_of_the_forum(sim: Sim) -> None:
    forum = sim.guild.create_forum_channel("boards")
    result = await sim.slash(sim.ana, "learn", forum, game="witch-stones")
    found = OPEN.search(answer(result))
    assert found, answer(result)
    [post] = forum.threads
    assert post.id == int(found[2])
    assert lesson.lesson_of("witch-stones").steps[0].ask in board_text(sim, post)


async def test_no_thread_at_all_leaves_no_lesson_behind(sim: Sim) -> None:
    sim.env.inject_error("POST", f"/channels/{sim.channel.id}/threads", status=403,
                         code=50013, message="Missing Permissions", times=2)
    result = await sim.slash(sim.ana, "learn", game="angry-gods")
    assert result.ephemeral and answer(result) == NO_THREAD
    assert (await sim.bot.service.match(1)).status == ABORTED
    assert sim.channel.threads == []


async def test_a_thread_whose_lesson_cannot_be_recorded_is_removed(sim: Sim,
                                                                   monkeypatch) -> None:
    """The thread opened but its place not recorded: the lesson is aborted and its
    thread deleted, as a match's opening does (it was left behind, empty)."""
    async def broken(*args, **kwargs):
        raise RuntimeError("the store is gone")

    monkeypatch.setattr(sim.bot.service, "set_places", broken)
    await sim.slash(sim.ana, "learn", game="angry-gods")
    assert (await sim.bot.service.match(1)).status == ABORTED
    assert sim.channel.threads == []


async def test_a_lesson_by_the_guided_picker(sim: Sim) -> None:
    found = lesson.lesson_of("angry-gods")
    assert found is not None
    match_id, thread = await learn(sim, "angry-gods")
    board = board_with(sim, thread, PICK)
    moves = (await sim.bot.service.waiting(match_id))[sim.ana.id]
    wanted = await right_move(sim, match_id, 0, "angry-gods")
    done, _ = await pick(sim, sim.ana, await open_picker(sim, sim.ana, board, PICK), moves,
                         wanted)
    assert done.content.startswith(f"Played `{wanted}`."), done.content
    assert found.steps[1].rule in board_text(sim, thread)


@pytest.mark.parametrize("slug", [s.slug for s in engines.specs() if s.learn is not None])
async def test_every_lesson_reaches_its_finish_in_discord(sim: Sim, slug: str) -> None:
    found = lesson.lesson_of(slug)
    assert found is not None
    match_id, thread = await learn(sim, slug)
    for number, step in enumerate(found.steps):
        assert step.ask in board_text(sim, thread)
        await sim.move(sim.ana, thread, await right_move(sim, match_id, number, slug))
    assert found.finish in board_text(sim, thread)
    assert (await sim.bot.service.match(match_id)).status == "running"


async def test_a_lesson_is_refused_to_another_member(sim: Sim) -> None:
    """Issue 57: a lesson is its learner's alone. Bo, who cannot see the private thread,
    named the match and read its board, history and record; now each is refused, in
    one sentence and only to him, while Ana reads hers."""
    match_id, thread = await learn(sim, "witch-stones")
    await sim.move(sim.ana, thread, "suns")
    alone = f"Match #{match_id} is a lesson: only its learner may see it."
    before = len(sim.posts(sim.channel))
    for command, options in [("board", {}), ("board", {"text": True}), ("score", {}),
                             ("history", {}), ("history", {"view": "public"}),
                             ("export", {}), ("export", {"public": True}), ("hint", {}),
                             ("notify", {"follow": "moves"})]:
        refused = await sim.slash(sim.bo, command, match=match_id, **options)
        assert refused.ephemeral and answer(refused) == alone, (command, answer(refused))
        assert not any(getattr(m, "attachments", None) for m in refused.followups), command
    assert len(sim.posts(sim.channel)) == before  # nothing of it in public
    assert await sim.bot.service.store.follows(match_id) == {}
    # Ana, the learner, reads her own lesson as before.
    mine = await sim.slash(sim.ana, "history", match=match_id)
    assert "suns" in answer(mine) or any("suns" in text_of(m) for m in mine.followups)
    record = await sim.slash(sim.ana, "export", match=match_id)
    assert record.ephemeral and "the game record" in answer(record)


async def test_the_public_fallback_says_the_thread_is_public(sim: Sim) -> None:
    sim.env.inject_error("POST", f"/channels/{sim.channel.id}/threads", status=403,
                         code=50013, message="Missing Permissions", times=1)
    said = answer(await sim.slash(sim.ana, "learn", game="angry-gods"))
    assert OPEN.search(said) and "this thread is public" in said, said
    match_id = int(OPEN.search(said)[1])
    # Public or not, the lesson is still Ana's alone through the commands.
    refused = await sim.slash(sim.bo, "board", sim.thread(match_id))
    assert answer(refused) == f"Match #{match_id} is a lesson: only its learner may see it."


async def test_a_private_lesson_thread_says_nothing_of_being_public(sim: Sim) -> None:
    said = answer(await sim.slash(sim.ana, "learn", game="angry-gods"))
    assert OPEN.search(said) and "public" not in said, said
