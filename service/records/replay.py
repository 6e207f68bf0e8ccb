"""The replay of a finished match: its log replayed, each position's public view drawn
into an animated GIF (:mod:`rendering.replay`), off the event loop. No Discord in here."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from db import ABORTED, FINISHED, MatchRecord, MoveRecord, Store
from engines.base import Game
from rendering.alt import replay_alt_text
from service.common.model import Actor, Post, ServiceError
from service.match.core import Matches, outcome_of, positions
from service.match.pictures import Pictures

log = logging.getLogger(__name__)


async def replay(store: Store, matches: Matches, pictures: Pictures, match_id: int,
                 actor: Actor | None = None) -> Post:
    """A GIF of a finished (or aborted after its start) match, from the public view."""
    match = await matches.readable(match_id, actor)
    if match.snapshot is None:
        raise ServiceError("This match never started: there is nothing to replay.")
    if match.status not in (FINISHED, ABORTED):
        raise ServiceError("A replay is made once the match is over; /history lists the "
                           "moves so far.")
    game = matches.game_of(match.game)
    moves = await store.moves(match.id)
    views = await asyncio.to_thread(public_views, match, game, moves)
    data = await pictures.replay(game.slug, views, match.names)
    alt = replay_alt_text(game.slug, views, match.names, outcome=outcome_of(match))
    size = len(data) / 1024
    log.info("match %s: replay of %d moves, %.0f KB", match.id, len(moves), size)
    text = (f"**{game.title}** #{match.id}: replay of {len(moves)} "
            f"move{'s' if len(moves) != 1 else ''}.")
    return Post(text, png=data, filename=f"match-{match.id}-replay.gif", alt=alt)


def public_views(match: MatchRecord, game: Game, moves: list[MoveRecord]
                 ) -> list[dict[str, Any]]:
    """The public view at the start and after each move, rebuilt from the log."""
    return [game.view(state, None) for state in positions(game, match, moves)]
