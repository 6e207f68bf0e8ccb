"""One gate for every new match (:mod:`service.match.gate`): every way the service makes
a match asks it first, so a server's allowed games, its matches' channel, its caps and
its default clock hold for a lobby, a lesson, an accepted challenge, a rematch, a
tournament's table and a record continued. The paths are listed twice: from the source
(a store call that writes a match outside a function that asks the gate fails) and by
driving each one on both stores (each asks once, and a server's rules refuse it)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from service import Actor, Invitee, MatchTerms, Service, ServiceError
from service.community.limits import Limits
from service.events.entry_terms import EventTerms
from service.match import gate
from service.records.importer import load_record
from tests.challenges.test_challenges import ANA, BO, Clock, finished_match, make_service

ROOT = Path(__file__).resolve().parents[2]
MOD = Actor(9, "Mod", ANA.guild_id, is_admin=True)
WRITES_A_MATCH = ("create_match", "make_table_match")
"""The store's calls that write a new match (see
:func:`test_the_store_writes_a_match_in_two_calls_only`)."""


def calls_in_service() -> dict[str, list[str]]:
    """For each function of ``service/`` that calls the store to write a match: the names
    of the calls it makes, in order."""
    found = {}
    for path in (ROOT / "service").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            called = [c.func.attr for c in ast.walk(node)
                      if isinstance(c, ast.Call) and isinstance(c.func, ast.Attribute)]
            if any(name in WRITES_A_MATCH for name in called):
                found[f"{path.relative_to(ROOT).as_posix()}:{node.name}"] = sorted(
                    (c for c in ast.walk(node) if isinstance(c, ast.Call)
                     and isinstance(c.func, ast.Attribute)),
                    key=lambda c: (c.lineno, c.col_offset))
    return {where: [c.func.attr for c in ordered] for where, ordered in found.items()}


def test_every_function_that_writes_a_match_asks_the_gate_first():
    found = calls_in_service()
    assert set(found) == {"service/match/lobby.py:create",
                          "service/events/tournaments.py:_open_table",
                          "service/records/importer.py:continue_copy"}
    for where, called in found.items():
        first_write = min(called.index(name) for name in WRITES_A_MATCH if name in called)
        assert "admit" in called[:first_write], f"{where} writes a match before the gate"


def test_the_store_writes_a_match_in_two_calls_only():
    """A new store call that inserts a match must be added to :data:`WRITES_A_MATCH`
    (and so to the gate's paths) before this passes again."""
    writers = set()
    for path in (ROOT / "db").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
                    and re.search(r"INSERT INTO matches\b", ast.unparse(node), re.I)):
                writers.add(node.name)
    assert writers == set(WRITES_A_MATCH)


def test_every_lobby_names_its_kind_and_every_kind_is_made():
    """Each call of ``Lobby.create`` says which way of making a match it is, and every
    kind the gate knows is made somewhere."""
    kinds = set()
    for path in (ROOT / "service").rglob("*.py"):
        text = path.read_text()
        for node in ast.walk(ast.parse(text)):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr in ("create", "admit")
                    and ast.unparse(node.func.value).endswith(("lobby", "gate", "admission"))):
                kind = [k.value for k in node.keywords if k.arg == "kind"]
                named = kind[0] if kind else node.args[-1]
                choices = ([named.body, named.orelse] if isinstance(named, ast.IfExp)
                           else [named])  # a rematch is made as its match was
                for choice in choices:
                    given = ast.unparse(choice)
                    if given != "kind":  # the lobby's own call of the gate, with its own
                        kinds.add(given)
    assert kinds == {f"gate.{name}" for name in
                     ("MATCH", "LESSON", "ACCEPTED", "REMATCH", "TABLE", "RECORD",
                                   "HOSTED", "HOSTED_LESSON")}
    assert set(gate.RULES) == set(gate.KINDS)


class Recording:
    """The real gate, recording each kind it is asked about."""

    def __init__(self, real: gate.Gate) -> None:
        self.real, self.asked = real, []

    async def admit(self, actor, game_slug, channel_id, terms, kind):
        self.asked.append(kind)
        return await self.real.admit(actor, game_slug, channel_id, terms, kind)


@pytest.fixture
def svc(store) -> Service:
    return make_service(store, Clock())


@pytest.fixture
def recorded(svc, monkeypatch) -> Recording:
    recording = Recording(svc.lobby.gate)
    monkeypatch.setattr(svc.lobby, "gate", recording)
    return recording


async def allow_only(svc: Service, games: str) -> None:
    await svc.servers.change(MOD, games=games)


async def test_a_lobby_and_a_lesson_pass_the_gate(svc, recorded):
    await svc.create(ANA, "witch-stones", channel_id=10)
    await svc.learn(BO, "witch-stones", channel_id=10)
    assert recorded.asked == [gate.MATCH, gate.LESSON]
    await allow_only(svc, "terra")
    for make in (svc.create(ANA, "witch-stones", channel_id=10),
                 svc.learn(ANA, "angry-gods", channel_id=10)):
        with pytest.raises(ServiceError, match=r"^This server plays only Terra\.$"):
            await make


async def test_an_accepted_challenge_passes_the_gate_when_it_is_accepted(svc, recorded):
    """The server stopped allowing the game between the challenge and its answer: the
    answer is refused with the rule, and the challenge is not left half accepted."""
    news = await svc.challenge(ANA, [Invitee(BO.user_id, "Bo")], "witch-stones",
                               channel_id=10)
    await allow_only(svc, "terra")
    with pytest.raises(ServiceError, match=r"This server plays only Terra\."):
        await svc.accept_challenge(news.challenge.id, BO)
    assert recorded.asked == [gate.ACCEPTED]
    assert await svc.store.find_matches(guild_id=ANA.guild_id, limit=10) == []
    await allow_only(svc, "all")
    accepted = await svc.accept_challenge(news.challenge.id, BO)
    assert accepted.update is not None and recorded.asked == [gate.ACCEPTED] * 2


async def test_a_rematch_passes_the_gate(svc, recorded):
    """Issue 57: Rematch started a new match of a game the server no longer allowed."""
    old = await finished_match(svc, [ANA, BO])
    await allow_only(svc, "terra")
    await svc.rematch(old.id, BO)
    with pytest.raises(ServiceError, match=r"This server plays only Terra\."):
        await svc.rematch(old.id, ANA)
    assert recorded.asked[-1] == gate.REMATCH
    await allow_only(svc, "all")
    news = await svc.rematch(old.id, ANA)  # asked again, it is made
    assert news.update is not None and news.update.match.game == "witch-stones"


async def test_a_rematch_keeps_to_the_matches_channel_and_the_hourly_cap(store):
    svc = Service(store, seed_source=lambda: 1, now=Clock(),
                  limits=Limits(lobbies=0, challenges=0, tournaments=0, per_hour=4,
                                server_lobbies=0, server_challenges=0,
                                server_tournaments=0, server_per_hour=0))
    old = await finished_match(svc, [ANA, BO])
    await svc.servers.change(MOD, channel=11)
    await svc.rematch(old.id, BO)
    with pytest.raises(ServiceError, match=r"^In this server matches start in <#11>\.$"):
        await svc.rematch(old.id, ANA)
    await svc.servers.change(MOD, clear="channel")
    for _ in range(3):
        await svc.create(ANA, "witch-stones", channel_id=10)
    with pytest.raises(ServiceError, match=r"You have started 4 matches, challenges and "
                                           r"tournaments in the last hour"):
        await svc.rematch(old.id, ANA)


async def test_a_table_passes_the_gate_and_a_running_event_is_not_stopped(svc, recorded):
    """Ruling: a tournament's tables answer to the rules of when it was made, so a server
    that stops allowing its game does not stop its rounds."""
    record = await svc.create_tournament(ANA, "witch-stones", EventTerms("swiss", 1),
                                         channel_id=10)
    await svc.tournament_act("join", record.id, ANA)
    await svc.tournament_act("join", record.id, BO)
    await allow_only(svc, "terra")
    news = await svc.tournament_act("start", record.id, ANA)
    tables = [t for t in news.tournament.tables if t.match_id is not None]
    assert len(tables) == 1 and recorded.asked == [gate.TABLE]


async def test_a_record_continued_passes_the_gate(svc, recorded):
    match = await svc.create(ANA, "witch-stones", channel_id=10, rated=False)
    await svc.join(match.id, BO)
    await svc.start(match.id, ANA)
    await svc.abort(match.id, ANA)
    loaded = load_record((await svc.export(match.id)).json)
    update = await svc.continue_copy(loaded)
    assert recorded.asked == [gate.MATCH, gate.RECORD]
    assert update.match.id != match.id and update.match.guild_id is None


async def test_one_open_lobby_is_said_in_the_singular(store):
    """Issue 57: a refusal said "You have 1 open lobbies"."""
    svc = Service(store, now=Clock(), limits=Limits(lobbies=1))
    await svc.create(ANA, "witch-stones", channel_id=10)
    with pytest.raises(ServiceError, match=r"^You have 1 open lobby, the most one member "):
        await svc.create(ANA, "terra", channel_id=10)


async def test_the_games_offered_are_the_games_the_gate_admits(svc):
    every = await svc.games_here(ANA.guild_id)
    assert [slug for slug, _ in every][:2] == ["witch-stones", "angry-gods"]
    await allow_only(svc, "terra, witch-stones")
    assert await svc.games_here(ANA.guild_id) == [("witch-stones", "Witch Stones"),
                                                  ("terra", "Terra")]
    assert await svc.games_here(None) == every  # a DM or the console: every game
    for slug, _ in every:
        if (slug, _) not in await svc.games_here(ANA.guild_id):
            with pytest.raises(ServiceError, match="This server plays only"):
                await svc.create(ANA, slug, channel_id=10, terms=MatchTerms())


async def test_a_match_without_a_thread_answers_to_no_servers_settings(svc, recorded):
    """Issue 55: a match started where the bot is not a member (a group DM, a server that
    has not added it) answers to no server's settings, and runs without a deadline."""
    await svc.servers.change(MOD, channel=11, deadline=48)
    await allow_only(svc, "terra")
    match = await svc.create(ANA, "witch-stones", channel_id=10, hosted=True)
    assert recorded.asked == [gate.HOSTED] and match.hosted
    assert (await svc.match(match.id)).hosted
    assert (await svc.store.clock(match.id)).deadline in (None, 0)
    for asked in ({"deadline": 24}, {"bank": 72}):
        with pytest.raises(ServiceError, match=r"^A match here runs without a deadline"):
            await svc.create(ANA, "witch-stones", channel_id=10, hosted=True, **asked)
    grouped = await svc.create(Actor(ANA.user_id, "Ana", None), "terra", channel_id=12,
                               hosted=True)
    assert grouped.guild_id is None and grouped.channel_id == 12 and grouped.hosted
    thread_match = await svc.create(BO, "terra", channel_id=11)
    assert not thread_match.hosted
