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


# ---- what the pictures paint ----------------------------------------------------------
# Colours are compared where they are painted, after the same simulation. Two rules:
#
# - TOLD APART (ΔE00 ≥ 12, the threshold above): colours that alone tell two things
#   apart — the owner of a piece, a tile, a territory; a mark from the highlight.
# - TOUCHING (ΔE00 ≥ 5): a fill and what lies on it or beside it, where an ink outline or
#   a shape also tells them apart (a seat's token on a hex, a tint on the board's squares),
#   so the colour only has to show that there are two things: Mokrzycki and Tatol's "the
#   observer notices two different colours" (ΔE > 5), which the ΔE00 ≥ 5 of a token's fill
#   against its ground keeps even for small areas, at a phone's size.
#
# Text on a fill is measured as WCAG 2.1 contrast (≥ 4.5:1, level AA for normal text),
# which does not depend on colour vision (it is luminance only).
TOUCHING = 5.0
CONTRAST = 4.5


def surfaces(slug: str, players: int) -> list[tuple[str, str, RGB, RGB, float]]:
    """(surface, pair, colour a, colour b, threshold) for the game's painted colours."""
    from rendering import angry_gods, storm_of_the_gods, terra, terra_icons
    from rendering import when_gods_collide as wgc
    from rendering import witch_stones as ws

    seats = [kit.seat_colour(i) for i in range(players)]
    out: list[tuple[str, str, RGB, RGB, float]] = []

    def apart(surface: str, named: dict[str, RGB], limit: float) -> None:
        for (a, ca), (b, cb) in itertools.combinations(named.items(), 2):
            out.append((surface, f"{a} / {b}", ca, cb, limit))

    def on(surface: str, grounds: dict[str, RGB], things: dict[str, RGB], limit: float) -> None:
        for (g, cg), (t, ct) in itertools.product(grounds.items(), things.items()):
            out.append((surface, f"{t} on {g}", cg, ct, limit))

    tokens = {f"seat {i + 1}": c for i, c in enumerate(seats)}
    if slug == "terra":
        plots = {"plain": terra.PLAIN, "plain (alt)": terra.PLAIN_ALT, "river": terra.RIVER,
                 "mountain": terra.MOUNTAIN}
        tints = {f"seat {i + 1} tile": terra_icons.blend(c, terra.WHITE, 0.8)
                 for i, c in enumerate(seats)}
        # a structure's tile is framed in its owner's colour, and its icon and the
        # owner's token are in it: the tint itself tells nothing (ΔE00 0.4 from a plot)
        on("icons, tokens and frames on their tiles", tints, tokens, TOUCHING)
        on("tile and territory frames, badges on plots", plots, tokens, TOUCHING)
    elif slug == "when-gods-collide":
        tints = {f"seat {i + 1} tile": wgc._mix(kit.LIGHT_SQUARE, c, wgc.TINT)
                 for i, c in enumerate(seats)}
        tints.update({f"seat {i + 1} tile (dark)": wgc._mix(kit.DARK_SQUARE, c, wgc.TINT)
                      for i, c in enumerate(seats)})
        on("tiles beside the gaps", {"gap": wgc.GAP_FILL}, tints, TOUCHING)
        on("tile owners' tokens on tiles", tints, tokens, TOUCHING)
        on("checkers' emblems", {"checker": wgc.CHECKER_FILL}, tokens, THRESHOLD)
        on("marks on tiles", tints, {"highlight": kit.HIGHLIGHT, **tokens}, TOUCHING)
    elif slug == "angry-gods":
        apart("stones (also lettered)", {k: v for k, v in angry_gods.STONE.items()}, TOUCHING)
        on("stones on spaces", {"space": angry_gods.SPACE_FILL, "outer": angry_gods.OUTER_FILL},
           angry_gods.STONE, TOUCHING)
    elif slug == "storm-of-the-gods":
        fills = {f"population {k}": c for k, c in storm_of_the_gods.TILE_FILL.items()}
        on("worshippers on tiles", fills, tokens, TOUCHING)
        out.append(("the wind's attack", "attack / highlight", storm_of_the_gods.ATTACK,
                    kit.HIGHLIGHT, THRESHOLD))
        on("marks on tiles", {**fills, "empty": storm_of_the_gods.EMPTY_FILL},
           {"highlight": kit.HIGHLIGHT, **tokens}, TOUCHING)
    elif slug == "witch-stones":
        pieces = {"sun": ws.SUN_FILL, "moon": ws.MOON_FILL, "crown": ws.CROWN_FILL,
                  "earth": ws.EARTH_FILL}
        apart("pieces (also shaped)", pieces, TOUCHING)
        on("pieces on squares", {"light": kit.LIGHT_SQUARE, "dark": kit.DARK_SQUARE}, pieces,
           TOUCHING)
    return out


def texts(slug: str) -> list[tuple[str, RGB, RGB]]:
    """(what, text colour, fill under it): secondary text the pictures write."""
    from rendering import storm_of_the_gods as storm

    out = [("muted text on the background", kit.MUTED, kit.BACKGROUND),
           ("muted text on a banner", kit.MUTED, kit.BANNER)]
    if slug == "storm-of-the-gods":
        out += [(f"hex name on population {k}", storm.NAME, c) for k, c in storm.TILE_FILL.items()]
        out += [("hex name on an empty hex", storm.NAME, storm.EMPTY_FILL)]
    if slug == "when-gods-collide":
        out += [("coordinates on the background", kit.MUTED, kit.BACKGROUND)]
    return out


def contrast(a: RGB, b: RGB) -> float:
    """WCAG 2.1 contrast ratio."""
    def luminance(rgb: RGB) -> float:
        linear = colour.models.eotf_sRGB(np.array(rgb, dtype=float) / 255)
        return float(linear @ np.array([0.2126, 0.7152, 0.0722]))

    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def painted_smallest(slug: str, players: int, deficiency: str | None
                     ) -> dict[str, tuple[float, str, float]]:
    """Each surface's smallest ΔE00: (value, pair, threshold)."""
    found: dict[str, tuple[float, str, float]] = {}
    for surface, pair, a, b, limit in surfaces(slug, players):
        value = difference(a, b, deficiency)
        if surface not in found or value < found[surface][0]:
            found[surface] = (value, pair, limit)
    return found


@pytest.mark.parametrize("deficiency", [None, *DEFICIENCIES])
@pytest.mark.parametrize(("slug", "players"), GAMES, ids=[f"{s}-{p}p" for s, p in GAMES])
def test_painted_colours_stay_apart(slug, players, deficiency):
    for surface, (value, pair, limit) in painted_smallest(slug, players, deficiency).items():
        assert value >= limit, f"{slug} {players} seats {deficiency}: {surface}: {pair} " \
                               f"ΔE00 {value:.1f} < {limit}"


@pytest.mark.parametrize("slug", sorted({s for s, _ in GAMES}))
def test_secondary_text_has_aa_contrast(slug):
    for what, ink, fill in texts(slug):
        assert contrast(ink, fill) >= CONTRAST, f"{slug}: {what} {contrast(ink, fill):.2f}:1"


def test_painted_table(capsys):
    """The report's table: each surface's smallest ΔE00 over seat counts, per vision."""
    with capsys.disabled():
        print()
        for slug in sorted({s for s, _ in GAMES}):
            counts = [p for s, p in GAMES if s == slug]
            table: dict[str, list[float]] = {}
            for k, deficiency in enumerate((None, *DEFICIENCIES)):
                for players in counts:
                    for surface, (value, _, _) in painted_smallest(
                            slug, players, deficiency).items():
                        row = table.setdefault(surface, [99.0] * 4)
                        row[k] = min(row[k], value)
            for surface, row in table.items():
                print(f"{slug:18} {surface:40} " + " ".join(f"{v:5.1f}" for v in row))
            for what, ink, fill in texts(slug):
                print(f"{slug:18} {what:40} {contrast(ink, fill):5.2f}:1")
    assert contrast(kit.INK, kit.BACKGROUND) > 10
