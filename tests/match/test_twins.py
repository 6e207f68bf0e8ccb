"""Public twins: a state and ``determinise(state, None, rng)`` must look the same to the
public, at every position of random games, and so must what follows from them.

For each position we build a public twin (every hidden value resampled from the public
view) and compare: the public view, its alt text (what a screen reader says of the public
picture), ``to_act``; and for the move played in the real
game, when it is legal in the twin, its public description and the public view after
it. Chance that a move consumes face up (Storm's stack, the dice) is aligned between
the two first: only what stays hidden is compared. A move that reveals a hidden value
(a WGC capture names a god) is compared in a twin that agrees on that value.

``audit`` is also a script: ``python -m tests.test_twins [games]`` prints the figures.
"""

from __future__ import annotations

import copy
import dataclasses
import itertools
import random
import re
import sys
from collections import Counter
from dataclasses import dataclass, field

import pytest

import engines
import rendering.alt
from engines.base import Game, IllegalMove, public_moves
from tests.conftest import games_budget

GAMES = [g.slug for g in engines.all()]
RETRIES = 4
NAMES = ["Ana", "Bo", "Cy", "Di", "Ed", "Flo"]
SQUARE = re.compile(r"\b[a-p]\d{1,2}\b")

# The share of twins whose secrets (beyond future chance) differ from the real state's.
SECRETS = {"storm-of-the-gods": 0.8, "when-gods-collide": 0.5, "terra": 0.8}
# Games whose legal moves for the player to act follow from the public view alone.
PUBLIC_MOVES = {"witch-stones": True, "angry-gods": True, "storm-of-the-gods": True,
                "when-gods-collide": False, "terra": False}
# Random games audited per game: about 12,000 positions each. A Terra game is 200
# positions at several times the cost of a Witch Stones position (its views score the
# whole map), so 200 Terra games took three minutes of one core for no more secrets.
TWIN_GAMES = {"witch-stones": 200, "angry-gods": 170, "storm-of-the-gods": 110,
              "when-gods-collide": 90, "terra": 60}
TWIN_POSITIONS = 10_000


@dataclass
class Audit:
    games: int = 0
    positions: int = 0
    outputs: int = 0
    moves_compared: int = 0
    hidden_differ: int = 0
    secrets_differ: int = 0
    public_moves: Counter = field(default_factory=Counter)
    differences: list[tuple[str, int, str]] = field(default_factory=list)

    def check(self, what: str, step: int, a, b) -> None:
        self.outputs += 1
        if a != b:
            self.differences.append((what, step, f"{a!r:.300} != {b!r:.300}"))


def _options(slug: str, match: int) -> dict:
    if slug == "terra":
        return {"open_reserves": match % 4 == 3, "terrain": match % 3 == 2}
    return {}


def aligned(game: Game, twin, state):
    """``twin`` with the chance the next move may consume face up taken from ``state``:
    the seed and step (dice, draws), Storm's stack (drawn face up), open Terra cups."""
    names = [n for n in ("seed", "step") if hasattr(state, n)]
    if game.slug == "storm-of-the-gods":
        names.append("stack")
    if game.slug == "terra" and state.options.get("open_reserves"):
        names.append("cups")
    return dataclasses.replace(twin, **{n: copy.deepcopy(getattr(state, n)) for n in names})


def twin_for_move(game: Game, state, seat: int, move: str, rng, tries: int = 8,
                  knowing: int = 0):
    """A twin of ``state`` in which ``move`` is legal and reveals the same, with the chance
    it consumes face up aligned: the first ``knowing`` of ``tries`` tries keep what
    ``seat`` knows, the rest are public; ``state`` itself if none is found."""
    key = reveal_key(game, state, move)
    for attempt in range(tries):
        knows = seat if attempt < knowing else None
        candidate = aligned(game, game.determinise(state, knows, rng), state)
        if reveal_key(game, candidate, move) != key:
            continue
        try:
            game.play(candidate, seat, move)
        except IllegalMove:
            continue
        return candidate
    return state


def reveal_key(game: Game, state, move: str):
    """What playing ``move`` reveals of the hidden values: WGC's gods among the squares
    the move names (a capture names a god checker, a refusal shows one)."""
    if game.slug != "when-gods-collide":
        return None
    action = None
    if state.phase == "move":  # the squares the move passes (a Princess's whole slide)
        action = game._moves(state, game.to_act(state)[0]).get(move)
    text = " ".join(str(part) for part in action) if action else move.lower()
    squares = SQUARE.findall(text)
    return tuple(
        sq in state.board and state.gods[state.board[sq][0]] == state.board[sq][1]
        for sq in squares
    )


def hidden(dumped: dict) -> dict:
    """A state's dump without its future chance (the seed and step)."""
    return {key: value for key, value in dumped.items() if key not in ("seed", "step")}


def audit(slug: str, games: int, seed: int = 1, probes: int = 2) -> Audit:
    game = engines.get(slug)
    result = Audit()
    rng = random.Random(seed)
    for match in range(games):
        players = game.min_players + match % (game.max_players - game.min_players + 1)
        state = game.setup(players, seed * 100_000 + match, _options(slug, match))
        result.games += 1
        step = 0
        while True:
            step += 1
            result.positions += 1
            public = game.view(state, None)
            acting = game.to_act(state)
            twins = [game.determinise(state, None, rng) for _ in range(probes)]
            alt = rendering.alt.alt_text(slug, public, NAMES[:players])
            running = game.result(state) is None  # a finished match may reveal its secrets
            dumped = game.dump(state)
            secrets = hidden(dumped)
            for twin in twins:
                seen = game.view(twin, None)
                result.check("view", step, seen, public)
                if running:
                    result.check("alt text", step,
                                  rendering.alt.alt_text(slug, seen, NAMES[:players]), alt)
                result.check("to_act", step, game.to_act(twin), acting)
                twin_dumped = game.dump(twin)
                result.hidden_differ += twin_dumped != dumped
                result.secrets_differ += hidden(twin_dumped) != secrets
            if not acting:
                break
            seat = acting[0]
            moves = game.legal_moves(state, seat)
            same = all(game.legal_moves(t, seat) == moves for t in twins)
            result.public_moves[same] += 1
            move = rng.choice(moves)
            after = game.play(state, seat, move)
            said = game.describe(state, seat, move, None)
            key = reveal_key(game, state, move)
            # More twins only when those above cannot play the move (drawn as needed).
            candidates = itertools.chain(
                twins, (game.determinise(state, None, rng) for _ in range(RETRIES)))
            for twin in candidates:
                twin = aligned(game, twin, state)
                if reveal_key(game, twin, move) != key:
                    continue
                try:
                    twin_after = game.play(twin, seat, move)
                except IllegalMove:
                    continue
                result.moves_compared += 1
                result.check("describe", step, game.describe(twin, seat, move, None), said)
                if game.result(after) is None:  # a finishing move reveals every secret
                    result.check("view after", step, game.view(twin_after, None),
                                 game.view(after, None))
                break
            state = after
    return result


@pytest.mark.parametrize("slug", GAMES)
def test_public_twins_look_the_same(slug):
    games = games_budget(TWIN_GAMES[slug])
    found = audit(slug, games)
    assert found.positions > games
    if games >= TWIN_GAMES[slug]:  # the default budget: positions, not games, are the aim
        assert found.positions >= TWIN_POSITIONS
    assert not found.differences, found.differences[:5]
    # The twins really are other states: hidden values (or future chance) resampled.
    assert found.hidden_differ > 0.9 * found.positions * 2
    if slug in SECRETS:
        assert found.secrets_differ > SECRETS[slug] * found.positions * 2
    # Every move the real game played was compared in some twin in most positions.
    assert found.moves_compared > 0.8 * (found.positions - found.games)
    if PUBLIC_MOVES[slug]:
        assert found.public_moves[False] == 0
    else:
        assert found.public_moves[False] > 0


def random_walk(game, state, rng: random.Random, limit: int = 100_000):
    """Each position of a random game from ``state`` (at most ``limit``) while someone
    acts, as (state, the first seat to act, its legal moves); then that seat plays one of
    them at random."""
    for _ in range(limit):
        acting = game.to_act(state)
        if not acting:
            return
        moves = game.legal_moves(state, acting[0])
        yield state, acting[0], moves
        state = game.play(state, acting[0], rng.choice(moves))


@pytest.mark.parametrize("slug", GAMES)
def test_public_moves_shows_moves_only_when_the_public_could_know_them(slug):
    game = engines.get(slug)
    rng = random.Random(3)
    hidden_seen = 0
    for match in range(3):
        start = game.setup(game.min_players, 40 + match, _options(slug, match))
        for state, seat, moves in random_walk(game, start, rng):
            shown = public_moves(game, state, seat, probes=4)
            if shown is None:
                hidden_seen += 1
            else:
                assert shown == moves
    if PUBLIC_MOVES[slug]:
        assert hidden_seen == 0
    elif slug == "terra":
        assert hidden_seen > 0  # builds, wars and discards come from a private reserve


def test_public_moves_hides_moves_that_show_what_the_mover_alone_knows():
    from tests.engines.when_gods_collide_battlefields import build

    wgc = engines.get("when-gods-collide")
    s = build({"a1": "0G", "c1": "1", "d1": "1G", "p1": "1"}, hero="winged-sandals")
    assert public_moves(wgc, s, 0) is not None  # nobody knows any god yet
    s.known[0] = [s.board["d1"][1]]  # the mover found d1's god: no Sandals onto it
    assert "fly a1-d1" not in wgc.legal_moves(s, 0)
    assert public_moves(wgc, s, 0) is None


def main(argv: list[str]) -> None:
    games = int(argv[1]) if len(argv) > 1 else 20
    slugs = argv[2:] or GAMES
    for slug in slugs:
        found = audit(slug, games)
        kinds = Counter(what for what, _, _ in found.differences)
        print(f"{slug}: games {found.games}, positions {found.positions}, outputs "
              f"{found.outputs}, moves compared {found.moves_compared}, hidden differ "
              f"{found.hidden_differ}, secrets differ {found.secrets_differ}, "
              f"public moves {dict(found.public_moves)}, "
              f"differences {len(found.differences)} {dict(kinds)}")
        for what, step, text in found.differences[:3]:
            print(f"   {what} @{step}: {text}")


if __name__ == "__main__":
    main(sys.argv)


@pytest.mark.parametrize("slug", GAMES)
def test_moves_said_public_by_the_rules_are_public_in_every_twin(slug):
    # moves_are_public decides public buttons from the rules alone (a position-dependent
    # answer would itself be a hint): wherever it says yes, no twin disagrees.
    game = engines.get(slug)
    rng = random.Random(11)
    checked = 0
    for match in range(4):
        options = game.parse_options(_options(slug, match))
        if not game.moves_are_public(options):
            continue
        start = game.setup(game.max_players, 70 + match, options)
        for state, seat, _ in random_walk(game, start, rng, limit=150):
            assert public_moves(game, state, seat, probes=3) is not None
            checked += 1
    assert checked > 0 or slug == "when-gods-collide"
    assert game.moves_are_public(game.parse_options({})) == PUBLIC_MOVES[slug]
