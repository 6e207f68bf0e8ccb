"""The facade's doors: every parameter of the tournament and notification methods (and
the notes and follows beside them) given every kind of hostile value, on both stores,
gets a result or one short ServiceError sentence, never another exception; whole numbers
reach both stores as the same int; and every public method of the facade checks its
parameters (:func:`service.common.boundary.guarded`)."""

from __future__ import annotations

import inspect
import math
from datetime import UTC, datetime

import pytest

from service import Actor, MatchTerms, Service, ServiceError
from service.events.entry_terms import EventTerms
from service.notices.notify import Notice

ANA = Actor(1, "Ana", guild_id=7)
BO = Actor(2, "Bo", guild_id=7)
CY = Actor(3, "Cy", guild_id=7)
NOW = datetime(2026, 3, 2, 12, tzinfo=UTC)


class Hostile:
    def __repr__(self) -> str:
        raise RuntimeError("a hostile repr")


HOSTILE: list[object] = [
    None, True, False, 0, -1, 2**63, -(2**63) - 1, 2**200, 1.5, 2.0, 1e103, math.nan,
    math.inf, -math.inf, "", "abc", "1", "x" * 100_000, "\x00\u202e", [], [1], {}, {"a": 1},
    (1,), b"1", object(), Hostile(), datetime(2026, 1, 1), NOW, ANA,
    Actor("1", "x", 7), Actor(1, "x", "7"), Actor(2**63, "x", 7), Actor(1, None, 7),
    Actor(1.5, "x", 7), Actor(0, "Zero", 7), Actor(-1, "Computer", 7), Actor(1, "x", 7, "y"),
    EventTerms("swiss", 2), EventTerms(None, "x"), MatchTerms(),
]


async def calls(service: Service) -> dict[str, tuple[object, dict[str, object]]]:
    """Each method with a valid call: its arguments by name."""
    event = await service.create_tournament(ANA, "witch-stones", EventTerms("swiss", 2),
                                            channel_id=5)
    await service.tournament_act("join", event.id, BO)
    match = await service.create(ANA, "witch-stones", channel_id=5)
    await service.join(match.id, BO)
    update = await service.start(match.id, ANA)
    notice = Notice(2, "held", None, False, None)
    return {
        "create_tournament": (service.create_tournament, dict(
            actor=ANA, game_slug="witch-stones", event=EventTerms("swiss", 2), options={},
            channel_id=5, terms=MatchTerms())),
        "tournament": (service.tournament, dict(tournament_id=event.id, actor=ANA)),
        "set_tournament_message": (service.set_tournament_message, dict(
            tournament_id=event.id, message_id=9)),
        "tournament_act": (service.tournament_act, dict(
            action="join", tournament_id=event.id, actor=CY, level=None)),
        "tournament_pass": (service.tournament_pass, dict(now=NOW)),
        "tournament_post": (service.tournament_post, dict(record=event, what="standings")),
        "notify_settings": (service.notify_settings, dict(
            actor=BO, time_zone="Europe/Paris", quiet_hours="23:00-07:00", your_turn="dm",
            digest_hour=8, now=NOW)),
        "deliver": (service.deliver, dict(update=update, now=NOW)),
        "notices_due": (service.notices_due, dict(now=NOW)),
        "notice_sent": (service.notice_sent, dict(notice=notice)),
        "follow": (service.follow, dict(match_id=match.id, actor=CY, mode="moves")),
        "note": (service.note, dict(match_id=match.id, actor=BO)),
        "set_note": (service.set_note, dict(match_id=match.id, actor=BO, text="plans")),
        "hint": (service.hint, dict(match_id=match.id, actor=BO)),
        "review": (service.review, dict(match_id=match.id, actor=BO, progress=None)),
    }


async def test_every_hostile_value_for_every_parameter_is_a_result_or_a_refusal(service):
    tried = refused = 0
    doors = await calls(service)
    for name, (method, valid) in doors.items():
        for parameter in valid:
            for value in HOSTILE:
                tried += 1
                try:
                    await method(**{**valid, parameter: value})
                except ServiceError as exc:
                    said = str(exc)
                    assert "\n" not in said and len(said) <= 300, (name, parameter, said)
                    refused += 1
    assert tried == sum(len(v) for _, v in doors.values()) * len(HOSTILE) == 40 * 41
    assert refused > tried // 2, (tried, refused)


async def test_whole_numbers_reach_both_stores_as_the_same_int(service):
    event = await service.create_tournament(ANA, "witch-stones", EventTerms("swiss", 2.0),
                                            channel_id=5.0)
    await service.set_tournament_message(float(event.id), 9.0)
    kept = await service.tournament(event.id)
    assert (kept.channel_id, kept.message_id) == (5, 9)
    assert type(kept.channel_id) is int and type(kept.message_id) is int
    match = await service.create(Actor(1.0, "Ana", 7.0), "witch-stones", channel_id=6.0)
    kept_match = await service.match(match.id)
    assert (kept_match.channel_id, kept_match.guild_id, kept_match.host_id) == (6, 7, 1)
    assert all(type(v) is int for v in (kept_match.channel_id, kept_match.guild_id))
    for channel in ("abc", 1.5, True, 2**63, "6"):
        with pytest.raises(ServiceError, match="A channel id "):
            await service.create(ANA, "witch-stones", channel_id=channel)


async def test_the_issues_inner_doors_are_refused_in_a_sentence(service):
    for call, said in [
        (service.create(ANA, "witch-stones", channel_id=2**63), "A channel id is out of range"),
        (service.deliver(None), "The update must be an Update, not 'None'"),
        (service.notify_settings(Actor(0, "Zero")), "Only a person has notification"),
        (service.notices_due(datetime(2026, 1, 1)), "The time must be a time with its zone"),
        (service.create(ANA, "witch-stones", bogus=1), "A match has no term called 'bogus'"),
    ]:
        with pytest.raises(ServiceError, match=f"^{said}"):
            await call


def test_every_public_method_of_the_facade_checks_its_parameters():
    for name, member in vars(Service).items():
        if name.startswith("_") or not inspect.isfunction(member):
            continue
        assert hasattr(member, "__wrapped__"), name
        hinted = [p for p in inspect.signature(member).parameters.values()
                  if p.name != "self" and p.kind is not p.VAR_KEYWORD]
        assert all(p.annotation is not inspect.Parameter.empty for p in hinted), name


async def test_a_bot_in_thousands_of_servers_passes_its_set_of_them(service):
    present = set(range(1, 20_001))
    assert await service.servers_left(present) == []
    with pytest.raises(ServiceError, match="Each of the present must be a whole number"):
        await service.servers_left({1, "abc"})
