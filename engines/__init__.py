"""Pure game engines. ``engines.get(slug)`` returns a game, ``engines.all()`` lists them.

Each game is a module of this package exposing ``GAME``, an object that follows
:class:`engines.base.Game`. Games are found by scanning the package, so adding a game
is adding its module.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from importlib import resources

from engines.base import Game, IllegalMove, Option, Result

__all__ = ["Game", "IllegalMove", "Option", "Result", "all", "get", "rules_text"]

_ORDER = ("witch-stones", "angry-gods", "storm-of-the-gods", "when-gods-collide", "terra")


@cache
def _registry() -> dict[str, Game]:
    found: dict[str, Game] = {}
    for info in pkgutil.iter_modules(__path__):
        if info.name.startswith("_") or info.name in ("base", "ai"):  # ai: players, no game
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        game = getattr(module, "GAME", None)
        if game is not None:
            found[game.slug] = game
    rank = {slug: i for i, slug in enumerate(_ORDER)}
    return dict(sorted(found.items(), key=lambda kv: (rank.get(kv[0], len(rank)), kv[0])))


def all() -> list[Game]:
    """Every game, in the design's order."""
    return list(_registry().values())


def get(slug: str) -> Game:
    """The game called ``slug``; KeyError names the games there are."""
    games = _registry()
    try:
        return games[slug]
    except KeyError:
        raise KeyError(f"no game {slug!r}; games: {', '.join(games)}") from None


def rules_text(slug: str) -> str:
    """The rules as players read them with /rules (``engines/rules/<slug>.md``).

    Only a registered game's slug is read (KeyError otherwise): the slug comes from
    users and must never become a path of their choosing.
    """
    game = get(slug)
    return resources.files(__name__).joinpath("rules", f"{game.slug}.md").read_text("utf-8")
