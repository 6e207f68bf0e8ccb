"""The state of a When Gods Collide match: plain data, JSON round-trippable."""

from __future__ import annotations

from dataclasses import dataclass, field

from engines.base import copied

CULTURES = ("Babylonian", "Egyptian", "Greek", "Norse")
ARMIES = ("Ziggurat", "Sphinx", "Temple", "Viking Ship")
GODS = ("Marduk", "Amun-Ra", "Zeus", "Odin")
CHESS_FACES = ("king", "pawn", "knight", "queen", "bishop", "rook")
HERO_FACES = ("imp", "double-knight", "winged-sandals", "god-of-wind", "princess", "seth")
HERO_NAMES = {
    "imp": "the Imp",
    "double-knight": "the Double Knight",
    "winged-sandals": "the Winged Sandals",
    "god-of-wind": "the God of Wind",
    "princess": "the Princess",
    "seth": "Seth",
}
TILES_EACH = 6
ARMY_SIZE = 12
MAX_TURNS = 400


@dataclass
class State:
    """``board`` maps a square to ``[owner, checker id]``; ``gods[seat]`` is the id of that
    seat's god checker (-1 before it is chosen); ``known[seat]`` lists the ids of other
    seats' gods that seat has discovered; ``public`` the ids of gods known to everyone
    (a Princess passed over them). ``last`` is the public highlight;
    ``last_private`` what only ``last_seat`` sees (a refused move, a chosen god)."""

    players: int
    seed: int
    step: int = 0
    phase: str = "tiles"  # tiles, arrange, god, hero, move, over
    first: int = 0
    current: int = 0
    tiles: dict[str, int] = field(default_factory=dict)
    board: dict[str, list[int]] = field(default_factory=dict)
    gods: list[int] = field(default_factory=list)
    known: list[list[int]] = field(default_factory=list)
    eliminated: list[int] = field(default_factory=list)
    chess: str = ""
    number: int = 0
    hero: str = ""
    turns: int = 0
    last: list[str] = field(default_factory=list)
    last_private: list[str] = field(default_factory=list)
    last_seat: int = -1
    # gods known to all: a Princess passed over them; every god once the game is over
    public: list[int] = field(default_factory=list)

    def clone(self) -> State:
        """A copy whose containers may be changed (board entries are replaced, never
        mutated in place)."""
        return copied(self, lists=("gods", "eliminated", "last", "last_private", "public"),
                      nested=("known",), dicts=("tiles", "board"))

    def to_dict(self) -> dict:
        return {
            "players": self.players,
            "seed": self.seed,
            "step": self.step,
            "phase": self.phase,
            "first": self.first,
            "current": self.current,
            "tiles": dict(self.tiles),
            "board": {k: list(v) for k, v in self.board.items()},
            "gods": list(self.gods),
            "known": [list(k) for k in self.known],
            "eliminated": list(self.eliminated),
            "chess": self.chess,
            "number": self.number,
            "hero": self.hero,
            "turns": self.turns,
            "last": list(self.last),
            "last_private": list(self.last_private),
            "last_seat": self.last_seat,
            "public": list(self.public),
        }

    @classmethod
    def from_dict(cls, data: dict) -> State:
        players = int(data["players"])
        return cls(
            players=players,
            seed=int(data["seed"]),
            step=int(data.get("step", 0)),
            phase=str(data.get("phase", "tiles")),
            first=int(data.get("first", 0)),
            current=int(data.get("current", 0)),
            tiles={str(k): int(v) for k, v in data.get("tiles", {}).items()},
            board={str(k): [int(v[0]), int(v[1])] for k, v in data.get("board", {}).items()},
            gods=[int(g) for g in data.get("gods", [-1] * players)],
            known=[[int(i) for i in k] for k in data.get("known", [[] for _ in range(players)])],
            eliminated=[int(e) for e in data.get("eliminated", [])],
            chess=str(data.get("chess", "")),
            number=int(data.get("number", 0)),
            hero=str(data.get("hero", "")),
            turns=int(data.get("turns", 0)),
            last=[str(s) for s in data.get("last", [])],
            last_private=[str(s) for s in data.get("last_private", [])],
            last_seat=int(data.get("last_seat", -1)),
            public=[int(i) for i in data.get("public", [])],
        )

    # Small queries used everywhere.
    def alive(self) -> list[int]:
        return [s for s in range(self.players) if s not in self.eliminated]

    def counts(self) -> list[int]:
        counts = [0] * self.players
        for owner, _ in self.board.values():
            counts[owner] += 1
        return counts

    def square_of(self, checker: int) -> str | None:
        for square, (_, ident) in self.board.items():
            if ident == checker:
                return square
        return None

    def god_owner(self, checker: int) -> int | None:
        """The seat whose god ``checker`` is, or None."""
        for seat, god in enumerate(self.gods):
            if god == checker:
                return seat
        return None
