"""Angry Gods on hand-built positions: the board, notation, set-up, placing, views, pictures."""

from __future__ import annotations

import dataclasses
import json
from collections import Counter

import pytest

import engines
from engines import angry_gods as ag
from engines.base import IllegalMove
from rendering import kit
from rendering import render as render_png
from tests.conftest import refuses
from tests.engines.angry_gods_positions import (
    GAME,
    B,
    G,
    R,
    Y,
    build,
    canon,
    merge,
    stones,
    surround,
)

# ---------------------------------------------------------------- registry and text


def test_contract_and_rules_text():
    # (engines.get would import every other game, some of which are being written now.)
    assert isinstance(GAME, engines.Game) and GAME.slug == "angry-gods"
    assert GAME.title == "Angry Gods" and GAME.options == ()
    assert GAME.min_players == GAME.max_players == 2
    text = engines.rules_text("angry-gods")
    assert len(text) < 3500
    for word in ("leader red D4", "follower blue D4n", "False God", "worshipper"):
        assert word in text


# ---------------------------------------------------------------- board


def test_board_geometry():
    assert len(ag.SPACES) == 37 and ag.SPACES[0] == "A1" and ag.SPACES[-1] == "G4"
    assert [sum(s[0] == r for s in ag.SPACES) for r in "ABCDEFG"] == [4, 5, 6, 7, 6, 5, 4]
    assert len(ag.INTERSECTIONS) == 54
    assert len(ag.OUTER_RING) == 18 and "D4" not in ag.OUTER_RING
    assert all(len(ag.CORNERS[s]) == 6 for s in ag.INNER_SPACES)
    assert all(len(ag.CORNERS[s]) in (2, 3) for s in ag.OUTER_RING)
    assert all(len(v) == 3 for v in ag.INTERSECTION_SPACES.values())
    assert set(ag.NEIGHBOURS["D4"]) == {"C3", "C4", "D3", "D5", "E3", "E4"}
    assert len(ag.NEIGHBOURS["A1"]) == 3


def test_intersection_has_three_names_and_prints_the_top_left_one():
    assert canon("D4n") == canon("C3se") == canon("C4sw") == "C3se"
    assert canon("d4s") == canon("E3ne") == canon("E4nw") == "D4s"
    # The canonical name is always that of the topmost, then leftmost, space.
    for i, owners in ag.INTERSECTION_SPACES.items():
        assert i[:2] == owners[0] and i[2:] in ("se", "s")


def test_edge_corner_is_not_an_intersection():
    with pytest.raises(IllegalMove, match="edge of the board"):
        ag.parse_position("A1n")
    with pytest.raises(IllegalMove, match="row A has only 4 spaces"):
        ag.parse_position("A5")
    with pytest.raises(IllegalMove, match="not a board position"):
        ag.parse_position("Z9")


# ---------------------------------------------------------------- notation


@pytest.mark.parametrize(
    "typed",
    [
        "follower blue D4n",
        "FOLLOWER BLUE d4N",
        "  follower   blue   c4sw ",
        "f b C3se",
        "follower b d4 n",
        "blue follower D4n",
        "blue d4n",
        "b C4SW",
    ],
)
def test_follower_notation_variants(typed):
    s = build(leaders={"D4": B})
    after = GAME.play(s, 0, typed)
    assert after.followers == {"C3se": B}


@pytest.mark.parametrize(
    "typed", ["leader red D4", "l r d4", "LEADER Red d4", "red D4", "red leader d4"]
)
def test_leader_notation_variants(typed):
    after = GAME.play(build(), 0, typed)
    assert after.leaders == {"D4": R}


def test_legal_moves_are_canonical_role_colour_place():
    s = build(leaders={"D4": B})
    moves = GAME.legal_moves(s, 0)
    assert "follower blue C3se" in moves and "follower blue D4n" not in moves
    assert "leader red C3" in moves
    for m in moves:
        role, colour, _place = m.split(" ")
        assert role in ("leader", "follower") and colour in ag.COLOURS
        assert ag.parse_move(m).notation == m
    assert len(moves) == len(set(moves))


@pytest.mark.parametrize(
    "typed,why",
    [
        ("leader D4", "role, a colour and a place"),
        ("leader purple D4", "role, a colour and a place"),
        ("leader red", "role, a colour and a place"),
        ("leader red D4n", "a leader goes in a space"),
        ("follower red D4", "a follower goes on an intersection"),
    ],
)
def test_bad_notation_says_why(typed, why):
    with pytest.raises(IllegalMove, match=why):
        GAME.play(build(leaders={"D4": R}), 0, typed)


# ---------------------------------------------------------------- set-up


def test_setup_draws_two_worshippers_each_from_the_pool():
    for seed in range(50):
        s = GAME.setup(2, seed, {})
        assert [len(w) for w in s.worshippers] == [2, 2]
        assert sum(s.pool.values()) == 76
        assert sorted(s.worshippers[0]) != sorted(s.worshippers[1])
        assert stones(s) == Counter({c: 20 for c in ag.COLOURS})
        assert s.turn == 0 and GAME.to_act(s) == [0]
        assert not s.leaders and not s.followers and s.towers_left == 9


def test_setup_redraws_a_matching_pair():
    redrawn = [seed for seed in range(400) if GAME.setup(2, seed, {}).step > 2]
    assert redrawn, "some seed among 400 must need a redraw"
    for seed in redrawn:
        s = GAME.setup(2, seed, {})
        # The matching pair went back: exactly 4 stones are out of the pool.
        assert sum(s.pool.values()) == 76
        assert sorted(s.worshippers[0]) != sorted(s.worshippers[1])
        # The first player's pair came from the first draw and was kept.
        first = ag.AngryGodsState(seed=seed, pool={c: 20 for c in ag.COLOURS})
        assert GAME._draw_pair(first) == s.worshippers[0]


def test_setup_is_deterministic_and_validates():
    assert GAME.setup(2, 7, {}) == GAME.setup(2, 7, {})
    with pytest.raises(ValueError):
        GAME.setup(3, 7, {})
    with pytest.raises(ValueError):
        GAME.setup(2, 7, {"variant": "1"})


def test_first_move_options_are_leaders_only():
    s = GAME.setup(2, 3, {})
    moves = GAME.legal_moves(s, 0)
    assert len(moves) == 19 * 4 and all(m.startswith("leader ") for m in moves)
    assert GAME.legal_moves(s, 1) == []


# ---------------------------------------------------------------- turns


def test_turns_alternate_and_wrong_seat_is_refused():
    s = GAME.play(build(), 0, "leader red D4")
    assert s.turn == 1 and GAME.to_act(s) == [1]
    with pytest.raises(IllegalMove, match="not your turn"):
        GAME.play(s, 0, "leader red C3")
    s = GAME.play(s, 1, "follower red D4n")
    assert GAME.to_act(s) == [0]


def test_placement_takes_a_stone_from_the_pool():
    s = build()
    after = GAME.play(s, 0, "leader green D4")
    assert after.pool[G] == s.pool[G] - 1


def test_no_stone_of_that_colour_left_in_the_pool():
    s = build(leaders={"D4": R}, pool={R: 0, Y: 5, G: 5, B: 5})
    with pytest.raises(IllegalMove, match="no red stone left in the pool"):
        GAME.play(s, 0, "leader red C3")
    with pytest.raises(IllegalMove, match="no red stone left in the pool"):
        GAME.play(s, 0, "follower red D4n")
    assert not any(" red " in m for m in GAME.legal_moves(s, 0))


# ---------------------------------------------------------------- leaders


def test_leader_any_colour_in_any_inner_space():
    for colour in ag.COLOURS:
        for space in ag.INNER_SPACES:
            assert f"leader {colour} {space}" in GAME.legal_moves(build(), 0)


def test_leader_not_on_the_outermost_ring():
    with pytest.raises(IllegalMove, match="outermost ring"):
        GAME.play(build(), 0, "leader red A1")
    assert not any(m.endswith(f" {s}") for m in GAME.legal_moves(build(), 0) for s in ag.OUTER_RING)


def test_leader_not_on_an_occupied_space():
    s = build(leaders={"D4": R}, gods={"C3": B}, false_gods=["E5"])
    refuses(GAME, s, 0, ("leader blue D4", "D4 already holds a red leader"),
            ("leader blue C3", "C3 already holds a blue god"),
            ("leader blue E5", "E5 already holds a False God"))


def test_no_leader_next_to_a_false_god():
    s = build(false_gods=["D4"])
    for n in ag.NEIGHBOURS["D4"]:
        with pytest.raises(IllegalMove, match="next to the False God on D4"):
            GAME.play(s, 0, f"leader red {n}")
        assert f"leader red {n}" not in GAME.legal_moves(s, 0)
    assert "leader red B2" in GAME.legal_moves(s, 0)


# ---------------------------------------------------------------- followers


def test_follower_needs_a_leader_of_its_colour_on_the_board():
    s = build(leaders={"D4": R})
    with pytest.raises(IllegalMove, match="no blue leader on the board"):
        GAME.play(s, 0, "follower blue D4n")
    s = build(leaders={"D4": R, "F2": B})  # a blue leader anywhere will do
    assert GAME.play(s, 0, "follower blue D4n").followers == {"C3se": B}


def test_a_god_does_not_license_a_followers_colour():
    s = build(leaders={"D4": R}, gods={"F2": B})
    with pytest.raises(IllegalMove, match="no blue leader"):
        GAME.play(s, 0, "follower blue D4n")


def test_follower_must_be_next_to_a_leader_of_any_colour():
    s = build(leaders={"D4": R, "B2": B})
    assert GAME.play(s, 0, "follower blue D4n").followers == {"C3se": B}
    with pytest.raises(IllegalMove, match="not next to a leader"):
        GAME.play(s, 0, "follower blue F2s")
    follower_spots = {m.split()[2] for m in GAME.legal_moves(s, 0) if m.startswith("follower")}
    assert follower_spots == set(ag.CORNERS["D4"]) | set(ag.CORNERS["B2"])


def test_a_god_gives_no_place_next_to_it():
    s = build(leaders={"B2": R}, gods={"D4": R})
    with pytest.raises(IllegalMove, match="not next to a leader"):
        GAME.play(s, 0, "follower red D4s")


def test_follower_not_on_an_occupied_intersection():
    s = build(leaders={"D4": R}, followers={"D4n": Y})
    with pytest.raises(IllegalMove, match="C3se already holds a yellow follower"):
        GAME.play(s, 0, "follower red C4sw")


def test_no_follower_next_to_a_false_god():
    s = build(leaders={"D4": R}, false_gods=["C3"])
    # D4n = C3se and D4nw = C3s are corners of the False God's space.
    for corner in ("D4n", "D4nw"):
        with pytest.raises(IllegalMove, match="next to the False God on C3"):
            GAME.play(s, 0, f"follower red {corner}")
    spots = {m.split()[2] for m in GAME.legal_moves(s, 0) if m.startswith("follower")}
    assert spots == set(ag.CORNERS["D4"]) - {"C3se", "C3s"}


# ---------------------------------------------------------------- view, words, data


def test_view_shape_and_json():
    s = build(
        leaders={"D4": R},
        gods={"B2": B},
        false_gods=["F3"],
        followers={"D4n": R},
        worshippers=([R, G], [B, B]),
    )
    v = GAME.view(s, None)
    assert v["board"] == {
        "B2": {"role": "god", "colour": B},
        "D4": {"role": "leader", "colour": R},
        "F3": {"role": "false_god"},
        "C3se": {"role": "follower", "colour": R},
    }
    assert v["worshippers"] == [[R, G], [B, B]]
    assert v["pool"] == s.pool and v["towers_left"] == 7 and v["to_act"] == [0]
    assert v["scores"] == [0, 2] and v["gods"] == {R: 0, Y: 0, G: 0, B: 1}
    assert GAME.view(s, 0) == GAME.view(s, 1) == v  # no secrets
    json.dumps(v)
    assert GAME.private_view(s, 0) is None and not GAME.is_private("leader red D4")


def test_describe():
    s = build(leaders={"C3": B})
    assert GAME.describe(s, 0, "l r d4", None) == "{seat0} placed a red leader on D4."
    assert GAME.describe(s, 0, "blue d4n", 1) == "{seat0} placed a blue follower on C3se."
    colours = [R, R, R, B, B, G]
    s = build(leaders={"D4": R, "B2": B, "F2": G}, followers=surround("D4", colours, skip=5))
    text = GAME.describe(s, 0, "follower green D4nw", None)
    assert text == (
        "{seat0} placed a green follower on C3s; the red leader on D4 ascended "
        "as a god and {seat0} gained a red worshipper, removing 3 followers."
    )


def test_play_does_not_mutate_and_dump_load_round_trips():
    s = build(leaders={"D4": R, "F2": B}, followers=surround("D4", [R, B, R, B, R, B], 0))
    before = json.dumps(GAME.dump(s), sort_keys=True)
    after = GAME.play(s, 0, "follower red D4n")
    assert json.dumps(GAME.dump(s), sort_keys=True) == before
    assert GAME.load(json.loads(json.dumps(GAME.dump(after)))) == after
    assert set(GAME.dump(after)) == {f.name for f in dataclasses.fields(ag.AngryGodsState)}


# ---------------------------------------------------------------- picture


def _positions():
    start = GAME.setup(2, 4, {})
    d4 = surround("D4", [B, G, G, G, B, B], skip=0)
    c3 = surround("C3", [Y, Y, B, B, Y, G], skip=2)
    before = build(
        leaders={"D4": R, "B3": B, "F2": G, "F3": Y},
        followers=merge(d4, c3),
        gods={"E5": Y},
        worshippers=([R, Y], [G, G]),
    )
    mid = GAME.play(before, 0, "follower blue D4n")
    gods = {"B2": R, "B3": R, "B4": R, "C2": B, "C5": B, "F2": G, "F3": G, "F4": Y}
    ninth = build(
        leaders={"D4": B, "E5": R},
        gods=gods,
        followers=surround("D4", [R, R, R, B, B, G], skip=3),
        worshippers=([R, R], [B, G]),
        turn=1,
    )
    done = GAME.play(ninth, 1, "follower blue D4s")
    return [start, mid, done]


@pytest.mark.parametrize("index", [0, 1, 2])
def test_render_png(index):
    from io import BytesIO

    from PIL import Image

    view = GAME.view(_positions()[index], None)
    png = render_png("angry-gods", view, names=["Ana", "Bo"])
    assert png.startswith(b"\x89PNG") and len(png) < 300_000
    image = Image.open(BytesIO(png))
    assert image.width == kit.WIDTH and 800 < image.height < 2000


def test_every_intersection_has_one_canonical_name_for_all_its_names():
    from engines.angry_gods import INTERSECTIONS, SPACES, intersection_name

    assert intersection_name("D4n") == intersection_name("c4SW") == "C3se"
    names: dict[str, set[str]] = {}
    for space in SPACES:
        for d in ("n", "ne", "se", "s", "sw", "nw"):
            try:
                canonical = intersection_name(f"{space}{d}")
            except IllegalMove:
                continue
            names.setdefault(canonical, set()).add(f"{space}{d}")
    assert sorted(names) == sorted(INTERSECTIONS) and len(names) == 54
    assert all(len(aliases) == 3 for aliases in names.values())
    assert all(n.endswith(("se", "s")) and not n.endswith("ne") for n in names)
    with pytest.raises(IllegalMove, match="is a space"):
        intersection_name("D4")


def test_a_follower_named_any_way_is_printed_back_canonically():
    from engines.angry_gods import GAME as AG

    state = AG.setup(2, 1, {})
    seat = AG.to_act(state)[0]
    colour = state.worshippers[seat][0] if state.worshippers[seat] else "red"
    state = AG.play(state, seat, f"leader {colour} D4")
    seat = AG.to_act(state)[0]
    played = [AG.play(state, seat, f"follower {colour} {n}") for n in ("D4n", "C3se", "c4sw")]
    assert played[0] == played[1] == played[2]
    assert "C3se" in AG.view(played[0], None)["board"]
    text = AG.describe(state, seat, f"follower {colour} D4n", None)
    assert "C3se" in text and "D4n" not in text
