"""Terra's rules and rulings on hand-built positions: set-up, a turn, the end, terrain."""

from __future__ import annotations

from collections import Counter

import pytest

import engines
from engines.base import IllegalMove, chance
from engines.terra import GAME, MAX_TURNS, TerraState
from engines.terra.board import ORTHOGONAL, PLOTS, near
from tests.conftest import refuses
from tests.engines.terra_positions import (
    chits_of,
    discard_state,
    full_set,
    make,
    terrain_state,
    war_state,
)

# ---- set-up --------------------------------------------------------------------------


def test_registered_with_its_options() -> None:
    game = engines.get("terra")
    assert game is GAME
    assert (game.min_players, game.max_players) == (2, 4)
    assert {o.name: o.default for o in game.options} == {"open_reserves": False, "terrain": False}
    assert len(engines.rules_text("terra")) < 3500


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_gives_each_player_seventy_chits_and_draws_two(players: int) -> None:
    s = GAME.setup(players, 42, {})
    for seat in range(players):
        assert chits_of(s, seat) == Counter(full_set())
    assert len(s.reserves[s.first]) == 2 and len(s.cups[s.first]) == 68
    assert all(len(s.cups[x]) == 70 for x in range(players) if x != s.first)
    assert s.turn == s.first and s.turns == 1
    assert GAME.to_act(s) == [s.first]


def test_setup_is_deterministic_and_coin_flip_picks_the_first_player() -> None:
    assert GAME.setup(3, 5, {}) == GAME.setup(3, 5, {})
    firsts = {GAME.setup(2, seed, {}).first for seed in range(40)}
    assert firsts == {0, 1}
    cups = {tuple(GAME.setup(2, seed, {}).cups[1]) for seed in range(5)}
    assert len(cups) == 5  # cups are shuffled from the seed


def test_setup_rejects_bad_player_counts_and_options() -> None:
    for players in (1, 5):
        with pytest.raises(ValueError):
            GAME.setup(players, 1, {})
    with pytest.raises(ValueError, match="unknown option"):
        GAME.setup(2, 1, {"colour_wars": True})
    assert GAME.setup(2, 1, {"terrain": "yes"}).options == {"open_reserves": False, "terrain": True}


# ---- draw and reshuffle ------------------------------------------------------------------


def end_turn_state(**kw) -> TerraState:
    """Seat 0 must discard one chit to end its turn; seat 1's turn comes next."""
    return make(phase="discard", reserves=[["town", "town", "farm", "mine", "army"], []], **kw)


def test_next_turn_draws_two_chits() -> None:
    s = end_turn_state()
    after = GAME.play(s, 0, "discard army")
    assert after.turn == 1 and after.turns == 2
    assert len(after.reserves[1]) == 2 and len(after.cups[1]) == 68


def test_empty_cup_is_refilled_from_the_shuffled_discard_pile() -> None:
    pile = ["temple", "castle", "town", "farm", "mine", "palace"] * 2
    s = end_turn_state(cups=[full_set()[:20], []], discards=[[], pile])
    after = GAME.play(s, 0, "discard army")
    refill = list(pile)
    chance(s.seed, s.step).shuffle(refill)
    assert after.discards[1] == []
    assert after.cups[1] == refill[:-2]
    assert sorted(after.reserves[1]) == sorted(refill[-2:])
    assert after.step == s.step + 1


def test_refill_in_the_middle_of_a_draw() -> None:
    s = end_turn_state(cups=[full_set()[:20], ["palace"]], discards=[[], ["mine", "farm"]])
    after = GAME.play(s, 0, "discard army")
    refill = ["mine", "farm"]
    chance(s.seed, s.step).shuffle(refill)
    assert sorted(after.reserves[1]) == sorted(["palace", refill[-1]])
    assert after.cups[1] == refill[:-1] and after.discards[1] == []


def test_draw_fewer_when_cup_and_discard_pile_are_empty() -> None:
    s = end_turn_state(cups=[full_set()[:20], ["palace"]], discards=[[], []])
    after = GAME.play(s, 0, "discard army")
    assert after.reserves[1] == ["palace"] and after.cups[1] == []
    assert after.step == s.step


# ---- war -------------------------------------------------------------------------------


def test_war_removes_an_enemy_structure_to_its_owners_discard_pile() -> None:
    s = war_state()
    moves = GAME.legal_moves(s, 0)
    assert moves[-2:] == ["war e5", "nowar"] and "build castle a1" in moves  # or build
    after = GAME.play(s, 0, "war e5")
    assert "e5" not in after.board
    assert after.discards[1] == ["castle"] and after.discards[0] == ["army"]
    assert after.reserves[0] == ["castle", "town"]
    assert after.phase == "build" and after.last == ["e5"] and not after.war_open
    assert "build castle e5" in GAME.legal_moves(after, 0)  # the plot is free again
    assert not any(m.startswith("war") for m in GAME.legal_moves(after, 0))


def test_nowar_closes_war_for_the_turn() -> None:
    s = war_state()
    for move in ("nowar", "NO WAR", " no-war "):
        after = GAME.play(s, 0, move)
        assert after.phase == "build" and after.board == s.board and not after.war_open
        with pytest.raises(IllegalMove, match=r"over for this turn \(declared or given up\)"):
            GAME.play(after, 0, "war e5")
        with pytest.raises(IllegalMove, match="war is over"):
            GAME.play(after, 0, "nowar")


def test_nowar_is_listed_exactly_when_it_is_accepted() -> None:
    s = war_state()
    assert "nowar" in GAME.legal_moves(s, 0)
    peaceful = make(reserves=[["castle", "farm"], []])  # no army: no war to give up
    assert "nowar" not in GAME.legal_moves(peaceful, 0)
    with pytest.raises(IllegalMove, match="no war to give up"):
        GAME.play(peaceful, 0, "nowar")


def test_building_at_once_gives_up_war() -> None:
    after = GAME.play(war_state(), 0, "build town a1")
    assert after.turn == 1 and after.board["e5"] == [1, "castle"]


def test_war_refusals_say_why() -> None:
    refuses(GAME, war_state(), 0, ("war d4", "your own town"), ("war a1", "a1 is empty"),
            ("war z9", "which plot"), ("pass", "building is compulsory"),
            ("discard town", "build phase"))


def test_war_needs_an_army() -> None:
    s = make(board={"e5": (1, "castle")}, reserves=[["castle"], []])
    with pytest.raises(IllegalMove, match="no army"):
        GAME.play(s, 0, "war e5")


def test_the_public_cannot_tell_whether_the_player_holds_an_army() -> None:
    # Seat 1 draws no army (cup of towns) or an army: the turn and its public view are
    # the same (the build phase, war offered only in seat 1's own moves).
    board = {"e5": (0, "castle")}
    without = GAME.play(end_turn_state(cups=[full_set()[:20], ["town"] * 10], board=board),
                        0, "discard army")
    with_army = GAME.play(
        end_turn_state(cups=[full_set()[:20], ["town"] * 8 + ["town", "army"]], board=board),
        0, "discard army")
    assert without.phase == with_army.phase == "build" and without.turn == with_army.turn == 1
    assert GAME.view(without, None) == GAME.view(with_army, None)
    assert "war e5" in GAME.legal_moves(with_army, 1)
    assert not any(m.startswith("war") for m in GAME.legal_moves(without, 1))
    # Building at once reads the same for both.
    assert GAME.describe(without, 1, "build town a1", None) == GAME.describe(
        with_army, 1, "build town a1", None) == "{seat1} built a town on a1."


# ---- build -----------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["castle", "temple", "palace"])
@pytest.mark.parametrize("enemy_at", ["d4", "e4", "f4", "d5", "f5", "d6", "e6", "f6"])
def test_no_castle_temple_palace_next_to_an_enemy_one(kind: str, enemy_at: str) -> None:
    s = make(board={enemy_at: (1, kind)}, reserves=[[kind, "town"], []])
    with pytest.raises(IllegalMove, match=f"may not go next to an enemy {kind}"):
        GAME.play(s, 0, f"build {kind} e5")
    assert f"build {kind} e5" not in GAME.legal_moves(s, 0)
    assert "build town e5" in GAME.legal_moves(s, 0)
    GAME.play(s, 0, "build town e5")  # other types may stand there


@pytest.mark.parametrize("kind", ["castle", "temple", "palace"])
def test_own_castles_temples_palaces_may_touch_and_far_enemies_do_not_matter(kind: str) -> None:
    s = make(board={"d4": (0, kind), "g5": (1, kind)}, reserves=[[kind], []])
    after = GAME.play(s, 0, f"build {kind} e5")
    assert after.board["e5"] == [0, kind]


@pytest.mark.parametrize("kind", ["town", "farm", "mine"])
def test_other_structures_may_stand_next_to_enemy_ones(kind: str) -> None:
    s = make(board={"e6": (1, kind)}, reserves=[[kind], []])
    assert GAME.play(s, 0, f"build {kind} e5").board["e5"] == [0, kind]


@pytest.mark.parametrize(
    ("move", "why"),
    [
        ("build town e5", "e5 is already occupied by {seat1}'s town"),
        ("build castle a1", "no castle in your reserve"),
        ("build army a1", "not a structure"),
        ("build town", "what to build and where"),
        ("discard town", "build phase"),
        ("fly away", "not a Terra move"),
    ],
)
def test_build_refusals_say_why(move: str, why: str) -> None:
    s = make(board={"e5": (1, "town")}, reserves=[["town", "army"], []])
    with pytest.raises(IllegalMove, match=why):
        GAME.play(s, 0, move)


def test_build_accepts_variants() -> None:
    s = make(reserves=[["castle"], []])
    want = GAME.play(s, 0, "build castle e5")
    for move in (
        "BUILD Castle E5",
        "  build  castle   e5 ",
        "castle e5",
        "build e5 castle",
        "build castles e5",
        "place castle e5",
    ):
        assert GAME.play(s, 0, move) == want


def test_build_is_compulsory() -> None:
    s = make(reserves=[["castle", "army"], []])
    moves = GAME.legal_moves(s, 0)
    assert moves and all(m.startswith("build castle ") for m in moves)
    assert len(moves) == 81


def test_no_possible_placement_waits_for_pass_with_private_reserves() -> None:
    # Seat 1 draws two armies and has no structure: with private reserves it says pass
    # (the public must not see the turn skip itself for want of a structure).
    s = end_turn_state(cups=[full_set()[:20], ["army", "army"]])
    after = GAME.play(s, 0, "discard army")
    assert after.turn == 1 and GAME.legal_moves(after, 1) == ["pass"]
    done = GAME.play(after, 1, "pass")
    assert done.turn == 0 and done.idle == 1
    assert GAME.describe(after, 1, "pass", None) == (
        "{seat1} could not build anything and passed.")


def test_no_possible_placement_passes_itself_with_open_reserves() -> None:
    s = end_turn_state(cups=[full_set()[:20], ["army", "army"]])
    s.options = GAME.parse_options({"open_reserves": True})
    after = GAME.play(s, 0, "discard army")
    assert after.turn == 0 and after.idle == 1
    assert ["pass", 1] in after.auto
    assert "{seat1} could not place a structure and was passed" in GAME.describe(
        s, 0, "discard army", None
    )


def test_blocked_by_enemy_castles_everywhere_passes_too() -> None:
    # Every empty plot touches an enemy castle and seat 0 holds only castles.
    board = {p: (1, "castle") for p in PLOTS if p not in ("a1", "i9")}
    s = make(
        phase="discard",
        board=board,
        reserves=[["castle"] * 4, ["town"] * 5],
        turn=1,
        cups=[["castle"] * 2, ["town"] * 2],
    )
    after = GAME.play(s, 1, "discard town")
    assert after.turn == 0 and GAME.legal_moves(after, 0) == ["pass"]  # private reserves
    passed = GAME.play(after, 0, "pass")
    assert passed.idle == 1 and GAME.legal_moves(passed, 0) == ["discard castle",
                                                                 "discard castle castle"]
    s.options = GAME.parse_options({"open_reserves": True})
    after = GAME.play(s, 1, "discard town")
    assert after.turn == 1 and ["pass", 0] in after.auto  # seat 0 passed: back to seat 1


# ---- discard to four ---------------------------------------------------------------------


def test_discard_may_name_several_chits_at_once() -> None:
    s = discard_state()
    after = GAME.play(s, 0, "discard town army")
    assert after.reserves[0] == ["castle", "town", "farm", "mine"]
    assert sorted(after.discards[0]) == ["army", "town"]
    assert after.turn == 1


def test_discard_one_at_a_time() -> None:
    s = discard_state()
    mid = GAME.play(s, 0, "discard army")
    assert mid.phase == "discard" and mid.turn == 0
    assert GAME.view(mid, None)["must_discard"] == 1
    after = GAME.play(mid, 0, "Discard Towns")
    assert after.turn == 1 and after.reserves[0] == ["castle", "town", "farm", "mine"]


def test_discard_legal_moves_list_singles_and_pairs() -> None:
    moves = GAME.legal_moves(discard_state(), 0)
    assert "discard army" in moves and "discard town town" in moves
    assert "discard castle town" in moves and "discard town castle" not in moves
    assert all(1 <= len(m.split()) - 1 <= 2 for m in moves)
    assert len(moves) == len(set(moves)) == 5 + 10 + 1  # 5 kinds, 10 pairs, town town


def test_discard_refusals_say_why() -> None:
    refuses(GAME, discard_state(), 0, ("discard town town army", "only need to discard 2"),
            ("discard palace", "no palace"), ("discard castle castle", "only 1 castle"),
            ("discard gold", "not a chit type"), ("discard", "name the chit"))


def test_discard_waits_for_the_player_with_private_reserves() -> None:
    # All chits alike: nothing to choose, but the public must not learn it.
    s = make(phase="build", reserves=[["town"] * 6, []])
    after = GAME.play(s, 0, "build town e5")
    assert after.phase == "discard" and GAME.legal_moves(after, 0) == ["discard town"]


def test_discard_is_automatic_with_nothing_to_choose_and_open_reserves() -> None:
    s = make(phase="build", reserves=[["town"] * 6, []], options={"open_reserves": True})
    after = GAME.play(s, 0, "build town e5")
    assert after.reserves[0] == ["town"] * 4 and after.discards[0] == ["town"]
    assert after.turn == 1 and ["discard", 0, ["town"]] in after.auto


def test_no_discard_phase_with_four_or_fewer() -> None:
    s = make(reserves=[["town", "farm", "mine", "castle", "army"], []])
    after = GAME.play(s, 0, "build town e5")
    assert after.turn == 1 and after.reserves[0] == ["castle", "farm", "mine", "army"]


# ---- the end ---------------------------------------------------------------------------


def test_game_ends_when_all_plots_are_occupied() -> None:
    board = {p: (i % 2, "town") for i, p in enumerate(PLOTS) if p != "i9"}
    s = make(board=board, reserves=[["farm", "farm", "town", "mine", "army", "army"], []])
    after = GAME.play(s, 0, "build farm i9")
    assert after.phase == "over" and GAME.to_act(after) == []
    assert len(after.reserves[0]) == 5  # the last builder's discard is skipped
    result = GAME.result(after)
    assert result is not None and result.reason == "all 81 plots are occupied"
    assert result.scores == GAME.view(after, None)["scores"]
    assert GAME.legal_moves(after, 0) == [] and GAME.legal_moves(after, 1) == []
    with pytest.raises(IllegalMove, match="over"):
        GAME.play(after, 0, "nowar")
    assert "the game is over: all 81 plots are occupied" in GAME.describe(
        s, 0, "build farm i9", None
    )


def test_game_ends_after_a_full_round_without_placement() -> None:
    # Seat 0 could not place last turn (idle 1); seat 1 now draws only armies.
    s = end_turn_state(cups=[full_set()[:20], ["army", "army"]], idle=1)
    s.phase = "discard"
    after = GAME.play(GAME.play(s, 0, "discard army"), 1, "pass")
    assert after.phase == "over"
    assert (
        GAME.result(after).reason == "a full round passed in which nobody could place a structure"
    )


def test_a_build_resets_the_round_without_placement() -> None:
    s = make(reserves=[["town"], []], idle=1)
    after = GAME.play(s, 0, "build town e5")
    assert after.idle == 0 and after.phase != "over"


def test_safety_stop_after_600_turns() -> None:
    s = end_turn_state(turns=MAX_TURNS)
    after = GAME.play(s, 0, "discard army")
    assert after.phase == "over" and after.turns == MAX_TURNS
    assert GAME.result(after).reason == "the 600-turn limit was reached"
    assert GAME.play(end_turn_state(turns=MAX_TURNS - 1), 0, "discard army").phase != "over"


def test_result_ranks_by_score_and_ties_share() -> None:
    s = make(phase="over", board={"a1": (0, "town"), "i9": (1, "town")})
    s.reason = "all 81 plots are occupied"
    result = GAME.result(s)
    assert result.scores == [0, 0] and result.ranking == [[0, 1]]
    s.board["e5"] = [1, "farm"]
    assert GAME.result(s).ranking == [[1], [0]]
    assert GAME.result(make()) is None


# ---- terrain ----------------------------------------------------------------------------


def test_terrain_has_six_mountains_and_a_connected_river_of_nine() -> None:
    for seed in range(30):
        s = GAME.setup(2, seed, {"terrain": True})
        assert len(set(s.mountains)) == 6 and len(set(s.river)) == 9
        assert not set(s.mountains) & set(s.river)
        for a, b in zip(s.river, s.river[1:], strict=False):
            assert b in ORTHOGONAL[a]  # a path of orthogonal steps
        assert GAME.view(s, None)["terrain"] == {"mountains": s.mountains, "river": s.river}
    assert GAME.setup(2, 3, {"terrain": True}).river == GAME.setup(2, 3, {"terrain": True}).river
    plain = GAME.setup(2, 3, {})
    assert GAME.view(plain, None)["terrain"] == {"mountains": [], "river": []}


def test_mines_on_or_next_to_a_mountain() -> None:
    s = terrain_state("mine")
    GAME.play(s, 0, "build mine a1")  # on
    GAME.play(s, 0, "build mine b2")  # next to (diagonal)
    with pytest.raises(IllegalMove, match="mine must be placed on or next to a mountain"):
        GAME.play(s, 0, "build mine e5")
    allowed = {m.split()[-1] for m in GAME.legal_moves(s, 0)}
    assert allowed == set(near(s.mountains))


def test_farms_on_or_next_to_a_river() -> None:
    s = terrain_state("farm")
    GAME.play(s, 0, "build farm e1")
    GAME.play(s, 0, "build farm d4")
    with pytest.raises(IllegalMove, match="farm must be placed on or next to a river"):
        GAME.play(s, 0, "build farm h8")
    assert {m.split()[-1] for m in GAME.legal_moves(s, 0)} == set(near(s.river))


def test_other_structures_may_stand_on_terrain_and_no_terrain_no_limits() -> None:
    s = terrain_state("castle")
    assert GAME.play(s, 0, "build castle c5").board["c5"] == [0, "castle"]
    plain = make(reserves=[["mine", "farm"], []])
    assert len(GAME.legal_moves(plain, 0)) == 2 * 81
