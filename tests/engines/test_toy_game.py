"""The toy game of tests/toy_game (Kayles), registered by the test and played end to end
without a product file knowing it: the registry, the computer players, the picture, the
service on both stores, the console and a game record it exports and imports. Its spec
also shows what registration refuses."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest

import engines
import rendering
import rendering.alt
import rendering.text
from console import app as console
from db import FINISHED, RUNNING
from engines.ai import player
from engines.spec import Computer, GameSpec, SpecError
from engines.view import problems
from service import Actor
from tests.console.keyboard import scripted
from tests.console.test_console_records import exported
from tests.toy_game import GAME, SPEC, Kayles, registered

ANA = Actor(1, "Ana", guild_id=50)


@pytest.fixture(autouse=True)
def kayles():
    with registered() as spec:
        yield spec


def test_a_registered_game_is_a_game_like_the_others():
    assert engines.all()[-1] is GAME and engines.get("kayles") is GAME
    assert engines.spec("kayles") is SPEC and SPEC.title == "Kayles"
    assert "Whoever knocks down **the last pin** wins." in engines.rules_text("kayles")
    view = GAME.view(GAME.setup(2, 1, {}), None)
    assert problems(view, SPEC.view_type) == []
    assert rendering.render("kayles", view, names=["A", "B"]).startswith(b"\x89PNG")
    assert rendering.text.text_board("kayles", view, ["Ana", "Bo"]).splitlines() == [
        "Kayles · knocked down: Ana 0 · Bo 0", "a b c d e f g h i j", "| | | | | | | | | |"]
    assert rendering.alt.alt_text("kayles", view, ["Ana", "Bo"]).startswith("Kayles. ")


def test_unregistered_it_is_gone():
    engines.unregister("kayles")
    assert "kayles" not in [g.slug for g in engines.all()]
    with pytest.raises(KeyError, match="no game 'kayles'"):
        engines.get("kayles")
    engines.register(SPEC)  # the fixture takes it out again


def test_the_order_is_the_specs():
    class First(Kayles):
        slug, title = "first-kayles", "First Kayles"

    first = dataclasses.replace(SPEC, game=First(), order=0)
    engines.register(first)
    try:
        assert engines.all()[0] is first.game and engines.all()[-1] is GAME
    finally:
        engines.unregister("first-kayles")


@pytest.mark.parametrize("change,named", [
    ({"rules": Path(__file__).with_name("no-such-rules.md")}, "no rules text"),
    ({"renderer": "tests.toy_game.no_such_picture:render"}, "no renderer"),
    ({"renderer": None}, "no renderer"),
    ({"text_board": "rendering.text.kayles:text_board"}, "no text board"),
    ({"alt_text": None}, "no alt text"),
    ({"computer": None}, "no computer tuning"),
    ({"view_type": dict}, "no TypedDict"),
])
def test_a_spec_lacking_a_part_is_refused_at_registration(change, named):
    engines.unregister("kayles")
    lacking = dataclasses.replace(SPEC, **change)
    with pytest.raises(SpecError, match=named):
        engines.register(lacking)
    assert "kayles" not in [g.slug for g in engines.all()]
    engines.register(SPEC)


def test_an_engine_lacking_the_contract_or_a_slug_taken_is_refused():
    class NoPlay:
        slug, title, min_players, max_players, version, options = "nim", "Nim", 2, 2, "1", ()

    with pytest.raises(SpecError, match=r"lacks .*play"):
        engines.register(dataclasses.replace(SPEC, game=NoPlay()))
    twin = GameSpec(GAME, order=1, rules=SPEC.rules, renderer=SPEC.renderer,
                    computer=Computer(SPEC.computer.normal, SPEC.computer.hard),
                    text_board=SPEC.text_board, alt_text=SPEC.alt_text)
    with pytest.raises(SpecError, match="registered already"):
        engines.register(twin)
    assert engines.spec("kayles") is SPEC


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_the_computer_plays_it_at_its_own_budgets(level):
    chosen = player(level)
    state = GAME.setup(2, 1, {})
    if level != "easy":
        assert chosen.budget(GAME) == getattr(SPEC.computer, level)
    seat = 0
    while GAME.result(state) is None:
        move = chosen.choose(GAME, state, seat, seat)
        assert move in GAME.legal_moves(state, seat)
        state = GAME.play(state, seat, move)
        seat = 1 - seat
    assert GAME.result(state).winners in ([0], [1])


def test_the_search_finds_the_winning_move():
    """Two pins apart: knocking one down leaves one for the opponent, so take the pair."""
    state = GAME.load({"standing": "ab", "turn": 0, "knocked": [4, 4], "last": ["c"],
                       "winner": None})
    assert player("hard").choose(GAME, state, 0, 1) == "a-b"


async def test_the_service_plays_it_against_a_computer_seat(service):
    match = await service.create(ANA, "kayles", channel_id=10)
    await service.add_ai(match.id, ANA)
    update = await service.start(match.id, ANA)
    assert update.public.png.startswith(b"\x89PNG")
    match, rng = update.match, random.Random(3)
    while match.status == RUNNING:
        move = rng.choice(await service.legal_moves(match.id, ANA))
        match = (await service.submit(match.id, ANA, move)).match
    assert match.status == FINISHED
    assert match.result["reason"].endswith("knocked down the last pin")
    assert GAME.dump(await service.replay(match.id)) == match.snapshot


async def test_the_console_plays_it_and_imports_its_record(tmp_path):
    played: list[str] = []
    code = await console.run(["kayles", "--ai", "2", "--seed", "4", "--ai-level", "random"],
                             str(tmp_path / "a.db"), str(tmp_path / "boards"),
                             read=scripted([]), out=played.append)
    assert code == 0, played
    over = next(line for line in "\n".join(played).splitlines()
                if line.startswith("Game over"))
    record = tmp_path / "kayles-1.json"
    record.write_text(await exported(str(tmp_path / "a.db"), 1))
    out: list[str] = []
    code = await console.run(["--import", str(record)], str(tmp_path / "b.db"),
                             str(tmp_path / "replayed"), read=scripted([]), out=out.append)
    assert code == 0, out
    assert over in "\n".join(out).splitlines()  # wrapped alike at 80 columns
    assert (tmp_path / "replayed" / "kayles-1-final.png").read_bytes().startswith(b"\x89PNG")


async def test_a_person_plays_it_in_the_console(tmp_path):
    out: list[str] = []
    code = await console.run(["kayles", "--ai", "1", "--seed", "2", "--ai-level", "random"],
                             str(tmp_path / "a.db"), str(tmp_path / "boards"),
                             read=scripted(["moves", "quit"]), out=out.append)
    assert code == 0, out
    assert any("a-b" in line for line in out), out
