"""When Gods Collide's notation: squares, paths, the hero words, and which phase of the
game a written move belongs to (``tile g7`` the tiles, ``god c3`` the gods, ``c3-c6`` the
battle), so that a move of another phase is refused by its phase."""

from __future__ import annotations

import re

SQUARE = r"[a-p](?:1[0-6]|[1-9])"
SQUARE_RE = re.compile(SQUARE)
PATH_RE = re.compile(rf"(?:{SQUARE})(?:\s*[-x:, ]\s*(?:{SQUARE}))*|(?:{SQUARE}){{2,3}}")
PREFIX = {"winged-sandals": "fly", "god-of-wind": "push", "seth": "seth", "princess": "princess"}
PREFIX_ALIASES = {
    "fly": "fly",
    "sandals": "fly",
    "push": "push",
    "wind": "push",
    "seth": "seth",
    "princess": "princess",
}
PRIVATE_PREFIXES = ("god", "fly ", "sandals ", "seth ", "princess ")
HERO = ("hero", "roll hero", "hero die")
NO_HERO = ("nohero", "no hero", "no-hero")
HERO_ANSWERS = (*HERO, "yes")
NO_HERO_ANSWERS = (*NO_HERO, "keep", "no")
"""On a 6, what rolls the hero die and what keeps the rolls (``yes`` and ``no`` answer
only the question; elsewhere they mean nothing)."""

PHASES = ("tiles", "arrange", "god", "hero", "move")
"""The phases (the state's ``phase``) in the order a player meets them: lay tiles, arrange
an army, name a god, then each turn of the battle the hero die (on a 6) and a move."""


def phase_of(text: str) -> str | None:
    """The phase whose move ``text`` (normalised) is written as, or None when it is no
    phase's move as written: ``tile g7`` → tiles, ``arrange auto`` → arrange, ``god c3``
    → god, ``hero``/``nohero`` → hero, ``c3-c6`` or ``seth f6`` → move. A bare square is
    none: it means a tile while tiles are laid, and nothing else anywhere."""
    if re.fullmatch(rf"tile\s*{SQUARE}", text):
        return "tiles"
    if text.split(" ")[0] == "arrange":
        return "arrange"
    if re.fullmatch(rf"god\s*{SQUARE}", text):
        return "god"
    if text in HERO or text in NO_HERO:
        return "hero"
    first, _, rest = text.partition(" ")
    if first in PREFIX_ALIASES:
        return "move" if PATH_RE.fullmatch(rest.strip()) else None
    if PATH_RE.fullmatch(text) and len(SQUARE_RE.findall(text)) >= 2:
        return "move"
    return None
