"""Pictures drawn with warm caches (kept layers, text masks, footers) are byte for byte the
pictures drawn from scratch: in every game, over random positions with each option on
and off, seen publicly and by each seat, with an outcome banner and with marks."""

from __future__ import annotations

import io
import itertools
import random

import pytest
from PIL import Image

import engines
import rendering
from rendering import kit

NAMES = ["Ana", "Bartholomew the Magnificent", "Chen", "Dee", "Eve", "Fitz"]
POSITIONS = 4  # per match: spread from the start to the end, the end included


def option_sets(game) -> list[dict]:
    """Every combination of the game's on/off options (its other options as they are)."""
    flags = [o.name for o in game.options if isinstance(o.default, bool)]
    return [dict(zip(flags, values, strict=True))
            for values in itertools.product((False, True), repeat=len(flags))] or [{}]


def positions(game, players: int, options: dict, seed: int) -> list[object]:
    rng = random.Random(seed)
    state = game.setup(players, seed, options)
    history = [state]
    while game.result(state) is None and game.to_act(state):
        seat = game.to_act(state)[0]
        state = game.play(state, seat, rng.choice(game.legal_moves(state, seat)))
        history.append(state)
    picks = sorted({rng.randrange(len(history)) for _ in range(POSITIONS - 1)})
    return [history[i] for i in picks] + [history[-1]]


def drawings(slug: str) -> list[tuple[str, dict, list[str], dict]]:
    """(name, view, names, extras) of every picture to compare."""
    game = engines.get(slug)
    out = []
    for players in sorted({game.min_players, game.max_players}):
        for k, options in enumerate(option_sets(game)):
            for n, state in enumerate(positions(game, players, options, 100 * players + k)):
                for viewer in (None, *range(players)):
                    view = game.view(state, viewer)
                    marks = {s: list(view.get("last", [])) for s in range(players)}
                    for extras in ({}, {"outcome": "Ana wins - reached 50 points"},
                                   {"marks": marks}):
                        name = f"{players}p-{options}-{n}-{viewer}-{sorted(extras)}"
                        out.append((name, view, NAMES[:players], extras))
    return out


@pytest.mark.parametrize("slug", [g.slug for g in engines.all()])
def test_a_cached_picture_is_the_one_drawn_from_scratch(slug):
    cases = drawings(slug)
    scratch = {}
    for name, view, names, extras in cases:
        kit.clear_caches()
        scratch[name] = rendering.render(slug, view, names=names, **extras)
    random.Random(1).shuffle(cases)
    for name, view, names, extras in cases:  # each after others: the caches warm
        assert rendering.render(slug, view, names=names, **extras) == scratch[name], name



@pytest.mark.parametrize("slug", [g.slug for g in engines.all()])
def test_the_fixed_palette_keeps_every_named_colour_exact(slug):
    """Seat colours, ink, fills: every colour the kit and the game's module name is in
    the game's palette (else ``python -m bench.palettes`` is due), so a PNG shows it
    exactly; an unnamed one (an antialiased edge) goes to the nearest."""
    from rendering.colours import named_colours
    from rendering.palettes import palette as palette_of

    palette = palette_of(slug)
    assert palette is not None
    assert set(named_colours(slug)) <= set(palette)
    assert len(palette) <= 256
    game = engines.get(slug)
    view = game.view(game.setup(game.max_players, 5, {}), None)
    image = Image.open(io.BytesIO(rendering.render(slug, view, names=NAMES)))
    used = {colour for _, colour in image.convert("RGB").getcolors(256) or []}
    assert used <= set(palette)
    assert {kit.seat_colour(s) for s in range(game.max_players)} <= used  # header discs


def test_a_replay_frame_is_the_picture_before_encoding():
    """The replay takes the board unencoded (no PNG made to be decoded): the same picture
    the PNG holds, to the fixed palette."""
    from rendering.palettes import palette

    game = engines.get("terra")
    view = game.view(positions(game, 2, {"terrain": True}, 9)[1], None)
    with kit.unencoded() as kept:
        assert rendering.render("terra", view, names=NAMES[:2]) == b""
    assert kit.to_png(kept[0], palette("terra")) == rendering.render("terra", view,
                                                                      names=NAMES[:2])
