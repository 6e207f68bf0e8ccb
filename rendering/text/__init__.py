"""Text boards: ``text_board(slug, view, names)`` turns an engine *view* into a compact
Unicode board of at most 60 columns, for terminals, ``/board text:true`` and pictures'
alt text.

Each game's spec names its text board (:class:`engines.spec.GameSpec`, usually a module
of this package), ``text_board(view, names) -> str``. Like the pictures, a text board sees
only a view, so it can show no more than its viewer may know. No Pillow here: text needs none.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import engines


def text_board(slug: str, view: Mapping[str, Any], names: Sequence[str]) -> str:
    """The text board of ``view``; ``names`` are the players' display names by seat."""
    return engines.spec(slug).render_text()(view, list(names))
