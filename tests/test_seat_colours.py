"""Seat colours stay apart for colour-blind players.

For every game and every seat count it can be played with, each pair of the seat
colours, the move highlight against each seat colour, and each of them against the
picture's background are compared after simulating deuteranopia, protanopia and
tritanopia at full severity (Machado, Oliveira and Fernandes 2009, the model
colour-science implements; its tritan matrices approximate tritanopia by a shift of the
S cone, the best the model offers), and with normal vision.

The difference is CIEDE2000 (ΔE00) in CIELAB under D65. The threshold is 12: ΔE00 was
fitted so that about 1 is a just-noticeable difference side by side, and Mokrzycki and
Tatol's survey ("Colour difference ΔE - a survey", 2011) reads a difference above 5 as
"the observer notices two different colours". A board is read at a glance, on a phone,
with the two colours small and apart rather than side by side (small fields look less
saturated, and blue-yellow discrimination drops most), and the simulation is itself an
approximation: so more than twice that figure.
"""

from __future__ import annotations

import itertools
import warnings

import numpy as np
import pytest

import engines
from rendering import kit

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # "SciPy/Matplotlib features are not available"
    import colour

THRESHOLD = 12.0
DEFICIENCIES = ("Deuteranomaly", "Protanomaly", "Tritanomaly")
RGB = tuple[int, int, int]


def seen_as(rgb: RGB, deficiency: str | None) -> np.ndarray:
    """CIELAB of ``rgb`` as seen with ``deficiency`` at full severity (None: normal)."""
    encoded = np.array(rgb, dtype=float) / 255
    if deficiency is not None:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # the tritan approximation's note
            matrix = colour.blindness.matrix_cvd_Machado2009(deficiency, 1.0)
        linear = np.clip(colour.models.eotf_sRGB(encoded) @ matrix.T, 0, 1)
        encoded = colour.models.eotf_inverse_sRGB(linear)
    return colour.XYZ_to_Lab(colour.sRGB_to_XYZ(encoded))


def difference(a: RGB, b: RGB, deficiency: str | None) -> float:
    return float(colour.delta_E(seen_as(a, deficiency), seen_as(b, deficiency),
                                method="CIE 2000"))


def pairs(players: int) -> list[tuple[str, RGB, RGB]]:
    """What must read apart with ``players`` seats: named, with the two colours."""
    seats = [(f"seat {i + 1}", kit.seat_colour(i)) for i in range(players)]
    out = [(f"{a} / {b}", ca, cb) for (a, ca), (b, cb) in itertools.combinations(seats, 2)]
    out += [(f"highlight / {name}", kit.HIGHLIGHT, c) for name, c in seats]
    out += [(f"background / {name}", kit.BACKGROUND, c)
            for name, c in [*seats, ("highlight", kit.HIGHLIGHT)]]
    return out


def smallest(players: int, deficiency: str | None) -> tuple[float, str]:
    return min((difference(a, b, deficiency), name) for name, a, b in pairs(players))


GAMES = [(game.slug, players) for game in engines.all()
         for players in range(game.min_players, game.max_players + 1)]


@pytest.mark.parametrize("deficiency", [None, *DEFICIENCIES])
@pytest.mark.parametrize(("slug", "players"), GAMES, ids=[f"{s}-{p}p" for s, p in GAMES])
def test_seats_and_highlight_differ_for_colour_blind_players(slug, players, deficiency):
    value, name = smallest(players, deficiency)
    assert value >= THRESHOLD, f"{slug}, {players} seats, {deficiency}: {name} ΔE00 {value:.1f}"


def test_the_measure_tells_colours_apart():
    """The check itself: red and green merge for a deuteranope, not for normal vision;
    blue and yellow stay apart for a deuteranope."""
    red, green = (200, 60, 40), (90, 140, 40)
    assert difference(red, green, None) > 25
    assert difference(red, green, "Deuteranomaly") < 8
    assert difference((0, 90, 200), (230, 200, 0), "Deuteranomaly") > 40


def test_smallest_difference_table(capsys):
    """The table of the report: the smallest ΔE00 per seat count and vision."""
    with capsys.disabled():
        print()
        for players in sorted({p for _, p in GAMES}):
            cells = [f"{smallest(players, d)[0]:5.1f}" for d in (None, *DEFICIENCIES)]
            print(f"{players} seats  normal/deutan/protan/tritan  " + " ".join(cells))
    assert smallest(2, None)[0] >= THRESHOLD


def test_seats_differ_by_shape_too():
    """Each seat's token has its own shape: drawn in one colour, any two seats' tokens
    still differ in a good part of their area."""
    from PIL import Image, ImageChops, ImageDraw

    def token(seat: int) -> Image.Image:
        image = Image.new("L", (60, 60), 0)
        kit.seat_disc(ImageDraw.Draw(image), 30, 30, 12, seat, fill=255, outline=255)
        return image

    shapes = [token(seat) for seat in range(len(kit.SEAT_SHAPES))]
    for a, b in itertools.combinations(range(len(shapes)), 2):
        apart = ImageChops.difference(shapes[a], shapes[b]).histogram()[255]
        assert apart >= 60, (kit.seat_shape(a), kit.seat_shape(b), apart)
