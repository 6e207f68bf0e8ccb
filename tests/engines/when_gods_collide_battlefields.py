"""When Gods Collide test helpers: hand-built battlefields, a battle set up, seeds for a roll."""

from __future__ import annotations

from dataclasses import replace

from engines.when_gods_collide import GAME, State
from engines.when_gods_collide.state import HERO_NAMES

STRIP = ["a1", "c1", "e1", "g1", "i1", "k1", "m1", "o1"]  # the bottom 16×2 strip


def build(
    pieces: dict[str, str],
    blocks: list[str] | dict[str, int] | None = None,
    *,
    players: int = 2,
    chess: str = "rook",
    number: int = 3,
    hero: str = "",
    current: int = 0,
    phase: str = "move",
    known: list[list[int]] | None = None,
    turns: int = 0,
    eliminated: tuple[int, ...] = (),
) -> State:
    """A battle position. ``pieces`` maps a square to an owner digit, "G" marking a god
    (e.g. {"c3": "0", "f6": "1G"}); checker ids are owner * 12 + k in square order, as
    the game numbers them."""
    if blocks is None:
        blocks = STRIP
    tiles = dict(blocks) if isinstance(blocks, dict) else {b: 0 for b in blocks}
    board: dict[str, list[int]] = {}
    gods = [-1] * players
    for square, code in sorted(pieces.items()):
        owner = int(code[0])
        k = owner * 12 + sum(1 for o, _ in board.values() if o == owner)
        board[square] = [owner, k]
        if code.endswith("G"):
            gods[owner] = k
    return State(
        players=players,
        seed=7,
        step=50,
        phase=phase,
        first=0,
        current=current,
        tiles=tiles,
        board=board,
        gods=gods,
        known=known or [[] for _ in range(players)],
        eliminated=list(eliminated),
        chess=chess,
        number=number,
        hero=hero,
        turns=turns,
    )


def princess(pieces: dict[str, str], blocks: list[str] | None, chess: str, number: int
             ) -> State:
    """A battle position where seat 0 plays the Princess, moving as the ``chess`` piece
    up to ``number`` times."""
    return build(pieces, blocks, chess=chess, hero="princess", number=number)


def owners(state: State) -> dict[str, int]:
    return {sq: v[0] for sq, v in state.board.items()}


def targets(state: State, frm: str, seat: int = 0) -> set[str]:
    return {
        m.split(" ")[-1].split("-")[-1]
        for m in GAME.legal_moves(state, seat)
        if m.split(" ")[-1].startswith(frm + "-")
    }


def set_up_battle(players: int = 2, seed: int = 3) -> State:
    """Play the set-up with the first legal tile each time and auto arrangements."""
    s = GAME.setup(players, seed, {})
    while s.phase in ("tiles", "arrange", "god"):
        seat = GAME.to_act(s)[0]
        s = GAME.play(s, seat, GAME.legal_moves(s, seat)[0])
    return s


def with_seed(state: State, seed: int) -> State:
    return replace(state, seed=seed)


def hero_face_seed(state: State, face: str) -> State:
    """The same position with a seed whose hero roll gives ``face``."""
    for seed in range(1000):
        t = with_seed(state, seed)
        if HERO_NAMES[face] + "," in GAME.describe(t, t.current, "hero", None):
            return t
    raise AssertionError(face)
