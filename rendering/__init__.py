"""Board pictures. ``render(slug, view)`` turns an engine *view* into PNG bytes.

Each game has a module named after its slug (``witch-stones`` → ``witch_stones``) with
``render(view, names, highlight) -> bytes``. Renderers see only a view, never the state,
so a picture can show no more than its viewer may know.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence


def render(slug: str, view: dict, highlight: Sequence[str] | None = None,
           names: Sequence[str] | None = None) -> bytes:
    """PNG of ``view``. ``highlight`` overrides the positions of ``view["last"]``."""
    module = importlib.import_module(f"{__name__}.{slug.replace('-', '_')}")
    marked = list(highlight) if highlight is not None else list(view.get("last", []))
    return module.render(view, names=list(names or []), highlight=marked)
