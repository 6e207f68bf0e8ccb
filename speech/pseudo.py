"""The pseudo-locale: every catalogue text accented, ~40 % longer and framed by ⟦ ⟧.

A run of the front ends in it shows at a glance what bypassed the catalogues (English
without the frame: :func:`hard_coded` finds it) and where a longer language would
overflow a limit or a picture's box. Only a pattern's text is changed; its placeables
(``{ $name }``) and variant keys stay as they are, so the facts still fit.
"""

from __future__ import annotations

import copy
import math
import re

from fluent.syntax import ast as fluent
from fluent.syntax.visitor import Transformer

OPEN, CLOSE, PAD = "⟦", "⟧", "·"
GROWTH = 0.4
ACCENTS = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "åƀçđéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ")


def accent(text: str) -> str:
    return text.translate(ACCENTS)


class _Accent(Transformer):
    def visit_TextElement(self, node: fluent.TextElement) -> fluent.TextElement:
        node.value = accent(node.value)
        return node


def accented(resource: fluent.Resource) -> fluent.Resource:
    """A copy of ``resource`` with every pattern's text accented."""
    return _Accent().visit(copy.deepcopy(resource))  # type: ignore[no-any-return]


def framed(words: str) -> str:
    """``words`` lengthened by :data:`GROWTH` and marked at both edges."""
    return f"{OPEN}{words}{PAD * max(1, math.ceil(len(words) * GROWTH))}{CLOSE}"


_FRAMED = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}")


def hard_coded(shown: str) -> list[str]:
    """The runs of letters in ``shown`` outside every ⟦…⟧ frame: text that did not come
    from a catalogue (names and move notation a test leaves out first)."""
    rest = shown
    while True:  # innermost frames first: a text said inside another
        stripped = _FRAMED.sub(" ", rest)
        if stripped == rest:
            break
        rest = stripped
    return re.findall(r"[^\W\d_]{2,}(?:[ '’-][^\W\d_]+)*", rest)
