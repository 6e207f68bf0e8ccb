"""The computer seats: the move a computer (or a resigned player's seat) plays, at its
level, the same for the same match and position, off the event loop."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Sequence
from dataclasses import dataclass

from db import MatchRecord, SeatRecord, Store
from engines.ai import LEVELS, Player
from engines.ai import player as level_player
from engines.base import Game, State
from service.common import pool
from service.learning import lessons


@dataclass(eq=False)
class Computer:
    """Chooses computer moves: with ``player`` for every seat (tests,
    ``--ai-iterations``), else each seat at its level (:meth:`level_of`), ``level`` for
    seats added without one and for resigned players."""

    store: Store
    player: Player | None
    level: str
    offload: str

    async def choose(self, match: MatchRecord, game: Game, state: State, seat: int,
                     history: Sequence[str] = ()) -> str:
        """The move the computer plays for ``seat``: the same for the same match and
        position, in a thread or the pool. ``history``: the keys of the match's recent
        moves (not to go round in circles)."""
        if match.lesson:  # a lesson's computer plays its script first
            scripted = await lessons.scripted_reply(self.store, match, game, state, seat)
            if scripted is not None:
                return scripted
        seed = random.Random(f"{match.seed}:ai:{match.version}").getrandbits(62)
        keys = tuple(history)
        if self.player is not None:
            return await asyncio.to_thread(self.player.choose, game, state, seat, seed, keys)
        level = self.level_of(match.by_seat()[seat])
        if self.offload == "process":
            move, _, _ = await pool.run(pool.decide, game.slug, game.dump(state), seat,
                                        seed, level, keys)
            return str(move)
        return await asyncio.to_thread(
            lambda: level_player(level).choose(game, state, seat, seed, keys))

    def level_of(self, seated: SeatRecord) -> str:
        """A computer seat's level: written after its name ("Computer 1 (hard)"), else
        the service's level (also for a player who resigned)."""
        name = seated.display_name
        if seated.is_ai and name.endswith(")") and "(" in name:
            written = name[name.rindex("(") + 1:-1]
            if written in LEVELS:
                return written
        return self.level

    async def recent_moves(self, match: MatchRecord, game: Game) -> tuple[str, ...]:
        """The keys of the match's last moves (:mod:`engines.ai.repetition`), replayed
        from its move log off the event loop."""
        moves = [(m.seat, m.notation) for m in await self.store.moves(match.id)]
        args = (game.slug, len(match.seats), match.seed, match.options, moves)
        if self.offload == "process":
            keys: tuple[str, ...] = await pool.run(pool.recent_keys, *args,
                                                   cost_ms=pool.keys_cost(len(moves)))
            return keys
        return await asyncio.to_thread(pool.recent_keys, *args)
