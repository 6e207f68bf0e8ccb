"""Text boards: ``text_board(slug, view, names)`` turns an engine *view* into a compact
Unicode board of at most 60 columns, for terminals, ``/board text:true`` and pictures'
alt text.

Each game has a module named after its slug (``witch-stones`` → ``witch_stones``) with
``text_board(view, names) -> str``. Like the pictures, a text board sees only a view, so
it can show no more than its viewer may know. No Pillow here: text needs none.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence


def text_board(slug: str, view: dict, names: Sequence[str]) -> str:
    """The text board of ``view``; ``names`` are the players' display names by seat."""
    module = importlib.import_module(f"{__name__}.{slug.replace('-', '_')}")
    return module.text_board(view, list(names))
