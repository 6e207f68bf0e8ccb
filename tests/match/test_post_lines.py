"""The lines of a public post after a move: the moves since the player's last turn under
the right heading (never "since their last turn" before they have had one), a long turn
elided by a marker that stands for two moves or more with its plural right, and a lobby
or challenge that lists only the options somebody set."""

from __future__ import annotations

import re
from itertools import pairwise

import speech
from engines.ai import RandomPlayer
from service import Actor, Invitee, Service
from service.match.play import MAX_POST_LINES, elided

PEOPLE = [Actor(i, name, guild_id=50) for i, name in
          enumerate(["Ana", "Bo", "Cy", "Di", "Ed", "Flo"], 1)]
MARKER = re.compile(r"… (\d+) more (moves?) \(see /history\) …")


def test_a_marker_never_stands_for_one_line():
    lines = [f"line {i}" for i in range(MAX_POST_LINES + 1)]
    assert elided(lines) == lines  # one over: shown, not hidden behind a marker
    longer = [f"line {i}" for i in range(MAX_POST_LINES + 2)]
    shown = elided(longer)
    assert str(shown[1]) == "… 2 more moves (see /history) …"
    assert len(shown) == MAX_POST_LINES + 1 and shown[0] == "line 0" and shown[-1] == longer[-1]
    assert list(map(str, elided(longer, limit=3))) == [
        "line 0", f"… {len(longer) - 3} more moves (see /history) …", *longer[-2:]]


async def test_six_seat_storm_says_first_turn_and_never_hides_one_move(store):
    """Six people at Storm (seed 105): each post that hands a player the turn lists what
    happened since their last turn, or before their first."""
    service = Service(store, seed_source=lambda: 105, shuffle=lambda seats: None,
                      player=RandomPlayer())
    match = await service.create(PEOPLE[0], "storm-of-the-gods")
    for person in PEOPLE[1:]:
        await service.join(match.id, person)
    update = await service.start(match.id, PEOPLE[0])
    moved: set[str] = set()
    headings = {"Since": 0, "Before": 0}
    for _ in range(40):
        if update.match.status != "running":
            break
        ((user, moves),) = (await service.waiting(match.id)).items()
        person = PEOPLE[user - 1]
        update = await service.submit(match.id, person, moves[0])
        text = update.public.text
        for name in re.findall(r"^Since (\w+)'s last turn:", text, re.M):
            assert name in moved, text
            headings["Since"] += 1
        for name in re.findall(r"^Before (\w+)'s first turn:", text, re.M):
            assert name not in moved, text
            headings["Before"] += 1
        for count, word in MARKER.findall(text):
            assert int(count) >= 2 and word == "moves", text
        if user not in await service.waiting(match.id):  # their turn is over
            moved.add(person.name)
    assert headings["Since"] and headings["Before"] >= 4, headings


async def test_terra_lists_only_the_options_somebody_set(service):
    plain = await service.challenge(PEOPLE[0], [Invitee(2, "Bo")], "terra")
    assert "Terms" not in plain.text and "open_reserves" not in plain.text, plain.text
    chosen = await service.challenge(PEOPLE[2], [Invitee(4, "Di")], "terra",
                                     {"open_reserves": "true"})
    assert "Terms: open_reserves=true." in chosen.text and "terrain" not in chosen.text
    lobby = await service.create(PEOPLE[4], "terra")
    assert "Options" not in service.lobby_text(lobby)
    lobby = await service.create(PEOPLE[5], "terra", {"terrain": "true"})
    assert "Options: terrain=True." in service.lobby_text(lobby)
    assert "open_reserves" not in service.lobby_text(lobby)


async def test_six_seat_storm_recap_is_a_line_a_player_and_a_turn_is_one_post(store):
    """The "Since X's last turn" recap of six-seat Storm is one line per player's turn
    (it was one line per move: a 14-line wall), and while a player keeps acting, the
    post is the whole turn so far, for the same turn, pinging nobody."""
    service = Service(store, seed_source=lambda: 105, shuffle=lambda seats: None,
                      player=RandomPlayer())
    match = await service.create(PEOPLE[0], "storm-of-the-gods")
    for person in PEOPLE[1:]:
        await service.join(match.id, person)
    update = await service.start(match.id, PEOPLE[0])
    names = [p.name for p in PEOPLE]
    recaps, steps, previous, longest = 0, 0, update, 0
    for _ in range(60):
        if update.match.status != "running":
            break
        ((user, moves),) = (await service.waiting(match.id)).items()
        person = PEOPLE[user - 1]
        update = await service.submit(match.id, person, moves[-1])
        text = update.public.text
        if update.public.mentions == [] and person.user_id in await service.waiting(
                match.id):
            steps += 1  # the turn goes on: the same turn, the earlier steps kept
            assert update.turn == previous.turn and update.turn is not None
            kept = [line for line in previous.public.text.splitlines()
                    if line.split(" ", 1)[0] in names]
            assert set(kept) <= set(text.splitlines()), (previous.public.text, text)
        else:
            assert update.turn != previous.turn
        if "'s last turn:\n" in text:
            recaps += 1
            block = text.split("last turn:\n", 1)[1].splitlines()
            actor = re.findall(r"^To act: (\w+)\.", text, re.M)[0]
            lines = [line for line in block if line.split(" ", 1)[0] in names
                     and not line.startswith(actor + " ")]  # not the turn's own steps
            starts = [line.split(" ", 1)[0] for line in lines]
            longest = max(longest, len(lines))
            assert all(a != b for a, b in pairwise(starts)), text
        previous = update
    assert recaps and steps, (recaps, steps)
    assert longest <= len(PEOPLE), longest  # a line a player's turn, not a line a move


async def test_against_the_computer_no_recap_repeats_your_move_or_the_last_post(store):
    """Issue 36: after `take h1` the post began "Since Ana's last turn:", then the
    computer's move of the post before, then Ana's own move. A person who just moved has
    seen everything before; their post is their move and the replies. (A step of the
    same turn edits that post in place: it keeps its lines and adds the step.)"""
    for slug in ("witch-stones", "storm-of-the-gods"):
        service = Service(store, seed_source=lambda: 8, shuffle=lambda seats: None,
                          player=RandomPlayer())
        match = await service.create(PEOPLE[0], slug)
        await service.add_ai(match.id, PEOPLE[0])
        update = await service.start(match.id, PEOPLE[0])
        before = update.public.text if update.public else ""
        for _ in range(30):
            if update.match.status != "running":
                break
            moves = (await service.waiting(match.id)).get(PEOPLE[0].user_id)
            assert moves, slug
            turn = update.turn
            update = await service.submit(match.id, PEOPLE[0], moves[-1])
            text = update.public.text
            assert not re.search(r"^(Since|Before) .*turn:$", text, re.M), (slug, text)
            if update.turn != turn:  # a new post (not the turn's post edited): it begins
                # with Ana's own last move, then the computer's replies
                played = await service.store.moves(match.id)
                own = next(str(said) for m in reversed(played)
                           if str(said := speech.restored(m.said)).startswith("{seat0}"))
                said = own.replace("{seat0}", "Ana").replace("{seat1}", "Computer 1")
                assert text.startswith(said[:24]), (slug, before, text)


async def test_players_whose_turns_said_the_same_share_one_recap_line(store):
    """Four at When Gods Collide: players arranging at random and choosing a god one
    after another were near-identical lines ("Bo arranged their army at random; chose a god
    checker." …); the recap says it once, naming each of them."""
    service = Service(store, seed_source=lambda: 4, shuffle=lambda seats: None,
                      player=RandomPlayer())
    match = await service.create(PEOPLE[0], "when-gods-collide")
    for person in PEOPLE[1:4]:
        await service.join(match.id, person)
    update = await service.start(match.id, PEOPLE[0])
    texts = []
    for _ in range(80):
        if update.match.status != "running":
            break
        ((user, moves),) = (await service.waiting(match.id)).items()
        choice = next((m for m in moves if m == "arrange auto"), None) or next(
            (m for m in moves if m.startswith("god ")), moves[0])
        update = await service.submit(match.id, PEOPLE[user - 1], choice)
        texts.append(update.public.text)
        if " each arranged " in texts[-1]:
            break
    shared = [line for text in texts for line in text.splitlines()
              if re.match(r"^\w+(, \w+)* and \w+ each arranged their army at random", line)]
    assert shared, "\n\n".join(texts)
    for text in texts:  # never the same words twice, one player after another
        said = [line.split(" ", 1)[1] for line in text.splitlines()
                if line.split(" ", 1)[0] in {p.name for p in PEOPLE}]
        assert all(a != b for a, b in pairwise(said)), text
