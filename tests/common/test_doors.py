"""Every door of the service checks what comes in: the facade, and each part a front end
or a test reaches through it (``service.notify.follow(…)``, ``service.servers.change(…)``)
checks its parameters by their type hints (:func:`service.common.boundary.guarded`), so a
list where a text belongs is one sentence, never a ``TypeError`` (issue 57: ``follow``
with ``mode=[…]`` raised "unhashable type"). The parts that only the service's own code
calls, with its own values, are listed with why."""

from __future__ import annotations

import inspect
import types
import typing
from datetime import datetime

import pytest

from service import Actor, Service, ServiceError

ANA = Actor(1, "Ana", guild_id=7)
MACHINERY = {
    "Matches": "finding a match and its state, for every part",
    "Pictures": "drawing, handed views the service made",
    "Computer": "the computer seats' decisions",
    "Banks": "time banks, kept by the turn clocks",
    "TurnClocks": "a match's clock, set by the lobby and play",
    "Play": "recording a move the turns part has checked",
    "Digest": "the digest, built by the notices' pass",
    "ClockPass": "the clock pass, run by the host's loop",
    "PostFailures": "reminders the host could not post",
    "Stats": "counts read at scrape time",
}
"""Parts no member's value reaches: they are called by the service's own code."""
SCALARS = {str, int, float, bool, Actor, datetime, type(None)}
SAMPLE = {"actor": ANA, "match_id": 1, "guild_id": 7, "user_id": 1, "tournament_id": 1,
          "challenge_id": 1, "version": 1, "kind": "match"}
"""Well-typed values for the parameters beside the one tried."""


def single(hint: object) -> bool:
    """A hint of one value (or None): not a list, a set or a mapping of them."""
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        return all(single(arg) for arg in typing.get_args(hint))
    return hint in SCALARS


def parts(service: Service) -> dict[str, object]:
    return {name: part for name, part in vars(service).items()
            if not name.startswith("_") and type(part).__module__.startswith("service.")}


def doors(part: object) -> dict[str, object]:
    return {name: member for name, member in vars(type(part)).items()
            if not name.startswith("_") and inspect.isfunction(member)}


def test_every_part_is_guarded_or_only_the_service_s_own(service):
    found = parts(service)
    assert {"notify", "notes", "servers", "privacy", "lobby", "tournaments"} <= found.keys()
    unguarded = {f"{name}.{method}" for name, part in found.items()
                 if type(part).__name__ not in MACHINERY
                 for method, member in doors(part).items()
                 if not hasattr(member, "__wrapped__")}
    assert unguarded == set()
    assert {type(part).__name__ for part in found.values()} >= MACHINERY.keys()


async def test_follow_with_a_list_is_one_sentence(service):
    match = await service.create(ANA, "witch-stones", channel_id=3)
    for mode in (["moves"], {"moves": 1}, {"moves"}):
        with pytest.raises(ServiceError, match=r"^The mode must be a short text, not "):
            await service.notify.follow(match.id, ANA, mode)


@pytest.mark.parametrize("part", [
    "notify", "notes", "vacations", "servers", "privacy", "retention", "challenges",
    "rematches", "undo", "lobby", "turns", "reading", "tournaments", "event_members",
    "coach", "ratings"])
async def test_each_door_of_a_part_refuses_lists_everywhere(service, part):
    """Every public method of the part, called with a list for each parameter whose hint
    is a single value (a text, a number, a person, a time), the others left as they
    are, is refused with one sentence before its body runs: never another error."""
    reached = parts(service)[part]
    tried = 0
    for name, member in doors(reached).items():
        hints = typing.get_type_hints(member.__wrapped__)  # type: ignore[attr-defined]
        parameters = list(inspect.signature(member).parameters.values())[1:]
        for parameter in parameters:
            if not single(hints.get(parameter.name)):
                continue
            given = {p.name: SAMPLE.get(p.name) for p in parameters
                     if p.default is p.empty
                     and p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)}
            given[parameter.name] = ["hostile"]
            tried += 1
            try:
                result = getattr(reached, name)(**given)
                if inspect.isawaitable(result):
                    await result
            except ServiceError as refused:
                assert "\n" not in str(refused) and len(str(refused)) <= 300
            else:
                pytest.fail(f"{part}.{name} took a list for {parameter.name}")
    assert tried
