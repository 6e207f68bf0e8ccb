"""The guided move picker through simcord: "Choose a move" under a public board with many
moves, "Your moves" with more than 25 secret ones; groups, pages, the move played, and
the presses that must be refused (another player, a stale board)."""

from __future__ import annotations

import random
from typing import Any

import pytest
import simcord

import bot.match.picker as picker_module
import service.match.move_groups as groups_module
from tests.sim.harness import Sim, answer, labels, last

PICK, MINE = "Choose a move", "Your moves"
# game → (players, options, the button under the board, the fewest moves it shows a picker)
GAMES = {
    "witch-stones": (("ana", "bo"), None, PICK, 6),
    "angry-gods": (("ana", "bo"), None, PICK, 6),
    "terra open reserves": (("ana", "bo"), "open_reserves=true", PICK, 6),
    "terra": (("ana", "bo"), None, MINE, 26),
    "when-gods-collide": (("ana", "bo", "cy"), None, MINE, 26),
}


async def play_until(sim: Sim, match_id: int, thread, players, rng: random.Random,
                     fewest: int, limit: int = 80) -> Any:
    """Random moves by /move until one player alone must act with ``fewest`` moves or
    more; returns that player."""
    for _ in range(limit):
        choices = await sim.bot.service.choices(match_id)
        if choices is not None and len(choices.moves) >= fewest:
            return next(p for p in players if p.id == choices.user_id)
        waiting = await sim.bot.service.waiting(match_id)
        mover = next(p for p in players if waiting.get(p.id))
        await sim.move(mover, thread, rng.choice(waiting[mover.id]))
    raise AssertionError(f"never {fewest} moves for one player")


def board_with(sim: Sim, thread, label: str):
    """The newest public post in ``thread`` with a button labelled ``label``."""
    return next(m for m in reversed(sim.posts(thread)) if label in labels(m))


def fresh(sim: Sim, message) -> simcord.results.ResponseMessage:
    """The message as it is now (edits included)."""
    stored = sim.env.backend.get_message(message.channel_id, message.id)
    return simcord.results.ResponseMessage(sim.env, stored)


def menu_of(message) -> dict[str, Any]:
    [row] = message.components
    [menu] = row["components"]
    assert menu["type"] == 3 and menu["custom_id"].startswith("pantheon:choose:")
    assert 1 <= len(menu["options"]) <= 25
    assert all(len(o["label"]) <= 100 and len(o["value"]) <= 100 for o in menu["options"])
    return menu


def step_toward(menu: dict[str, Any], moves: list[str], wanted: str) -> str:
    """The option a player who wants ``wanted`` chooses: the move, else its group, else
    the next page."""
    values = [o["value"] for o in menu["options"]]
    for value in values:
        if value.startswith("m:") and moves[int(value[2:])] == wanted:
            return value
    groups = [v for v in values if v.startswith("g:") and len(v) > 2
              and wanted.startswith(v[2:])]
    if groups:
        return max(groups, key=len)
    return next(v for v in values if v.startswith("p:")
                and menu["options"][values.index(v)]["label"].startswith("More"))


async def pick(sim: Sim, user, message, moves: list[str], wanted: str) -> tuple[Any, int]:
    """Choose ``wanted`` step by step in the picker ``message``; (final message, steps)."""
    for steps in range(1, 40):
        message = fresh(sim, message)
        assert message.ephemeral, message.content
        value = step_toward(menu_of(message), moves, wanted)
        result = await user.select(message.message, [value])
        assert not result.followups, answer(result)  # no error: the picker was edited
        if value.startswith("m:"):
            return fresh(sim, message), steps
    raise AssertionError(f"{wanted!r} never offered")


async def open_picker(sim: Sim, user, board, label: str):
    result = await user.click(board, label=label)
    message = last(result)
    assert message.ephemeral and "choose one" in message.content, message.content
    return message


@pytest.mark.parametrize("case", list(GAMES))
async def test_a_player_picks_a_move_step_by_step(sim: Sim, case: str) -> None:
    names, options, label, fewest = GAMES[case]
    players = [getattr(sim, name) for name in names]
    rng = random.Random(f"pick-{case}")
    game = case.split(" ")[0]
    extra = {"options": options} if options else {}
    match_id, thread = await sim.start(players[0], game, players[1:], **extra)
    mover = await play_until(sim, match_id, thread, players, rng, fewest)

    board = board_with(sim, thread, label)
    moves = (await sim.bot.service.waiting(match_id))[mover.id]
    assert len(moves) >= fewest and (label == MINE or "Choose a move" in labels(board))
    wanted = rng.choice(moves)
    menu = await open_picker(sim, mover, board, label)
    done, steps = await pick(sim, mover, menu, moves, wanted)
    assert done.content.startswith(f"Played `{wanted}`."), done.content
    assert done.components == []
    played = await sim.bot.service.store.moves(match_id)
    assert played[-1].notation == wanted
    assert steps >= 2 or len(moves) <= 25  # more than a menu's worth: groups first


async def test_others_are_refused_and_nothing_is_played(sim: Sim) -> None:
    match_id, thread = await sim.start(sim.ana, "angry-gods", [sim.bo])
    mover = await play_until(sim, match_id, thread, [sim.ana, sim.bo], random.Random(1), 6)
    other = sim.bo if mover is sim.ana else sim.ana
    board = board_with(sim, thread, PICK)
    before = len(await sim.bot.service.store.moves(match_id))

    refused = await other.click(board, label=PICK)
    assert refused.ephemeral and "not your turn" in answer(refused)
    outsider = await sim.cy.click(board, label=PICK)
    assert outsider.ephemeral and "not playing" in answer(outsider)
    assert len(await sim.bot.service.store.moves(match_id)) == before


async def test_a_stale_picker_plays_nothing(sim: Sim) -> None:
    players = [sim.ana, sim.bo]
    match_id, thread = await sim.start(sim.ana, "angry-gods", [sim.bo])
    mover = await play_until(sim, match_id, thread, players, random.Random(2), 6)
    board = board_with(sim, thread, PICK)
    moves = (await sim.bot.service.waiting(match_id))[mover.id]
    menu = await open_picker(sim, mover, board, PICK)

    await sim.move(mover, thread, moves[0])  # the board changes under the open picker
    count = len(await sim.bot.service.store.moves(match_id))
    value = menu_of(fresh(sim, menu))["options"][0]["value"]
    result = await mover.select(fresh(sim, menu).message, [value])
    assert "board changed" in answer(result), answer(result)
    superseded = next(m for m in sim.posts(thread) if m.id == board.id)
    assert labels(superseded) == []  # the superseded board's buttons are gone
    assert len(await sim.bot.service.store.moves(match_id)) == count


async def test_pages_turn_when_a_menu_cannot_hold_the_choices(sim: Sim, monkeypatch) -> None:
    monkeypatch.setattr(groups_module, "MENU_SIZE", 6)
    monkeypatch.setattr(picker_module, "MENU_SIZE", 6)
    match_id, thread = await sim.start(sim.ana, "witch-stones", [sim.bo])
    mover = await play_until(sim, match_id, thread, [sim.ana, sim.bo], random.Random(4), 30)
    moves = (await sim.bot.service.waiting(match_id))[mover.id]
    wanted = max(moves)  # on a late page
    menu = await open_picker(sim, mover, board_with(sim, thread, PICK), PICK)
    done, steps = await pick(sim, mover, menu, moves, wanted)
    assert done.content.startswith(f"Played `{wanted}`.")
    assert steps > 3  # pages were turned
    assert (await sim.bot.service.store.moves(match_id))[-1].notation == wanted


async def test_an_open_picker_works_after_a_restart(sim: Sim, tmp_path, monkeypatch) -> None:
    match_id, thread = await sim.start(sim.ana, "angry-gods", [sim.bo])
    mover = await play_until(sim, match_id, thread, [sim.ana, sim.bo], random.Random(5), 6)
    moves = (await sim.bot.service.waiting(match_id))[mover.id]
    menu = await open_picker(sim, mover, board_with(sim, thread, PICK), PICK)

    await sim.restart(tmp_path, monkeypatch)  # the same database, a new process
    done, _ = await pick(sim, mover, menu, moves, moves[-1])
    assert done.content.startswith(f"Played `{moves[-1]}`.")
    assert (await sim.bot.service.store.moves(match_id))[-1].notation == moves[-1]
