"""Every text that names a person names them cleaned: players whose display names carry
right-to-left overrides, zero-width and tag characters, control codes, line breaks that
would forge a line of their own, and 10,000 characters act through every kind of text the
service writes (lobby, moves, abort, resignation, nudge, vacation, undo, challenge,
rematch, tournament, notices, digest, reminders, time-outs, ratings) — with the hostile
name both where they enter and as the front end gives it at each action. Nothing the
service returns holds a control, format (bidi, zero-width) or surrogate character, no
line starts with the forged text, and no name runs past its 32 characters."""

from __future__ import annotations

import dataclasses
import unicodedata
from datetime import UTC, datetime, timedelta

import pytest

from engines.ai import RandomPlayer
from service import Actor, Service, ServiceError
from service.challenges.challenges import Invitee
from service.common.boundary import NAME_LENGTH, person_name, written
from service.events.entry_terms import EventTerms
from service.match import ratings

HERE = 60
FORGED = "FORGED"
HOSTILE = [
    "\u202eAna\u202c \u2066evil\u2069\u200f",         # right-to-left override, isolates
    "Bo\u200b\u200c\u200d\ufeff\u2060\u00ad",          # zero-width, soft hyphen
    f"Cy\n{FORGED}: Cy wins\r\n{FORGED} again",       # a line forged by a line break
    "D" * 10_000,                                      # a 10 kB name
    "\x1b[2J\x00Ed\x07\x7f\x85\u2028" + FORGED,        # terminal codes, C1, line separator
    "\U000e0041\U000e0042Fi\ud800\U000e007f",          # invisible tags, a lone surrogate
]
START = datetime(2026, 3, 2, 12, tzinfo=UTC)


def people(count: int = len(HOSTILE)) -> list[Actor]:
    return [Actor(i + 1, name, guild_id=HERE) for i, name in enumerate(HOSTILE[:count])]


def texts(value: object, seen: set[int] | None = None) -> list[str]:
    """Every string in what the service returned (posts, news, records, notices)."""
    seen = seen if seen is not None else set()
    if isinstance(value, str):
        return [value]
    if isinstance(value, bytes | int | float | bool | datetime | timedelta) or value is None:
        return []
    if id(value) in seen:
        return []
    seen.add(id(value))
    if isinstance(value, dict):
        return [t for k, v in value.items() for t in texts(k, seen) + texts(v, seen)]
    if isinstance(value, list | tuple | set | frozenset):
        return [t for v in value for t in texts(v, seen)]
    if dataclasses.is_dataclass(value):
        return [t for f in dataclasses.fields(value) for t in texts(getattr(value, f.name),
                                                                     seen)]
    return []


def clean(*returned: object) -> int:
    """Assert every text in ``returned`` is clean (see the module); how many there were."""
    found = [t for r in returned for t in texts(r)]
    for text in found:
        for char in text:
            kind = unicodedata.category(char)
            assert char == "\n" or kind not in ("Cc", "Cf", "Cs", "Zl", "Zp"), (
                hex(ord(char)), text[:200])
        for line in text.splitlines():
            assert not line.lstrip(" *_>#-").startswith(FORGED), text[:300]
        assert "D" * (NAME_LENGTH + 1) not in text, text[:200]
    return len(found)


def make(store, **more) -> Service:
    service = Service(store, seed_source=lambda: 12345, shuffle=lambda seats: None,
                      player=RandomPlayer(), render=lambda *a, **k: b"", **more)
    service.now = lambda: START
    return service


async def storm(service: Service, players: list[Actor], **terms) -> tuple[int, list[object]]:
    """A Storm of the Gods match of ``players`` (the first hosts), started."""
    host = players[0]
    match = await service.create(host, "storm-of-the-gods", channel_id=5, **terms)
    said: list[object] = [match]
    for actor in players[1:]:
        said.append(await service.join(match.id, actor))
    said.append(service.lobby_text(await service.match(match.id)))
    said.append(await service.start(match.id, host))
    return match.id, said


async def play(service: Service, match_id: int, players: list[Actor], moves: int
               ) -> list[object]:
    by_id = {a.user_id: a for a in players}
    said: list[object] = []
    for _ in range(moves):
        waiting = await service.waiting(match_id)
        if not waiting:
            break
        user, legal = next(iter(waiting.items()))
        said.append(await service.submit(match_id, by_id[user], legal[-1]))
    return said


async def attempt(call) -> object:
    """What the call returns, or its refusal's sentence (a text that may name people)."""
    try:
        return await call
    except ServiceError as refused:
        return str(refused)


@pytest.fixture
def hostile():
    assert all(person_name(n) for n in HOSTILE)  # each leaves a name to show
    return people()


async def test_lobby_moves_readings_and_abort(store, hostile):
    service = make(store)
    match_id, said = await storm(service, hostile)
    said += await play(service, match_id, hostile, 12)
    for actor in hostile:
        said += [await service.board(match_id, actor), await service.standing(match_id, actor),
                 await service.history(match_id, actor), await service.my_turns(actor),
                 await service.text_board(match_id, actor)]
    said.append(await service.abort(match_id, hostile[0]))
    assert clean(*said) > 50


async def test_resignation_nudge_vacation_and_undo(store, hostile):
    service = make(store)
    match_id, said = await storm(service, hostile[:3])
    said += await play(service, match_id, hostile, 3)
    waiting = await service.waiting(match_id)
    idle = next(a for a in hostile[:3] if a.user_id not in waiting)
    said.append(await service.nudge(match_id, idle, now=START + timedelta(days=2)))
    said.append(await service.vacation(hostile[2], 3, now=START + timedelta(days=2)))
    said.append(await attempt(service.nudge(match_id, idle, now=START + timedelta(days=4))))
    mover = next(a for a in hostile if a.user_id in waiting)
    said += await play(service, match_id, hostile, 1)
    asked = await service.ask_undo(match_id, mover)
    said.append(asked)
    match = await service.match(match_id)
    for other in hostile[:3]:
        if other.user_id != mover.user_id and asked.asked is not None:
            said.append(await service.answer_undo(match_id, match.version, other, True))
            break
    said.append(await service.resign(match_id, hostile[1]))
    said.append(await service.resign(match_id, hostile[0]))
    assert clean(*said) > 20


async def test_challenges_and_a_rematch(store, hostile):
    service = make(store)
    host, *others = hostile[:4]
    invited = [Invitee(a.user_id, a.name) for a in others]
    first = await service.challenge(host, invited, "storm-of-the-gods")
    said: list[object] = [first, await service.decline_challenge(first.challenge.id,
                                                                 others[0])]
    second = await service.challenge(host, invited, "storm-of-the-gods", bots=1)
    said.append(second)
    for actor in others:
        said.append(await service.accept_challenge(second.challenge.id, actor))
    third = await service.challenge(host, invited[:1], "witch-stones")
    said += [third, await service.withdraw_challenge(third.challenge.id, host)]
    record = await service.get_challenge(second.challenge.id)
    match_id = record.match_id
    for actor in (host, *others):  # the computer is left: the match is over
        said.append(await service.resign(match_id, actor))
    said += [await service.rematch(match_id, others[2]),
             ratings.leaderboard_lines(await service.leaderboard(HERE, "storm-of-the-gods",
                                                                 host.user_id), "Storm")]
    assert clean(*said) > 20


async def test_a_tournament(store, hostile):
    service = make(store)
    record = await service.create_tournament(hostile[0], "witch-stones",
                                             EventTerms("swiss", 2))
    said: list[object] = [record]
    for actor in hostile:
        said.append(await service.tournament_act("join", record.id, actor))
    said.append(await service.tournament_act("computer", record.id, hostile[0]))
    said += [await service.tournament_post(await service.tournament(record.id), what)
             for what in ("entry", "info")]
    said.append(await service.tournament_act("start", record.id, hostile[0]))
    said.append(await service.tournament_act("withdraw", record.id, hostile[3]))
    said += [await service.tournament_post(await service.tournament(record.id), what)
             for what in ("info", "standings", "export")]
    said.append(await service.tournament_act("cancel", record.id, hostile[0]))
    assert clean(*said) > 20


async def test_notices_digest_reminders_and_time_outs(store, hostile):
    service = make(store)
    for actor in hostile[1:3]:
        await service.notify_settings(actor, quiet_hours="11:00-13:00", your_turn="dm",
                                      digest_hour=14, now=START)
    match_id, said = await storm(service, hostile[:3], deadline=24, on_timeout="forfeit")
    await service.notify.follow(match_id, hostile[3], "moves")
    for update in await play(service, match_id, hostile, 6):
        said += [update, await service.deliver(update, START)]
    said += [await service.notices_due(START + timedelta(hours=h)) for h in (1, 2, 3)]
    said.append(await service.reminders_due(START + timedelta(hours=20)))
    said.append(await service.expire(START + timedelta(days=3)))
    assert clean(*said) > 20


def test_the_one_function_cleans_before_it_escapes():
    seen: list[str] = []

    def escape(name: str) -> str:
        seen.append(name)
        return name

    write = written(escape)
    for name in HOSTILE:
        assert write(name) == person_name(name) == seen[-1]
        assert clean(write(name)) == 1
