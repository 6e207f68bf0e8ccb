"""How the pictures tell seats apart: each seat's colour, its shape and their names in
words (what alt text calls a seat: "Ana (blue circle)"). No Pillow here: alt text uses it.

The colours come from Okabe–Ito's: each pair, the highlight and the background stay
apart under simulated deuteranopia, protanopia and tritanopia
(tests/rendering/test_seat_colours.py); seats 4-6 are moved off Okabe-Ito's purple, orange
and sky blue where those met. The shapes make sure seats never differ by colour alone."""

from __future__ import annotations

RGB = tuple[int, int, int]

SEAT_COLOURS: tuple[RGB, ...] = (
    (0, 114, 178),    # blue
    (213, 94, 0),     # vermilion
    (0, 158, 115),    # bluish green
    (225, 135, 180),  # pink
    (225, 195, 90),   # sand
    (90, 195, 255),   # sky blue
)
COLOUR_WORDS = ("blue", "vermilion", "green", "pink", "sand", "sky blue")
"""Each seat's colour as alt text names it (one word or two, never one another's prefix
when read aloud in a list)."""
SEAT_SHAPES = ("circle", "square", "triangle", "diamond", "cross", "pennant")
"""Each seat's shape, so that seats never differ by colour alone (1 to 6 in order)."""


def colour_word(seat: int) -> str:
    """"blue": the seat's colour in words."""
    return COLOUR_WORDS[seat % len(COLOUR_WORDS)]


def shape(seat: int) -> str:
    return SEAT_SHAPES[seat % len(SEAT_SHAPES)]


def token(seat: int) -> str:
    """"blue circle": the seat's token as the picture draws it."""
    return f"{colour_word(seat)} {shape(seat)}"
