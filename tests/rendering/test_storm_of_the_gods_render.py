"""Storm of the Gods: board pictures of a start, a middle and an end of game."""

from __future__ import annotations

import io
import random

from PIL import Image

import rendering
from engines.storm_of_the_gods import GAME
from rendering import kit
from rendering import storm_of_the_gods as picture
from tests.render_cases import rgb_pixels


def positions():
    start = GAME.setup(6, 3, {})
    rnd = random.Random(5)
    state, middle = start, None
    moves = 0
    while GAME.result(state) is None:
        legal = GAME.legal_moves(state, state.current)
        builds = [m for m in legal if m.startswith(("sanctuary", "build", "convert"))]
        state = GAME.play(state, state.current, rnd.choice(builds or legal))
        moves += 1
        if moves == 40:
            middle = state
    return start, middle, state


def check_png(png: bytes) -> None:
    assert png.startswith(b"\x89PNG")
    assert len(png) < 300_000
    image = Image.open(io.BytesIO(png))
    assert image.width == kit.WIDTH and image.height < 2000


def test_render_start_middle_and_end():
    names = ["Ana", "Bartholomew the Magnificent", "Chen", "Dee", "Eve", "Fitz"]
    for state in positions():
        for viewer in (None, 0):
            view = GAME.view(state, viewer)
            check_png(rendering.render("storm-of-the-gods", view, names=names))


def test_render_announcements_and_highlight():
    state = GAME.setup(2, 8, {})
    view = GAME.view(state, None)
    view["encircled_since"] = 1
    view["pending_construction_victory"] = [0]
    check_png(picture.render(view, names=[], highlight=["e5", "a1", "zz"]))
    view["attacked"] = "e6"
    view["result"] = {"scores": [1, 2], "ranking": [[1], [0]], "reason": "test"}
    check_png(picture.render(view, names=["A", "B"], highlight=[]))


def test_the_winds_last_move_is_drawn_on_the_next_turn_too():
    """The legend's "its move": the wind's path from where it stood to where it stands,
    drawn also once the next god has rolled (the roll's direction is then unset)."""
    rnd = random.Random(7)
    state = GAME.setup(3, 7, {})
    while not (state.phase == "wind" and state.path and state.turn > 1):
        state = GAME.play(state, state.current, rnd.choice(GAME.legal_moves(state,
                                                                            state.current)))
    view = GAME.view(state, None)
    assert not (view["roll"] or {}).get("direction") and view["path"][-1] == view["wind"]

    def wind_pixels(v: dict) -> int:
        png = rendering.render(GAME.slug, v, names=["Ana", "Bo", "Cy"], marks={})
        return sum(1 for p in rgb_pixels(png) if p == picture.WIND)

    assert wind_pixels(view) > wind_pixels({**view, "path": []}) + 200
