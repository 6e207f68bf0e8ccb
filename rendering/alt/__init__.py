"""Alt text: ``alt_text(slug, view, names)`` describes a board picture in sentences for a
screen reader (Discord's attachment ``description``, at most 1,024 characters).

Each game's spec names its alt-text writer (:class:`engines.spec.GameSpec`, usually a
module of this package), ``alt_text(view, names, *, marks=None, outcome=None,
limit=1024) -> str``, taking what the picture's renderer takes (:func:`rendering.render`).
Like the pictures, alt text sees only a view, so it can say no more than its viewer may
know. No Pillow here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import engines
from rendering import words
from speech import Text

LIMIT = 1024  # Discord's limit for an attachment's or a media item's description


def alt_text(slug: str, view: dict, names: Sequence[str], *,
             marks: Mapping[int, Sequence[str]] | None = None,
             outcome: str | Text | None = None, limit: int = LIMIT,
             language: object = None) -> str:
    """The alt text of ``view``'s picture; ``names`` are the players' names by seat,
    ``marks`` each seat's moves since the viewer's last turn, ``outcome`` a finished
    match's result line; ``language`` the picture's (see :func:`rendering.render`: the
    outcome is said in it; the alt text's own sentences are English until their
    catalogue comes)."""
    with words.speaking(language):
        return engines.spec(slug).describe_picture()(view, list(names), marks=marks,
                                                     outcome=words.said(outcome),
                                                     limit=limit)


def replay_alt_text(slug: str, views: Sequence[dict], names: Sequence[str], *,
                    outcome: str | None = None, limit: int = LIMIT) -> str:
    """The alt text of a replay (:func:`rendering.replay.gif`, public views only): how
    many moves it shows, then the final position's alt text in the room left."""
    moves = max(0, len(views) - 1)
    head = (f"Animated replay, {moves} move{'s' if moves != 1 else ''} from the set-up to "
            "the final position. Final position: ")
    if not views:
        return head[:limit]
    return head + alt_text(slug, views[-1], names, outcome=outcome,
                           limit=max(0, limit - len(head)))
