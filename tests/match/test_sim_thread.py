"""A match's thread as its players live with it, through simcord on both stores: a
four-seat Storm of the Gods and a four-seat Terra (three people and a computer seat),
moved by ``/move`` and by the board's buttons. Counted per turn (a change of the player to
act): new board posts, who they ping, edits, DMs, and boards left with live buttons."""

from __future__ import annotations

import itertools
import random
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest

from bot.client import Pantheon
from tests.sim.harness import (
    Sim,
    answer,
    labels,
    make_bot_on,
    sent_pictures,
    text_of,
)

TO_ACT = re.compile(r"To act: ([^.\n]+)\.")
MESSAGE = re.compile(r"^/channels/(\d+)/messages/(\d+)$")


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
async def simcord_bot(request, tmp_path, monkeypatch, bots):
    """The bot over SQLite or over a fresh PostgreSQL database."""
    made = await make_bot_on(request, tmp_path, monkeypatch)
    bots.append(made)
    return made


@dataclass
class Figures:
    """What the thread and the DMs got, per move and per turn."""

    turns: int = 0
    moves: int = 0
    boards: int = 0
    self_pings: int = 0
    pings: int = 0
    edits: int = 0
    """Edits that only take a superseded board's buttons off (the extra calls)."""
    in_place: int = 0
    """Edits of the turn's post in place (each instead of a new post)."""
    webhook_edits: int = 0
    """Edits made through a pressed button's interaction (not on the channel's limit)."""
    fetches: int = 0
    dms: int = 0
    dm_turns: Counter[tuple[int, int]] = field(default_factory=Counter)
    stale_live: int = 0
    wrong_pings: list[str] = field(default_factory=list)
    repeated: list[str | None] = field(default_factory=list)

    def line(self, game: str) -> str:
        per = max(self.turns, 1)
        return (f"{game}: {self.moves} moves, {self.turns} turns; board posts "
                f"{self.boards} ({self.boards / per:.2f}/turn); pings {self.pings} "
                f"({self.self_pings} of the mover); edits in place {self.in_place}, "
                f"edits taking buttons off {self.edits} ({self.edits / per:.2f}/turn), "
                f"{self.webhook_edits} of all edits through a pressed button, "
                f"fetches {self.fetches}; DMs {self.dms}; "
                f"most DMs to one player in one turn {max(self.dm_turns.values(), default=0)}"
                f"; superseded boards with live buttons {self.stale_live}")


def sent_pictures_in(body: Any) -> bool:
    return any(True for _ in sent_pictures(body))


def board_posts(sim: Sim, thread) -> list[Any]:
    return [m for m in sim.posts(thread) if any(a.filename == "board.png"
                                                 for a in m.attachments)]


def acting(message: Any) -> str | None:
    found = TO_ACT.findall(text_of(message))
    return found[-1] if found else None


async def one_call(sim: Sim, thread, mover: Any, figures: Figures, turn: int,
                   act) -> None:
    """Run ``act`` (a move by ``mover``) and count what it sent."""
    dm_channels = {u.user.dm_channel.id: u for u in (sim.ana, sim.bo, sim.cy)}
    before = len(sim.env.http_requests)
    await act()
    for entry in sim.env.http_requests[before:]:
        path = entry.path
        if entry.method == "POST" and path == f"/channels/{thread.id}/messages":
            continue  # counted from the thread below
        if entry.method == "PATCH" and (MESSAGE.match(path) or "/webhooks/" in path):
            if "/webhooks/" in path:
                figures.webhook_edits += 1
            if sent_pictures_in(entry.json):
                figures.in_place += 1
            else:
                figures.edits += 1
        elif entry.method == "GET" and MESSAGE.match(path):
            figures.fetches += 1
        elif entry.method == "POST" and path.startswith("/channels/"):
            channel = int(path.split("/")[2])
            if channel in dm_channels:
                figures.dms += 1
                figures.dm_turns[(dm_channels[channel].id, turn)] += 1
    figures.moves += 1


async def restart(sim: Sim) -> None:
    """A new bot over the same database (either store), as a new process would be."""
    old = sim.bot
    sim.bot = Pantheon(old.settings)
    sim.bots.append(sim.bot)
    await sim.env.restart_bot(sim.bot)
    await old.close()


async def play(sim: Sim, game: str, human_moves: int, seed: int, *, buttons: bool,
               restart_at: int | None = None, by_dm: Any = None) -> Figures:
    """A four-seat ``game`` (ana, bo, cy and a computer) for ``human_moves`` moves by
    the people: a board's button when ``buttons`` and it has one for the move, else
    ``/move``; a restart before move ``restart_at``; ``by_dm`` has chosen "your turn" by
    DM (``/notify``), so the board never pings them."""
    players = [sim.ana, sim.bo, sim.cy]
    if by_dm is not None:
        await sim.slash(by_dm, "notify", your_turn="dm")
    match_id, thread = await sim.start(sim.ana, game, players[1:], start=False)
    lobby = sim.posts(thread)[0]
    await sim.ana.click(lobby, label="Add computer player")
    await sim.ana.click(sim.posts(thread)[0], label="Start")
    rng, figures = random.Random(seed), Figures()
    seen = {m.id for m in board_posts(sim, thread)}  # the first board
    last_mover, turn = None, 0
    for number in range(human_moves):
        if number == restart_at:
            await restart(sim)
        mover = await sim.to_move(match_id, players)
        if mover is None:
            break
        if mover is not last_mover:
            turn += 1
        last_mover = mover
        legal = (await sim.bot.service.waiting(match_id))[mover.id]
        move = rng.choice(legal)
        current = board_posts(sim, thread)[-1]

        async def act(mover=mover, move=move, current=current) -> None:
            if buttons and move in labels(current):
                result = await mover.click(current, label=move)
                assert "Played" in answer(result), answer(result)
            else:
                await sim.move(mover, thread, move)

        await one_call(sim, thread, mover, figures, turn, act)
        boards = board_posts(sim, thread)
        for message in boards:
            if message.id in seen:
                continue
            seen.add(message.id)
            figures.boards += 1
            pinged = set(sim.env.backend.get_message(thread.id, message.id).ping_user_ids)
            figures.pings += len(pinged)
            figures.self_pings += mover.id in pinged
            who = acting(message)
            wanted = {p.id for p in players if p.name == who and p is not by_dm}
            if pinged != wanted:
                figures.wrong_pings.append(f"to act {who}, pinged {pinged}")
        figures.stale_live += sum(1 for m in boards[:-1] if labels(m))
    figures.turns = turn
    actors = [acting(m) for m in board_posts(sim, thread)]
    figures.repeated = [a for a, b in itertools.pairwise(actors) if a == b]
    return figures


def check(figures: Figures) -> None:
    """One new board per change of the player to act, pings only for the one to act (as
    they want them), no superseded board with live buttons, one new DM per player a
    turn."""
    assert figures.repeated == []  # two new boards in a row for the same player to act
    assert figures.self_pings == 0 and figures.wrong_pings == []
    assert figures.stale_live == 0
    assert max(figures.dm_turns.values(), default=0) <= 1
    assert figures.boards <= figures.turns + 1


async def test_a_four_seat_storm_by_buttons_posts_once_a_turn(sim: Sim) -> None:
    figures = await play(sim, "storm-of-the-gods", 30, seed=5, buttons=True, restart_at=12)
    print("\n" + figures.line("storm-of-the-gods, buttons"))
    check(figures)
    assert figures.in_place > 0 and figures.webhook_edits > 0  # steps edit the turn's post


async def test_a_four_seat_storm_by_move_posts_once_a_turn(sim: Sim) -> None:
    figures = await play(sim, "storm-of-the-gods", 30, seed=6, buttons=False, by_dm=sim.bo)
    print("\n" + figures.line("storm-of-the-gods, /move"))
    check(figures)
    assert figures.edits > 0  # superseded boards lost their buttons


async def test_a_four_seat_terra_posts_once_a_turn_and_dms_once_a_turn(sim: Sim) -> None:
    figures = await play(sim, "terra", 30, seed=5, buttons=False, restart_at=15,
                         by_dm=sim.cy)
    print("\n" + figures.line("terra, /move"))
    check(figures)
    assert figures.dms <= figures.turns + 3  # the reserves dealt at the start, then one
    # DM a turn: a player's turn coming to them, their build, discard and draw are one


async def test_a_stale_button_answers_with_a_link_to_the_current_board(sim: Sim) -> None:
    match_id, thread = await sim.start(sim.ana, "witch-stones", [sim.bo])
    first = board_posts(sim, thread)[-1]
    assert labels(first) == ["suns", "moons"]  # Bo chooses a side
    sim.env.inject_error("PATCH", f"/channels/{thread.id}/messages/*", status=403,
                         code=50001, message="Missing Access", times=1)
    await sim.move(sim.bo, thread, "suns")  # its buttons could not be taken off
    *_, before, current = board_posts(sim, thread)  # read again: as they are now
    assert before.id == first.id and labels(before) == ["suns", "moons"]
    result = await sim.bo.click(first, label="moons")
    text = answer(result)
    assert result.followups[-1].ephemeral and "\n" not in text and "board changed" in text
    assert text.endswith(f"/{thread.id}/{current.id}"), text
    assert len(await sim.bot.service.store.moves(match_id)) == 1


async def test_a_turn_board_that_cannot_be_edited_is_posted_anew(sim: Sim) -> None:
    """The turn's board deleted (or out of reach): the next step of the turn posts a new
    board, and the old one's buttons are taken off."""
    players = [sim.ana, sim.bo]
    match_id, thread = await sim.start(sim.ana, "storm-of-the-gods", [sim.bo])
    mover = await sim.to_move(match_id, players)
    board = board_posts(sim, thread)[-1]
    sim.env.inject_error("PATCH", f"/channels/{thread.id}/messages/{board.id}", status=404,
                         code=10008, message="Unknown Message", times=1)
    move = (await sim.bot.service.waiting(match_id))[mover.id][0]
    await sim.move(mover, thread, move)
    assert await sim.to_move(match_id, players) is mover  # the turn goes on
    boards = board_posts(sim, thread)
    assert boards[-1].id != board.id and f"To act: {mover.name}." in text_of(boards[-1])
    assert labels(boards[-2]) == [] and labels(boards[-1])
    kept = await sim.bot.service.store.posted(match_id)
    assert kept is not None and kept.message_id == boards[-1].id


async def test_board_reposted_by_the_board_command_is_the_current_one(sim: Sim) -> None:
    """``/board`` posts the board again in the thread, with its buttons: the one before
    loses them, and a step of the turn edits the new one."""
    match_id, thread = await sim.start(sim.ana, "storm-of-the-gods", [sim.bo])
    mover = await sim.to_move(match_id, [sim.ana, sim.bo])
    first = board_posts(sim, thread)[-1]
    result = await sim.slash(sim.ana, "board", thread)
    assert "posted above" in answer(result)
    *_, before, again = board_posts(sim, thread)  # read again: as they are now
    assert before.id == first.id and labels(again) and labels(before) == []
    move = (await sim.bot.service.waiting(match_id))[mover.id][0]
    await sim.move(mover, thread, move)
    assert board_posts(sim, thread)[-1].id == again.id  # edited in place: the turn goes on
