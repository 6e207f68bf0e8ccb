"""The service's rooms stay apart: each room (a package of :mod:`service`) declares the
rooms it may use (``USES``) and the modules it offers the others and the front ends
(``FACE``); no import reaches past them, and nothing below the facade imports it. The
front end and the tests mirror the rooms, and each room's docstring names every module
it holds, so the map in ``docs/DESIGN.md`` and the code cannot drift apart unseen."""

from __future__ import annotations

import ast
import importlib

from tests.architecture.test_layers import ROOT, graph

COMMON = "common"
"""The ground floor: every room may use it, and all of it is public."""

FRONT_ENDS = ("bot", "console")
FRONT_ONLY = ("kit", "host")
"""The bot's folders that have no room of the service: what every cog shares, and the
host's tools."""


def rooms() -> list[str]:
    return sorted(p.parent.name for p in (ROOT / "service").glob("*/__init__.py"))


def modules_of(room: str) -> set[str]:
    """The room's modules and subpackages, by their name inside the room."""
    folder = ROOT / "service" / room
    return ({p.stem for p in folder.glob("*.py") if p.stem != "__init__"}
            | {p.parent.name for p in folder.glob("*/__init__.py")})


def declared(room: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    package = importlib.import_module(f"service.{room}")
    return tuple(package.USES), tuple(package.FACE)


def room_of(module: str) -> str | None:
    """``service.match.core`` → ``match``; the facade and non-service modules → None."""
    parts = module.split(".")
    return parts[1] if parts[0] == "service" and len(parts) > 1 else None


def trespasses(edges: dict[str, set[str]], uses: dict[str, tuple[str, ...]],
               face: dict[str, tuple[str, ...]]) -> list[str]:
    """Every import that crosses into a room by a door it did not declare: a room using a
    room it does not list, anyone importing a module that is not on a room's face, and a
    room importing the facade above it."""
    found = []
    for name, targets in sorted(edges.items()):
        here = room_of(name)
        front = name.split(".")[0] in FRONT_ENDS
        if here is None and not front:
            continue
        for target in sorted(targets):
            if target == "service" and here is not None:
                found.append(f"{name} imports the facade `service`")
                continue
            there = room_of(target)
            if there is None or there == here:
                continue
            module = target.split(".")[2] if target.count(".") >= 2 else None
            if here is not None and there != COMMON and there not in uses[here]:
                found.append(f"{name} uses the room {there}, not in its USES")
            if there != COMMON and module not in face[there]:
                found.append(f"{name} reaches into {target}, not on {there}'s FACE")
    return found


def test_every_room_declares_its_uses_and_its_face():
    assert {"common", "match", "clocks", "notices", "events", "learning"} <= set(rooms())
    for room in rooms():
        uses, face = declared(room)
        assert set(uses) <= set(rooms()) - {room, COMMON}, room
        assert face and set(face) <= modules_of(room), room
    assert set(declared(COMMON)[1]) == modules_of(COMMON)
    assert declared(COMMON)[0] == ()


def test_the_checker_finds_each_kind_of_trespass():
    uses = {"match": ("clocks",), "clocks": (), "common": ()}
    face = {"match": ("core",), "clocks": ("bank",), "common": ("model",)}
    edges = {"service.clocks.bank": {"service.match.core", "service.common.names"},
             "service.match.play": {"service.clocks.vacations", "service.match.lobby"},
             "service.match.core": {"service"},
             "bot.match.ui": {"service.match.lobby", "service.common.pool", "service"},
             "tests.match.test_x": {"service.match.lobby"}}
    assert trespasses(edges, uses, face) == [
        "bot.match.ui reaches into service.match.lobby, not on match's FACE",
        "service.clocks.bank uses the room match, not in its USES",
        "service.match.core imports the facade `service`",
        "service.match.play reaches into service.clocks.vacations, not on clocks's FACE"]


def test_no_room_reaches_past_another_s_face():
    uses = {room: declared(room)[0] for room in rooms()}
    face = {room: declared(room)[1] for room in rooms()}
    edges = {name: found for name, found in graph().items() if name != "service"}
    assert trespasses(edges, uses, face) == []


def test_each_room_uses_what_it_declares():
    """No stale ``USES``: a room that stopped using another says so."""
    used: dict[str, set[str]] = {room: set() for room in rooms()}
    for name, targets in graph().items():
        here = room_of(name)
        if here is None:
            continue
        used[here] |= {room_of(t) for t in targets
                       if room_of(t) not in (None, here, COMMON)}  # type: ignore[misc]
    assert {room: set(declared(room)[0]) for room in rooms()} == used


def test_each_room_s_docstring_names_every_module_it_holds():
    for room in rooms():
        text = ast.get_docstring(ast.parse((ROOT / "service" / room / "__init__.py")
                                           .read_text())) or ""
        missing = sorted(m for m in modules_of(room) if f":mod:`.{m}`" not in text)
        assert missing == [], f"service.{room}'s docstring does not name {missing}"


def test_the_front_end_and_the_tests_mirror_the_rooms():
    bot = {p.parent.name for p in (ROOT / "bot").glob("*/__init__.py")}
    assert bot - set(FRONT_ONLY) <= set(rooms()) - {COMMON}
    tests = {p.parent.name for p in (ROOT / "tests").glob("*/__init__.py")}
    assert set(rooms()) <= tests
    assert bot <= tests | {"kit"}
