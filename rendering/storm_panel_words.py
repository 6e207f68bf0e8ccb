"""The words of Storm of the Gods' panel under the map, laid out to fit in every
language: its table's column titles (the names keep room beside them) and its key's
items (three a row, or two where a language's words are longer)."""

from __future__ import annotations

from rendering import kit

KEY_COLUMNS, KEY_ROWS = 3, 3  # the legend's seven items ("construction" is 170 px wide)
KEY_ITEMS = 7
TABLE = ("picture-storm-community", "picture-storm-limbo", "picture-storm-built",
         "picture-storm-sanctuary")  # the panel's columns, after the names
NAME_ROOM = 130  # the least a god's name keeps beside the table's columns
TABLE_ROOM = kit.WIDTH - 16 - 20 - 28 - 40 - NAME_ROOM
"""What the table's columns may take together: the names keep the rest."""


def titles() -> list[str]:
    """The columns' titles, each shortened only when even closer columns leave the names
    too little room (the pseudo-locale; no language's own words)."""
    face = kit.font(kit.SMALL)
    said = [kit.clean(kit.say(title)) for title in TABLE]
    wide = [kit.length(title, face) for title in said]
    if sum(max(w, 56) + 12 for w in wide) <= TABLE_ROOM:
        return said
    most = (TABLE_ROOM - 12 * len(TABLE)) / len(TABLE)
    return [kit.fit(title, most) for title in said]


def columns(width: int) -> dict[str, float]:
    """Each column's centre by its title, the last one ending at the right margin, each
    as wide as its title and a gap (a narrower gap where a language's titles are long)."""
    face = kit.font(kit.SMALL)
    said = titles()
    wide = [max(kit.length(title, face), 56) for title in said]
    gap = 24 if sum(w + 24 for w in wide) <= TABLE_ROOM else 12
    spans = [w + gap for w in wide]
    lefts = kit.from_right(spans, width - 16.0, 0)
    return {title: left + span / 2 for title, left, span in zip(said, lefts, spans,
                                                                 strict=True)}


def key_columns() -> int:
    """Three items a row, or two where a word is too long to end before the next sign."""
    step = (kit.WIDTH - 40) / KEY_COLUMNS
    face = kit.font(kit.SMALL)
    longest = max(kit.length(kit.clean(kit.say(m)), face) for m in KEY_WORDS)
    return KEY_COLUMNS if 14 + 22 + longest < step - 14 - 8 else KEY_COLUMNS - 1


KEY_WORDS = ("picture-storm-key-worshippers", "picture-storm-key-construction",
             "picture-storm-key-sanctuary", "picture-storm-key-wind",
             "picture-storm-key-move", "picture-storm-key-attack", "picture-storm-key-last-move")
