"""A Pantheon installed to people's accounts, used where the bot is not a member (issue
55): what each command declares, what cannot work there saying so in one line, a server
that limits external apps, no deadline, reminders by DM, /about's install links, and a
server's matches not readable from outside it. Whole matches of every game:
``test_sim_anywhere_games.py``."""

from __future__ import annotations

import re

import pytest

from db import records
from tests.sim.elsewhere import (
    MEMBER,
    PRIVATE_CHANNEL,
    USE_EXTERNAL_APPS,
    USER_INSTALL,
    Elsewhere,
    foreign_server,
    group_dm,
    walk,
)
from tests.sim.harness import Sim, answer, last, text_of

HOUR = 3600
ANYWHERE = {"match", "move", "board", "myview", "score", "history", "resign", "abort",
            "hint", "review", "rules", "notify", "privacy", "about", "reminders",
            "vacation", "export", "replay", "undo", "turns", "nudge", "mymatches",
            # offered everywhere to say in one line where they work:
            "settings", "leaderboard", "tournament", "challenge", "learn"}
ONE_LINE = re.compile(r"^\S.* works only in a server that has added Pantheon \(a moderator "
                      r"adds it with the link in /about\); here, play with /match start\.$")


def registered(sim: Sim) -> dict[str, dict]:
    """The global commands as the bot registered them with Discord."""
    synced = [e.json for e in sim.env.http_requests
              if e.method == "PUT" and e.path.endswith("/commands")]
    return {command["name"]: command for command in synced[-1]}


def labels(message) -> list[str]:
    return [c["label"] for c in walk(message.components) if c.get("type") == 2]


async def test_every_command_declares_where_it_works(sim: Sim) -> None:
    commands = registered(sim)
    for name, command in commands.items():
        assert command.get("integration_types") and command.get("contexts"), name
    anywhere = {name for name, command in commands.items()
                if USER_INSTALL in command["integration_types"]
                and PRIVATE_CHANNEL in command["contexts"]}
    assert anywhere == ANYWHERE
    for name in set(commands) - anywhere:  # the server install's, as before
        assert commands[name]["integration_types"] == [0], name


@pytest.mark.parametrize("where", [group_dm, foreign_server])
async def test_what_needs_the_bot_says_so_in_one_line(sim: Sim, where) -> None:
    place = where(sim, [sim.ana, sim.bo])
    for command, options in (("settings", {}), ("leaderboard", {"game": "terra"}),
                             ("tournament info", {"tournament": 1})):
        result = await place.slash(sim.ana.user, command, **options)
        assert result.ephemeral and ONE_LINE.match(answer(result)), answer(result)
    assert place.messages() == []


async def test_a_server_that_limits_external_apps_is_told_what_to_do(sim: Sim) -> None:
    place = foreign_server(sim, [sim.ana, sim.bo])
    place.member_permissions = MEMBER & ~USE_EXTERNAL_APPS
    result = await place.slash(sim.ana.user, "match start", game="terra")
    assert result.ephemeral and answer(result) == (
        "This server shows answers from apps it has not added only to the person who asked "
        "(its members lack Use External Apps here), so nobody else would see the match: ask "
        "a moderator to allow external apps, or play in a DM or a group DM.")
    assert place.messages() == []
    assert await sim.bot.service.store.find_matches(user_id=sim.ana.id) == []


async def start_here(place: Elsewhere, host, joiners, **options) -> int:
    result = await place.slash(host, "match start", **options)
    found = re.search(r"#(\d+) is open below", text_of(result.response))
    assert found, answer(result)
    lobby = place.messages()[-1]
    assert "No deadline: I cannot post here on my own" in text_of(lobby)
    for joiner in joiners:
        await place.click(joiner, lobby, "Join")
    await place.click(host, lobby, "Start")
    return int(found[1])


async def test_no_deadline_where_nobody_could_be_told_and_reminders_go_by_dm(
        sim: Sim, monkeypatch) -> None:
    env = sim.env
    monkeypatch.setattr(records, "now", lambda: records.stamp(env.now()))
    sim.bot.service.now = env.now
    ana, bo = sim.ana.user, sim.bo.user
    place = group_dm(sim, [ana, bo])
    for asked in ({"deadline": 24}, {"bank": 2.0}):
        refused = await place.slash(ana, "match start", game="witch-stones", **asked)
        assert refused.ephemeral and answer(refused).startswith(
            "A match here runs without a deadline (I cannot post here on my own")
    assert place.messages() == []
    match_id = await start_here(place, ana, [bo], game="witch-stones", remind=2,
                                remind_every=0)
    waiting = await sim.bot.service.waiting(match_id)
    (user_id,) = waiting
    person = ana if user_id == ana.id else bo
    before = len(sim.dms(person))
    public = len(place.messages())
    await env.advance_time(3 * HOUR)
    reminded = sim.dms(person)[before:]
    assert any("waiting" in text_of(m).lower() or "turn" in text_of(m).lower()
               for m in reminded), [text_of(m) for m in reminded]
    assert len(place.messages()) == public  # nothing posted where the bot is not
    record = await sim.bot.service.match(match_id)
    assert record.status == "running" and await sim.bot.service.store.moves(match_id) == []


async def test_a_board_button_press_edits_the_turns_board_in_place(sim: Sim) -> None:
    """Witch Stones' first choice is two buttons (suns, moons): pressing one answers with
    the next board, and the pressed board loses its buttons but "Your view" goes too."""
    ana, bo = sim.ana.user, sim.bo.user
    place = group_dm(sim, [ana, bo])
    match_id = await start_here(place, ana, [bo], game="witch-stones")
    board = place.messages()[-1]
    waiting = await sim.bot.service.waiting(match_id)
    (user_id,) = waiting
    mover = ana if user_id == ana.id else bo
    choice = labels(board)[0]
    assert {"suns", "moons"} >= {choice} and "Your view" in labels(board)
    result = await place.click(mover, board, choice)
    assert f"Played `{choice}`" in text_of(last(result))
    assert [m for m in place.seen_by(ana if mover is bo else bo)
            if "Played" in text_of(m)] == []  # the mover's answer is theirs alone
    assert labels(place.current(board)) == []  # superseded: its buttons are off
    assert place.messages()[-1].id != board.id and "Your view" in labels(place.messages()[-1])


async def test_about_gives_both_install_links(sim: Sim) -> None:
    place = group_dm(sim, [sim.ana, sim.bo])
    result = await place.slash(sim.ana.user, "about")
    text = answer(result)
    app = sim.env.backend.application_id
    assert (f"<https://discord.com/oauth2/authorize?client_id={app}&scope=bot+applications"
            f".commands&permissions=326417632256&integration_type=0>") in text
    assert (f"<https://discord.com/oauth2/authorize?client_id={app}&scope=applications"
            f".commands&integration_type=1>") in text


async def test_a_servers_match_is_not_read_from_outside_it(sim: Sim) -> None:
    match_id, _ = await sim.start(sim.ana, "witch-stones", [sim.bo])
    place = group_dm(sim, [sim.ana, sim.cy])
    for command in ("board", "history", "score"):
        result = await place.slash(sim.cy.user, command, match=match_id)
        assert answer(result) == f"There is no match #{match_id} here.", command
    assert place.messages() == []


async def test_a_move_made_from_another_conversation_shows_no_board_there(sim: Sim) -> None:
    """A player may move from anywhere (``match:`` names the match), but the board is the
    match's place's: another conversation, with other people in it, gets none."""
    ana, bo, cy = sim.ana.user, sim.bo.user, sim.cy.user
    place = group_dm(sim, [ana, bo])
    match_id = await start_here(place, ana, [bo], game="witch-stones")
    elsewhere = group_dm(sim, [ana, bo, cy], "other friends")
    (user_id, moves), = (await sim.bot.service.waiting(match_id)).items()
    mover = ana if user_id == ana.id else bo
    boards = len(place.messages())
    result = await elsewhere.slash(mover, "move", move=moves[0], match=match_id)
    assert f"Played `{moves[0]}`" in answer(result)
    assert "/board there" in answer(result)
    assert elsewhere.messages() == [] and len(place.messages()) == boards
    shown = await place.slash(bo, "board")
    assert shown.ephemeral and len(place.messages()) == boards + 1


async def test_a_board_that_can_no_longer_be_edited_is_posted_anew(sim: Sim) -> None:
    """While the same player keeps acting, the turn's board is edited through the answer
    that posted it; fifteen minutes on, its token is gone, and the next step posts a new
    board (the match is the store's, not the message's)."""
    import random

    people = [sim.ana.user, sim.bo.user]
    place = group_dm(sim, people)
    match_id = await start_here(place, people[0], people[1:], game="storm-of-the-gods")
    rng = random.Random(3)
    for _ in range(60):
        (user_id, moves), = (await sim.bot.service.waiting(match_id)).items()
        mover = next(p for p in people if p.id == user_id)
        boards = len(place.messages())
        await place.slash(mover, "move", move=rng.choice(moves))
        (after_id, _), = (await sim.bot.service.waiting(match_id)).items()
        if after_id == user_id and len(place.messages()) == boards:
            break  # edited in place: the same player acts again
    else:
        raise AssertionError("the same player never acted twice in a row")
    edited = place.messages()[-1]
    await sim.env.advance_time(16 * 60)
    (user_id, moves), = (await sim.bot.service.waiting(match_id)).items()
    assert user_id == mover.id  # the same turn goes on: its board would be edited
    result = await place.slash(mover, "move", move=rng.choice(moves))
    assert "Played" in answer(result)
    assert place.messages()[-1].id != edited.id and place.messages()[-1].attachments
