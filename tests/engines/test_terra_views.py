"""Terra's views, secrets and descriptions on hand-built positions, and its board image."""

from __future__ import annotations

import json

import pytest
from PIL import Image

from engines.base import IllegalMove
from engines.terra import GAME, TerraState
from rendering import kit, render
from tests.engines.terra_positions import discard_state, make, war_state

# ---- views, secrets, descriptions ------------------------------------------------------


def test_public_view_shows_sizes_not_reserves_or_cups() -> None:
    s = GAME.setup(3, 11, {})
    v = GAME.view(s, None)
    assert v["reserve_sizes"] == [len(r) for r in s.reserves]
    assert v["cup_sizes"] == [len(c) for c in s.cups]
    for key in ("reserve", "reserves", "cups", "cup", "discards"):
        assert key not in v
    json.dumps(v)
    mine = GAME.view(s, s.first)
    assert mine["reserve"] == s.reserves[s.first] and "reserves" not in mine
    assert GAME.private_view(s, s.first) == {"reserve": s.reserves[s.first]}


def test_open_reserves_shows_every_reserve() -> None:
    s = GAME.setup(2, 11, {"open_reserves": True})
    v = GAME.view(s, None)
    assert v["reserves"] == s.reserves and "cups" not in v


def test_view_has_board_scores_breakdown_control_and_last() -> None:
    s = make(
        board={"d4": (0, "castle"), "e5": (0, "castle"), "f6": (0, "castle")},
        reserves=[["town"], []],
    )
    s = GAME.play(s, 0, "build town a1")
    v = GAME.view(s, None)
    assert v["board"]["e5"] == {"owner": 0, "type": "castle"}
    assert v["last"] == ["a1"]
    assert v["scores"] == [sum(p for _l, p in rows) for rows in v["breakdown"]]
    assert ["Run of 3 castles d4-f6", 6] in v["breakdown"][0]
    assert v["control"][4] == 0 and v["control"][6] == 0
    assert v["scores"][0] == 6 + 5 + 3 + 3  # run, centre, most castles, most towns


def test_last_keeps_the_whole_turn_until_the_next_war_or_build() -> None:
    s = make(
        board={"e5": (1, "castle")},
        reserves=[["army", "castle", "town", "town", "farm", "mine", "palace"], []],
    )
    s.cups[1] = ["army", "town"]
    s = GAME.play(s, 0, "war e5")
    s = GAME.play(s, 0, "build town e5")
    assert s.last == ["e5"]
    s = GAME.play(s, 0, "discard farm")
    assert s.turn == 1 and GAME.view(s, None)["last"] == ["e5"]
    s = GAME.play(s, 1, "war e5")
    assert s.last == ["e5"] and s.last_turn == s.turns


def test_descriptions() -> None:
    s = war_state()
    assert GAME.describe(s, 0, "war e5", None) == (
        "{seat0} used an army to remove {seat1}'s castle from e5."
    )
    assert GAME.describe(s, 0, "nowar", 1) == "{seat0} did not go to war."
    b = make(reserves=[["castle", "farm"], []])
    assert GAME.describe(b, 0, "build castle e5", None) == "{seat0} built a castle on e5."


def test_discards_are_private_when_reserves_are_closed() -> None:
    s = discard_state()
    assert GAME.is_private("discard town army") and not GAME.is_private("build castle e5")
    assert GAME.describe(s, 0, "discard town army", None).startswith("{seat0} discarded 2 chits")
    assert GAME.describe(s, 0, "discard town army", 1).startswith("{seat0} discarded 2 chits")
    assert GAME.describe(s, 0, "discard town army", 0).startswith(
        "{seat0} discarded a town and an army"
    )
    s.options["open_reserves"] = True
    assert GAME.describe(s, 0, "discard town army", None).startswith(
        "{seat0} discarded a town and an army"
    )


def test_not_your_turn() -> None:
    s = make(reserves=[["castle"], []])
    with pytest.raises(IllegalMove, match="not your turn"):
        GAME.play(s, 1, "build castle e5")
    assert GAME.legal_moves(s, 1) == []


def test_play_does_not_mutate_and_dump_load_round_trip() -> None:
    s = GAME.setup(4, 9, {"terrain": True, "open_reserves": True})
    before = json.dumps(GAME.dump(s), sort_keys=True)
    GAME.play(s, s.turn, GAME.legal_moves(s, s.turn)[-1])
    assert json.dumps(GAME.dump(s), sort_keys=True) == before
    assert GAME.load(json.loads(before)) == s


# ---- the board image ---------------------------------------------------------------------


def played(seed: int, players: int, options: dict, moves: int) -> TerraState:
    s = GAME.setup(players, seed, options)
    for i in range(moves):
        if GAME.result(s) is not None:
            break
        legal = GAME.legal_moves(s, s.turn)
        s = GAME.play(s, s.turn, legal[(i * 7919) % len(legal)])
    return s


@pytest.mark.parametrize(
    ("players", "options", "moves"),
    [
        (2, {}, 0),
        (3, {"terrain": True, "open_reserves": True}, 120),
        (4, {"terrain": True}, 100000),
        (2, {}, 100000),
    ],
)
def test_render_png(players: int, options: dict, moves: int, tmp_path) -> None:
    s = played(3, players, options, moves)
    v = GAME.view(s, None)
    png = render("terra", v, names=["Ana", "Bo", "Cy", "Dee"][:players])
    assert png.startswith(b"\x89PNG") and len(png) < 300_000
    (tmp_path / "b.png").write_bytes(png)
    with Image.open(tmp_path / "b.png") as image:
        assert image.width == kit.WIDTH and image.height < 2000
